"""Check TT-Metal kernel sources against the real device headers of the ttnn wheel.

There is no RISC-V toolchain for Tenstorrent cores here, but the ttnn 0.81.1 wheel ships the
device-kernel headers and the firmware wrapper translation units (``brisck.cc``, ``ncrisck.cc``,
``trisck.cc``). This module builds a kernel the way tt-metal does -- through the wrapper of one
processor, with tt-metal's include directories and defines -- and runs the front end of Debian's
clang-19 on it (``-fsyntax-only``). Undeclared APIs, wrong argument counts and types, a missing
``kernel_main`` and too few compile-time arguments for ``TensorAccessorArgs`` are all caught.

What is and is not checked (facts in ``docs/kernel-check.md`` of the shared notes):

- data-movement kernels: the BRISC and NCRISC builds, fully;
- compute kernels: the TRISC2 (pack) build. The unpack and math builds need the sfpi compiler
  headers (``lltt.h``, ``sfpi.h``), which the wheel does not ship.

Typical use::

    toolchain = find_toolchain()          # raises KernelCheckUnavailable with the reason
    result = check_kernel(source, Processor.BRISC, compile_time_args=(0, 1, 2, 2048), toolchain=toolchain)
    assert result.ok, result.diagnostics
"""

from __future__ import annotations

import enum
import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ttlang import _ttlang
from ttlang.artifact import (
    CompiledArtifact,
    KernelDescriptorSpec,
    ProcessorRole,
)

CLANG_CANDIDATES = ("clang-19", "/usr/lib/llvm-19/bin/clang")
HOST_CXX_INCLUDE_DIRS = (
    "/usr/include/c++/12",
    "/usr/include/x86_64-linux-gnu/c++/12",
    "/usr/include/x86_64-linux-gnu",
    "/usr/include",
)


class KernelCheckUnavailable(RuntimeError):
    """The check cannot run here; the message says why (missing clang-19, ttnn, host headers)."""


class Processor(enum.Enum):
    """A Tensix processor build of a kernel: (wrapper file, processor defines, TRISC stage
    macro defined in the generated chlkc_*.cpp or None)."""

    BRISC = ("brisck.cc", ("PROCESSOR_INDEX=0", "COMPILE_FOR_BRISC", "NOC_INDEX=1", "NOC_MODE=0"), None)
    NCRISC = ("ncrisck.cc", ("PROCESSOR_INDEX=1", "COMPILE_FOR_NCRISC", "NOC_INDEX=0", "NOC_MODE=0"), None)
    TRISC0 = ("trisck.cc", ("PROCESSOR_INDEX=2", "COMPILE_FOR_TRISC=0", "UCK_CHLKC_UNPACK"), "TRISC_UNPACK")
    TRISC1 = ("trisck.cc", ("PROCESSOR_INDEX=3", "COMPILE_FOR_TRISC=1", "UCK_CHLKC_MATH"), "TRISC_MATH")
    TRISC2 = ("trisck.cc", ("PROCESSOR_INDEX=4", "COMPILE_FOR_TRISC=2", "UCK_CHLKC_PACK"), "TRISC_PACK")
    # The TRISC2 build with the per-thread bodies of the compute API compiled out (TRISC_PACK not
    # defined): every call of the kernel is still checked against the API's declarations, but
    # not the LLK code behind it. Used for SFPU kernels, whose headers include sfpi.h even in
    # the pack build, and the wheel does not ship sfpi.h.
    TRISC2_API = ("trisck.cc", ("PROCESSOR_INDEX=4", "COMPILE_FOR_TRISC=2", "UCK_CHLKC_PACK"), None)

    @property
    def wrapper(self) -> str:
        return self.value[0]

    @property
    def defines(self) -> tuple[str, ...]:
        return self.value[1]

    @property
    def stage_macro(self) -> str | None:
        return self.value[2]

    @property
    def is_compute(self) -> bool:
        return self.wrapper == "trisck.cc"


# Which builds of a kernel with a given processor role this check covers. A data-movement kernel
# is checked on both RISC-Vs: the headers differ per processor (NoC index, command buffers).
CHECKED_PROCESSORS: Mapping[ProcessorRole, tuple[Processor, ...]] = {
    ProcessorRole.COMPUTE: (Processor.TRISC2,),
    ProcessorRole.DATA_MOVEMENT_0: (Processor.BRISC, Processor.NCRISC),
    ProcessorRole.DATA_MOVEMENT_1: (Processor.BRISC, Processor.NCRISC),
}

