"""The lab `make lab` starts, hardened (issue 11, part 9), checked on the real server.

tools/lab.py is started as make lab starts it (browserkit.start_kit_lab: the same script and
options, a temporary working copy, a random token by environment). Checked: it listens on
127.0.0.1 only (its kernels too); nothing answers without the token; terminals are off
(``--terminals`` turns them on); a cookie-authenticated write needs the XSRF token; a browser
request or kernel websocket from a foreign Origin (cookies, no token) is refused; no file outside the served folder, nor its
private Jupyter folders, can be read; saving strips outputs and docs/ refuses writes; the
token is on no command line.
"""
from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import browserkit as bk  # noqa: E402

SECRET = "hexrules-secret-beside-the-served-folder"


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    base = tmp_path_factory.mktemp("lab-hardening")
    (base / "secret.txt").write_text(SECRET)  # beside the served folder: must stay unreachable
    home = base / "my-lessons"
    server = bk.start_kit_lab(home, base / "jupyter")
    try:
        yield server, home
    finally:
        server.stop()


@pytest.fixture(scope="module")
def lab(served):
    return served[0]


def request(server, method: str, path: str, token: bool = True, headers: dict | None = None,
            body: bytes | None = None) -> tuple[int, dict, bytes]:
    """One raw HTTP request (the path sent as given: no normalization, no redirects)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    h = dict(headers or {})
    if token:
        h["Authorization"] = f"token {server.token}"
    try:
        conn.request(method, path, body=body, headers=h)
        r = conn.getresponse()
        return r.status, dict(r.getheaders()), r.read()
    finally:
        conn.close()


def process_tree(pid: int) -> list[int]:
    """*pid* and its descendants (kernels run in sessions of their own, so not by group)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except (FileNotFoundError, ProcessLookupError):
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    tree, todo = [], [pid]
    while todo:
        p = todo.pop()
        tree.append(p)
        todo += children.get(p, [])
    return tree


def started_kernel(lab, timeout: float = 120) -> tuple[str, set[tuple[str, int]]]:
    """Start a kernel; return its id and the listening sockets of the server and kernel once
    the kernel listens (its 5 ZeroMQ channels)."""
    kernel_id = lab.api("POST", "/api/kernels")["id"]
    deadline = time.monotonic() + timeout
    while len(addresses := listening_addresses(process_tree(lab.proc.pid))) < 6:
        assert time.monotonic() < deadline, f"the kernel never listened: {addresses}"
        time.sleep(0.3)
    return kernel_id, addresses


def listening_addresses(pids: list[int]) -> set[tuple[str, int]]:
    """(address, port) of every listening TCP socket held by *pids* (from /proc/net/tcp*)."""
    inodes = set()
    for pid in pids:
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
        except (FileNotFoundError, PermissionError):
            pass
    found = set()
    for table, width in (("/proc/net/tcp", 8), ("/proc/net/tcp6", 32)):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state != "0A" or inode not in inodes:  # 0A: LISTEN
                continue
            addr_hex, port_hex = local.split(":")
            if width == 8:
                addr = ".".join(str(int(addr_hex[i:i + 2], 16)) for i in (6, 4, 2, 0))
            else:
                addr = "ipv6:" + addr_hex
            found.add((addr, int(port_hex, 16)))
    return found


def test_server_and_kernels_listen_on_127_0_0_1_only(lab):
    kernel_id, addresses = started_kernel(lab)
    try:
        assert ("127.0.0.1", lab.port) in addresses
        assert {a for a, _ in addresses} == {"127.0.0.1"}, addresses
    finally:
        lab.api("DELETE", f"/api/kernels/{kernel_id}")


@pytest.mark.parametrize("method, path", [
    ("GET", "/api/contents"), ("GET", "/api/kernels"), ("POST", "/api/kernels"),
    ("GET", "/api/sessions"), ("GET", "/api/kernelspecs"), ("GET", "/lab/api/workspaces"),
    ("PUT", "/api/contents/notebooks/x.ipynb"), ("DELETE", "/api/contents/notebooks"),
])
def test_api_refuses_requests_without_the_token(lab, method, path):
    assert request(lab, method, path, token=False)[0] == 403
    status = request(lab, method, path, token=False,
                     headers={"Authorization": "token not-the-token"})[0]
    assert status == 403


@pytest.mark.parametrize("path", ["/lab", "/lab/tree/notebooks/00_welcome.ipynb",
                                  "/files/notebooks/00_welcome.ipynb"])
