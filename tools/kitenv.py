"""Make, check and update the kit's virtual environment; regenerate the lock (run by ``make``).

    python3 tools/kitenv.py ensure [--python-given] [--installer uv|pip] [--dry-run] [VENV]
    python3 tools/kitenv.py lock [VENV]

``ensure`` (every ``make lab``, ``make test``, ...; a no-op in ~0.2 s when nothing changed):

1. Picks the interpreter. Without ``PYTHON=`` the existing ``.venv`` keeps the Python that made
   it; ``make ... PYTHON=python3.12`` (``--python-given``) names the one to use, and a ``.venv``
   made by another Python (another version, or another installation) is recreated with a
   message saying which was replaced by which. A ``.venv`` whose Python no longer runs is
   recreated; one of a Python older than 3.11 is refused with the command to fix it. The
   version check looks at the interpreter that will run the kit, never only at ``python3``.
2. Creates ``.venv`` with the standard library's ``venv``, then installs uv, a fast installer,
   from PyPI with pip, pinned by version and sha256 (``uv==...`` of requirements.lock).
3. ``uv pip sync --require-hashes requirements.lock``: exactly the pinned set, every file
   checked against its sha256 (a changed file on the registry is refused), bytecode
   compiled; then the kit itself, editable, with no build isolation (nothing unpinned is
   fetched). ``--installer pip`` does the same with pip (slower; for a machine where uv
   cannot run).
4. Writes ``.venv/.installed`` recording what was installed (hashes of the lock and
   pyproject.toml, the interpreter, the installer): a change of any of them reinstalls.

Registries: pip, which fetches uv, uses the machine's pip configuration as always. uv is given
pip's ``index-url`` and ``cert`` when pip is configured with them (a machine that reaches PyPI
only through a mirror), else it reads PyPI. It never downloads a Python (``UV_PYTHON_DOWNLOADS=
never``). The extra indexes and find-links of pip's configuration are not passed on: the lock's
hashes are PyPI's files.

``lock`` (``make lock``) resolves requirements.in with uv for every platform (``--universal``,
CPython 3.11+), with the sha256 of every file of each pinned version, into requirements.lock,
then checks that the lock installs from wheels alone on CPython 3.11 to 3.14, Linux x86_64 and
aarch64 (glibc 2.28+), so no machine needs a compiler.

This script runs under whatever ``python3`` is, so it keeps to the standard library and to
syntax that old interpreters parse, to be able to say that they are too old.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCK = os.path.join(ROOT, "requirements.lock")
REQUIREMENTS_IN = os.path.join(ROOT, "requirements.in")
PYPROJECT = os.path.join(ROOT, "pyproject.toml")
MIN_PYTHON = (3, 11)
STAMP_FORMAT = 1
# Targets `make lock` proves installable from wheels alone.
LOCK_PYTHONS = ("3.11", "3.12", "3.13", "3.14")
LOCK_PLATFORMS = ("x86_64-manylinux_2_28", "aarch64-manylinux_2_28")

# Printed by the interpreter under test: what identifies "the Python that made this venv".
IDENTITY_CODE = (
    "import json, os, sys; print(json.dumps({"
    "'implementation': sys.implementation.name, 'version': list(sys.version_info[:3]), "
    "'base': os.path.realpath(getattr(sys, '_base_executable', sys.executable)), "
    "'executable': sys.executable}))"
)


class KitEnvError(Exception):
    """Something the user must fix; the message says what and how."""


def say(msg):
    print("kitenv: " + msg, flush=True)


# --------------------------------------------------------------------------- interpreters


def this_python():
    """Identity of the interpreter running this script (the one ``PYTHON`` names)."""
    return {
        "implementation": sys.implementation.name,
        "version": list(sys.version_info[:3]),
        "base": os.path.realpath(getattr(sys, "_base_executable", sys.executable)),
        "executable": sys.executable,
    }


def probe(python):
    """Identity of the interpreter at path *python*, or None if it does not run."""
    try:
        out = subprocess.run([python, "-c", IDENTITY_CODE], capture_output=True, text=True,
                             timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    try:
        return json.loads(out.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None


def describe(ident):
    v = ".".join(str(x) for x in ident["version"])
    name = "Python" if ident["implementation"] == "cpython" else ident["implementation"]
    return "%s %s (%s)" % (name, v, ident["base"])


def same_python(a, b):
    """Same implementation, same major.minor, same installation (real path of the base
    interpreter). A patch update in place keeps the venv working, so it is not a change."""
    return (a["implementation"] == b["implementation"]
            and a["version"][:2] == b["version"][:2]
            and a["base"] == b["base"])


def too_old(ident):
    return tuple(ident["version"][:2]) < MIN_PYTHON


def venv_python(venv):
    return os.path.join(venv, "bin", "python")


def plan(venv, python_given, target):
    """Decide what to do with *venv*: ``(action, message, current)``, the action being
    "create", "recreate" or "keep", the message what to tell the user (or None), and
    *current* the identity of the venv's Python (None unless kept).

    *target* is the identity of ``PYTHON`` (this interpreter); *python_given* says that the
    user named it. Raises KitEnvError when the user must choose (a venv or a Python too old
    for the kit).
    """
    need = "%d.%d" % MIN_PYTHON

    def check_target():
        if too_old(target):
            raise KitEnvError(
                "hexrules needs Python %s+, but PYTHON is %s. Run with a newer one, e.g.: "
                "make lab PYTHON=python3.11" % (need, describe(target)))

    if not os.path.exists(venv):
        check_target()
        return "create", None, None
    current = probe(venv_python(venv))
    if current is None:
        check_target()
        return "recreate", ("%s exists but its Python does not run (moved or removed?); "
                            "recreating it with %s" % (venv, describe(target))), None
    if python_given:
        check_target()
        if not same_python(current, target):
            return "recreate", ("%s was made by %s; PYTHON is %s: recreating it"
                                % (venv, describe(current), describe(target))), None
        return "keep", None, current
    if too_old(current):
        raise KitEnvError(
            "%s was made by %s, but hexrules needs Python %s+. Recreate it with a newer "
            "Python: make lab PYTHON=python3.11 (or remove it: make clean)"
            % (venv, describe(current), need))
    return "keep", None, current


# --------------------------------------------------------------------------- lock


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def lock_entries(text):
    """The requirement entries of a lock file, as ``[(normalized name, entry)]``: an entry is
    one logical line, the requirement with its ``--hash`` options (continuations joined,
    comments dropped). A name may come twice, under exclusive markers."""
    entries, buf = [], ""
    for raw in text.splitlines():
        line = raw.strip()
        if not buf and (not line or line.startswith("#")):
            continue
        if line.endswith("\\"):
            buf += line[:-1].strip() + " "
            continue
        buf = (buf + line).strip()
        if not buf.startswith("-"):  # an option line (-e, --index-url) is not a package
            name = re.split(r"[=<>!~;\s\[]", buf, maxsplit=1)[0]
            entries.append((normalize(name), buf))
        buf = ""
    return entries


def normalize(name):
    """PEP 503 normalized project name."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned_version(entry):
    """``1.2.3`` of ``name==1.2.3 ; marker --hash=...`` (None if not pinned with ==)."""
    m = re.match(r"[^=<>!~;\s]+\s*==\s*([^\s;]+)", entry)
    return m.group(1) if m else None