# Compute headers that pull in sfpi.h in every TRISC build (SFPU operations).
SFPU_HEADERS = (
    "api/compute/eltwise_unary/",
    "api/compute/eltwise_binary_sfpu.h",
    "api/compute/compute_kernel_api.h",  # abs / sigmoid / tanh / log: SFPU code, includes sfpi.h
)


def processors_for(role: ProcessorRole, source: str) -> tuple[Processor, ...]:
    """The builds a kernel is checked on: CHECKED_PROCESSORS, except that compute kernels using
    the SFPU get the TRISC2_API build (see Processor.TRISC2_API)."""
    if role is ProcessorRole.COMPUTE and any(h in source for h in SFPU_HEADERS):
        return (Processor.TRISC2_API,)
    return CHECKED_PROCESSORS[role]


# tt-metal's defines for every Wormhole B0 kernel build (KERNEL_COMPILE_TIME_ARGS is added per check).
COMMON_DEFINES = (
    "IS_NOT_POW2_NUM_DRAM_BANKS=1",
    "LOG_BASE_2_OF_NUM_L1_BANKS=6",
    "NUM_DRAM_BANKS=12",
    "NUM_L1_BANKS=64",
    "PCIE_NOC_X=0",
    "PCIE_NOC_Y=3",
    "TENSIX_FIRMWARE",
    "LOCAL_MEM_EN=0",
    "ROUTING_FW_ENABLED",
    "PROGRAMMABLE_CORE_TYPE=0",
    "ARCH_WORMHOLE",
    "DISPATCH_MESSAGE_ADDR=4290183304",
    "KERNEL_BUILD",
)

# sfpi-GCC attributes are unknown to clang; clang 19 rejects one GCC-accepted construct in
# api/dataflow/endpoints.h, and a narrowing in a discarded `if constexpr` branch of the fabric's
# edm_fabric_flow_control_helpers.hpp:85, which GCC, checking only instantiated branches, never sees.
CLANG_FLAGS = (
    "--target=riscv32-unknown-elf",
    "-fsyntax-only",
    "-std=c++17",
    "-fno-color-diagnostics",
    "-ferror-limit=50",
    "-Wno-unknown-attributes",
    "-Wno-missing-template-arg-list-after-template-kw",
    "-Wno-c++11-narrowing-const-reference",
)

# tt::DataFormat codes (tensix_types.h) of the element types ttlang supports.
DATA_FORMAT_CODES: Mapping[str, int] = {"float32": 0, "bfloat16": 5}
# The unpacker output formats the JIT gives an f32 CB (jit_build/data_format.cpp, seen in the
# chlkc_descriptors.h it generates on the mock device): Float32 when the CB's unpack_to_dest_mode
# is UnpackToDestFp32 (copy_tile then unpacks straight to DEST), else Tf32 with fp32 DEST
# accumulation and Float16_b without.
FLOAT32, TF32, FLOAT16_B = 0, 4, 5
INVALID_DATA_FORMAT = 0xFF
# The check compiles against the Wormhole headers; the target table's home is ttl/Targets.h.
NUM_CIRCULAR_BUFFERS = _ttlang.targets()["wormhole_b0"]["circular_buffers"]
# The tile geometry's one home is ttl/TileGeometry.h.
TILE_SIDE, FACE_SIDE = _ttlang.TILE_SIDE, _ttlang.FACE_SIDE
TILE_BYTES: Mapping[str, int] = {
    dtype: TILE_SIDE * TILE_SIDE * size for dtype, size in (("float32", 4), ("bfloat16", 2))
}


@dataclass(frozen=True)
class Toolchain:
    """Where the check's tools are: the clang-19 driver and the installed ttnn package."""

    clang: str
    ttnn_root: Path

    def include_dirs(self, processor: Processor) -> tuple[str, ...]:
        t = self.ttnn_root
        internal = t / "tt_metal/hw/inc/internal/tt-1xx"
        dirs = [
            t,
            t / "ttnn",
            t / "ttnn/cpp",
            t / "tt_metal/hw/inc",
            t / "tt_metal/tt-llk/common",
            t / "tt_metal/tt-llk/tools/include",
            t / "tt_metal/hostdevcommon/api",
            t / "tt_metal/api",
            t / "tt_metal/hw/ckernels/wormhole_b0/metal/common",
            t / "tt_metal/hw/ckernels/wormhole_b0/metal/llk_io",
            internal,
            internal / "wormhole",
            internal / "wormhole/wormhole_b0_defines",
            internal / "wormhole/noc",
            t / "tt_metal/tt-llk/tt_llk_wormhole_b0/common/inc",
            t / "tt_metal/tt-llk/tt_llk_wormhole_b0/llk_lib",
            self.firmware_dir,
        ]
        if processor.is_compute:
            dirs += [
                t / "tt_metal/hw/ckernels/wormhole_b0/metal/llk_api",
                t / "tt_metal/hw/ckernels/wormhole_b0/metal/llk_api/llk_sfpu",
            ]
        return tuple(str(d) for d in dirs)

    @property
    def firmware_dir(self) -> Path:
        return self.ttnn_root / "tt_metal/hw/firmware/src/tt-1xx"