def test_pages_send_a_visitor_without_the_token_to_the_login_page(lab, path):
    status, headers, body = request(lab, "GET", path, token=False)
    assert status in (302, 403), status
    if status == 302:
        assert "/login" in headers.get("Location", "")
    assert b"cells" not in body


def test_terminals_are_off(lab):
    assert request(lab, "POST", "/api/terminals")[0] == 404
    assert request(lab, "GET", "/api/terminals")[0] == 404


def test_the_terminals_option_turns_them_on(tmp_path):
    server = bk.start_kit_lab(tmp_path / "my-lessons", tmp_path / "jupyter", terminals=True)
    try:
        status, _, body = request(server, "POST", "/api/terminals")
        assert status == 200
        name = json.loads(body)["name"]
        assert request(server, "DELETE", f"/api/terminals/{name}")[0] == 204
    finally:
        server.stop()


def test_closing_a_lesson_shuts_its_kernel_down(lab):
    # A new-user trial: after every lesson, 11 kernels were still running. JupyterLab reads its
    # "Shut down kernel" setting (notebook tracker, default false) from the kit's settings folder
    settings = lab.api("GET", "/lab/api/settings/@jupyterlab/notebook-extension:tracker")
    assert settings["settings"]["kernelShutdown"] is True
    assert settings["settings"]["windowingMode"] == "none"  # the test lab's own setting kept beside it


def test_a_kernel_no_browser_is_connected_to_is_shut_down_when_idle(tmp_path):
    # A new-user trial: after the browser was closed (not its tabs), /api/kernels still listed the
    # lessons' kernels, idle, with 0 connections. The kit's lab culls them after CULL_IDLE_S
    # (an hour); here the same options, shortened as a user's own would be, on the kit's server
    # (its websocket class counts the connections culling reads)
    import lab as kit_lab

    opts = kit_lab.server_options(tmp_path)
    assert f"--MappingKernelManager.cull_idle_timeout={kit_lab.CULL_IDLE_S}" in opts
    assert kit_lab.CULL_IDLE_S == 3600 and not any("cull_connected" in o for o in opts)
    server = bk.start_kit_lab(tmp_path / "my-lessons", tmp_path / "jupyter",
                              extra=["--MappingKernelManager.cull_idle_timeout=2",
                                     "--MappingKernelManager.cull_interval=1"])
    try:
        kernel = server.api("POST", "/api/kernels")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and any(k["id"] == kernel["id"] for k in server.api("GET", "/api/kernels")):
            time.sleep(0.5)
        assert all(k["id"] != kernel["id"] for k in server.api("GET", "/api/kernels"))
    finally:
        server.stop()