def uv_entry():
    """The ``uv==...`` entry of requirements.lock (with its hashes)."""
    with open(LOCK, encoding="utf-8") as f:
        found = [entry for name, entry in lock_entries(f.read()) if name == "uv"]
    if not found:
        raise KitEnvError("requirements.lock has no uv==... entry (it bootstraps the installer); "
                          "add uv to requirements.in and run make lock")
    return found[0]


# --------------------------------------------------------------------------- registries


def pip_settings(python):
    """pip's configured ``index-url`` and ``cert`` (from its config files and PIP_* variables),
    as seen by the pip of *python* (none if it has no pip)."""
    try:
        out = subprocess.run([python, "-m", "pip", "config", "list"], capture_output=True,
                             text=True, timeout=120).stdout
    except (OSError, subprocess.TimeoutExpired):
        out = ""
    settings = {}
    for line in out.splitlines():
        key, sep, value = line.partition("=")
        if not sep:
            continue
        key = key.split(".", 1)[-1].strip()
        settings[key] = value.strip().strip("'\"")
    env_index = os.environ.get("PIP_INDEX_URL")
    if env_index:
        settings["index-url"] = env_index
    env_cert = os.environ.get("PIP_CERT")
    if env_cert:
        settings["cert"] = env_cert
    return settings


