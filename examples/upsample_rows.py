"""Nearest-neighbour upsampling of row-major images (N x H x W x C, ttnn's ROW_MAJOR layout),
moving whole rows of elements: no tiles, no compute kernel.

- A DFB made like a row-major tensor holds *element-shaped* blocks: ``shape=(C,)`` is one
  pixel's C channels (one page of the tensor), ``shape=(W, C)`` a whole image row of W pixels.
- ``ttl.copy(x[n, h, w, :], blk)`` reads one page; ``ttl.copy(x[n, h, :, :], blk)`` reads the
  W consecutive pages of an image row in one copy. The last dimension is always taken whole.
- ``upsample`` (scale (SH, SW)): every core of a 2x2 grid takes a share of the input pixels
  (``ttl.node(dims=1)``, run-time bounds), reads each pixel once and writes it SH x SW times,
  waiting for the writes of one pixel together (``ttl.GroupTransfer``).
- ``repeat_rows`` (scale (SH, 1)): one core reads whole image rows and writes each SH times,
  a block of W rows per copy.

Run: python examples/upsample_rows.py  (runs on the emulated device and compares with numpy)
"""

import ttlang as ttl

CORES = (2, 2)


def make_upsample(scale):
    """An upsample by ``scale`` = (SH, SW), built for one scale (compile-time numbers)."""
    sh, sw = scale

    @ttl.operation(grid=CORES)
    def upsample(x, out):
        n_images, height, width, channels = x.shape
        pixels = n_images * height * width
        cores = ttl.grid_size(dims=1)
        per_core = -(-pixels // cores)
        pixel_dfb = ttl.make_dataflow_buffer_like(x, shape=(channels,), block_count=3)
        node = ttl.node(dims=1)
        first = node * per_core
        last = min(first + per_core, pixels)

        @ttl.datamovement()
        def reader():
            for p in range(first, last):
                n = p // (height * width)
                h = p // width % height
                w = p % width
                with pixel_dfb.reserve() as blk:
                    ttl.copy(x[n, h, w, :], blk).wait()

        @ttl.datamovement()
        def writer():
            for p in range(first, last):
                n = p // (height * width)
                h = p // width % height
                w = p % width
                with pixel_dfb.wait() as blk:
                    writes = ttl.GroupTransfer()
                    for dh in range(sh):
                        for dw in range(sw):
                            writes.add(ttl.copy(blk, out[n, h * sh + dh, w * sw + dw, :]))
                    writes.wait_all()

    return upsample


@ttl.operation(grid=(1, 1))
def repeat_rows(x, out):
    """``out[n, h * SH + i] = x[n, h]`` for every image row, SH = out's height / x's."""
    n_images, height, width, channels = x.shape
    sh = out.shape[1] // height
    row_dfb = ttl.make_dataflow_buffer_like(x, shape=(width, channels), buffer_factor=2)

    @ttl.datamovement()
    def reader():
        for n in range(n_images):
            for h in range(height):
                with row_dfb.reserve() as blk:
                    ttl.copy(x[n, h, :, :], blk).wait()

    @ttl.datamovement()
    def writer():
        for n in range(n_images):
            for h in range(height):
                with row_dfb.wait() as blk:
                    for i in range(sh):
                        ttl.copy(blk, out[n, h * sh + i, :, :]).wait()


if __name__ == "__main__":
    import numpy as np

    import ttlang.emu as emu

    device = emu.open_device()
    rng = np.random.default_rng(11)
    x = rng.standard_normal((2, 3, 5, 24)).astype(np.float32)
    for scale in ((2, 2), (3, 1)):
        expected = x.repeat(scale[0], axis=1).repeat(scale[1], axis=2)
        out = device.empty(expected.shape, "float32", layout="row_major")
        make_upsample(scale)(device.tensor(x, "float32", layout="row_major"), out)
        same = np.array_equal(out.to_numpy(), expected)
        print(f"upsample by {scale}: {expected.shape}, equal to numpy's repeat: {same}")
        assert same
    expected = x.repeat(2, axis=1)
    out = device.empty(expected.shape, "float32", layout="row_major")
    repeat_rows(device.tensor(x, "float32", layout="row_major"), out)
    same = np.array_equal(out.to_numpy(), expected)
    print(f"repeat_rows by 2: {expected.shape}, equal to numpy's repeat: {same}")
    assert same