def test_a_kernel_shutdown_setting_of_the_users_own_is_kept(tmp_path):
    import lab as kitlab

    tracker = kitlab.state_dirs(tmp_path)["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    (tracker / "tracker.jupyterlab-settings").write_text('{"kernelShutdown": false}')
    kitlab.prepare_state(tmp_path)
    assert json.loads((tracker / "tracker.jupyterlab-settings").read_text()) == {"kernelShutdown": False}
    commented = '{\n  // my own\n  "windowingMode": "full"\n}'
    (tracker / "tracker.jupyterlab-settings").write_text(commented)
    kitlab.prepare_state(tmp_path)
    assert (tracker / "tracker.jupyterlab-settings").read_text() == commented


def cookie_session(lab):
    """A urllib opener holding the login and _xsrf cookies, as a browser tab would."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(lab.url("/lab/tree/notebooks/00_welcome.ipynb"), timeout=30).read()
    cookies = {c.name: c.value for c in jar}
    assert "_xsrf" in cookies and any(n.startswith("username-") for n in cookies), cookies
    return opener, cookies["_xsrf"]


def test_a_cookie_authenticated_write_needs_the_xsrf_token(lab):
    opener, xsrf = cookie_session(lab)
    url = lab.base_url + "/api/contents/notebooks"
    data = json.dumps({"type": "notebook"}).encode()
    with pytest.raises(urllib.error.HTTPError) as err:
        opener.open(urllib.request.Request(url, data=data, method="POST"), timeout=30)
    assert err.value.code == 403
    ok = opener.open(urllib.request.Request(url, data=data, method="POST",
                                            headers={"X-XSRFToken": xsrf}), timeout=30)
    created = json.loads(ok.read())
    assert ok.status == 201
    lab.api("DELETE", "/api/contents/" + urllib.parse.quote(created["path"]))


def cookie_header(lab) -> str:
    opener, _ = cookie_session(lab)
    jar = next(h for h in opener.handlers if isinstance(h, urllib.request.HTTPCookieProcessor))
    return "; ".join(f"{c.name}={c.value}" for c in jar.cookiejar)


def test_a_browser_request_from_a_foreign_origin_is_refused(lab):
    """A page of another site can make the browser send the lab's cookies, never the token:
    such a request is refused (a token-authenticated one proves its origin by the token)."""
    cookies = cookie_header(lab)
    assert request(lab, "GET", "/api/contents", token=False, headers={"Cookie": cookies})[0] == 200
    status = request(lab, "GET", "/api/contents", token=False,
                     headers={"Cookie": cookies, "Origin": "http://evil.example"})[0]
    assert status == 404  # jupyter_server hides the API from cross-origin callers


def test_a_kernel_websocket_from_a_foreign_origin_is_refused(lab):
    import websocket  # websocket-client, in the lock

    kernel = lab.api("POST", "/api/kernels")
    url = f"ws://127.0.0.1:{lab.port}/api/kernels/{kernel['id']}/channels"
    cookies = cookie_header(lab)
    try:
        with pytest.raises(websocket.WebSocketBadStatusException) as err:
            websocket.create_connection(url, cookie=cookies, origin="http://evil.example",
                                        timeout=30)
        assert err.value.status_code == 403
        ws = websocket.create_connection(url, cookie=cookies, origin=lab.base_url, timeout=30)
        ws.close()  # the same origin connects: the refusal above is about the Origin
    finally:
        lab.api("DELETE", f"/api/kernels/{kernel['id']}")


@pytest.mark.parametrize("path", [
    "/api/contents/../secret.txt",
    "/api/contents/%2e%2e/secret.txt",
    "/api/contents/..%2fsecret.txt",
    "/api/contents/notebooks/..%2f..%2fsecret.txt",
    "/api/contents/%2Fetc%2Fpasswd",
    "/files/../secret.txt",
    "/files/%2e%2e/secret.txt",
    "/files/..%2fsecret.txt",
    "/files/notebooks/%2e%2e%2f%2e%2e%2fsecret.txt",
    "/view/..%2fsecret.txt",
    "/nbconvert/html/..%2fsecret.txt",
    "/api/contents/.jupyter/runtime",
    "/files/.jupyter/runtime/jupyter_cookie_secret",
    "/api/contents/.kit/lessons.json",
])
def test_no_file_outside_the_served_folder_nor_a_private_one_is_served(lab, path):
    status, _, body = request(lab, "GET", path)
    assert status != 200 or SECRET.encode() not in body and b"root:" not in body, (status, body[:200])
    assert SECRET.encode() not in body
    assert status in (400, 403, 404), status


def test_the_served_folder_holds_no_link_out_of_it(served):
    _, home = served
    links = [p for p in home.rglob("*") if p.is_symlink()]
    assert links == []


def test_saving_strips_outputs_and_docs_refuse_writes(served):
    lab, home = served
    nb = json.loads((home / "notebooks" / "00_welcome.ipynb").read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code, "the welcome lesson has no code cell"
    code[0]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "Traceback\n"}]
    code[0]["execution_count"] = 7
    body = json.dumps({"type": "notebook", "format": "json", "content": nb}).encode()
    status = request(lab, "PUT", "/api/contents/notebooks/mine.ipynb", body=body,
                     headers={"Content-Type": "application/json"})[0]
    assert status in (200, 201)
    saved = json.loads((home / "notebooks" / "mine.ipynb").read_text())
    assert all(not c.get("outputs") and c.get("execution_count") is None
               for c in saved["cells"] if c["cell_type"] == "code")
    rules = (home / "docs" / "RULES.md").read_text()
    body = json.dumps({"type": "file", "format": "text", "content": "mine"}).encode()
    status, _, reply = request(lab, "PUT", "/api/contents/docs/RULES.md", body=body,
                               headers={"Content-Type": "application/json"})
    assert status == 403 and b"docs/ holds the kit's own files" in reply
    assert (home / "docs" / "RULES.md").read_text() == rules


def test_jupyter_state_is_private_and_the_token_is_on_no_command_line(served):
    lab, home = served
    state = home / ".jupyter"
    assert (state.stat().st_mode & 0o077) == 0, "the private Jupyter folder is readable by others"
    assert any((state / "runtime").glob("jpserver-*.json")), "the server's runtime file is elsewhere"
    kernel_id, _ = started_kernel(lab)
    pids = process_tree(lab.proc.pid)
    lab.api("DELETE", f"/api/kernels/{kernel_id}")
    assert len(pids) > 1
    for pid in pids:
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except FileNotFoundError:
            continue
        assert lab.token.encode() not in cmdline, f"the token is on the command line of {pid}"
