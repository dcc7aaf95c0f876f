"""Every example operation runs on the emulated device and matches an independent numpy
reference: bit-exact where the numeric model (docs/emulator.md) makes the result exact, else
within the stated number of bfloat16 ulps. These are emulated results, not hardware ones."""

from __future__ import annotations

import math
import pathlib

import numpy as np
import pytest

from numerics import BF16, assert_bits_equal, assert_within_ulps, bf16, f32, truncate_bf16
from program_files import load_module

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples"


def example(name: str):
    return load_module(EXAMPLES / name, "emu_" + name.replace("/", "_").removesuffix(".py"))


def uniform(rng, shape, low=-1.0, high=1.0, dtype=BF16):
    return rng.uniform(low, high, shape).astype(np.float32).astype(dtype)


@pytest.mark.parametrize("name", ["tile_add_explicit.py", "tile_add_unified.py"])
def test_tile_add_is_exact(device, rng, name):
    # FPU add in f32, rounded to nearest even into the 16-bit DEST: exactly numpy's
    # bfloat16(float32(a) + float32(b)).
    a, b = uniform(rng, (128, 128)), uniform(rng, (128, 128))
    out = device.empty((128, 128))
    result = example(name).tile_add(device.tensor(a), device.tensor(b), out)
    assert result.emulated and not result.compile_only
    assert_bits_equal(out.to_numpy(), bf16(f32(a) + f32(b)))


def test_eltwise_add_multicore_is_exact(device, rng):
    a, b = uniform(rng, (256, 256)), uniform(rng, (256, 256))
    out = device.empty((256, 256))
    example("ttlang11/eltwise_add_multicore.py").eltwise_add(device.tensor(a), device.tensor(b), out)
    assert_bits_equal(out.to_numpy(), bf16(f32(a) + f32(b)))


def test_ceil_split_abs_diff_is_exact(device, rng):
    # The difference is an SFPU sub_binary_tile, which truncates into the 16-bit DEST
    # (no DstRoundingMode::NearestEven); abs is exact.
    a, b = uniform(rng, (64, 256)), uniform(rng, (64, 256))
    out = device.empty((64, 256))
    example("ttlang11/ceil_split_min.py").abs_diff(device.tensor(a), device.tensor(b), out)
    assert_bits_equal(out.to_numpy(), np.abs(truncate_bf16(f32(a) - f32(b))))


def test_constants_and_shape_relu_sub(device, rng):
    # relu(x) is exact; the SFPU subtraction truncates into the 16-bit DEST
    # (sub_binary_tile without DstRoundingMode::NearestEven), so the model is exact too.
    a, b = uniform(rng, (224, 128)), uniform(rng, (224, 128))
    out = device.empty((224, 128))
    example("ttlang11/constants_and_shape.py").relu_sub(device.tensor(a), device.tensor(b), out)
    assert_bits_equal(out.to_numpy(), truncate_bf16(np.maximum(f32(a), 0) - f32(b)))


def test_fused_exp_mul_add(device, rng):
    a, b, c = (uniform(rng, (64, 256)) for _ in range(3))
    out = device.empty((64, 256))
    example("ttlang11/fused_exp_mul_add.py").exp_mul_add(*map(device.tensor, (a, b, c)), out)
    reference = np.exp(f32(a).astype(np.float64)) * f32(b) + f32(c)
    # exp, the product and the sum each round once into bfloat16 (<= 1.5 ulp of the terms).
    scale = np.abs(np.exp(f32(a).astype(np.float64)) * f32(b)) + np.abs(f32(c))
    assert_within_ulps(out.to_numpy(), reference, 3, scale)


def test_gelu_tanh(device, rng):
    x = uniform(rng, (128, 128), -3, 3)
    out = device.empty((128, 128))
    example("ttlang11/gelu_tanh.py").gelu(device.tensor(x), out)
    v = f32(x).astype(np.float64)
    inner = math.sqrt(2 / math.pi) * (v + 0.044715 * v**3)
    reference = 0.5 * v * (1 + np.tanh(inner))
    # Seven rounded steps; the error is bounded relative to |x|, the largest intermediate.
    assert_within_ulps(out.to_numpy(), reference, 8, np.abs(v) + 1)


def test_matmul_4x4(device, rng):
    a, b = uniform(rng, (512, 256)), uniform(rng, (256, 256))
    out = device.empty((512, 256))
    example("ttlang11/matmul_4x4.py").matmul(device.tensor(a), device.tensor(b), out)
    reference = f32(a).astype(np.float64) @ f32(b).astype(np.float64)
    # Eight K tiles accumulate in the 16-bit DEST: each step rounds the partial sum once.
    scale = np.abs(f32(a).astype(np.float64)) @ np.abs(f32(b).astype(np.float64))
    assert_within_ulps(out.to_numpy(), reference, 8, scale)