def find_toolchain() -> Toolchain:
    """The tools for the check, or :class:`KernelCheckUnavailable` saying what is missing."""
    clang = next((path for c in CLANG_CANDIDATES if (path := shutil.which(c))), None)
    if clang is None:
        raise KernelCheckUnavailable(
            "clang-19 is not installed (as root: apt-get update && apt-get install -y clang-19; "
            "`make test` does this when it can)"
        )
    missing = [d for d in HOST_CXX_INCLUDE_DIRS if not os.path.isdir(d)]
    if missing:
        raise KernelCheckUnavailable(
            f"host libstdc++ 12 headers are missing ({', '.join(missing)}); install libstdc++-12-dev"
        )
    spec = importlib.util.find_spec("ttnn")
    if spec is None or not spec.submodule_search_locations:
        raise KernelCheckUnavailable("the ttnn package (0.81.1) is not installed in this Python")
    root = Path(next(iter(spec.submodule_search_locations)))
    toolchain = Toolchain(clang=clang, ttnn_root=root)
    if not (toolchain.firmware_dir / "brisck.cc").is_file():
        raise KernelCheckUnavailable(f"no TT-Metal firmware sources under {toolchain.firmware_dir}")
    return toolchain


@dataclass(frozen=True)
class KernelCheckResult:
    """Outcome of one processor build of one kernel."""

    name: str
    processor: Processor
    ok: bool  # the front end accepted the build (no errors)
    diagnostics: str  # clang's complete output
    kernel_warnings: tuple[str, ...]  # warnings located in the kernel source itself
    command: tuple[str, ...] = field(repr=False)

    def errors(self) -> tuple[str, ...]:
        return tuple(
            line
            for line in self.diagnostics.splitlines()
            if ": error: " in line or ": fatal error: " in line
        )

    def summary(self) -> str:
        status = "ok" if self.ok else "FAILED"
        text = f"{self.name} [{self.processor.name}]: {status}"
        if not self.ok:
            text += "\n" + "\n".join(self.errors()[:10])
        return text


@dataclass(frozen=True)
class KernelCheckJob:
    """One kernel source to check on one processor build."""

    name: str  # file stem used in diagnostics, e.g. "reader"
    source: str
    processor: Processor
    compile_time_args: tuple[int, ...]
    defines: tuple[tuple[str, str], ...] = ()
    # Physical circular-buffer index -> element type ("bfloat16" | "float32"), for the compute
    # build's data-format descriptors. Indices not listed are unconfigured (Invalid format).
    dfb_formats: tuple[tuple[int, str], ...] = ()
    # Header directories of the kernel's external calls (KernelDescriptorSpec.include_paths).
    include_paths: tuple[str, ...] = ()
    # DST_ACCUM_MODE of the compute build (KernelDescriptorSpec.fp32_dest_acc_en).
    fp32_dest_acc_en: bool = False
    # CB indices unpacked straight to DEST (KernelDescriptorSpec.unpack_to_dest): their
    # unpack_dst_format is Float32, as the JIT writes it for UnpackToDestFp32.
    unpack_to_dest: tuple[int, ...] = ()


def check_kernel(
    source: str,
    processor: Processor,
    *,
    compile_time_args: Sequence[int],
    defines: Iterable[tuple[str, str]] = (),
    dfb_formats: Mapping[int, str] | None = None,
    name: str = "kernel",
    toolchain: Toolchain | None = None,
) -> KernelCheckResult:
    """Run the front end on ``source`` built for ``processor``; see the module docstring."""
    job = KernelCheckJob(
        name=name,
        source=source,
        processor=processor,
        compile_time_args=tuple(compile_time_args),
        defines=tuple(defines),
        dfb_formats=tuple(sorted((dfb_formats or {}).items())),
    )
    return run_job(job, toolchain or find_toolchain())


