"""What a board diagram and a chart share: a picture saved whole to a file, shown in a notebook
cell, and the lines of its caption.

:class:`Picture` is the base of :class:`hexrules.diagram.Diagram` and :class:`hexrules.chart.Chart`:
each defines ``figure(theme, width=, height=, dpi=, text=)``, and :meth:`Picture.save` writes it
(SVG, PNG or PDF, :data:`FORMATS`) whole or not at all. A caption is free text, as written
(:func:`hexrules.scenario.free_text`): :func:`read_caption` puts a file's ``caption:`` lines
together, :func:`caption_lines` checks the lines a caption built in code is given.

The drawing (:mod:`hexrules.plot.diagram`) is imported only inside the methods that draw.

Examples
--------
>>> read_caption([("Zaku #1 moves", ["and stops"]), ("", [])])
['Zaku #1 moves', 'and stops', '']
>>> caption_lines(["  first  ", "second"], "Chart")
('first', 'second')
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any, Sequence

from .checks import show
from .errors import HexrulesError, ScenarioError
from .scenario import check_one_line

__all__ = ["FORMATS", "Picture", "caption_lines", "read_caption"]

#: The file formats :meth:`Picture.save` and ``hexrules draw`` write (by the file's suffix).
FORMATS = ("svg", "png", "pdf")


def _file_mode(path: Path) -> int:
    """The permission bits a file written at ``path`` gets: those of the file there, else what
    ``open`` gives a new file (0o666 less the process's umask)."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


class Picture:
    """What a board diagram and a chart share: a file written whole (:meth:`save`) and the picture
    in a notebook cell; each defines ``figure(theme, width=, height=, dpi=, text=)``."""

    def save(self, path: str | os.PathLike, *, format: str | None = None, theme: Any = None,
             width: float | None = None, height: float | None = None, dpi: float = 100,
             text: str = "text") -> Path:
        """Draw the diagram into ``path`` (SVG, PNG or PDF, by ``format`` or the suffix); returns it.

        The file is written whole or not at all: the picture is drawn into a temporary file in
        the same directory, renamed over ``path`` at the end, so a refusal (a bad overlay) never
        leaves a partial file. Equal inputs give equal bytes (:func:`hexrules.plot.diagram.save_figure`).

        Raises
        ------
        ScenarioError
            When the rules refuse an overlay.
        HexrulesError
            For an unknown format or text mode, a path that is not a file name, or a file that
            cannot be written (why, from the system).
        """
        from .plot.diagram import save_figure

        if not isinstance(path, (str, os.PathLike)) or not str(path).strip():
            raise HexrulesError(f"path={show(path)} is not a file name (e.g. 'knuckle.svg')")
        if format is not None and not isinstance(format, str):
            raise HexrulesError(f"format={show(format)} is not one of {', '.join(FORMATS)}")
        path = Path(path)
        fmt = (format or path.suffix.lstrip(".")).lower()
        if fmt not in FORMATS:
            raise HexrulesError(f"format {show(fmt)} of {str(path)!r} is not one of {', '.join(FORMATS)}")
        fig = self.figure(theme, width=width, height=height, dpi=dpi, text=text)
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part",
                                       dir=path.parent if str(path.parent) else ".")
        except OSError as err:
            raise HexrulesError(f"cannot write {path} ({err.strerror or type(err).__name__})") from None
        try:
            # a temporary file is made readable by its owner only; the picture gets the mode a
            # new file gets (umask), or the one of the file it replaces (a handout others read)
            os.chmod(tmp, _file_mode(path))
            with os.fdopen(fd, "wb") as f:
                save_figure(fig, f, fmt, dpi=dpi, text=text)
            os.replace(tmp, path)
        except BaseException as err:
            if os.path.exists(tmp):
                os.unlink(tmp)
            if isinstance(err, OSError):
                raise HexrulesError(f"cannot write {path} ({err.strerror or type(err).__name__})") from None
            raise
        return path

    def _repr_png_(self) -> bytes:
        """The picture in a notebook cell (PNG, 100 dpi; no pyplot figure is left open)."""
        import io

        from .plot.diagram import save_figure

        buf = io.BytesIO()
        save_figure(self.figure(text="outline"), buf, "png", dpi=100, text="outline")
        return buf.getvalue()


def caption_lines(lines: Any, source: str) -> tuple[str, ...]:
    """``lines`` as a tuple of caption lines, each stripped of the spaces around it (a caption
    line reads back without them, as a title does).

    Raises
    ------
    ScenarioError
        For a str or a value that is not a list, or a line that is not one line of text.
    """
    if isinstance(lines, str) or not isinstance(lines, Sequence):
        raise ScenarioError(f"caption={show(lines)} is not a list of lines", source=source)
    for line in lines:
        check_one_line(line, "caption line")
    return tuple(line.strip() for line in lines)


def read_caption(sections: Sequence[tuple[str, list[str]]]) -> list[str]:
    """The lines of free-text sections (``[(text after the heading's colon, lines under it)]``):
    the heading's text then its lines; a heading with neither is one empty line."""
    return [line for first, rest in sections for line in ([first] if first else []) + rest or [""]]
