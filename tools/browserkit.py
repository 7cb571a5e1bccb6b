"""Drive the kit in a real browser: JupyterLab or Voila servers plus headless Chromium (Playwright).

Shared by the browser tests (tests/browser/), the app-mode command (tools/app.py) and the latency
benchmark (benchmarks/bench_latency.py). Test and tool infrastructure, not part of the package.

Facts it relies on (JupyterLab 4.6, ipywidgets 8.1, ipympl
0.10, Voila 0.5, Playwright 1.65, Debian's Chromium):

- servers are the kit's own: JupyterLab through tools/lab.py (``make lab``'s options, save hook
  and working copy) and Voila through tools/appserver.py (``make app``'s); they bind to
  127.0.0.1 on a free port with a random token (auth always on) passed by environment (never
  on a command line), run in their own process group (so that stopping them also stops their
  kernels) and get private Jupyter config / data / runtime / settings / workspaces folders;
- Chromium is the Debian package found on PATH, driven through ``executable_path``; nothing
  downloads a browser.
"""
from __future__ import annotations

import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

REPO = Path(__file__).resolve().parents[1]
ARTIFACTS = Path(os.environ.get("HEXRULES_ARTIFACTS", REPO / "artifacts")) / "browser"
# The notebooks the browser suite checks: notebooks/ of the repository. HEXRULES_BROWSER_NOTEBOOKS
# points it at another folder (used to try the suite itself on throwaway notebooks).
NOTEBOOKS_DIR = Path(os.environ.get("HEXRULES_BROWSER_NOTEBOOKS", REPO / "notebooks"))


def repo_notebooks() -> list[str]:
    """Names of the notebooks under test (sorted)."""
    return sorted(p.name for p in NOTEBOOKS_DIR.glob("*.ipynb"))

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Bounded timeouts (seconds); generous because the machine has 2 cores and may be busy.
SERVER_START_TIMEOUT = 120
SERVER_STOP_GRACE = 10

# Texts that mean something went wrong in an output area or a widget.
ERROR_MARKERS = ("Traceback", "Error displaying widget", "Model not found", "model not found",
                 "There was an error when executing cell", "Click to show javascript error")


class BrowserKitError(RuntimeError):
    """A server or the browser could not be started, or a page did not behave."""


# --------------------------------------------------------------------------- servers


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def jupyter_env(workdir: Path) -> dict[str, str]:
    """Environment with private Jupyter folders under *workdir* and the news toast turned off.

    Notebook windowing is turned off too, so that every cell (and its widgets) is attached to
    the DOM and can be found by selectors, whatever the scroll position.
    """
    dirs = {
        "JUPYTER_CONFIG_DIR": workdir / "config",
        "JUPYTER_RUNTIME_DIR": workdir / "runtime",
        "JUPYTERLAB_SETTINGS_DIR": workdir / "settings",
        "JUPYTERLAB_WORKSPACES_DIR": workdir / "workspaces",
        "IPYTHONDIR": workdir / "ipython",
    }
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    settings = dirs["JUPYTERLAB_SETTINGS_DIR"]
    _write_json(
        settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings",
        {"fetchNews": "false", "checkForUpdates": False},
    )
    _write_json(
        settings / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings",
        {"windowingMode": "none"},
    )
    env = dict(os.environ)
    env.update({k: str(v) for k, v in dirs.items()})
    env["PYTHONUNBUFFERED"] = "1"
    # The server and its kernels use the interpreter of this venv.
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    return env


