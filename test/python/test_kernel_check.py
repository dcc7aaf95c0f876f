"""The real-header kernel check accepts hand-written ttnn 0.81.1 kernels and rejects broken ones.

The reference kernels in test/kernels/reference are the target shape of generated code; the
broken ones each make one mistake the check must catch.
"""

from __future__ import annotations

import pathlib

import pytest
from kernel_results import assert_pass_without_warnings

from ttlang.testing.kernel_check import (
    KernelCheckJob,
    Processor,
    Toolchain,
    check_kernel,
    run_jobs,
)

KERNELS = pathlib.Path(__file__).resolve().parents[1] / "kernels"
REFERENCE = KERNELS / "reference" / "multicore_add"
BROKEN = KERNELS / "broken"

# Physical DFB indices of the reference add (a, b, out) and their element type.
A, B, OUT = 0, 1, 16
FORMATS = {A: "bfloat16", B: "bfloat16", OUT: "bfloat16"}
# TensorAccessorArgs of an interleaved DRAM tensor of bf16 tiles: ArgConfig::IsDram, page size.
DRAM_BF16_ACCESSOR = (2, 2048)


def _read(path: pathlib.Path) -> str:
    return path.read_text()


REFERENCE_JOBS = [
    (name, processor, ct_args)
    for name, processors, ct_args in (
        ("reader", (Processor.BRISC, Processor.NCRISC), (A, B, *DRAM_BF16_ACCESSOR, *DRAM_BF16_ACCESSOR)),
        ("writer", (Processor.BRISC, Processor.NCRISC), (OUT, *DRAM_BF16_ACCESSOR)),
        ("compute", (Processor.TRISC2,), (A, B, OUT)),
    )
    for processor in processors
]


def test_reference_add_kernels_pass_on_their_processor_builds(toolchain):
    jobs = [
        KernelCheckJob(
            name=name,
            source=_read(REFERENCE / f"{name}.cpp"),
            processor=processor,
            compile_time_args=ct_args,
            dfb_formats=tuple(FORMATS.items()),
        )
        for name, processor, ct_args in REFERENCE_JOBS
    ]
    results = run_jobs(jobs, toolchain)
    # Hand-written kernels are also warning-free (deprecated APIs would show up here).
    assert_pass_without_warnings(results)
    assert {(r.name, r.processor) for r in results} == {(n, p) for n, p, _ in REFERENCE_JOBS}


def test_undeclared_init_calls_fail_and_are_named(toolchain):
    result = check_kernel(
        _read(BROKEN / "undeclared_init.cpp"),
        Processor.TRISC2,
        compile_time_args=(),
        dfb_formats=FORMATS,
        name="undeclared_init",
        toolchain=toolchain,
    )
    assert not result.ok
    errors = "\n".join(result.errors())
    assert "undeclared_init.cpp:13:5: error: use of undeclared identifier 'binary_op_init_common'" in errors
    assert "undeclared_init.cpp:14:5: error: use of undeclared identifier 'add_tiles_init'" in errors


@pytest.mark.parametrize("processor", [Processor.BRISC, Processor.NCRISC])
def test_wrong_argument_count_fails(toolchain, processor):
    result = check_kernel(
        _read(BROKEN / "wrong_arg_count.cpp"),
        processor,
        compile_time_args=(A,),
        name="wrong_arg_count",
        toolchain=toolchain,
    )
    assert not result.ok
    assert any(
        "wrong_arg_count.cpp:13:5: error: no matching function for call to 'noc_async_read'" in e
        for e in result.errors()
    ), result.diagnostics


def test_old_entry_point_leaves_kernel_main_undeclared(toolchain):
    result = check_kernel(
        _read(BROKEN / "old_entry_point.cpp"),
        Processor.TRISC2,
        compile_time_args=(),
        dfb_formats=FORMATS,
        toolchain=toolchain,
    )
    assert not result.ok
    assert any("use of undeclared identifier 'kernel_main'" in e for e in result.errors())


