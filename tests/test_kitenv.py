"""The kit's installs: a lock with a sha256 for every file, and a .venv that follows PYTHON=.

tools/kitenv.py is what `make` runs before every command. The venv checks use stub
interpreters (a shell script printing what a real one would), so that every case (an old
Python, another installation, a Python that no longer runs) is tested on any machine.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import kitenv  # noqa: E402

LOCK_TEXT = (ROOT / "requirements.lock").read_text(encoding="utf-8")
HASH = re.compile(r"--hash=sha256:[0-9a-f]{64}")


# --------------------------------------------------------------------------- the lock


def test_every_line_of_the_lock_is_a_pin_a_hash_or_a_comment():
    """A requirement line is `name==version [; marker] \\`, each continuation one sha256."""
    lines = [ln for ln in LOCK_TEXT.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    assert lines
    for prev, line in zip([""] + lines, lines):
        s = line.strip()
        if s.startswith("--hash"):
            assert HASH.fullmatch(s.rstrip(" \\")), f"not a sha256 hash line: {line!r}"
            assert prev.rstrip().endswith("\\"), f"hash line not continuing a requirement: {line!r}"
        else:
            assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*==[^\s;]+( ; .+)? \\", s), (
                f"not an exact pin followed by its hashes: {line!r}")


def test_every_package_of_the_lock_has_hashes():
    entries = kitenv.lock_entries(LOCK_TEXT)
    assert len(entries) > 100  # JupyterLab, Voila, matplotlib, pytest, ... and their needs
    for name, entry in entries:
        assert kitenv.pinned_version(entry), f"{name}: not pinned with ==: {entry[:80]}"
        assert HASH.search(entry), f"{name}: no sha256 hash"


def test_top_level_needs_are_pinned_in_the_lock_at_the_same_version():
    lock = {}
    for name, entry in kitenv.lock_entries(LOCK_TEXT):
        lock.setdefault(name, set()).add(kitenv.pinned_version(entry))
    wanted = kitenv.lock_entries((ROOT / "requirements.in").read_text(encoding="utf-8"))
    assert {name for name, _ in wanted} >= {"jupyterlab", "voila", "uv", "networkx"}
    for name, entry in wanted:
        assert lock.get(name) == {kitenv.pinned_version(entry)}, (
            f"{name}: requirements.in says {entry!r}, the lock {lock.get(name)}: run make lock")


def test_the_installer_is_pinned_with_hashes_for_its_bootstrap():
    entry = kitenv.uv_entry()
    assert entry.startswith("uv==") and kitenv.pinned_version(entry) == "0.13.9"
    # uv ships one wheel per platform: Linux x86_64 and aarch64 at least, plus the others.
    assert len(HASH.findall(entry)) >= 2


def test_lock_entries_joins_continuations_and_keeps_forks():
    text = textwrap.dedent("""\
        # header
        soupsieve==2.10 ; python_full_version < '3.11.5' \\
            --hash=sha256:{a} \\
            --hash=sha256:{b}
            # via beautifulsoup4
        soupsieve==4.1.3 ; python_full_version >= '3.11.5' \\
            --hash=sha256:{a}
        Jinja2==3.1.6 \\
            --hash=sha256:{b}
        """).format(a="a" * 64, b="b" * 64)
    entries = kitenv.lock_entries(text)
    assert [n for n, _ in entries] == ["soupsieve", "soupsieve", "jinja2"]
    assert [kitenv.pinned_version(e) for _, e in entries] == ["2.10", "4.1.3", "3.1.6"]
    assert entries[0][1] == (f"soupsieve==2.10 ; python_full_version < '3.11.5' "
                             f"--hash=sha256:{'a' * 64} --hash=sha256:{'b' * 64}")


# --------------------------------------------------------------------------- the venv


def stub_venv(tmp_path: Path, name: str, version: str | None, base: str = "/opt/py/bin/python3",
              ) -> Path:
    """A directory shaped like a venv whose bin/python reports *version* from *base*
    (or exits 1 when *version* is None: a venv whose Python no longer runs)."""
    venv = tmp_path / name
    (venv / "bin").mkdir(parents=True)
    (venv / "pyvenv.cfg").write_text(f"home = {Path(base).parent}\n")
    py = venv / "bin" / "python"
    if version is None:
        py.write_text("#!/bin/sh\nexit 1\n")
    else:
        ident = {"implementation": "cpython", "version": [int(x) for x in version.split(".")],
                 "base": base, "executable": str(py)}
        py.write_text(f"#!/bin/sh\necho '{json.dumps(ident)}'\n")
    py.chmod(0o755)
    return venv


ME = kitenv.this_python()


def test_no_venv_is_created_with_python():
    assert kitenv.plan("/nonexistent/.venv", False, ME)[0] == "create"


def test_python_older_than_3_11_is_refused_before_anything_is_made(tmp_path):
    old = dict(ME, version=[3, 10, 13], base="/opt/py310/bin/python3.10")
    with pytest.raises(kitenv.KitEnvError, match=r"needs Python 3\.11\+.*3\.10\.13.*PYTHON=python3\.11"):
        kitenv.plan(str(tmp_path / ".venv"), True, old)


def test_venv_of_an_old_python_is_refused_even_when_python3_is_new(tmp_path):
    """The version check looks at the interpreter that runs the kit (the venv's), not at
    python3: a .venv made by 3.10 is refused with the commands that fix it."""
    venv = stub_venv(tmp_path, ".venv", "3.10.13", "/opt/py310/bin/python3.10")
    with pytest.raises(kitenv.KitEnvError) as err:
        kitenv.plan(str(venv), False, ME)
    msg = str(err.value)
    assert "Python 3.10.13 (/opt/py310/bin/python3.10)" in msg
    assert "make lab PYTHON=python3.11" in msg and "make clean" in msg


def test_venv_of_another_python_is_recreated_when_python_is_given(tmp_path):
    venv = stub_venv(tmp_path, ".venv", "3.12.1", "/opt/py312/bin/python3.12")
    action, message, _ = kitenv.plan(str(venv), True, ME)
    assert action == "recreate"
    assert "was made by Python 3.12.1 (/opt/py312/bin/python3.12)" in message
    assert f"PYTHON is {kitenv.describe(ME)}" in message


def test_same_version_from_another_installation_is_another_python(tmp_path):
    venv = stub_venv(tmp_path, ".venv", ".".join(map(str, ME["version"])), "/opt/elsewhere/python")
    assert kitenv.plan(str(venv), True, ME)[0] == "recreate"


def test_venv_of_this_python_is_kept(tmp_path):
    venv = stub_venv(tmp_path, ".venv", ".".join(map(str, ME["version"])), ME["base"])
    action, message, current = kitenv.plan(str(venv), True, ME)
    assert (action, message) == ("keep", None) and current["base"] == ME["base"]


def test_without_python_given_the_venv_keeps_its_own_python(tmp_path):
    """`make test PYTHON=python3.12` then `make test`: the second keeps the 3.12 venv."""
    venv = stub_venv(tmp_path, ".venv", "3.12.1", "/opt/py312/bin/python3.12")
    action, _, current = kitenv.plan(str(venv), False, ME)
    assert action == "keep" and current["version"] == [3, 12, 1]


def test_venv_whose_python_no_longer_runs_is_recreated(tmp_path):
    venv = stub_venv(tmp_path, ".venv", None)
    action, message, _ = kitenv.plan(str(venv), False, ME)
    assert action == "recreate" and "does not run" in message


def test_a_folder_that_is_not_a_venv_is_never_removed(tmp_path):
    folder = tmp_path / "precious"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(kitenv.KitEnvError, match="not a virtual environment"):
        kitenv.remove_venv(str(folder))
    assert (folder / "notes.txt").read_text() == "mine"


def make(tmp_path, venv: Path, **variables) -> subprocess.CompletedProcess:
    """`make <venv>/.installed VENV=<venv> [PYTHON=...]` in dry-run mode (nothing changed)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHON", "MAKEFLAGS", "MFLAGS")}
    env["HEXRULES_KITENV_DRY_RUN"] = "1"
    args = ["make", "-s", "-C", str(ROOT), f"{venv}/.installed", f"VENV={venv}"]
    args += [f"{k}={v}" for k, v in variables.items()]
    return subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)


def test_make_recreates_a_venv_of_another_python_named_by_PYTHON(tmp_path):
    venv = stub_venv(tmp_path, "venv", "3.12.1", "/opt/py312/bin/python3.12")
    out = make(tmp_path, venv, PYTHON=sys.executable)
    assert out.returncode == 0, out.stderr
    assert "was made by Python 3.12.1 (/opt/py312/bin/python3.12); PYTHON is" in out.stdout
    assert "would recreate" in out.stdout


def test_make_without_PYTHON_refuses_a_venv_of_an_old_python(tmp_path):
    venv = stub_venv(tmp_path, "venv", "3.10.13", "/opt/py310/bin/python3.10")
    out = make(tmp_path, venv)
    assert out.returncode != 0
    assert "was made by Python 3.10.13" in out.stderr and "PYTHON=python3.11" in out.stderr