def run_jobs(
    jobs: Sequence[KernelCheckJob], toolchain: Toolchain | None = None, max_workers: int | None = None
) -> list[KernelCheckResult]:
    """Run several checks in parallel (each is a separate clang process); results in job order.
    A job listed twice runs once."""
    toolchain = toolchain or find_toolchain()
    unique = list(dict.fromkeys(jobs))
    workers = max_workers or max(1, min(len(unique), os.cpu_count() or 1))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        results = dict(zip(unique, pool.map(lambda job: run_job(job, toolchain), unique)))
    return [results[job] for job in jobs]


# The results of this process's checks, by job, toolchain and the state of the job's include
# directories: a check is a pure function of those (the wheel's headers and clang do not change
# under a running process), and the test suite checks many kernels more than once (an example's
# kernels in its own test and in the feature's; the same reader on two targets): 17% of its
# clang runs were repeats.
_RESULTS: dict[tuple[KernelCheckJob, Toolchain, tuple], KernelCheckResult] = {}


def run_job(job: KernelCheckJob, toolchain: Toolchain) -> KernelCheckResult:
    """One check; an identical check already run by this process returns its result."""
    key = (job, toolchain, _include_state(job.include_paths))
    result = _RESULTS.get(key)
    if result is None:
        result = _RESULTS.setdefault(key, _run_clang(job, toolchain))
    return result


def _include_state(include_paths: Sequence[str]) -> tuple:
    """Every file under the job's own include directories with a digest of its bytes: a header
    rewritten between two checks makes them different checks."""
    state = []
    for directory in include_paths:
        for root, dirs, files in os.walk(directory):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(root, name)
                with open(path, "rb") as f:
                    state.append((path, hashlib.blake2b(f.read(), digest_size=16).digest()))
    return tuple(state)


def _run_clang(job: KernelCheckJob, toolchain: Toolchain) -> KernelCheckResult:
    with tempfile.TemporaryDirectory(prefix="ttlang-kernel-check-") as tmp:
        gen = Path(tmp)
        kernel_file = gen / f"{job.name}.cpp"
        kernel_file.write_text(job.source)
        _write_generated_files(gen, job)
        command = _command(job, toolchain, gen)
        proc = subprocess.run(command, capture_output=True, text=True, check=False)
        diagnostics = proc.stdout + proc.stderr
        prefix = f"{kernel_file}:"
        warnings = tuple(
            line.replace(str(gen) + "/", "")
            for line in diagnostics.splitlines()
            if line.startswith(prefix) and ": warning: " in line
        )
        return KernelCheckResult(
            name=job.name,
            processor=job.processor,
            ok=proc.returncode == 0,
            diagnostics=diagnostics.replace(str(gen) + "/", ""),
            kernel_warnings=warnings,
            command=tuple(command),
        )


def _command(job: KernelCheckJob, toolchain: Toolchain, gen: Path) -> list[str]:
    ct_args = ",".join(str(a) for a in job.compile_time_args)
    command = [toolchain.clang, *CLANG_FLAGS]
    # The shim comes first so that <cstdint> finds the newlib-style types.
    command += ["-isystem", str(gen / "shim")]
    for d in HOST_CXX_INCLUDE_DIRS:
        command += ["-isystem", d]
    command += ["-I", str(gen)]
    for d in job.include_paths:
        command += ["-I", d]
    for d in toolchain.include_dirs(job.processor):
        command += ["-I", d]
    command += [f"-D{d}" for d in COMMON_DEFINES]
    command += [f"-D{d}" for d in job.processor.defines]
    command.append(f"-DKERNEL_COMPILE_TIME_ARGS={ct_args}")
    if not job.processor.is_compute:
        # tt-metal passes data-movement kernel defines on the command line; compute kernels get
        # them through defines_generated.h.
        command += [f"-D{k}={v}" for k, v in job.defines]
    command.append(str(toolchain.firmware_dir / job.processor.wrapper))
    return command