def test_multi_with_fma_and_division(device, rng):
    a = uniform(rng, (64, 128))
    b = uniform(rng, (64, 128), 0.5, 2.0)
    c = uniform(rng, (64, 128))
    out, out2 = device.empty((64, 128)), device.empty((64, 128))
    example("ttlang11/multi_with.py").fma_div(*map(device.tensor, (a, b, c)), out, out2)
    va, vb, vc = (f32(t).astype(np.float64) for t in (a, b, c))
    assert_within_ulps(out.to_numpy(), va * vb + vc, 2, np.abs(va * vb) + np.abs(vc))
    assert_within_ulps(out2.to_numpy(), va / vb, 1)


def test_softmax_tail(device, rng):
    x = uniform(rng, (256, 256))
    m = uniform(rng, (256, 256), 0.5, 1.0)
    s = uniform(rng, (256, 256), 1.0, 4.0)
    out = device.empty((256, 256))
    example("ttlang11/softmax_like.py").softmax_tail(*map(device.tensor, (x, m, s)), out)
    vx, vm, vs = (f32(t).astype(np.float64) for t in (x, m, s))
    assert_within_ulps(out.to_numpy(), np.exp(vx - vm) / vs, 3)


def test_unary_chain(device, rng):
    x = uniform(rng, (256, 128), 0.25, 2.0)
    y, z = device.empty((256, 128)), device.empty((256, 128))
    example("ttlang11/unary_chain.py").unary_chain(device.tensor(x), y, z)
    v = f32(x).astype(np.float64)
    y_ref = 1 / (1 + np.exp(-(np.tanh(np.sqrt(np.abs(v))) - 1 / np.sqrt(np.maximum(v, 0)))))
    z_ref = np.log(1 / np.abs(v)) + np.sin(v) * np.cos(-v)
    assert_within_ulps(y.to_numpy(), y_ref, 4)
    assert_within_ulps(z.to_numpy(), z_ref, 6, np.abs(np.log(v)) + 1)


def test_composed_exp_then_exp(device, rng):
    x = uniform(rng, (64, 64), -1, 0.5)
    tmp, out = device.empty((64, 64)), device.empty((64, 64))
    example("composed.py").exp_then_exp(device.tensor(x), tmp, out)
    first = np.exp(f32(x).astype(np.float64))
    assert_within_ulps(tmp.to_numpy(), first, 2)
    assert_within_ulps(out.to_numpy(), np.exp(f32(tmp.to_numpy()).astype(np.float64)), 2)


def test_two_readers_relu_keeps_f32(device, rng):
    # f32 data in L1: with fp32_dest_acc_en the copy and relu keep every f32 bit.
    x = uniform(rng, (128, 64), dtype=np.float32) + np.float32(1e-4)
    out = device.empty((128, 64), dtype="float32", memory_config=_l1())
    example("two_readers.py").relu(device.tensor(x, memory_config=_l1()), out)
    assert_bits_equal(out.to_numpy(), np.maximum(x, np.float32(0)))


def _l1():
    import ttlang.emu as emu

    return emu.L1


def test_mixed_formats(device, rng):
    # The compute kernel touches f32 DFBs, so it runs with fp32_dest_acc_en: the matmul's dot
    # products and exp keep f32 precision in DEST.
    m = example("mixed_formats.py")
    a, b = uniform(rng, (64, 32)), uniform(rng, (32, 32))
    x = uniform(rng, (64, 32), dtype=np.float32)
    prod, y = device.empty((64, 32)), device.empty((64, 32), dtype="float32")
    m.mixed_formats(device.tensor(a), device.tensor(b), device.tensor(x), prod, y)
    va, vb = f32(a).astype(np.float64), f32(b).astype(np.float64)
    assert_within_ulps(prod.to_numpy(), va @ vb, 1, np.abs(va) @ np.abs(vb))
    np.testing.assert_allclose(y.to_numpy(), np.exp(x.astype(np.float64)), rtol=2**-21)


