"""The source line of a code address in a kernel's host build, for fault and hang reports.

Kernels are built with line tables (``-g1``, ``build.py``); when a kernel faults or spins, the
runtime reports the shared object and the offset of the instruction, and binutils' ``addr2line``
turns them into ``file:line``: with ``-i`` the inlined frames come innermost first, so an API
call or a helper inlined into the kernel is reported where it sits (a header of an external
function, say). Without ``addr2line`` (or line tables), there is no line: the report keeps the
function and offset it always has.
"""

from __future__ import annotations

import shutil
import subprocess


def source_line(code_object: str, offset: int) -> str | None:
    """``file:line`` of ``offset`` in ``code_object``, or None when unknown."""
    tool = shutil.which("addr2line")
    if not code_object or tool is None:
        return None
    try:
        done = subprocess.run([tool, "-e", code_object, "-i", hex(offset)], capture_output=True,
                              text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None
    for line in done.stdout.splitlines():
        file, _, number = line.partition(" (")[0].rpartition(":")
        if file and file != "??" and number.isdigit() and number != "0":
            return f"{file}:{number}"
    return None