def _write_json(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


@dataclass
class Server:
    """A running JupyterLab or Voila server (own process group)."""

    kind: str
    proc: subprocess.Popen
    port: int
    token: str
    root: Path
    log_path: Path
    _log_file: object = field(repr=False, default=None)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def app_url(self, notebook: str) -> str:
        """URL of a lesson as an app (*notebook*: ``notebooks/NAME.ipynb``), with the token."""
        return self.url("/voila/render/" + urllib.parse.quote(notebook))

    def url(self, path: str = "/", **query: str) -> str:
        """URL of *path* with the token; a query value of "" gives a bare flag (``&reset``)."""
        parts = [f"token={self.token}"]
        for k, v in query.items():
            parts.append(k if v == "" else f"{k}={urllib.parse.quote(str(v))}")
        return f"{self.base_url}{path}?{'&'.join(parts)}"

    def log_tail(self, n: int = 40) -> str:
        try:
            lines = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return ""
        return "\n".join(lines[-n:])

    def api(self, method: str, path: str, timeout: float = 30):
        """Call the server's REST API with the token; returns the decoded JSON (or None)."""
        req = urllib.request.Request(self.base_url + path, method=method,
                                     headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            body = r.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        """Stop every kernel session (frees CPU and memory between notebooks)."""
        for s in self.api("GET", "/api/sessions") or []:
            try:
                self.api("DELETE", f"/api/sessions/{s['id']}")
            except (urllib.error.URLError, OSError):
                pass

    def stop(self) -> None:
        """SIGTERM the whole process group (server and kernels), SIGKILL after a grace period."""
        stop_process_group(self.proc)
        if self._log_file is not None:
            self._log_file.close()
            self._log_file = None


def stop_process_group(proc: subprocess.Popen, grace: float = SERVER_STOP_GRACE) -> None:
    """End the process group led by *proc* (started with start_new_session=True), by its id."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            pass
    # Kernels may outlive the leader for a moment; make sure the group is gone.
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        pass


def _start(kind: str, argv: list[str], workdir: Path, port: int, token: str, root: Path,
           ready_path: str, timeout: float, log_to_terminal: bool = False,
           extra_env: dict[str, str] | None = None) -> Server:
    workdir.mkdir(parents=True, exist_ok=True)
    env = jupyter_env(workdir)
    env.update(extra_env or {})
    log_path = workdir / f"{kind}.log"
    log_file = None if log_to_terminal else open(log_path, "wb")
    proc = subprocess.Popen(
        argv, cwd=root, env=env, stdout=log_file, stderr=subprocess.STDOUT if log_file else None,
        stdin=subprocess.DEVNULL, start_new_session=True,
    )
    server = Server(kind, proc, port, token, root, log_path, log_file)
    try:
        wait_http_ok(server, ready_path, timeout)
    except BaseException:
        server.stop()
        raise
    return server


def wait_http_ok(server: Server, path: str, timeout: float, with_token: bool = True,
                 expect: int = 200) -> None:
    """Poll *path* (with the token, or without) until it answers *expect*; fail early if the
    server exits."""
    url = server.url(path) if with_token else server.base_url + path
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        if server.proc.poll() is not None:
            raise BrowserKitError(
                f"{server.kind} exited with code {server.proc.returncode} before answering "
                f"{path}; log tail:\n{server.log_tail()}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
            try:  # no redirects followed: an unauthenticated page answers 302 (to /login)
                conn.request("GET", url.removeprefix(server.base_url))
                last = conn.getresponse().status
            finally:
                conn.close()
        except OSError as e:  # not up yet
            last = e
        if last == expect:
            return
        time.sleep(0.25)
    raise BrowserKitError(
        f"{server.kind} did not answer {expect} on {path} within {timeout:.0f} s (last: {last}); "
        f"log tail:\n{server.log_tail()}")


def start_lab(root_dir: Path, workdir: Path, timeout: float = SERVER_START_TIMEOUT,
              windowing: str | None = "none", server_args: Sequence[str] = ()) -> Server:
    """Start JupyterLab serving *root_dir* as it is (``tools/lab.py --serve``: the kit's server
    options, no working copy; for benchmarks on generated notebooks).

    *windowing* is the notebooks' windowing mode: ``"none"`` (every cell laid out, as the
    browser tests need for their selectors) or None for what ``make lab`` gives a user
    (JupyterLab's default, ``contentVisibility``: the browser skips the rendering of cells out of
    view). *server_args* are more JupyterLab options, after the kit's own.
    """
    return _start_lab(["--serve", str(root_dir), *server_args], Path(root_dir), workdir, timeout, windowing)


def start_kit_lab(home: Path, workdir: Path, terminals: bool = False,
                  timeout: float = SERVER_START_TIMEOUT, extra: list[str] | None = None) -> Server:
    """Start the lab exactly as ``make lab`` does (``tools/lab.py``), on the working copy in
    *home* (made from notebooks/ on the first start), on a free port with a random token;
    *extra*: JupyterLab options after the kit's, as a user's own would be."""
    args = ["--home", str(home)] + (["--terminals"] if terminals else []) + list(extra or [])
    return _start_lab(args, Path(home), workdir, timeout)


def _start_lab(lab_args: list[str], root: Path, workdir: Path, timeout: float,
               windowing: str | None = "none") -> Server:
    import lab  # tools/lab.py

    port, token = free_port(), secrets.token_hex(24)
    # Test-only front-end settings: no windowing (every cell in the DOM, for selectors).
    tracker = lab.state_dirs(root)["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    if windowing is None:
        tracker.unlink(missing_ok=True)
    else:
        _write_json(tracker, {"windowingMode": windowing})
    argv = [sys.executable, str(REPO / "tools" / "lab.py"), *lab_args, f"--port={port}",
            "--ServerApp.port_retries=0"]
    # The token goes by environment (lab.py removes it before kernels start), not argv.
    return _start("jupyterlab", argv, workdir, port, token, root, "/api/status", timeout,
                  extra_env={"JUPYTER_TOKEN": token, "HEXRULES_LESSONS": str(NOTEBOOKS_DIR)})


def start_voila(root: Path, workdir: Path, port: int | None = None, token: str | None = None,
                timeout: float = SERVER_START_TIMEOUT, show_tracebacks: bool = False,
                log_to_terminal: bool = False) -> Server:
    """Start the app-mode server (tools/appserver.py: Voila on the folder *root*, which holds
    notebooks/ and docs/); a lesson is the page :meth:`Server.app_url`.

    Ready when ``/voila/api/contents`` answers 200 with this token: a proof that the server on
    the port is this one (another server does not know the token). The kernels run in *root*,
    so serve a temporary copy.
    """
    root = Path(root).resolve()
    port = port or free_port()
    token = token or secrets.token_hex(24)
    argv = [sys.executable, str(REPO / "tools" / "appserver.py"), str(root), f"--port={port}"]
    if show_tracebacks:
        argv.append("--show_tracebacks=True")
    return _start("voila", argv, workdir, port, token, root, "/voila/api/contents", timeout,
                  log_to_terminal, extra_env={"HEXRULES_APP_TOKEN": token})


# --------------------------------------------------------------------------- browser


def chromium_path() -> str:
    exe = shutil.which("chromium")
    if not exe:
        raise BrowserKitError(
            "chromium is not on PATH; install the Debian package: bash tools/ensure-chromium.sh "
            "(or: apt-get update && apt-get install -y chromium)")
    return exe


def launch_chromium(playwright, timeout_ms: float = 90_000):
    """Launch Debian's Chromium headless through Playwright (never a downloaded browser)."""
    return playwright.chromium.launch(
        executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS, timeout=timeout_ms)


# --------------------------------------------------------------------------- page helpers

# JavaScript: a fingerprint of the pixels of a figure element (ipympl canvas or <img>).
FIGURE_SNAPSHOT_JS = """
(el) => {
  if (el.tagName === 'CANVAS') {
    return el.width + 'x' + el.height + ':' + el.toDataURL();
  }
  if (el.tagName === 'IMG') {
    if (!el.complete || !el.naturalWidth) return 'img-loading:' + el.src;
    const c = document.createElement('canvas');
    c.width = el.naturalWidth; c.height = el.naturalHeight;
    c.getContext('2d').drawImage(el, 0, 0);
    return c.width + 'x' + c.height + ':' + c.toDataURL();
  }
  return 'unknown:' + el.outerHTML.length;
}
"""

# Selector for the figure of an explorer: the ipympl main canvas or the Agg fallback image.
FIGURE_SELECTOR = (
    ".jupyter-matplotlib-figure .jupyter-matplotlib-canvas-div canvas:first-child, "
    "img.widget-image, .jp-RenderedImage img"
)

# Controls we know how to operate, in the order we try them.
# Controls we know how to operate, in the order we try them (dropdowns first: they nearly
# always change the picture, so the first, patient attempt rarely waits in vain).
CONTROL_KINDS = [
    ("dropdown", ".widget-dropdown select:not([disabled])"),
    ("slider", ".widget-slider .noUi-handle:not([disabled])"),
    ("toggle-button", ".widget-toggle-buttons button:not([disabled]), "
                      "button.widget-toggle-button:not([disabled])"),
    ("radio", ".widget-radio-box input[type=radio]:not([disabled])"),
    ("checkbox", ".widget-checkbox input[type=checkbox]:not([disabled])"),
    ("button", "button.widget-button:not([disabled]):not(.widget-toggle-button)"),
]
TRIES_PER_KIND = 2


def figure_snapshot(figure_locator) -> str:
    return figure_locator.evaluate(FIGURE_SNAPSHOT_JS)


def wait_figure(explorer, timeout_ms: float):
    """Locator of the explorer's (first) figure element, once it is visible and drawn."""
    fig = explorer.locator(FIGURE_SELECTOR).first
    fig.wait_for(state="attached", timeout=timeout_ms)
    fig.scroll_into_view_if_needed(timeout=timeout_ms)
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:  # wait until it holds an image (ipympl draws async)
        snap = figure_snapshot(fig)
        if not snap.startswith("img-loading") and not _blank(fig):
            return fig
        time.sleep(0.2)
    raise BrowserKitError("the explorer's figure never showed an image")


_BLANK_JS = """
(el) => {
  let w, h, ctx;
  if (el.tagName === 'CANVAS') { w = el.width; h = el.height; ctx = el.getContext('2d'); }
  else { return !(el.complete && el.naturalWidth); }
  if (!w || !h) return true;
  const d = ctx.getImageData(0, 0, w, h).data;
  for (let i = 3; i < d.length; i += 4 * 97) if (d[i] !== 0) return false;
  return true;
}
"""


def _blank(fig) -> bool:
    return bool(fig.evaluate(_BLANK_JS))


def operate(page, kind: str, control) -> str:
    """Change *control* the way a user would; return a description of what was done ("" when
    the control cannot change: a slider with min == max, a dropdown with one option, a toggle
    already pressed)."""
    if kind == "slider":
        now, vmin, vmax = (control.get_attribute(a)
                           for a in ("aria-valuenow", "aria-valuemin", "aria-valuemax"))
        if None not in (vmin, vmax) and float(vmin) >= float(vmax):
            return ""
        key = "ArrowLeft" if (now is not None and vmax is not None
                              and float(now) >= float(vmax)) else "ArrowRight"
        control.scroll_into_view_if_needed()
        control.focus()
        control.press(key)
        return f"slider {key} (was {now}, range {vmin}..{vmax})"
    if kind == "dropdown":
        options = control.evaluate("(s) => Array.from(s.options).map(o => o.value)")
        current = control.input_value()
        if len(options) < 2:
            return ""
        # the next option (a small change, like a user stepping through the list)
        nxt = options[(options.index(current) + 1) % len(options)] if current in options \
            else options[0]
        control.select_option(nxt)
        labels = control.evaluate("(s) => s.options[s.selectedIndex].text")
        return f"dropdown -> {labels!r}"
    if kind in ("toggle-button", "radio"):
        pressed = control.evaluate(
            "(b) => b.classList.contains('mod-active') || b.checked === true")
        if pressed:
            return ""
        control.scroll_into_view_if_needed()
        control.click()
        return f"{kind} {(control.inner_text() or control.get_attribute('value') or '')[:30]!r}"
    if kind == "checkbox":
        control.scroll_into_view_if_needed()
        control.click()
        return "checkbox"
    if kind == "button":
        control.scroll_into_view_if_needed()
        label = control.inner_text()[:30]
        control.click()
        return f"button {label!r}"
    raise ValueError(kind)


#: How long an attempt on an explorer waits for its figure to change once the kernel has caught up
#: with the lesson's cells (ms): more than three times the slowest redraw measured under load
#: (``benchmarks/bench_latency.py``).
CAUGHT_UP_MS = 3_000


def exercise_explorer(page, explorer, first_timeout_ms: float = 12_000,
                      other_timeout_ms: float = 2_000, caught_up_timeout_ms: float = CAUGHT_UP_MS,
                      enough_kinds: int = 3) -> list[tuple[str, bool]]:
    """Operate controls of one explorer box; return [(what was done, figure changed?)].

    Goes through the kinds of control present (dropdown, slider by keyboard, toggle buttons,
    radio, checkbox, button) and, in each kind, up to TRIES_PER_KIND controls in order until
    one changes the figure, then moves to the next kind; stops once controls of *enough_kinds*
    kinds have changed the figure. The first attempt waits up to *first_timeout_ms* for the
    figure to change (the kernel may still be busy with the Run All, the machine with others);
    once one attempt has waited that long, the kernel has caught up, and an attempt that changes
    nothing (a board editor's tool, a file list before Open) waits *caught_up_timeout_ms*
    (:data:`CAUGHT_UP_MS`); after the figure has changed once, *other_timeout_ms*. A caller
    passes ``first_timeout_ms=CAUGHT_UP_MS`` for an explorer met after the kernel caught up. The caller asserts that at least one
    entry changed the figure.
    """
    fig = wait_figure(explorer, 60_000)
    results: list[tuple[str, bool]] = []
    for kind, selector in CONTROL_KINDS:
        controls = explorer.locator(selector)
        tried = 0
        for i in range(controls.count()):
            control = controls.nth(i)
            if tried >= TRIES_PER_KIND:
                break
            if not control.is_visible():
                continue
            before = figure_snapshot(fig)
            what = operate(page, kind, control)
            if not what:
                continue
            tried += 1
            any_change = any(c for _, c in results)
            patience = other_timeout_ms if any_change else (caught_up_timeout_ms if results else first_timeout_ms)
            changed = _wait_change(fig, before, patience)
            results.append((what, changed))
            if changed:
                break  # one working control of this kind is enough
        if sum(1 for _, c in results if c) >= enough_kinds:
            break
    return results


def _wait_change(fig, before: str, timeout_ms: float) -> bool:
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        now = figure_snapshot(fig)
        if now != before and not now.startswith("img-loading"):
            return True
        time.sleep(0.1)
    return False


def output_problems(page, scope: str = ".jp-OutputArea-output") -> list[str]:
    """Texts of output areas (or other elements matching *scope*) that hold an error: a
    traceback, a widget that failed to display, or a line starting with an exception name."""
    bad = []
    for t in page.locator(scope).all_inner_texts():
        if any(m in t for m in ERROR_MARKERS) or re.search(r"^\w*(Error|Exception)\b.*", t, re.M):
            bad.append(t.strip()[:2000])
    # a widget whose front-end model or view could not be created (e.g. missing extension)
    for t in page.locator(".jupyter-widgets-error-widget").all_inner_texts():
        bad.append("widget failed to display: " + t.strip()[:500])
    return bad


def page_problems(page) -> list[str]:
    """Output errors plus error markers anywhere in the page's text (Voila shows failed cells
    outside output areas)."""
    bad = output_problems(page)
    body = page.locator("body").inner_text()
    bad += [f"page text holds {m!r}" for m in ERROR_MARKERS if m in body]
    return bad


def kernel_message_watcher(page) -> list[str]:
    """Record kernel messages of type error (callback exceptions go to the log console, not
    to cell outputs) seen on the page's websockets. Returns the list that gets filled."""
    found: list[str] = []
    pattern = re.compile(rb'"msg_type"\s*:\s*"error"')

    def on_frame(payload):
        data = payload if isinstance(payload, bytes) else payload.encode("utf-8", "replace")
        if pattern.search(data):
            m = re.search(rb'"ename"\s*:\s*"([^"]*)"\s*,\s*"evalue"\s*:\s*"((?:[^"\\]|\\.)*)"', data)
            found.append(m.group(1).decode() + ": " + m.group(2).decode()[:500] if m
                         else data[:500].decode("utf-8", "replace"))

    page.on("websocket", lambda ws: ws.on("framereceived", on_frame))
    return found


# Console messages of the widget front end that mean a widget model or view is broken (the
# page may still look fine for a while): ipywidgets logs them instead of showing an error box.
FRONT_END_ERROR_MARKERS = ("Error setting state", "Could not create a model",
                           "Could not create a view", "Error creating widget",
                           "Could not instantiate widget")


def front_end_error_watcher(page) -> list[str]:
    """Record the page's console messages that hold a :data:`FRONT_END_ERROR_MARKERS` entry
    (e.g. ipympl's "Error setting state: Failed to execute 'drawImage' ...", which leaves a
    figure blank). Returns the list that gets filled."""
    found: list[str] = []

    def on_console(msg):
        text = msg.text
        if any(m in text for m in FRONT_END_ERROR_MARKERS):
            found.append(text[:500])

    page.on("console", on_console)
    return found


# --------------------------------------------------------------------------- JupyterLab


def code_cells_to_run(nb_path: Path) -> int:
    """Number of code cells with source in a notebook file (JupyterLab skips empty ones)."""
    nb = json.loads(Path(nb_path).read_text())
    return sum(1 for c in nb["cells"]
               if c["cell_type"] == "code" and "".join(c["source"]).strip())


def open_notebook(page, server: Server, relpath: str, timeout_ms: float = 120_000) -> None:
    """Open a notebook in JupyterLab (fresh workspace) and wait until its kernel is idle."""
    path = "/lab/tree/" + urllib.parse.quote(relpath)
    page.goto(server.url(path, reset=""), timeout=timeout_ms)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=timeout_ms)
    wait_kernel_idle(page, timeout_ms)