def uv_environment(python):
    """Environment for uv: pip's index and certificate when configured, no Python downloads."""
    env = dict(os.environ)
    env["UV_PYTHON_DOWNLOADS"] = "never"
    settings = pip_settings(python)
    index = settings.get("index-url", "")
    if index and index.rstrip("/") not in ("https://pypi.org/simple", "https://pypi.python.org/simple"):
        env.setdefault("UV_DEFAULT_INDEX", index)
    cert = settings.get("cert")
    if cert and os.path.exists(cert):
        env.setdefault("SSL_CERT_FILE", cert)
    return env


# --------------------------------------------------------------------------- install


def run(cmd, env=None):
    proc = subprocess.run(cmd, env=env)
    if proc.returncode != 0:
        raise KitEnvError("command failed (exit %d): %s" % (proc.returncode, " ".join(cmd)))


def stamp_record(installer, ident):
    return {
        "format": STAMP_FORMAT,
        "lock": sha256_file(LOCK),
        "pyproject": sha256_file(PYPROJECT),
        "installer": installer,
        "python": {k: ident[k] for k in ("implementation", "version", "base")},
    }


def read_stamp(venv):
    try:
        with open(os.path.join(venv, ".installed"), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def has_pip(python):
    try:
        return subprocess.run([python, "-m", "pip", "--version"], capture_output=True,
                              timeout=120).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def ensure_uv(venv, base=None):
    """``venv/bin/uv`` at the version of the lock, installed by pip with its hashes.

    The pip used is the venv's own if it has one, else that of *base* (the interpreter that
    made the venv) installing into the venv (``--prefix``: no copy of pip in .venv, which
    saves the seconds of ``ensurepip``), else one that ``ensurepip`` puts into the venv.
    """
    entry = uv_entry()
    want = pinned_version(entry)
    uv = os.path.join(venv, "bin", "uv")
    if os.path.exists(uv):
        out = subprocess.run([uv, "--version"], capture_output=True, text=True)
        if out.returncode == 0 and out.stdout.split()[1:2] == [want]:
            return uv
    fd, req = tempfile.mkstemp(prefix="hexrules-uv-", suffix=".txt")
    pip_args = ["-m", "pip", "install", "-qq", "--disable-pip-version-check", "--no-deps",
                "--only-binary=:all:", "--require-hashes", "-r", req]
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(entry + "\n")
        say("installing uv %s with pip (hash-checked)" % want)
        py = venv_python(venv)
        if not has_pip(py) and base and has_pip(base):
            subprocess.run([base] + pip_args + ["--prefix", os.path.abspath(venv)])
        if not os.path.exists(uv):  # no pip outside, or it installed elsewhere (a distro's scheme)
            if not has_pip(py):
                run([py, "-m", "ensurepip", "--default-pip"])
            run([py] + pip_args)
    finally:
        os.unlink(req)
    if not os.path.exists(uv):
        raise KitEnvError("pip did not install uv into %s" % venv)
    return uv


def install(venv, installer, ident):
    py = venv_python(venv)
    t0 = time.monotonic()
    if installer == "uv":
        uv = ensure_uv(venv, ident["base"])
        env = uv_environment(ident["base"])
        say("installing requirements.lock with uv (every file checked against its sha256)")
        run([uv, "pip", "sync", "--quiet", "--python", py, "--require-hashes",
             "--compile-bytecode", LOCK], env=env)
        run([uv, "pip", "install", "--quiet", "--python", py, "--no-deps",
             "--no-build-isolation", "-e", ROOT], env=env)
    else:
        if not has_pip(py):
            run([py, "-m", "ensurepip", "--default-pip"])
        say("installing requirements.lock with pip (every file checked against its sha256)")
        run([py, "-m", "pip", "install", "-qq", "--disable-pip-version-check",
             "--require-hashes", "--no-deps", "--only-binary=:all:", "-r", LOCK])
        run([py, "-m", "pip", "install", "-qq", "--disable-pip-version-check", "--no-deps",
             "--no-build-isolation", "-e", ROOT])
    # bytecode for the editable package too (the installers compile site-packages only): a cold
    # `import hexrules` then skips compiling its sources, also where PYTHONDONTWRITEBYTECODE=1
    # (benchmarks/bench_scaling.py measures it)
    run([py, "-m", "compileall", "-q", os.path.join(ROOT, "hexrules")])
    with open(os.path.join(venv, ".installed"), "w", encoding="utf-8") as f:
        json.dump(stamp_record(installer, ident), f, indent=1)
    say("%s is ready (%.1f s)" % (venv, time.monotonic() - t0))


def remove_venv(venv):
    """Remove *venv*, but only if it is a virtual environment (never some other folder)."""
    if os.path.isdir(venv) and not os.listdir(venv):
        os.rmdir(venv)
        return
    if not os.path.isfile(os.path.join(venv, "pyvenv.cfg")):
        raise KitEnvError("%s is not a virtual environment (no pyvenv.cfg), so it is not "
                          "removed; move it away and rerun" % venv)
    shutil.rmtree(venv)


def ensure(venv, python_given, installer, dry_run=False):
    target = this_python()
    action, message, ident = plan(venv, python_given, target)
    if message:
        say(message)
    if dry_run:
        say("dry run: would %s %s; nothing changed" % (action, venv))
        return
    if action in ("create", "recreate"):
        if action == "recreate":
            remove_venv(venv)
        say("creating %s with %s" % (venv, describe(target)))
        run([sys.executable, "-m", "venv", "--without-pip", venv])
        ident = probe(venv_python(venv))
        if ident is None:
            raise KitEnvError("the new %s does not run its Python" % venv)
    if read_stamp(venv) == stamp_record(installer, ident):
        return
    install(venv, installer, ident)


# --------------------------------------------------------------------------- make lock


def lock(venv):
    py = venv_python(venv)
    if probe(py) is None:
        raise KitEnvError("make lock needs the kit's venv (for uv): run make .venv/.installed first")
    base = probe(py)["base"]
    uv = ensure_uv(venv, base)
    env = uv_environment(base)
    say("resolving requirements.in for CPython %s+, every platform, with hashes"
        % ".".join(map(str, MIN_PYTHON)))
    run([uv, "pip", "compile", "--quiet", REQUIREMENTS_IN, "--universal",
         "--python-version", "%d.%d" % MIN_PYTHON, "--generate-hashes",
         "--custom-compile-command", "make lock", "-o", LOCK], env=env)
    check_wheels(uv, env)


def check_wheels(uv, env):
    """Every pinned package installs from a wheel (no build) on each target."""
    failures = []
    for platform in LOCK_PLATFORMS:
        for version in LOCK_PYTHONS:
            target = tempfile.mkdtemp(prefix="hexrules-lockcheck-")
            try:
                out = subprocess.run(
                    [uv, "pip", "install", "--dry-run", "--quiet", "--only-binary", ":all:",
                     "--python-platform", platform, "--python-version", version,
                     "--target", target, "--require-hashes", "-r", LOCK],
                    env=env, capture_output=True, text=True)
            finally:
                shutil.rmtree(target, ignore_errors=True)
            status = "ok" if out.returncode == 0 else "NO WHEELS"
            say("wheels for CPython %s on %s: %s" % (version, platform, status))
            if out.returncode != 0:
                failures.append("%s %s:\n%s" % (version, platform, out.stderr.strip()))
    if failures:
        raise KitEnvError("the lock does not install from wheels everywhere:\n"
                          + "\n\n".join(failures))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    p_ensure = sub.add_parser("ensure", help="make or update the venv (default)")
    p_ensure.add_argument("venv", nargs="?", default=os.path.join(ROOT, ".venv"))
    p_ensure.add_argument("--python-given", action="store_true",
                          help="PYTHON was named by the user: a venv of another Python is "
                               "recreated with it")
    p_ensure.add_argument("--installer", choices=("uv", "pip"), default="uv")
    p_ensure.add_argument("--dry-run", action="store_true",
                          help="say what would be done, change nothing (also: "
                               "HEXRULES_KITENV_DRY_RUN=1)")
    p_lock = sub.add_parser("lock", help="regenerate requirements.lock with hashes")
    p_lock.add_argument("venv", nargs="?", default=os.path.join(ROOT, ".venv"))
    args = parser.parse_args(argv)
    try:
        if args.command == "lock":
            lock(args.venv)
        else:
            if args.command is None:
                args = p_ensure.parse_args([])
            dry_run = args.dry_run or os.environ.get("HEXRULES_KITENV_DRY_RUN") == "1"
            ensure(args.venv, args.python_given, args.installer, dry_run)
    except KitEnvError as e:
        print("kitenv: error: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
