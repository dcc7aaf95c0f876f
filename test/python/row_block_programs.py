"""Operations on row-major tensors with element-shaped blocks (docs/language.md, "Row-major
tensors"), for the compile and emulated-device tests, and, marked ``# E:<case>``, the forms
ttlang rejects at their line."""

import ttlang as ttl


def make_pixel_upsample(scale, block_count_keyword="block_count"):
    """tt-lang's GroupTransfer upsample, one pixel (C,) per block, in either spelling of the
    block count (tt-lang 1.1's ``block_count=``, the spec's earlier ``buffer_factor=``)."""
    sh, sw = scale

    @ttl.operation(grid=(1, 1))
    def pixel_upsample(x, out):
        n_images, height, width, channels = x.shape
        if block_count_keyword == "block_count":
            io_dfb = ttl.make_dataflow_buffer_like(x, shape=(channels,), block_count=2)
        else:
            io_dfb = ttl.make_dataflow_buffer_like(x, shape=(channels,), buffer_factor=2)

        @ttl.compute()
        def compute():
            pass

        @ttl.datamovement()
        def reader():
            for n in range(n_images):
                for h in range(height):
                    for w in range(width):
                        with io_dfb.reserve() as blk:
                            ttl.copy(x[n, h, w, :], blk).wait()

        @ttl.datamovement()
        def writer():
            for n in range(n_images):
                for h in range(height):
                    for w in range(width):
                        with io_dfb.wait() as blk:
                            group = ttl.GroupTransfer()
                            for dh in range(sh):
                                for dw in range(sw):
                                    group.add(ttl.copy(blk, out[n, h * sh + dh, w * sw + dw, :]))
                            group.wait_all()

    return pixel_upsample


def make_row_runs(rows):
    """Copies a 2-D row-major tensor ``rows`` rows per block (``t[r:r + rows, :]``, one run of
    pages), in reverse order of the runs; each core of a 2x1 grid takes every other run."""

    @ttl.operation(grid=(2, 1))
    def row_runs(x, out):
        total, width = x.shape
        runs = total // rows
        dfb = ttl.make_dataflow_buffer_like(x, shape=(rows, width), block_count=2)
        col, _ = ttl.node(dims=2)

        @ttl.datamovement()
        def reader():
            for i in range(col, runs, 2):
                with dfb.reserve() as blk:
                    ttl.copy(x[i * rows:(i + 1) * rows, :], blk).wait()

        @ttl.datamovement()
        def writer():
            for i in range(col, runs, 2):
                j = runs - 1 - i
                with dfb.wait() as blk:
                    ttl.copy(blk, out[j * rows:(j + 1) * rows, :]).wait()

    return row_runs


@ttl.operation(grid=(1, 1))
def one_d_rows(x, out):
    """A rank-1 row-major tensor is one row (one page): ``x[:]``."""
    dfb = ttl.make_dataflow_buffer_like(x, shape=x.shape, block_count=1)
    with dfb.reserve() as blk:
        ttl.copy(x[:], blk).wait()
    with dfb.wait() as blk:
        ttl.copy(blk, out[:]).wait()


@ttl.operation(grid=(1, 1))
def image_rows(x, out):
    """Whole image rows of an N x H x W x C tensor, ``x[n, h, :, :]`` into a (W, C) block,
    written mirrored along H."""
    n_images, height, width, channels = x.shape
    dfb = ttl.make_dataflow_buffer_like(x, shape=(width, channels), block_count=2)
    for n in range(n_images):
        for h in range(height):
            with dfb.reserve() as blk:
                ttl.copy(x[n, h, :, :], blk).wait()
            with dfb.wait() as blk:
                ttl.copy(blk, out[n, height - 1 - h, :, :]).wait()


@ttl.operation(grid=(1, 1))
def partial_row(x, out):
    dfb = ttl.make_dataflow_buffer_like(x, shape=(32,), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(x[0, 0:16], blk).wait()  # E:partial_row


@ttl.operation(grid=(1, 1))
def not_one_run(x, out):
    dfb = ttl.make_dataflow_buffer_like(x, shape=(2, 2, 32), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(x[0:2, 0:2, :], blk).wait()  # E:not_one_run


@ttl.operation(grid=(1, 1))
def math_on_rows(x, out):
    dfb = ttl.make_dataflow_buffer_like(x, shape=(32,), block_count=2)
    o_dfb = ttl.make_dataflow_buffer_like(out, shape=(32,), block_count=2)
    with dfb.wait() as blk, o_dfb.reserve() as o:
        o.store(ttl.math.exp(blk))  # E:math_on_rows


@ttl.operation(grid=(1, 1))
def tiles_into_rows(x, out):
    dfb = ttl.make_dataflow_buffer_like(x, shape=(32,), block_count=2)
    with dfb.wait() as blk:
        ttl.copy(blk, out[0, 0]).wait()  # E:tiles_into_rows


@ttl.operation(grid=(1, 1))
def rows_into_tiles(x, out):
    dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(x[0, :], blk).wait()  # E:rows_into_tiles


@ttl.operation(grid=(1, 1))
def too_few_rows(x, out):
    dfb = ttl.make_dataflow_buffer_like(x, shape=(2, 32), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(x[0, :], blk).wait()  # E:too_few_rows


@ttl.operation(grid=(1, 1))
def narrower_rows(x, out):
    dfb = ttl.make_dataflow_buffer_like(out, shape=(16,), block_count=2)
    with dfb.reserve() as blk:
        ttl.copy(x[0, :], blk).wait()  # E:narrower_rows


@ttl.operation(grid=(1, 1))
def tile_counts(x, out):
    ttl.make_dataflow_buffer_like(x, shape=(1, 1), block_count=2)  # E:tile_counts


@ttl.operation(grid=(1, 1))
def both_spellings(x, out):
    ttl.make_dataflow_buffer_like(x, shape=(32,), block_count=2, buffer_factor=2)  # E:both_spellings


@ttl.operation(grid=(1, 1))
def no_shape(x, out):
    ttl.make_dataflow_buffer_like(x, block_count=2)  # E:no_shape


@ttl.operation(grid=(1, 1))
def sharded_rows(x, out):  # E:sharded_rows
    dfb = ttl.make_dataflow_buffer_like(out, shape=(1, 1), block_count=2)
