"""Reading a ``ttnn.ProgramDescriptor`` into what the emulated device runs: per kernel its
host build, cores, runtime arguments and compute configuration; the circular buffers; the
semaphores."""

from __future__ import annotations

import pathlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ttlang.emu import _emu
from ttlang.emu.build import KernelBuild, KernelCache
from ttlang.emu.errors import NotEmulatedError, ProgramError

XY = tuple[int, int]
# Role codes of the native module (ttlemu::Role): TT-Metal's reader config runs on RISCV_1
# (NCRISC), its writer config on RISCV_0 (BRISC).
_ROLE_CODES = {"data_movement_0": 0, "data_movement_1": 1, "compute": 2}


def cores_of(core_ranges: Any) -> list[XY]:
    """The cores of a ttnn.CoreRangeSet, row-major."""
    cores = []
    for core_range in core_ranges.ranges():
        for y in range(core_range.start.y, core_range.end.y + 1):
            for x in range(core_range.start.x, core_range.end.x + 1):
                cores.append((x, y))
    return sorted(cores, key=lambda c: (c[1], c[0]))


def _role(config: Any) -> str:
    kind = type(config).__name__
    if kind == "ComputeConfigDescriptor":
        return "compute"
    if kind == "ReaderConfigDescriptor":
        return "data_movement_1"
    if kind == "WriterConfigDescriptor":
        return "data_movement_0"
    if kind == "DataMovementConfigDescriptor":
        return "data_movement_0" if str(config.processor).endswith("RISCV_0") else "data_movement_1"
    raise NotEmulatedError(f"kernel config {kind} is not emulated")


def _fidelity(value: Any) -> int:
    name = str(value).rsplit(".", 1)[-1]
    return {"LoFi": 0, "HiFi2": 2, "HiFi3": 3, "HiFi4": 4}[name]


def _unpack_to_dest(config: Any) -> int:
    """Bit i set: CB i's unpack_to_dest_mode is UnpackToDestFp32."""
    mask = 0
    for index, mode in enumerate(config.unpack_to_dest_mode):
        if str(mode).endswith("UnpackToDestFp32"):
            mask |= 1 << index
    return mask


def _words(vector: Any) -> list[int]:
    """The ints of a ttnn ``VectorUInt32``, by index: iterating one ends in a C++ exception
    (about 5 us per vector, even an empty one)."""
    return [int(vector[i]) for i in range(len(vector))]


def _source(kernel: Any) -> str:
    if str(kernel.source_type).endswith("FILE_PATH"):
        return pathlib.Path(kernel.kernel_source).read_text()
    return kernel.kernel_source


# One dispatch's runtime arguments of one kernel: per core (the kernel's core order), common.
KernelArgs = tuple[list[list[int]], list[int]]


@dataclass(frozen=True)
class _Known:
    """A program read once: converted for the native module, with each kernel's cores and
    the runtime arguments it was read with."""

    native: Any  # ttlang.emu._emu.Program
    cores: tuple[list[XY], ...]
    args: tuple[KernelArgs, ...]