def wait_kernel_idle(page, timeout_ms: float = 120_000) -> None:
    """Wait for the status bar to say the kernel is Idle (connected, not busy)."""
    page.locator(".jp-StatusBar-Widget", has_text=re.compile(r"\|\s*Idle")).first.wait_for(
        timeout=timeout_ms)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(
        state="attached", timeout=timeout_ms)


def run_all(page, timeout_ms: float = 30_000, attempts: int = 3) -> None:
    """Menu Run > Run All Cells; retried when no cell starts (a click that landed while the
    kernel was still connecting is dropped)."""
    for _ in range(attempts):
        page.keyboard.press("Escape")  # close any open menu
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).first.click(
            timeout=timeout_ms)
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).first.click(
            timeout=timeout_ms)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            state = page.evaluate(_RUN_STATE_JS)
            if state["busy"] or state["numbered"] > 0 or state["errors"] > 0:
                return
            time.sleep(0.2)
        wait_kernel_idle(page, timeout_ms)
    raise BrowserKitError(f"Run All Cells started no cell ({attempts} attempts)")


_RUN_STATE_JS = """
() => {
  const prompts = Array.from(document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputArea-prompt'))
    .map(p => p.textContent.trim());
  const busy = prompts.some(p => p.includes('*'));
  const numbered = prompts.filter(p => /\\[\\d+\\]/.test(p)).length;
  const ind = document.querySelector('.jp-Notebook-ExecutionIndicator');
  const idle = ind ? ind.getAttribute('data-status') === 'idle' : false;
  const errors = document.querySelectorAll(
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]').length;
  return {busy, numbered, idle, errors, total: prompts.length};
}
"""


def wait_run_complete(page, expected_cells: int, timeout_s: float = 240) -> dict:
    """Wait until Run All has finished: every code cell numbered (or an error stopped the run),
    none running, kernel idle, and that state stable for a moment."""
    deadline = time.monotonic() + timeout_s
    stable_since = None
    state = {}
    while time.monotonic() < deadline:
        state = page.evaluate(_RUN_STATE_JS)
        done = (not state["busy"] and state["idle"]
                and (state["numbered"] >= expected_cells or state["errors"] > 0)
                and state["numbered"] > 0)
        if done:
            stable_since = stable_since or time.monotonic()
            if time.monotonic() - stable_since >= 1.0:
                return state
        else:
            stable_since = None
        time.sleep(0.2)
    raise BrowserKitError(f"Run All did not finish within {timeout_s:.0f} s (state {state})")


def safe_name(relpath: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", relpath.removesuffix(".ipynb"))
