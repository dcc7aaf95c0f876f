# ttnn.Tensor's arithmetic operators on tensors around an operation, as tt-lang's pipe examples
# compute their references (`golden = a_in * b_in + c_in`, a 1x1 tensor broadcast): ttnn.add /
# subtract / multiply / divide on the host, checked against numpy.
import numpy as np
import ttnn

a = ttnn.rand((64, 96), dtype=ttnn.float32, low=0.5, high=2.0, seed=3)
b = ttnn.rand((64, 96), dtype=ttnn.float32, low=0.5, high=2.0, seed=4)
c = ttnn.rand((1, 1), dtype=ttnn.float32, seed=5)
av, bv, cv = (ttnn.to_torch(t).float().numpy() for t in (a, b, c))
results = {
    "a * b + c": (a * b + c, av * bv + cv),
    "a - b": (a - b, av - bv),
    "2 * a - b / a": (2 * a - b / a, 2 * av - bv / av),
    "-a + 1": (-a + 1, -av + 1),
}
for name, (got, want) in results.items():
    got = ttnn.to_torch(got).float().numpy()
    assert got.shape == want.shape, (name, got.shape)
    assert np.allclose(got, want, rtol=1e-6, atol=1e-6), (name, np.max(np.abs(got - want)))
print("tensor_operators: ok")
