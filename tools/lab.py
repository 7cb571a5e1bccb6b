"""Open the kit: JupyterLab on the learner's copy of the lessons (``make lab``).

Serves ``my-lessons/`` (see tools/lessons.py: your copies of the lessons in notebooks/, the
kit's docs/ beside them, made or updated first) and opens notebooks/00_welcome.ipynb. The
server:

- binds to 127.0.0.1 only, with token authentication on: JupyterLab makes a random token and
  prints the URL with it (open it in a browser on this machine);
- has JupyterLab's terminals turned off (with the token, a terminal is a shell as this user:
  ``--terminals`` turns them on);
- strips outputs from every notebook it saves and refuses saves into docs/
  (``lessons.pre_save_hook``), so a reopened lesson is clean;
- keeps its settings, workspaces, config, data (kernel specs) and runtime files in
  ``my-lessons/.jupyter/``, never in the user's global Jupyter folders, so another checkout's
  lab or a global kernel spec cannot leak in;
- adds ``--allow-root`` as root (JupyterLab refuses to start as root otherwise);
- sends kernel messages to the browser at once (``tools/nodelay.py``: no Nagle delay on the
  kernel's websocket, up to 40 ms per redrawn picture otherwise);
- shuts down a kernel that no browser tab is connected to after an hour idle (a closed
  browser leaves its lessons' kernels running; a closed tab's is shut down at once).

Usage: ``make lab ARGS="..."`` or ``.venv/bin/python tools/lab.py [options] [JupyterLab options]``

  --terminals      turn JupyterLab's terminals on
  --home DIR       the working copy's folder (default my-lessons/, or $HEXRULES_LAB_HOME)
  --serve DIR      serve DIR as it is, no working copy (benchmarks); state in DIR/.jupyter
  --port N         the port (JupyterLab picks the next free one if N is taken, and prints it)

Every other option goes to JupyterLab (one of :data:`PREFERENCES` given replaces the kit's).
The token may also come from the environment variable JUPYTER_TOKEN (the tests do this): it is
removed from the environment before kernels start and never appears in the process list.
"""
from __future__ import annotations

import json
import os
import sys
import warnings
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))

import lessons  # noqa: E402
import nodelay  # noqa: E402

START_LESSON = "notebooks/00_welcome.ipynb"


def state_dirs(root: Path) -> dict[str, Path]:
    """The private Jupyter folders of a lab serving *root* (hidden, so never served)."""
    state = Path(root) / ".jupyter"
    return {
        "JUPYTER_CONFIG_DIR": state / "config",
        "JUPYTER_DATA_DIR": state / "data",
        "JUPYTER_RUNTIME_DIR": state / "runtime",
        "JUPYTERLAB_SETTINGS_DIR": state / "settings",
        "JUPYTERLAB_WORKSPACES_DIR": state / "workspaces",
        "IPYTHONDIR": state / "ipython",
    }


