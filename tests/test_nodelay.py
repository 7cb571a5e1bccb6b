"""The kit's servers send kernel messages at once: TCP_NODELAY on the kernel websocket (issue 14).

tools/nodelay.py's connection class is checked on a real tornado websocket (tornado turns
``TCP_NODELAY`` off once it has answered the upgrade request: the socket's option is read back
on the server's side), and ``make lab``'s options select it.
"""
from __future__ import annotations

import asyncio
import socket
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import lab  # noqa: E402
import nodelay  # noqa: E402


def _nodelay_seen_by_server(use_kit_class: bool) -> int:
    """Open a websocket to a tornado server whose handler connects like Jupyter Server's kernel
    websocket (``connection.connect()`` after ``open``); return the server side's TCP_NODELAY."""
    from tornado import httpserver, web, websocket
    from tornado.testing import bind_unused_port

    async def run() -> int:
        from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

        class Handler(KernelWebsocketHandler):  # Jupyter Server's handler, without its kernel
            def prepare(self):  # no login, no kernel manager
                pass

            def select_subprotocol(self, subprotocols):
                return None

            async def get(self, *args, **kwargs):
                await websocket.WebSocketHandler.get(self, *args, **kwargs)

            def open(self, *args, **kwargs):
                if use_kit_class:
                    nodelay.NoDelayKernelConnection(websocket_handler=self).connect()
                sock = self.ws_connection.stream.socket
                self.write_message(str(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)))

        sock, port = bind_unused_port()
        server = httpserver.HTTPServer(web.Application([(r"/ws", Handler)]))
        server.add_sockets([sock])
        try:
            client = await websocket.websocket_connect(f"ws://127.0.0.1:{port}/ws")
            reply = await client.read_message()
            client.close()
            return int(reply)
        finally:
            server.stop()

    # On a thread of its own: the browser suite's Playwright (sync API) keeps an event loop
    # running on the test thread, where asyncio.run() is refused.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()


def test_tornado_leaves_nagle_on_for_a_websocket_by_default():
    """The cause: without the kit's class the socket waits for acknowledgements (Nagle)."""
    assert _nodelay_seen_by_server(use_kit_class=False) == 0


def test_the_kit_connection_turns_tcp_nodelay_on(monkeypatch):
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    parent = []  # Jupyter Server's own connect (it needs a kernel) is still called, after
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: parent.append(self))
    assert _nodelay_seen_by_server(use_kit_class=True) != 0
    assert len(parent) == 1


def test_the_check_runs_while_an_event_loop_runs_on_the_test_thread():
    """As after the browser suite (Playwright's sync API leaves a loop running on this thread)."""
    async def inside_a_loop() -> int:
        return _nodelay_seen_by_server(use_kit_class=False)

    with ThreadPoolExecutor(1) as pool:  # a thread of the test's own, whatever runs on this one
        assert pool.submit(asyncio.run, inside_a_loop()).result() == 0


def test_make_lab_selects_the_kit_connection(tmp_path):
    opts = lab.server_options(tmp_path)
    assert nodelay.LAB_OPTION in opts
    assert nodelay.LAB_OPTION.endswith("=nodelay.NoDelayKernelConnection")


@pytest.mark.parametrize("option", [nodelay.LAB_OPTION, nodelay.VOILA_OPTION])
def test_the_option_names_a_class_the_server_can_import(option):
    from traitlets.utils.importstring import import_item

    assert import_item(option.split("=", 1)[1]) is nodelay.NoDelayKernelConnection