def _write_generated_files(gen: Path, job: KernelCheckJob) -> None:
    """The files tt-metal's JIT build generates next to a kernel, plus the newlib shim."""
    shim = gen / "shim"
    (shim / "gnu").mkdir(parents=True)
    (shim / "stdint.h").write_text(_STDINT_SHIM)
    # glibc's headers want this under a 32-bit target; nothing in it is used.
    (shim / "gnu" / "stubs-32.h").write_text("/* empty: see ttlang.testing.kernel_check */\n")
    include = f'#include "{job.name}.cpp"\n'
    # Data-movement builds read it too: get_tile_size() exists only when it is there.
    (gen / "chlkc_descriptors.h").write_text(
        _descriptors(dict(job.dfb_formats), job.fp32_dest_acc_en, job.unpack_to_dest)
    )
    if not job.processor.is_compute:
        (gen / "kernel_includes.hpp").write_text(include)
        return
    (gen / "defines_generated.h").write_text(
        "".join(f"#define {k} {v}\n" for k, v in job.defines)
    )
    stage = {"TRISC0": "unpack", "TRISC1": "math"}.get(job.processor.name, "pack")
    macro = f"#define {job.processor.stage_macro}\n" if job.processor.stage_macro else ""
    (gen / f"chlkc_{stage}.cpp").write_text(f'{macro}#include "defines_generated.h"\n{include}')


