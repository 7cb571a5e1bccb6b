"""The kernel websocket of the kit's servers, with Nagle's algorithm off (``make lab``, ``make app``).

Every picture an explorer redraws reaches the browser over the kernel's websocket: the frame,
then the words, then the kernel's "idle" status, a few small messages in a row. Tornado turns
``TCP_NODELAY`` off again once it has answered the websocket's upgrade request
(``HTTP1Connection._finish_request``), and Jupyter Server never turns it back on, so on that
socket Linux holds a small message back until the browser acknowledges the one before it, and
the browser delays its acknowledgement (up to 40 ms). Seen in JupyterLab + Chromium on a click
on a map (issue 14): the server wrote the frame at +20 ms and the browser read it at +55 ms;
with ``TCP_NODELAY`` on, 1 to 5 ms later. Tornado's own advice
(``WebSocketHandler.set_nodelay``) is to turn it on for such traffic; the cost is a few more
packets on the loopback interface.

:class:`NoDelayKernelConnection` is Jupyter Server's kernel websocket connection
(``ZMQChannelsWebsocketConnection``) that turns ``TCP_NODELAY`` on when the websocket opens;
the servers select it by their documented option (:data:`LAB_OPTION`, :data:`VOILA_OPTION`),
with this folder (``tools/``) on ``sys.path``.
"""
from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

#: The option that gives JupyterLab's server this connection class (``tools/lab.py``).
LAB_OPTION = "--ServerApp.kernel_websocket_connection_class=nodelay.NoDelayKernelConnection"
#: The same for Voila (``tools/appserver.py``, app mode).
VOILA_OPTION = "--Voila.kernel_websocket_connection_class=nodelay.NoDelayKernelConnection"
#: Jupyter Server's own class, by name: the option that puts Nagle's algorithm back (a benchmark's
#: "before": ``benchmarks/bench_latency.py --nagle``).
DEFAULT_CLASS = "jupyter_server.services.kernels.connection.channels.ZMQChannelsWebsocketConnection"


class NoDelayKernelConnection(ZMQChannelsWebsocketConnection):
    """A kernel websocket connection whose socket sends small messages at once (``TCP_NODELAY``)."""

    def connect(self) -> Any:
        """Turn ``TCP_NODELAY`` on for the open websocket, then connect as Jupyter Server does."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()
