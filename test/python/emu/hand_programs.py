"""Hand-written TT-Metal kernels and ttnn program descriptors for emulated-device tests that
do not go through the compiler: they pin down what the emulator models (circular-buffer
counters, scalar-op semantics, DEST formats, errors) independently of the code generator."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


def ttnn():
    import ttnn as module

    return module


READER = """
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
// Reads `pages` pages of tensor 0 into CB get_compile_time_arg_val(0), one page at a time.
void kernel_main() {
  constexpr uint32_t cb = get_compile_time_arg_val(0);
  auto args = TensorAccessorArgs<1>();
  auto tensor = TensorAccessor(args, get_common_arg_val<uint32_t>(0));
  uint32_t pages = get_arg_val<uint32_t>(0);
  for (uint32_t p = 0; p < pages; ++p) {
    cb_reserve_back(cb, 1);
    noc_async_read_page(p, tensor, get_write_ptr(cb));
    noc_async_read_barrier();
    cb_push_back(cb, 1);
  }
}
"""

WRITER = """
#include <cstdint>
#include "api/dataflow/dataflow_api.h"
// Writes `pages` pages from CB get_compile_time_arg_val(0) to tensor 0.
void kernel_main() {
  constexpr uint32_t cb = get_compile_time_arg_val(0);
  auto args = TensorAccessorArgs<1>();
  auto tensor = TensorAccessor(args, get_common_arg_val<uint32_t>(0));
  uint32_t pages = get_arg_val<uint32_t>(0);
  for (uint32_t p = 0; p < pages; ++p) {
    cb_wait_front(cb, 1);
    noc_async_write_page(p, tensor, get_read_ptr(cb));
    noc_async_write_barrier();
    cb_pop_front(cb, 1);
  }
}
"""


def unary_compute(body: str, pages_define: int = 1) -> str:
    """A compute kernel: for each page, CB 0 tile -> DEST 0, ``body`` on DEST, pack to CB 16."""
    return f"""
#include <cstdint>
#include "api/compute/cb_api.h"
#include "api/compute/common.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/tile_move_copy.h"
#include "api/compute/reg_api.h"
#include "api/compute/pack.h"
#include "api/compute/eltwise_unary/binop_with_scalar.h"
#include "api/compute/eltwise_unary/exp.h"
void kernel_main() {{
  compute_kernel_hw_startup(0, 0, 16);
  for (uint32_t p = 0; p < PAGES; ++p) {{
    cb_wait_front(0, 1);
    cb_reserve_back(16, 1);
    tile_regs_acquire();
    copy_init(0);
    copy_tile(0, 0, 0);
    {body}
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, 16);
    tile_regs_release();
    cb_push_back(16, 1);
    cb_pop_front(0, 1);
  }}
}}
"""


@dataclass
class Kernel:
    source: str
    role: str  # "reader" | "writer" | "compute"
    compile_time_args: Sequence[int] = ()
    runtime_args: Sequence[int] = ()  # the same on every core
    common_runtime_args: Sequence[int] = ()
    defines: Sequence[tuple[str, str]] = ()
    fp32_dest_acc_en: bool = False
    unpack_to_dest: Sequence[int] = ()  # CB indices with UnpackToDestFp32


@dataclass
class Program:
    kernels: list[Kernel]
    cbs: list[tuple[int, str, int]] = field(default_factory=list)  # (index, dtype, pages)
    semaphores: list[tuple[int, int]] = field(default_factory=list)  # (id, initial)
    cores: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))

    def descriptor(self):
        t = ttnn()
        (x0, y0), (x1, y1) = self.cores
        ranges = t.CoreRangeSet([t.CoreRange(t.CoreCoord(x0, y0), t.CoreCoord(x1, y1))])
        coords = [t.CoreCoord(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
        kernels = []
        for k in self.kernels:
            config = {
                "reader": t.ReaderConfigDescriptor,
                "writer": t.WriterConfigDescriptor,
            }.get(k.role)
            kernels.append(t.KernelDescriptor(
                k.source,
                source_type=t.KernelDescriptor.SourceType.SOURCE_CODE,
                core_ranges=ranges,
                compile_time_args=list(k.compile_time_args),
                defines=list(k.defines),
                runtime_args=[(c, list(k.runtime_args)) for c in coords] if k.runtime_args else [],
                common_runtime_args=list(k.common_runtime_args),
                config=config() if config else _compute_config(k),
            ))
        from ttlang.emu import _emu

        # (ttnn data type, bytes per tile from the emulator's own table: DataFormat codes)
        dtypes = {
            "bfloat16": (t.DataType.BFLOAT16, _emu.tile_size(5)),
            "float32": (t.DataType.FLOAT32, _emu.tile_size(0)),
            "bfloat8_b": (t.DataType.BFLOAT8_B, _emu.tile_size(6)),
        }
        cbs = [
            t.CBDescriptor(pages * dtypes[dtype][1], ranges,
                           [t.CBFormatDescriptor(index, dtypes[dtype][0], dtypes[dtype][1])])
            for index, dtype, pages in self.cbs
        ]
        semaphores = [t.SemaphoreDescriptor(i, core_ranges=ranges, initial_value=v) for i, v in self.semaphores]
        return t.ProgramDescriptor(kernels=kernels, semaphores=semaphores, cbs=cbs)


def _compute_config(kernel: Kernel):
    t = ttnn()
    config = t.ComputeConfigDescriptor(fp32_dest_acc_en=kernel.fp32_dest_acc_en)
    if kernel.unpack_to_dest:
        modes = t._ttnn.program_descriptor.UnpackToDestMode
        vector = [modes.Default] * 32
        for index in kernel.unpack_to_dest:
            vector[index] = modes.UnpackToDestFp32
        config.unpack_to_dest_mode = t._ttnn.program_descriptor.VectorUnpackToDestMode(vector)
    return config


def accessor_words(tensor) -> list[int]:
    """TensorAccessorArgs of an interleaved tensor: config (bit 1: DRAM) and page size."""
    is_dram = tensor.memory_config().buffer_type == "dram"
    return [2 if is_dram else 0, tensor.page_size]


def unary_program(
    src, dst, compute_source: str, *, fp32_dest_acc_en: bool = False, unpack_to_dest: Sequence[int] = ()
) -> Program:
    """reader(src) -> CB 0 -> compute -> CB 16 -> writer(dst), one tile page at a time."""
    pages = src.pages
    return Program(
        kernels=[
            Kernel(READER, "reader", [0, *accessor_words(src)], [pages], [src.buffer_address()]),
            Kernel(compute_source, "compute", defines=[("PAGES", str(pages))],
                   fp32_dest_acc_en=fp32_dest_acc_en, unpack_to_dest=unpack_to_dest),
            Kernel(WRITER, "writer", [16, *accessor_words(dst)], [pages], [dst.buffer_address()]),
        ],
        cbs=[(0, src.dtype, 2), (16, dst.dtype, 2)],
    )
