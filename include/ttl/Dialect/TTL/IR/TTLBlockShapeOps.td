//===- TTLBlockShapeOps.td - fill, broadcast, reduce, transpose -*- tablegen -*-===//
//
// Tile math whose result is not an element-wise function of same-shaped
// operands: constants, broadcasts, reductions and transposes. Block
// dimensions are in tiles: 0 is the rows of tiles, 1 the columns.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_DIALECT_TTL_IR_TTLBLOCKSHAPEOPS_TD
#define TTL_DIALECT_TTL_IR_TTLBLOCKSHAPEOPS_TD

def TTL_FillOp : TTL_Op<"fill", [Pure]> {
  let summary = "a block whose every element is a constant";
  let description = [{
    A block of the result's shape and element type with every element equal
    to the f32 constant `value` (rounded to the element type when packed).
    Computed in the destination registers (`fill_tile_bitcast`), so it is
    a leaf of any element-wise tile math and can be stored on its own.
    Python: `ttl.math.fill(blk, value)` (the shape and type of `blk`) or
    `ttl.block.fill(value, shape=(r, c), dtype=...)`.

    ```mlir
    %z = ttl.fill 0.000000e+00 : !ttl.block<2x2xbf16>
    ```
  }];
  let arguments = (ins F32Attr:$value);
  let results = (outs TTL_TileBlock:$result);
  let assemblyFormat = "$value attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def TTL_BroadcastOp : TTL_Op<"broadcast", [Pure]> {
  let summary = "broadcasts a block's first row, column or element";
  let description = [{
    Expands `input` along `dims` to the result shape: along dimension 1
    (columns) each row's value in column 0 is repeated across the row, along
    dimension 0 (rows) row 0 is repeated down the columns, along both the
    element (0, 0) fills everything. Within a tile that is the compute API's
    `BroadcastType::COL` (`B[h, 0]`), `ROW` (`B[0, w]`) and `SCALAR`
    (`B[0, 0]`); across tiles, `input` has one tile along each broadcast
    dimension and the result's size along it, and the other dimension is
    unchanged. `dims` is sorted, without repeats, each 0 or 1. The lowering
    unpacks the input from its DFB (`unary_bcast`, or `<op>_tiles_bcast_*`
    as the second operand of an add / sub / mul): a block from `ttl.wait`, or
    tile math that `ttl-materialize-compute-dfbs` stores into a DFB first.
    Python:
    `ttl.block.broadcast(x, dims=[1], shape=(r, c))` or
    `ttl.math.broadcast(x, out_blk, dims=[1])`.

    ```mlir
    %b = ttl.broadcast %bias dims = [0] : !ttl.block<1x4xbf16> -> !ttl.block<2x4xbf16>
    ```
  }];
  let arguments = (ins TTL_TileBlock:$input, DenseI64ArrayAttr:$dims);
  let results = (outs TTL_TileBlock:$result);
  let assemblyFormat = [{
    $input `dims` `=` $dims attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The compute API's BroadcastType of the broadcast within each tile
    /// ("BroadcastType::COL", "BroadcastType::ROW", "BroadcastType::SCALAR").
    ::llvm::StringRef getBroadcastType();
  }];
}

class TTL_ReduceOp<string mnemonic, string pool, string what>
    : TTL_Op<mnemonic, [Pure]> {
  let summary = "scaled " # what # " reduction of a block";
  let description = "The " # what # " of `input` over `dims` (1: along each row, "
    # "0: along each column, both: everything), each term scaled by the scaler "
    # "tile's first row (the compute API's `reduce_tile<PoolType::" # !toupper(pool) # ", ...>`). "
    # "The result has one tile along each reduced dimension and holds the "
    # "values as the FPU packs them: a row reduction in column 0 of each row, a "
    # "column reduction in row 0, a full reduction at element (0, 0), zeros "
    # "elsewhere. `scaler` is tile 0 of a block of the input's element type; "
    # "without it `ttl-materialize-compute-dfbs` supplies a tile of ones. The "
    # "lowering unpacks the operands from their DFBs: blocks from `ttl.wait`, or "
    # "tile math that `ttl-materialize-compute-dfbs` stores into a DFB first. "
    # "The result is stored on its own. Python: `ttl.math.reduce_" # pool # "(x, s, dims=[1])` or "
    # "`ttl.math.reduce_" # pool # "(x, dims=[1])`.\n\n```mlir\n%r = ttl." # mnemonic
    # " %x, %s dims = [1] : !ttl.block<2x4xbf16>, !ttl.block<1x1xbf16> -> "
    # "!ttl.block<2x1xbf16>\n%t = ttl." # mnemonic # " %x dims = [0, 1] : "
    # "!ttl.block<2x4xbf16> -> !ttl.block<1x1xbf16>\n```";
  let arguments = (ins TTL_TileBlock:$input, Optional<TTL_TileBlock>:$scaler,
                       DenseI64ArrayAttr:$dims);
  let results = (outs TTL_TileBlock:$result);
  let assemblyFormat = [{
    $input (`,` $scaler^)? `dims` `=` $dims attr-dict `:` qualified(type($input))
    (`,` qualified(type($scaler))^)? `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The compute API's PoolType of this reduction.
    static ::llvm::StringRef getPoolType() { return "PoolType::}] # !toupper(pool) # [{"; }
  }];
}

def TTL_ReduceSumOp : TTL_ReduceOp<"reduce_sum", "sum", "sum">;
def TTL_ReduceMaxOp : TTL_ReduceOp<"reduce_max", "max", "maximum">;

def TTL_TransposeOp : TTL_Op<"transpose", [Pure]> {
  let summary = "transposes a block";
  let description = [{
    The transpose of `input` seen as a matrix of elements: an `M x N`-tile
    block becomes `N x M` tiles, result tile (i, j) the transpose of input
    tile (j, i) (`transpose_tile`, the compute API's `transpose_wh`). The
    lowering unpacks the input from its DFB: a block from `ttl.wait`, or tile
    math that `ttl-materialize-compute-dfbs` stores into a DFB first. The
    result is a leaf of any element-wise tile math. Python:
    `ttl.math.transpose(x)` or `ttl.block.transpose(x)`.

    ```mlir
    %t = ttl.transpose %x : !ttl.block<1x2xbf16> -> !ttl.block<2x1xbf16>
    ```
  }];
  let arguments = (ins TTL_TileBlock:$input);
  let results = (outs TTL_TileBlock:$result);
  let assemblyFormat = [{
    $input attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

#endif // TTL_DIALECT_TTL_IR_TTLBLOCKSHAPEOPS_TD