def test_convert_on_pack(device, rng):
    m = example("convert_on_pack.py")
    a, b, x = uniform(rng, (64, 32)), uniform(rng, (32, 32)), uniform(rng, (64, 32))
    total, prod = device.empty((64, 32)), device.empty((64, 32), dtype="float32")
    m.convert_on_pack(device.tensor(a), device.tensor(b), device.tensor(x), total, prod)
    assert_bits_equal(total.to_numpy(), bf16(f32(a) + f32(x)))
    va, vb = f32(a).astype(np.float64), f32(b).astype(np.float64)
    # Packed as f32 from an f32 DEST: only the f32 accumulation of 32 products rounds.
    np.testing.assert_allclose(prod.to_numpy(), va @ vb, rtol=0, atol=float(np.max(np.abs(va) @ np.abs(vb))) * 2**-20)


def test_external_function_examples_run_to_completion(device, rng):
    # The external C++ functions of examples/external/ttlang_examples.hpp only move DFB pages
    # as their declared effects say: every operation finishes (no deadlock, no fault) and
    # leaves its input as it was (external_stage's second tensor is its output).
    m = example("external_functions.py")
    assert len(m.OPERATIONS) == 9
    for op, count in m.OPERATIONS.values():
        values = [uniform(rng, (64, 64)) for _ in range(count)]
        tensors = [device.tensor(v) for v in values]
        result = op(*tensors)
        assert result.emulated
        assert_bits_equal(tensors[0].to_numpy(), values[0])


def test_runtime_collective_runs_with_its_factory(device):
    # collective_sender (examples/external/collective_sender.hpp) stores FABRIC_2D's routing
    # word 0x200 | slot into the first word of output page `slot`; the slots come from the
    # runtime resource factory's per-core words (0 on core (0, 0), 1 on core (1, 0)).
    m = example("runtime_collective.py")
    m.RUNTIME_OWNER.sequence = 0
    inp, out = device.empty((32, 64)), device.empty((32, 64))
    result = m.collective(inp, out)
    assert result.emulated and m.collective.runtime_resource_factory is not None
    words = out.to_numpy().view(np.uint16)
    assert (words[0, 0], words[0, 1]) == (0x200, 0)  # page 0 = tile (0, 0)
    assert (words[0, 32], words[0, 33]) == (0x201, 0)  # page 1 = tile (0, 1)


def test_fabric_forward_moves_each_tile_to_the_other_chip(rng):
    # The sender kernel owns claim "route" over three external calls (acquire, use, release);
    # its factory's binding is checked against the claim and the 1x2 mesh's control plane
    # before the programs run, one per chip, together. route_forward sends input page x through
    # the fabric (link 1) to output page (x + 1) % 2 of the other chip: each chip's output is
    # the other's input with its two tiles swapped, bit for bit.
    m = example("fabric_forward.py")
    inputs = np.stack([uniform(rng, (32, 64)), uniform(rng, (32, 64))])
    outputs = m.run_on_mesh(inputs)
    assert_bits_equal(outputs[0], np.roll(inputs[1], 32, axis=1))
    assert_bits_equal(outputs[1], np.roll(inputs[0], 32, axis=1))
    (claim,) = m.forward.compile(m.SPEC, m.SPEC).artifact.fabric_managers
    assert claim.name == "route" and claim.logical_kernel == m.sender


def test_emulated_matmul_example_script(capsys):
    import runpy

    runpy.run_path(str(EXAMPLES / "emulated_matmul.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "ran on the emulated device (an emulated result, not hardware)" in out
    error = float(out.split("largest error: ")[1].split()[0])
    assert error <= 8


def test_emulated_calls_hit_the_program_cache(device, rng):
    # The emulated device sits behind the same runtime as hardware dispatch: a second call with
    # tensors of the same specs reuses the cached program and computes with the new data.
    op = example("tile_add_unified.py").tile_add
    first = [uniform(rng, (128, 128)) for _ in range(2)]
    second = [uniform(rng, (128, 128)) for _ in range(2)]
    out = device.empty((128, 128))
    results = []
    for a, b in (first, second):
        results.append(op(device.tensor(a), device.tensor(b), out))
        assert_bits_equal(out.to_numpy(), bf16(f32(a) + f32(b)))
    assert [r.cache_hit for r in results] == [False, True]
    assert results[0].program_hash == results[1].program_hash


class _TorchLike:
    """What ttlang.emu reads of a torch tensor (detach().cpu().numpy(), dtype), without torch."""

    def __init__(self, values):
        self._values = values
        self.dtype = "torch.float32"

    def detach(self):
        return self

    def cpu(self):
        return self

    def numpy(self):
        return self._values


def test_tensors_accept_torch_like_objects(device, rng):
    x = rng.uniform(-1, 1, (32, 64)).astype(np.float32)
    tensor = device.tensor(_TorchLike(x), dtype="bfloat16")
    assert_bits_equal(tensor.to_numpy(), bf16(x))

