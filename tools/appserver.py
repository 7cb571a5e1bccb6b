"""The Voila server of app mode: a folder of lessons served as standalone pages, with the docs.

Run by tools/app.py (``make app``) and by the browser tests, never by hand::

    HEXRULES_APP_TOKEN=... python tools/appserver.py ROOT --port=P [Voila options]

ROOT holds ``notebooks/`` (copies of the lessons) and ``docs/`` (a copy of the kit's docs).
Voila serves the folder (its "tree" mode): ``/voila/render/notebooks/NAME.ipynb`` is a lesson
as an app, so a lesson's links to other lessons (``03_engagement.ipynb``) open those lessons as
apps. Voila itself only renders notebooks (another file is sent to its static-file handler,
which answers 403), so this server adds one handler: ``/voila/render/docs/...`` renders the
kit's docs as pages, Markdown (docs/RULES.md, the rulings) as HTML and the rule text as
preformatted text, folders as a list of links. The lessons' links ``../docs/RULES.md`` and
``../docs/rule-text/...`` then open, and read as they do in JupyterLab.

Security, as in ``make lab``: 127.0.0.1 only; token authentication always on (the token comes
from the environment variable HEXRULES_APP_TOKEN, which is removed before kernels start, so it
is in no process's command line; without a token the server refuses to start); the docs
handler requires the token like Voila's pages and serves only files under ROOT/docs (no
hidden files, nothing outside); Voila's unauthenticated static-file route serves nothing
(``file_allowlist`` empty); ``port_retries=0``: a busy port is an error, never another port.
Kernel messages go to the browser at once, as in ``make lab`` (``tools/nodelay.py``).
"""
from __future__ import annotations

import html
import os
import sys
from pathlib import Path

TOKEN_VARIABLE = "HEXRULES_APP_TOKEN"

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} - hexrules</title>
<style>
 body {{ font-family: system-ui, sans-serif; line-height: 1.5; max-width: 52rem;
        margin: 2rem auto; padding: 0 1rem; color: #222; }}
 pre {{ white-space: pre-wrap; font-size: 0.95rem; }}
 code {{ background: #f3f3f3; padding: 0 0.2em; }}
 table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #ccc; padding: 0.2em 0.5em; }}
 nav {{ font-size: 0.9rem; margin-bottom: 1rem; }}
</style></head>
<body class="hexrules-doc"><nav>{nav}</nav>
{body}
</body></html>
"""


def heading_id(token: dict, _index: int) -> str:
    """The id of a Markdown heading, as JupyterLab gives it: its text with spaces as ``-``
    (``### Knuckle Shield`` -> ``Knuckle-Shield``). A lesson's link ``../docs/GLOSSARY.md#Garrison``
    then lands on the same heading in JupyterLab and in app mode."""
    return str(token.get("text", "")).replace(" ", "-")


def render_doc(docs: Path, rel: str) -> tuple[str, str] | None:
    """``(kind, html page)`` for the docs path *rel* (relative to *docs*), or None when it is
    not a document that may be shown: outside *docs*, hidden, missing, or of another type.
    *kind* is "dir", "md" or "txt"."""
    parts = [p for p in rel.split("/") if p]
    if any(p.startswith(".") for p in parts):
        return None
    docs = docs.resolve()
    target = docs.joinpath(*parts).resolve() if parts else docs
    if target != docs and docs not in target.parents:
        return None
    title = "/".join(["docs"] + parts)
    nav = '<a href="{}">docs/</a>'.format("../" * (len(parts) - (0 if target.is_dir() else 1))
                                          or "./")
    if target.is_dir():
        items = []
        for child in sorted(target.iterdir()):
            if child.name.startswith("."):
                continue
            name = child.name + ("/" if child.is_dir() else "")
            items.append(f'<li><a href="{html.escape(name, quote=True)}">{html.escape(name)}</a></li>')
        body = f"<h1>{html.escape(title)}/</h1>\n<ul>\n" + "\n".join(items) + "\n</ul>"
        return "dir", PAGE.format(title=html.escape(title), nav=nav, body=body)
    if not target.is_file():
        return None
    text = target.read_text(encoding="utf-8", errors="replace")
    if target.suffix == ".md":
        import mistune
        from mistune.toc import add_toc_hook

        md = mistune.create_markdown(escape=True, plugins=["table", "strikethrough"])
        add_toc_hook(md, heading_id=heading_id)
        return "md", PAGE.format(title=html.escape(title), nav=nav, body=md(text))
    if target.suffix == ".txt":
        body = f"<h1>{html.escape(target.name)}</h1>\n<pre>{html.escape(text)}</pre>"
        return "txt", PAGE.format(title=html.escape(title), nav=nav, body=body)
    return None


def make_app_class():
    """The Voila application with the docs handler (imports Voila only when called)."""
    from jupyter_server.base.handlers import JupyterHandler
    from jupyter_server.utils import url_path_join
    from tornado import web
    from voila.app import Voila

    class DocsHandler(JupyterHandler):
        """GET /voila/render/docs/<path>: a page of the docs (token required)."""

        def initialize(self, docs: str):
            self.docs = Path(docs)

        @web.authenticated
        def get(self, rel: str | None = None):
            rel = (rel or "").removeprefix("/")
            target = self.docs.joinpath(*[p for p in rel.split("/") if p])
            if not self.request.path.endswith("/") and target.is_dir():
                self.redirect(self.request.path + "/")  # relative links need the slash
                return
            page = render_doc(self.docs, rel)
            if page is None:
                raise web.HTTPError(404, "no such document under docs/")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(page[1])

    class KitVoila(Voila):
        """Voila serving a folder, plus the docs pages (see the module docstring)."""

        def init_handlers(self):
            docs = str(Path(self.root_dir) / "docs")
            route = url_path_join(self.server_url, r"/voila/render/docs(/.*)?")
            return [(route, DocsHandler, {"docs": docs})] + super().init_handlers()

    return KitVoila


def main(argv: list[str]) -> int:
    token = os.environ.pop(TOKEN_VARIABLE, "")
    if not token:
        print(f"appserver: no token in {TOKEN_VARIABLE}: refusing to serve without "
              "authentication", file=sys.stderr)
        return 2
    from traitlets.config import Config

    config = Config()
    config.VoilaConfiguration.file_allowlist = []  # the unauthenticated file route: nothing
    sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/: nodelay's class, by name
    import nodelay

    args = list(argv) + ["--no-browser", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
                         f"--token={token}", nodelay.VOILA_OPTION]
    make_app_class().launch_instance(argv=args, config=config)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
