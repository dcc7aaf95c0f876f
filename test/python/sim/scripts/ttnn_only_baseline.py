# The "step 0" of a tt-lang tutorial: no tt-lang operation, only ttnn's library operations on
# device tensors (matmul, add, relu), which ttlang-sim computes with ttnn's golden functions.
import torch
import ttnn

torch.manual_seed(3)
device = ttnn.open_device(device_id=0)
try:
    a = torch.randn((64, 96), dtype=torch.bfloat16)
    b = torch.randn((96, 128), dtype=torch.bfloat16)
    c = torch.randn((64, 128), dtype=torch.bfloat16)
    expected = torch.relu(a.float() @ b.float() + c.float())
    tensors = [ttnn.from_torch(t, dtype=ttnn.bfloat16, layout=ttnn.TILE_LAYOUT, device=device) for t in (a, b, c)]
    y = ttnn.relu(ttnn.add(ttnn.matmul(tensors[0], tensors[1]), tensors[2]))
    assert ttnn.is_tensor_storage_on_device(y)
    y = ttnn.to_torch(y)
    assert y.dtype == torch.bfloat16 and tuple(y.shape) == (64, 128)
    scale = a.float().abs() @ b.float().abs() + c.float().abs()
    assert bool(((y.float() - expected).abs() <= 2 ** -6 * scale + 1e-6).all())
    # A scalar operand and an explicit output type.
    z = ttnn.to_torch(ttnn.multiply(tensors[2], 0.5, dtype=ttnn.float32))
    assert z.dtype == torch.float32 and torch.equal(z, c.float() * 0.5)
    print("ttnn_only_baseline: ok")
finally:
    ttnn.close_device(device)