def prepare_state(root: Path) -> dict[str, str]:
    """Create the private folders (owner-only: the runtime files hold the token) and default
    settings; return the environment variables pointing Jupyter at them."""
    dirs = state_dirs(root)
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    os.chmod(Path(root) / ".jupyter", 0o700)
    news = (dirs["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab" / "apputils-extension"
            / "notification.jupyterlab-settings")
    if not news.exists():  # the machine is offline: no news or update checks (kept if edited)
        news.parent.mkdir(parents=True, exist_ok=True)
        news.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # Closing a lesson's tab shuts its kernel down (JupyterLab's "Shut down kernel" setting): a new
    # user who opened every lesson had 11 kernels running, about 150 MB each. Nothing shown is lost:
    # a saved lesson holds no outputs, and a lesson reopened runs again. Added to the notebook
    # settings already there; a kernelShutdown the user set, or a file that is not plain JSON, is kept.
    tracker = dirs["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    try:
        current = json.loads(tracker.read_text(encoding="utf-8")) if tracker.exists() else {}
    except (OSError, ValueError):  # JSON5 with comments, written by JupyterLab's editor: the user's
        current = None
    if isinstance(current, dict) and "kernelShutdown" not in current:
        tracker.parent.mkdir(parents=True, exist_ok=True)
        tracker.write_text(json.dumps({**current, "kernelShutdown": True}), encoding="utf-8")
    return {k: str(v) for k, v in dirs.items()}


#: Seconds a kernel with no browser connected may stay idle before the lab shuts it down, and
#: how often the lab looks (Jupyter Server's MappingKernelManager culling).
CULL_IDLE_S, CULL_INTERVAL_S = 3600, 300


def server_options(root: Path, terminals: bool = False, default_url: str = "/lab") -> list[str]:
    """The JupyterLab options of the kit's lab (before the user's own)."""
    opts = [
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.root_dir={root}",
        f"--ServerApp.terminals_enabled={terminals}",
        "--ContentsManager.pre_save_hook=lessons.pre_save_hook",
        f"--LabApp.default_url={default_url}",
        nodelay.LAB_OPTION,
        # a kernel no browser tab is connected to (its browser closed, not its tab: the
        # kernelShutdown setting shuts a closed tab's down) and idle for an hour is shut down; a
        # lesson open in a tab is never touched (cull_connected stays False)
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_S}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL_S}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        opts.append("--allow-root")
    return opts


#: The kit's options a user's own replaces (traitlets takes one value of a setting, and refuses
#: to start on two): preferences, not the binding to 127.0.0.1 nor the token.
PREFERENCES = ("--ServerApp.kernel_websocket_connection_class", "--MappingKernelManager.cull_idle_timeout",
               "--MappingKernelManager.cull_interval")


def without_preferences_given(args: list[str], rest: list[str]) -> list[str]:
    """``args`` without the kit's :data:`PREFERENCES` that the user's own options ``rest`` set."""
    given = {a.split("=", 1)[0] for a in rest if a.startswith("--")} & set(PREFERENCES)
    return [a for a in args if a.split("=", 1)[0] not in given]


def check_port_option(args: list[str]) -> None:
    """Refuse a --port that is not a TCP port (JupyterLab would fail deep inside)."""
    for i, a in enumerate(args):
        value = None
        if a.startswith("--port=") or a.startswith("--ServerApp.port="):
            value = a.split("=", 1)[1]
        elif a in ("--port", "--ServerApp.port") and i + 1 < len(args):
            value = args[i + 1]
        if value is not None:
            if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= 65535:
                raise SystemExit(f"lab: --port must be a TCP port, 1 to 65535; got {value!r}")


def parse(argv: list[str]) -> tuple[dict, list[str]]:
    opts = {"terminals": False, "home": None, "serve": None}
    rest: list[str] = []
    it = iter(argv)
    for a in it:
        if a == "--terminals":
            opts["terminals"] = True
        elif a in ("--home", "--serve"):
            opts[a[2:]] = Path(next(it, ""))
        elif a.startswith("--home=") or a.startswith("--serve="):
            key, value = a[2:].split("=", 1)
            opts[key] = Path(value)
        else:
            rest.append(a)
    check_port_option(rest)
    return opts, rest


def main(argv: list[str]) -> int:
    opts, rest = parse(argv)
    if opts["serve"] is not None:
        root = opts["serve"].resolve()
        default_url = "/lab"
    else:
        wc = lessons.WorkingCopy(opts["home"] or lessons.DEFAULT_HOME)
        for note in wc.prepare():
            print(f"lab: {note}", flush=True)
        root = wc.home
        default_url = f"/lab/tree/{START_LESSON}"
    os.environ.update(prepare_state(root))
    os.environ["PYTHONUNBUFFERED"] = "1"
    args = server_options(root, opts["terminals"], default_url)
    token = os.environ.pop("JUPYTER_TOKEN", None)  # kernels and the process list never see it
    if token:
        args.append(f"--IdentityProvider.token={token}")
    args = without_preferences_given(args, rest) + rest
    print("lab: starting JupyterLab on 127.0.0.1 (terminals "
          f"{'on' if opts['terminals'] else 'off'}); open the URL with the token that it "
          "prints below.", flush=True)
    # The server stack's own deprecation notices ("ServerApp.token config is deprecated", from
    # notebook_shim listing the server's traits) are not the learner's to read. Voila's import
    # (its server extension loads in the lab) turns traitlets' on, so this filter comes after.
    import voila  # noqa: F401
    from jupyterlab.labapp import LabApp

    warnings.filterwarnings("ignore", category=DeprecationWarning)

    LabApp.launch_instance(argv=args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
