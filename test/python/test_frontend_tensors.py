"""Tensor descriptions: TensorSpec, and ttnn host tensors read through their attributes."""

import pytest

import ttlang as ttl
from ttlang.tensor_spec import tensor_spec_of

import ttl_identity_programs as programs


def test_tensor_spec_type():
    spec = ttl.TensorSpec((64, 32), dtype="float32", buffer_type="l1")
    assert spec.mlir_type() == "tensor<64x32xf32, #ttl.layout<l1, interleaved, tiled>>"


def test_tensor_spec_rejects_unknown_dtype():
    with pytest.raises(ValueError, match="dtype"):
        ttl.TensorSpec((32, 32), dtype="int8")


def test_ttnn_host_tensor_compiles_like_its_spec():
    np = pytest.importorskip("numpy")
    ttnn = pytest.importorskip("ttnn")
    tensor = ttnn.Tensor(
        np.zeros((64, 64), dtype=np.float32), data_type=ttnn.float32, layout=ttnn.TILE_LAYOUT
    )
    assert tensor_spec_of(tensor) == ttl.TensorSpec((64, 64), dtype="float32", buffer_type="dram")
    op, _ = programs.make_scaled(2)
    spec = ttl.TensorSpec((64, 64), dtype="float32")
    compiled = op.compile(tensor, tensor)
    assert compiled.ir == op.compile(spec, spec).ir
    assert compiled.tensors[0].dtype == "float32" and compiled.tensors[0].buffer_type == "dram"


def test_import_stays_light():
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", "import sys, ttlang; print('ttnn' in sys.modules)"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    # ttnn (0.8 s) is read only through a tensor's attributes, never imported by ttlang.
    assert out == ["False"]
