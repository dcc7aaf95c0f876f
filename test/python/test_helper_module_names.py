"""The tests' helper modules are imported by their bare names (pytest puts each test's folder on
sys.path), so one ``make test`` process holds them all under one namespace: two helpers of one
name in different folders, or a helper named like a top-level module that importing ttnn
registers (``matmul``, ``reduction``, ...), make whichever test imports second see the other's
module. Both happened (fuzz's ``matmul``, emu's and runtime's ``fabric_programs``)."""

from __future__ import annotations

import collections
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
# Folders whose files are run as scripts or imported as a package, never by bare name.
NOT_ON_PATH = {"scripts", "fuzz_kinds", "__pycache__"}


def helper_modules() -> dict[str, list[pathlib.Path]]:
    names: dict[str, list[pathlib.Path]] = collections.defaultdict(list)
    for path in HERE.rglob("*.py"):
        if NOT_ON_PATH & set(path.relative_to(HERE).parts[:-1]):
            continue
        if path.name == "conftest.py" or path.name == "__init__.py":
            continue
        names[path.stem].append(path)
    return names


def test_no_two_helpers_share_a_name():
    shared = {name: [str(p.relative_to(HERE)) for p in paths]
              for name, paths in helper_modules().items() if len(paths) > 1}
    assert not shared, f"helper modules that shadow each other in one test process: {shared}"


def test_no_helper_is_named_like_a_module_ttnn_registers():
    # In a child: the names ttnn's import adds to sys.modules, without this process importing ttnn.
    probe = ("import sys; before = set(sys.modules); import ttlang, ttnn; "
             "print('\\n'.join(m for m in set(sys.modules) - before if '.' not in m))")
    registered = set(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                                    check=True).stdout.split())
    clashes = sorted(set(helper_modules()) & registered)
    assert not clashes, f"helper modules named like modules importing ttnn registers: {clashes}"