class ProgramCache:
    """Programs by ``custom_program_hash``, as ttnn's program cache keeps them: a descriptor
    with a hash seen before reuses that program's kernels, circular buffers and semaphores
    (converted for the native module once) and only brings its runtime arguments (a
    descriptor without a hash is always read whole). ``reverse``: the device's kernel order."""

    def __init__(self, arch: str, banks: tuple[int, int], kernels: KernelCache, reverse: bool) -> None:
        self._arch, self._banks, self._kernels, self._reverse = arch, banks, kernels, reverse
        self._programs: dict[int, _Known] = {}

    def read(
        self, program: Any, kernel_names: Sequence[str] | None = None
    ) -> tuple[Any, list[KernelArgs]]:
        """The native module's program for ``program`` and this dispatch's runtime arguments."""
        key = program.custom_program_hash
        known = self._programs.get(key) if key is not None else None
        descriptors = program.kernels
        if known is None or len(known.cores) != len(descriptors):
            kernels, cbs, semaphores = _read_program(
                program, self._arch, self._banks, self._kernels, kernel_names
            )
            known = _Known(
                _emu.Program(kernels, cbs, semaphores, self._reverse),
                tuple(entry[3] for entry in kernels),
                tuple((entry[4], entry[5]) for entry in kernels),
            )
            if key is not None:
                self._programs[key] = known
            return known.native, list(known.args)
        refreshed = []
        for index, (per_core, _) in enumerate(known.args):
            kernel = descriptors[index]  # by index: iteration ends in a C++ exception (_words)
            # Which cores have runtime arguments is part of the program hash (ttnn.md): only
            # the cores that had them are read again.
            if any(per_core):
                per_core = _runtime_args(kernel, known.cores[index], [bool(words) for words in per_core])
            refreshed.append((per_core, _words(kernel.common_runtime_args)))
        return known.native, refreshed


def _runtime_args(kernel: Any, cores: list[XY], with_args: list[bool] | None = None) -> list[list[int]]:
    view = kernel.runtime_args
    args = []
    for index, (x, y) in enumerate(cores):
        if with_args is not None and not with_args[index]:
            args.append([])
            continue
        try:
            args.append(_words(view[x][y]))
        except IndexError:  # a core without runtime arguments
            args.append([])
    return args


def _read_program(
    program: Any,
    arch: str,
    banks: tuple[int, int],
    cache: KernelCache,
    kernel_names: Sequence[str] | None = None,
) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """The native module's kernel, circular-buffer and semaphore tuples for ``program``
    (kernels built on the host, from the cache when possible)."""
    builds: list[KernelBuild] = []
    placements = []
    for index, kernel in enumerate(program.kernels):
        name = kernel_names[index] if kernel_names else f"descriptor {index}"
        role = _role(kernel.config)
        config = kernel.config
        compute = role == "compute"
        builds.append(KernelBuild(
            name=name,
            source=_source(kernel),
            compile_time_args=tuple(int(v) for v in kernel.compile_time_args),
            named_compile_time_args=tuple((str(n), int(v)) for n, v in kernel.named_compile_time_args),
            defines=tuple((str(n), str(v)) for n, v in kernel.defines),
            include_paths=tuple(str(p) for p in kernel.compiler_include_paths),
            role=role,
            arch=arch,
            fp32_dest_acc_en=bool(config.fp32_dest_acc_en) if compute else False,
            math_approx_mode=bool(config.math_approx_mode) if compute else False,
            math_fidelity=_fidelity(config.math_fidelity) if compute else 4,
        ))
        cores = cores_of(kernel.core_ranges)
        args = _runtime_args(kernel, cores)
        placements.append((name, role, cores, args, _words(kernel.common_runtime_args),
                           bool(config.dst_full_sync_en) if compute else False,
                           _unpack_to_dest(config) if compute else 0))
    libraries = cache.libraries(builds, banks)
    kernels = [
        (name, str(library), _ROLE_CODES[role], cores, args, common,
         build.fp32_dest_acc_en, full_sync, build.math_fidelity, to_dest)
        for (name, role, cores, args, common, full_sync, to_dest), build, library
        in zip(placements, builds, libraries)
    ]
    cbs = []
    for cb in program.cbs:
        if cb.has_buffer() or cb.has_global_circular_buffer():
            raise NotEmulatedError("circular buffers placed on a tensor's buffer are not emulated")
        formats = [(int(f.buffer_index), int(f.data_format_as_uint8), int(f.page_size))
                   for f in cb.format_descriptors]
        if not formats:
            raise ProgramError("a circular buffer without a format descriptor")
        cbs.append((cores_of(cb.core_ranges), int(cb.total_size), formats))
    semaphores = [
        (int(s.id), int(s.initial_value), cores_of(s.core_ranges)) for s in program.semaphores
    ]
    return kernels, cbs, semaphores
