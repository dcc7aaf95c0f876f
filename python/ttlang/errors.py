"""Errors raised for invalid TT-Lang programs.

Every error names the user's file and line and quotes the source line, whether the frontend
found the problem while reading the Python code or an op's verifier rejected the construct
(:class:`FrontendError`), or a compiler pass reported it on IR carrying the Python location
(:class:`CompilerError`).
"""

from __future__ import annotations

import linecache


class TTLangError(Exception):
    """Base of all ttlang errors about a user program.

    ``file``, ``line`` and ``col`` locate the problem in the user's source (``None`` when no
    location exists); ``excerpt`` is the quoted source line with a caret.
    """

    def __init__(
        self,
        message: str,
        file: str | None = None,
        line: int | None = None,
        col: int | None = None,
        notes: tuple[str, ...] = (),
    ) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.col = col
        self.notes = notes
        self.excerpt = _excerpt(file, line, col)
        super().__init__(self._render())

    def _render(self) -> str:
        where = ""
        if self.file is not None and self.line is not None:
            where = f"{self.file}:{self.line}:{self.col or 1}: "
        text = f"{where}error: {self.message}"
        if self.excerpt:
            text += "\n" + self.excerpt
        for note in self.notes:
            text += f"\n  note: {note}"
        return text


class FrontendError(TTLangError):
    """The Python source of an operation uses something TT-Lang does not support, or breaks a
    rule of one construct: found by the frontend while reading the source, or by the verifier
    of the op the frontend built for that construct (the verifiers are the rules' one home)."""


class CompilerError(TTLangError):
    """A compiler pass rejected the operation, from an analysis across ops (message and
    location from the diagnostic)."""


def _excerpt(file: str | None, line: int | None, col: int | None) -> str:
    if file is None or line is None:
        return ""
    text = linecache.getline(file, line).rstrip("\n")
    if not text:
        return ""
    gutter = f"{line:5d} | "
    caret = " " * (len(gutter) + max((col or 1) - 1, 0)) + "^"
    return f"{gutter}{text}\n{caret}"