def test_too_few_compile_time_args_trip_tensor_accessor_asserts(toolchain):
    # The reader's TensorAccessorArgs<2> needs words 2..5; with only the DFB indices the
    # header's static_assert on the compile-time argument index fires.
    result = check_kernel(
        _read(REFERENCE / "reader.cpp"),
        Processor.BRISC,
        compile_time_args=(A, B),
        dfb_formats=FORMATS,
        name="reader",
        toolchain=toolchain,
    )
    assert not result.ok
    assert any("Index out of range" in e for e in result.errors()), result.diagnostics


def test_compute_build_reports_a_wrong_processor_api(toolchain):
    # A compute kernel calling a NoC API does not build for the pack processor.
    source = _read(REFERENCE / "compute.cpp").replace(
        "cb_push_back(out_dfb, 1);", "cb_push_back(out_dfb, 1);\n        noc_async_read_barrier();"
    )
    result = check_kernel(
        source, Processor.TRISC2, compile_time_args=(A, B, OUT), dfb_formats=FORMATS, toolchain=toolchain
    )
    assert not result.ok
    assert any("'noc_async_read_barrier'" in e for e in result.errors())


SFPU_KERNEL = """
#include <stdint.h>
#include "api/compute/cb_api.h"
#include "api/compute/compute_kernel_hw_startup.h"
#include "api/compute/eltwise_unary/exp.h"
#include "api/compute/pack.h"
#include "api/compute/reg_api.h"
#include "api/compute/tile_move_copy.h"

void kernel_main() {
    compute_kernel_hw_startup(0, 0, 16);
    cb_wait_front(0, 1);
    cb_reserve_back(16, 1);
    tile_regs_acquire();
    copy_init(0);
    copy_tile(0, 0, 0);
    EXP_INIT;
    exp_tile(0);
    tile_regs_commit();
    tile_regs_wait();
    pack_tile(0, 16);
    tile_regs_release();
    cb_push_back(16, 1);
    cb_pop_front(0, 1);
}
"""


def _sfpu(init: str, processor: Processor, toolchain: Toolchain):
    return check_kernel(
        SFPU_KERNEL.replace("EXP_INIT", init),
        processor,
        compile_time_args=(),
        dfb_formats={0: "bfloat16", 16: "bfloat16"},
        toolchain=toolchain,
    )


def test_sfpu_kernels_need_sfpi_in_the_full_pack_build(toolchain):
    # The wheel has no sfpi.h; the SFPU headers include it even for the pack processor.
    result = _sfpu("exp_tile_init()", Processor.TRISC2, toolchain)
    assert not result.ok
    assert any("'sfpi.h' file not found" in e for e in result.errors())


def test_sfpu_api_build_accepts_valid_and_rejects_misspelled_calls(toolchain):
    assert _sfpu("exp_tile_init()", Processor.TRISC2_API, toolchain).ok
    broken = _sfpu("exp_tile_inti()", Processor.TRISC2_API, toolchain)
    assert not broken.ok
    assert any("'exp_tile_inti'" in e for e in broken.errors())


def test_an_identical_check_runs_once_and_a_changed_header_runs_again(toolchain, tmp_path, monkeypatch):
    import ttlang.testing.kernel_check as kernel_check

    runs = []
    clang = kernel_check._run_clang
    monkeypatch.setattr(kernel_check, "_run_clang", lambda job, tc: runs.append(job) or clang(job, tc))
    include = tmp_path / "include"
    include.mkdir()
    header = include / "answer.hpp"
    header.write_text("constexpr int ANSWER = 42;\n")
    job = KernelCheckJob(
        name="includes_a_header",
        source='#include "answer.hpp"\nvoid kernel_main() { static_assert(ANSWER == 42); }\n',
        processor=Processor.BRISC,
        compile_time_args=(),
        include_paths=(str(include),),
    )
    first, again = run_jobs([job, job], toolchain)
    assert first.ok and again is first and runs == [job]
    assert run_jobs([job], toolchain) == [first] and runs == [job]
    # The same job with its header rewritten is another check (and this one fails).
    header.write_text("constexpr int ANSWER = 41;\n")
    (changed,) = run_jobs([job], toolchain)
    assert runs == [job, job]
    assert not changed.ok and any("static assertion failed" in e for e in changed.errors())
