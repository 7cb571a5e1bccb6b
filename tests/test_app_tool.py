"""`make app` (tools/app.py): the port it is given or a clear refusal, a token no other user
can read, and only the notebook itself copied when it is not one of the lessons (issue 9,
part 4). The server is the real one (tools/appserver.py, Voila)."""
from __future__ import annotations

import http.server
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "tools" / "app.py"
LESSON = ROOT / "notebooks" / "00_welcome.ipynb"


def run_app(*args: str, timeout: float = 120) -> tuple[subprocess.Popen, list[str]]:
    """Start tools/app.py; return it and its output lines up to the printed URL (or its
    exit)."""
    proc = subprocess.Popen([sys.executable, str(APP), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    lines: list[str] = []
    deadline = time.monotonic() + timeout
    for line in proc.stdout:
        lines.append(line)
        if "Open http" in line or time.monotonic() > deadline:
            break
    return proc, lines


def stop(proc: subprocess.Popen) -> int:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)


def url_of(lines: list[str]) -> str:
    (line,) = [ln for ln in lines if "Open http" in ln]
    return line.split("Open ", 1)[1].strip()


@pytest.mark.parametrize("port", ["70000", "0", "-1", "http", "８８６６", "65536"])
def test_an_out_of_range_port_is_refused(port):
    out = subprocess.run([sys.executable, str(APP), str(LESSON), f"--port={port}"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert "must be a TCP port, 1 to 65535" in out.stderr and "token" not in out.stdout


class Redirect(http.server.BaseHTTPRequestHandler):
    """What JupyterLab answers an unauthenticated visitor: a redirect to its login page."""

    def do_GET(self):  # noqa: N802 - http.server's name
        self.send_response(302)
        self.send_header("Location", "/login")
        self.end_headers()

    def log_message(self, *args):
        pass


def test_a_busy_port_is_a_clear_error_and_no_url_is_printed():
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Redirect)
    port = other.server_address[1]
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        t0 = time.monotonic()
        proc, lines = run_app(str(LESSON), f"--port={port}")
        rc = stop(proc)
        text = "".join(lines) + proc.stdout.read()
        assert rc == 1
        assert f"port {port} on 127.0.0.1 is already in use" in text
        assert "ARGS=--port=" in text
        assert "token=" not in text and "Open http" not in text
        assert time.monotonic() - t0 < 30  # refused up front, no server started
    finally:
        other.shutdown()
        other.server_close()


def test_the_app_serves_the_lesson_with_a_token_that_is_on_no_command_line():
    proc, lines = run_app(str(LESSON))
    try:
        url = url_of(lines)
        assert "/voila/render/notebooks/00_welcome.ipynb?token=" in url
        token = url.split("token=", 1)[1]
        assert len(token) >= 32
        for pid in Path("/proc").iterdir():
            if pid.name.isdigit():
                try:
                    cmdline = (pid / "cmdline").read_bytes()
                except (FileNotFoundError, ProcessLookupError, PermissionError):
                    continue
                assert token.encode() not in cmdline, f"the token is on the command line of {pid.name}"
        base = url.split("/voila/")[0]
        with urllib.request.urlopen(f"{base}/voila/api/contents/notebooks?token={token}",
                                    timeout=30) as r:
            names = {item["name"] for item in json.load(r)["content"]}
        assert {p.name for p in (ROOT / "notebooks").glob("*.ipynb")} <= names
        with urllib.request.urlopen(f"{base}/voila/render/docs/RULES.md?token={token}",
                                    timeout=30) as r:
            assert "Rulings" in r.read().decode()
    finally:
        assert stop(proc) == 0


def test_a_notebook_outside_the_lessons_is_copied_alone_not_its_folder(tmp_path):
    mine = tmp_path / "project" / "mine.ipynb"
    mine.parent.mkdir()
    mine.write_bytes(LESSON.read_bytes())
    (mine.parent / "big-data.bin").write_bytes(b"x" * 1_000_000)
    (mine.parent / "sub").mkdir()
    (mine.parent / "sub" / "other.ipynb").write_bytes(LESSON.read_bytes())
    proc, lines = run_app(str(mine))
    try:
        url = url_of(lines)
        assert "/voila/render/notebooks/mine.ipynb?token=" in url
        port = urllib.parse.urlsplit(url).port  # this app's server (other servers may be running)
        appserver = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()
                     and b"appserver.py" in _cmdline(p) and f"--port={port}".encode() in _cmdline(p)]
        (served,) = {Path(os.readlink(f"/proc/{pid}/cwd")) for pid in appserver}
        files = sorted(str(p.relative_to(served)) for p in served.rglob("*") if p.is_file())
        assert "notebooks/mine.ipynb" in files
        assert not [f for f in files if "big-data" in f or "other.ipynb" in f], files
        assert {f.split("/")[0] for f in files} == {"notebooks", "docs"}
    finally:
        assert stop(proc) == 0


def _cmdline(proc_dir: Path) -> bytes:
    try:
        return (proc_dir / "cmdline").read_bytes()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return b""


def test_a_port_taken_while_the_server_starts_is_reported(monkeypatch, capsys):
    """The race the up-front check cannot see: the server finds the port taken."""
    sys.path.insert(0, str(ROOT / "tools"))
    import app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        monkeypatch.setattr(app, "check_port_free", _free_then_busy(app))
        rc = app.main([str(LESSON), f"--port={port}"])
    assert rc == 1
    out = capsys.readouterr()
    assert f"port {port} on 127.0.0.1 is already in use" in out.err and "token=" not in out.out


def _free_then_busy(app):
    calls = []

    def check(port):
        calls.append(port)
        if len(calls) > 1:
            raise app.PortError(f"port {port} on 127.0.0.1 is already in use")

    return check