def _descriptors(
    dfb_formats: Mapping[int, str], fp32_dest_acc_en: bool = False, unpack_to_dest: Sequence[int] = ()
) -> str:
    """chlkc_descriptors.h: per-CB data formats and tile shapes, math fidelity, dest mode (as the
    JIT writes it from the kernel's ComputeConfigDescriptor). The generated header of Wormhole
    defines no ``UnpackToDestEn`` (llk_defs.h's ``ckernel::UnpackToDestEn`` is always true):
    the per-CB unpack-to-DEST choice reaches the kernel as ``unpack_dst_format``."""

    def array(ctype: str, name: str, values: Sequence[int]) -> str:
        return f"constexpr {ctype} {name}[{NUM_CIRCULAR_BUFFERS}] = {{{', '.join(map(str, values))}}};\n"

    formats = [INVALID_DATA_FORMAT] * NUM_CIRCULAR_BUFFERS
    unpack_dst = [INVALID_DATA_FORMAT] * NUM_CIRCULAR_BUFFERS
    tile_size = [0] * NUM_CIRCULAR_BUFFERS
    for index, dtype in dfb_formats.items():
        formats[index] = unpack_dst[index] = DATA_FORMAT_CODES[dtype]
        tile_size[index] = TILE_BYTES[dtype]
        if dtype == "float32":
            if index in unpack_to_dest:
                unpack_dst[index] = FLOAT32
            else:
                unpack_dst[index] = TF32 if fp32_dest_acc_en else FLOAT16_B
    per_cb = {
        "num_faces": [(TILE_SIDE // FACE_SIDE) ** 2] * NUM_CIRCULAR_BUFFERS,
        "partial_face": [0] * NUM_CIRCULAR_BUFFERS,
        "face_r_dim": [FACE_SIDE] * NUM_CIRCULAR_BUFFERS,
        "narrow_tile": [0] * NUM_CIRCULAR_BUFFERS,
        "r_dim": [TILE_SIDE] * NUM_CIRCULAR_BUFFERS,
        "c_dim": [TILE_SIDE] * NUM_CIRCULAR_BUFFERS,
    }
    text = "#pragma once\n#include <cstdint>\n\n"
    for side in ("unpack", "pack"):
        text += array("std::int32_t" if side == "unpack" else "unsigned char", f"{side}_src_format", formats)
        dst = unpack_dst if side == "unpack" else formats
        text += array("std::int32_t" if side == "unpack" else "unsigned char", f"{side}_dst_format", dst)
        text += array("std::uint8_t", f"{side}_tile_num_faces", per_cb["num_faces"])
        text += array("std::uint8_t", f"{side}_partial_face", per_cb["partial_face"])
        text += array("std::uint8_t", f"{side}_tile_face_r_dim", per_cb["face_r_dim"])
        text += array("std::uint8_t", f"{side}_narrow_tile", per_cb["narrow_tile"])
        text += array("std::uint8_t", f"{side}_tile_r_dim", per_cb["r_dim"])
        text += array("std::uint8_t", f"{side}_tile_c_dim", per_cb["c_dim"])
        text += array("std::uint16_t", f"{side}_tile_size", tile_size)
        text += array("std::uint8_t", f"{side}_num_faces_r_dim", [2] * NUM_CIRCULAR_BUFFERS)
        text += array("std::uint8_t", f"{side}_num_faces_c_dim", [2] * NUM_CIRCULAR_BUFFERS)
    text += (
        "\n#if defined(COMPILE_FOR_TRISC)\n"
        f"constexpr bool DST_ACCUM_MODE = {'true' if fp32_dest_acc_en else 'false'};\n"
        "#define DST_SYNC_MODE DstSync::SyncHalf\n"
        "constexpr ckernel::MathFidelity MATH_FIDELITY = ckernel::MathFidelity::HiFi4;\n"
        "constexpr bool APPROX = false;\n"
        "#endif\n"
    )
    return text


# --- checking the kernels of a compiled artifact ------------------------------------------------


def sample_compile_time_args(artifact: CompiledArtifact, kernel: KernelDescriptorSpec) -> tuple[int, ...]:
    """Compile-time argument words as the runtime builds them for ``kernel`` (see
    docs/kernel-abi.md): the compiler's finished words (physical DFB indices, TensorAccessorArgs
    words), 0 for a caller argument count."""
    words: list[int] = []
    for arg in kernel.abi.compile_time_args:
        words += arg.words if arg.words else [0] * arg.count
    return tuple(words)


def artifact_jobs(artifact: CompiledArtifact, prefix: str = "") -> list[KernelCheckJob]:
    """One job per kernel descriptor of ``artifact`` and per checked processor build."""
    formats = tuple(sorted((d.physical_index, d.data_format) for d in artifact.dataflow_buffers))
    jobs = []
    for i, kernel in enumerate(artifact.kernels):
        name = _identifier(f"{prefix}{artifact.operation_name}_{kernel.logical_kernel.name}_{i}")
        for processor in processors_for(kernel.role, kernel.source):
            jobs.append(
                KernelCheckJob(
                    name=name,
                    source=kernel.source,
                    processor=processor,
                    compile_time_args=sample_compile_time_args(artifact, kernel),
                    defines=kernel.defines,
                    dfb_formats=formats,
                    include_paths=kernel.include_paths,
                    fp32_dest_acc_en=kernel.fp32_dest_acc_en,
                    unpack_to_dest=kernel.unpack_to_dest,
                )
            )
    return jobs


def _identifier(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", text)


# The Tenstorrent newlib toolchain makes 32-bit types long / unsigned long; the headers overload on
# both uint32_t and unsigned, so glibc's stdint.h would cause redefinition errors.
_STDINT_SHIM = """\
/* stdint.h as the Tenstorrent newlib RISC-V toolchain defines it (32-bit types are long). */
#ifndef TTLANG_KERNEL_CHECK_STDINT_H
#define TTLANG_KERNEL_CHECK_STDINT_H
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef long int32_t;
typedef unsigned long uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
typedef int8_t int_least8_t;
typedef uint8_t uint_least8_t;
typedef int16_t int_least16_t;
typedef uint16_t uint_least16_t;
typedef int32_t int_least32_t;
typedef uint32_t uint_least32_t;
typedef int64_t int_least64_t;
typedef uint64_t uint_least64_t;
typedef int int_fast8_t;
typedef unsigned int uint_fast8_t;
typedef int int_fast16_t;
typedef unsigned int uint_fast16_t;
typedef int int_fast32_t;
typedef unsigned int uint_fast32_t;
typedef int64_t int_fast64_t;
typedef uint64_t uint_fast64_t;
typedef int intptr_t;
typedef unsigned int uintptr_t;
typedef int64_t intmax_t;
typedef uint64_t uintmax_t;
#define INT8_MIN (-128)
#define INT8_MAX 127
#define UINT8_MAX 255
#define INT16_MIN (-32768)
#define INT16_MAX 32767
#define UINT16_MAX 65535
#define INT32_MIN (-2147483647L - 1)
#define INT32_MAX 2147483647L
#define UINT32_MAX 4294967295UL
#define INT64_MIN (-9223372036854775807LL - 1)
#define INT64_MAX 9223372036854775807LL
#define UINT64_MAX 18446744073709551615ULL
#define INTPTR_MIN (-2147483647 - 1)
#define INTPTR_MAX 2147483647
#define UINTPTR_MAX 4294967295U
#define SIZE_MAX 4294967295U
#define INT8_C(x) x
#define INT16_C(x) x
#define INT32_C(x) x##L
#define INT64_C(x) x##LL
#define UINT8_C(x) x
#define UINT16_C(x) x
#define UINT32_C(x) x##UL
#define UINT64_C(x) x##ULL
#define INTMAX_C(x) x##LL
#define UINTMAX_C(x) x##ULL
#endif
"""
