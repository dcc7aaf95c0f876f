//===- TTLOps.td - TTL operations --------------------------*- tablegen -*-===//

#ifndef TTL_DIALECT_TTL_IR_TTLOPS_TD
#define TTL_DIALECT_TTL_IR_TTLOPS_TD

include "ttl/Dialect/TTL/IR/TTLBase.td"
include "ttl/Dialect/TTL/IR/TTLAttrs.td"
include "ttl/Dialect/TTL/IR/TTLTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def TTL_TiledTensor : RankedTensorOf<[BF16, F32]>;

//===----------------------------------------------------------------------===//
// Dataflow buffers
//===----------------------------------------------------------------------===//

def TTL_CreateDataflowBufferOp : TTL_Op<"create_dfb", [Pure]> {
  let summary = "creates a dataflow buffer";
  let description = [{
    Creates a dataflow buffer on every core of the enclosing operation. The
    result type gives the block shape, element type and block count (Python:
    `ttl.make_dataflow_buffer_like(tensor, shape=(r, c), block_count=n)`, whose
    element type is the tensor's). The optional `physical_index` is the
    TT-Metal circular-buffer index chosen by DFB index allocation; it is
    absent until that pass runs. After `ttl-split-kernels` every kernel
    function that uses a buffer holds its own `ttl.create_dfb` with the same
    index.

    ```mlir
    %in = ttl.create_dfb : !ttl.dfb<2x2xbf16, 2>
    %out = ttl.create_dfb {physical_index = 16 : i32} : !ttl.dfb<1x1xf32, 2>
    ```
  }];
  let arguments = (ins OptionalAttr<I32Attr>:$physical_index);
  let results = (outs TTL_DataflowBufferType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Largest number of physical DFB indices on any supported target
    /// (Blackhole: 64, Wormhole: 32).
    static constexpr int32_t kMaxPhysicalIndices = 64;
  }];
}

class TTL_AcquireOp<string mnemonic, string summaryText, string descr>
    : TTL_Op<mnemonic> {
  let summary = summaryText;
  let description = descr;
  let arguments = (ins TTL_DataflowBufferType:$dfb);
  let results = (outs TTL_BlockType:$block);
  let assemblyFormat = "$dfb attr-dict `:` qualified(type($dfb)) `->` qualified(type($block))";
  let hasVerifier = 1;
}

def TTL_ReserveOp : TTL_AcquireOp<"reserve", "reserves a free block of a DFB", [{
    Blocks until the producer side of `dfb` has a free block and returns it
    for writing (`cb_reserve_back`). The block must be released with
    `ttl.push`. The result block type has the DFB's block shape and element
    type. Python: `with dfb.reserve() as blk:` or `blk = dfb.reserve()`.

    ```mlir
    %blk = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ```
  }]>;

def TTL_WaitOp : TTL_AcquireOp<"wait", "waits for a filled block of a DFB", [{
    Blocks until the consumer side of `dfb` has a filled block and returns it
    for reading (`cb_wait_front`). The block must be released with `ttl.pop`.
    Python: `with dfb.wait() as blk:` or `blk = dfb.wait()`.

    ```mlir
    %blk = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ```
  }]>;

class TTL_ReleaseOp<string mnemonic, string summaryText, string descr>
    : TTL_Op<mnemonic> {
  let summary = summaryText;
  let description = descr;
  let arguments = (ins TTL_BlockType:$block);
  let assemblyFormat = "$block attr-dict `:` qualified(type($block))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The buffer the released block belongs to.
    ::mlir::TypedValue<DataflowBufferType> getDataflowBuffer();
  }];
}

def TTL_PushOp : TTL_ReleaseOp<"push", "publishes a reserved block", [{
    Hands the block obtained from `ttl.reserve` to the consumers of its DFB
    (`cb_push_back`). In a unified operation the op may carry a
    `ttl.kernels` selection (Python `blk.push(kernel=...)`) when no other use
    of the block determines its logical kernel; it has no other effect.

    ```mlir
    ttl.push %blk : !ttl.block<1x1xbf16>
    ttl.push %blk {ttl.kernels = [#ttl.kernel<data_movement>]} : !ttl.block<1x1xbf16>
    ```
  }]>;

def TTL_PopOp : TTL_ReleaseOp<"pop", "frees a consumed block", [{
    Returns the block obtained from `ttl.wait` to the producers of its DFB
    (`cb_pop_front`). Like `ttl.push`, it may carry a `ttl.kernels`
    selection (Python `blk.pop(kernel=...)`).

    ```mlir
    ttl.pop %blk : !ttl.block<1x1xbf16>
    ```
  }]>;

//===----------------------------------------------------------------------===//
// Tile copies
//===----------------------------------------------------------------------===//

def TTL_LoadTilesOp : TTL_Op<"load_tiles"> {
  let summary = "starts copying a tile slice of a tensor into a block";
  let description = [{
    Starts an asynchronous copy of the tiles
    `[row, row + R) x [col, col + C)` of `tensor` (tile indices; R x C is the
    block shape) into `block`, which must come from `ttl.reserve`. The result
    is waited on with `ttl.transfer_wait`. Python:
    `tx = ttl.copy(t[r0:r1, c0:c1], blk)`. The tensor must be `tiled` with
    the block's element type.

    A tensor of rank > 2 is a batch of matrices: its tile grid is that of
    the last two dimensions with the matrices stacked along the rows,
    batch-major, as ttnn stores its pages (a `2x64x96` tensor has 4 x 3
    tiles; tile row 2 is the first tile row of matrix 1). Python's
    `t[b, r0:r1, c0:c1]` (or an N-D block's slice) is built as row
    `b * tile_rows + r0`.

    `matrix_rows = R` takes the block's rows from several matrices, `R` tile
    rows of each (tt-lang's N-D slice `t[b0:b1, r0:r1, c0:c1]` into a
    `(b1 - b0, R, C)` block with `R` less than a matrix's tile rows): block
    row `i` is the tensor's tile row `row + (i / R) * tile_rows + i % R`,
    `tile_rows` being one matrix's (the block's rows are a multiple of `R`).
    Without it the block's rows are one run of the tensor's tile rows.

    ```mlir
    %tx = ttl.load_tiles %t[%r, %c], %blk : tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<1x1xbf16>
    %ty = ttl.load_tiles %u[%r, %c], %blk2 : tensor<2x64x96xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<2x3xbf16>
    // Tile row 0 of both matrices of %u (tile rows 0 and 2).
    %tz = ttl.load_tiles %u[%c0, %c0], %blk3 {matrix_rows = 1 : i64} : tensor<2x64x96xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<2x1xbf16>
    ```
  }];
  let arguments = (ins TTL_TiledTensor:$tensor, Index:$row, Index:$col,
                   TTL_TileBlock:$block, OptionalAttr<I64Attr>:$matrix_rows);
  let results = (outs TTL_TransferType:$transfer);
  let assemblyFormat = [{
    $tensor `[` $row `,` $col `]` `,` $block attr-dict `:` qualified(type($tensor)) `,` qualified(type($block))
  }];
  let hasVerifier = 1;
}

def TTL_StoreTilesOp : TTL_Op<"store_tiles"> {
  let summary = "starts copying a block into a tile slice of a tensor";
  let description = [{
    Starts an asynchronous copy of `block` (from `ttl.wait`) into the tiles
    `[row, row + R) x [col, col + C)` of `tensor`. Python:
    `tx = ttl.copy(blk, t[r0:r1, c0:c1])`. `matrix_rows` as for
    `ttl.load_tiles`.

    ```mlir
    %tx = ttl.store_tiles %blk, %t[%r, %c] : !ttl.block<1x1xbf16>, tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>
    %ty = ttl.store_tiles %blk2, %u[%r, %c] {matrix_rows = 1 : i64} : !ttl.block<2x1xbf16>, tensor<2x64x96xbf16, #ttl.layout<dram, interleaved, tiled>>
    ```
  }];
  let arguments = (ins TTL_TileBlock:$block, TTL_TiledTensor:$tensor,
                   Index:$row, Index:$col, OptionalAttr<I64Attr>:$matrix_rows);
  let results = (outs TTL_TransferType:$transfer);
  let assemblyFormat = [{
    $block `,` $tensor `[` $row `,` $col `]` attr-dict `:` qualified(type($block)) `,` qualified(type($tensor))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Row copies (row-major tensors, element-shaped blocks)
//===----------------------------------------------------------------------===//

def TTL_LoadRowsOp : TTL_Op<"load_rows"> {
  let summary = "starts copying rows of a row-major tensor into a block";
  let description = [{
    Starts an asynchronous copy of the rows `[row, row + R)` of a row-major
    `tensor` into the element-shaped `block` (`!ttl.block<RxCxT, row_major>`,
    from `ttl.reserve`): one NoC read of a whole page per row. A row-major
    tensor's pages are the rows of its last dimension (ttnn's ROW_MAJOR
    layout), counted over all its other dimensions in order: row `i` of a
    `N x H x W x C` tensor is element `(n, h, w, :)` with
    `i = (n * H + h) * W + w`. The block's rows are whole rows of the tensor
    (`C` is the tensor's last dimension) of its element type. The tensor must
    be interleaved (DRAM or L1): a sharded row-major tensor has no row
    copies. Python: `ttl.copy(t[n, h, w, :], blk)`,
    `ttl.copy(t[n, h, w0:w1, :], blk)` for several consecutive rows. The
    result is waited on with `ttl.transfer_wait` (a NoC read barrier).

    ```mlir
    %tx = ttl.load_rows %t[%row], %blk : tensor<1x2x2x32xf32, #ttl.layout<dram, interleaved, row_major>>, !ttl.block<1x32xf32, row_major>
    ttl.transfer_wait %tx
    ```
  }];
  let arguments = (ins TTL_TiledTensor:$tensor, Index:$row,
                   TTL_BlockType:$block);
  let results = (outs TTL_TransferType:$transfer);
  let assemblyFormat = [{
    $tensor `[` $row `]` `,` $block attr-dict `:` qualified(type($tensor)) `,` qualified(type($block))
  }];
  let hasVerifier = 1;
}

def TTL_StoreRowsOp : TTL_Op<"store_rows"> {
  let summary = "starts copying an element-shaped block into rows of a tensor";
  let description = [{
    Starts an asynchronous copy of the element-shaped `block` (from
    `ttl.wait`) into the rows `[row, row + R)` of a row-major `tensor`, one
    NoC write of a whole page per row; the rules are `ttl.load_rows`'.
    Python: `ttl.copy(blk, t[n, h, w, :])`. Waited on with
    `ttl.transfer_wait` (a NoC write barrier).

    ```mlir
    %tx = ttl.store_rows %blk, %t[%row] : !ttl.block<1x32xf32, row_major>, tensor<1x4x4x32xf32, #ttl.layout<dram, interleaved, row_major>>
    ```
  }];
  let arguments = (ins TTL_BlockType:$block, TTL_TiledTensor:$tensor,
                   Index:$row);
  let results = (outs TTL_TransferType:$transfer);
  let assemblyFormat = [{
    $block `,` $tensor `[` $row `]` attr-dict `:` qualified(type($block)) `,` qualified(type($tensor))
  }];
  let hasVerifier = 1;
}

def TTL_TransferWaitOp : TTL_Op<"transfer_wait"> {
  let summary = "waits for a tile copy to complete";
  let description = [{
    Blocks until the copy that produced `transfer` has completed. Python:
    `tx.wait()`.

    ```mlir
    ttl.transfer_wait %tx
    ```
  }];
  let arguments = (ins TTL_TransferType:$transfer);
  let assemblyFormat = "$transfer attr-dict";
}

//===----------------------------------------------------------------------===//
// Tile math on blocks
//===----------------------------------------------------------------------===//

class TTL_BinaryOp<string mnemonic, string what>
    : TTL_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = "element-wise " # what # " of two blocks";
  let description = "Element-wise " # what # " of two blocks of the same "
    # "shape and element type, computed tile by tile in the compute kernel. "
    # "Python: block arithmetic.\n\n```mlir\n%c = ttl." # mnemonic
    # " %a, %b : !ttl.block<1x1xbf16>\n```";
  let arguments = (ins TTL_TileBlock:$lhs, TTL_TileBlock:$rhs);
  let results = (outs TTL_TileBlock:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` qualified(type($result))";
}

def TTL_AddOp : TTL_BinaryOp<"add", "sum">;
def TTL_SubOp : TTL_BinaryOp<"sub", "difference">;
def TTL_MulOp : TTL_BinaryOp<"mul", "product">;
def TTL_DivOp : TTL_BinaryOp<"div", "quotient">;
def TTL_MaxOp : TTL_BinaryOp<"max", "maximum">;
def TTL_MinOp : TTL_BinaryOp<"min", "minimum">;

class TTL_CompareOp<string mnemonic, string what>
    : TTL_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = "element-wise comparison (" # what # ") of two blocks";
  let description = "Element-wise `lhs " # what # " rhs` of two blocks of the same "
    # "shape and element type, computed tile by tile on the SFPU: 1.0 where it "
    # "holds, else 0.0 (a NaN compares unequal). Python: `ttl.math." # mnemonic
    # "(a, b)`.\n\n```mlir\n%c = ttl." # mnemonic
    # " %a, %b : !ttl.block<1x1xbf16>\n```";
  let arguments = (ins TTL_TileBlock:$lhs, TTL_TileBlock:$rhs);
  let results = (outs TTL_TileBlock:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` qualified(type($result))";
}

def TTL_EqOp : TTL_CompareOp<"eq", "==">;
def TTL_NeOp : TTL_CompareOp<"ne", "!=">;
def TTL_LtOp : TTL_CompareOp<"lt", "<">;
def TTL_LeOp : TTL_CompareOp<"le", "<=">;
def TTL_GtOp : TTL_CompareOp<"gt", ">">;
def TTL_GeOp : TTL_CompareOp<"ge", ">=">;

def TTL_WhereOp : TTL_Op<"where", [Pure, SameOperandsAndResultType]> {
  let summary = "element-wise select of two blocks by a condition block";
  let description = [{
    Element-wise `condition != 0 ? true_value : false_value` over three blocks of
    the same shape and element type, computed tile by tile on the SFPU
    (`where_tile`). A condition element is false exactly when all its bits are
    zero in the destination registers (so -0.0 selects `true_value`); the
    comparisons (`ttl.eq`, ...) give 1.0 / 0.0. Python:
    `ttl.math.where(cond, a, b)`.

    ```mlir
    %r = ttl.where %c, %a, %b : !ttl.block<1x1xbf16>
    ```
  }];
  let arguments = (ins TTL_TileBlock:$condition, TTL_TileBlock:$true_value,
                       TTL_TileBlock:$false_value);
  let results = (outs TTL_TileBlock:$result);
  let assemblyFormat = [{
    $condition `,` $true_value `,` $false_value attr-dict `:` qualified(type($result))
  }];
}

class TTL_UnaryOp<string mnemonic, string what>
    : TTL_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let summary = "element-wise " # what # " of a block";
  let description = "Element-wise " # what # " of a block, computed tile by "
    # "tile in the compute kernel. Python: `ttl.math." # mnemonic
    # "(blk)`.\n\n```mlir\n%b = ttl." # mnemonic
    # " %a : !ttl.block<1x1xbf16>\n```";
  let arguments = (ins TTL_TileBlock:$input);
  let results = (outs TTL_TileBlock:$result);
  let assemblyFormat = "$input attr-dict `:` qualified(type($result))";
}

def TTL_ExpOp : TTL_UnaryOp<"exp", "exponential">;
def TTL_ReluOp : TTL_UnaryOp<"relu", "rectified linear unit">;
def TTL_SqrtOp : TTL_UnaryOp<"sqrt", "square root">;
def TTL_NegOp : TTL_UnaryOp<"neg", "negation">;
def TTL_AbsOp : TTL_UnaryOp<"abs", "absolute value">;
def TTL_RsqrtOp : TTL_UnaryOp<"rsqrt", "reciprocal square root">;
def TTL_RecipOp : TTL_UnaryOp<"recip", "reciprocal">;
def TTL_SigmoidOp : TTL_UnaryOp<"sigmoid", "logistic sigmoid">;
def TTL_TanhOp : TTL_UnaryOp<"tanh", "hyperbolic tangent">;
def TTL_LogOp : TTL_UnaryOp<"log", "natural logarithm">;
def TTL_SinOp : TTL_UnaryOp<"sin", "sine">;
def TTL_CosOp : TTL_UnaryOp<"cos", "cosine">;
def TTL_GeluOp : TTL_UnaryOp<"gelu", "Gaussian error linear unit (x * Phi(x), the exact form)">;
def TTL_SiluOp : TTL_UnaryOp<"silu", "sigmoid linear unit (x * sigmoid(x))">;
def TTL_SquareOp : TTL_UnaryOp<"square", "square">;
def TTL_Exp2Op : TTL_UnaryOp<"exp2", "base-2 exponential">;

class TTL_ScalarOp<string mnemonic, string what, string python>
    : TTL_Op<mnemonic, [Pure, AllTypesMatch<["input", "result"]>]> {
  let summary = "element-wise " # what # " of a block and a scalar";
  let description = "Element-wise " # what # " of a block and an f32 scalar, "
    # "computed tile by tile on the SFPU. Python: `" # python # "` with `s` a Python "
    # "int or float. The scalar is either the f32 constant `scalar` or, for a scalar "
    # "parameter of the operation (`op(a, out, 3.0)`), the run-time i32 `scalar_bits` "
    # "holding its f32 bits (an operation argument, read by the kernel from its "
    # "runtime arguments), written `%bits bits`; exactly one of the two is given."
    # "\n\n```mlir\n%b = ttl." # mnemonic
    # " %a, 5.000000e-01 : !ttl.block<1x1xbf16>\n%c = ttl." # mnemonic
    # " %a, %k bits : !ttl.block<1x1xbf16>\n```";
  let arguments = (ins TTL_TileBlock:$input, Optional<I32>:$scalar_bits,
                   OptionalAttr<F32Attr>:$scalar);
  let results = (outs TTL_TileBlock:$result);
  let assemblyFormat = [{
    $input `,` ($scalar_bits^ `bits`)? ($scalar^)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTL_AddScalarOp : TTL_ScalarOp<"add_scalar", "sum", "blk + s` or `s + blk">;
def TTL_SubScalarOp : TTL_ScalarOp<"sub_scalar", "difference (block minus scalar)", "blk - s">;
def TTL_RsubScalarOp : TTL_ScalarOp<"rsub_scalar", "difference (scalar minus block)", "s - blk">;
def TTL_MulScalarOp : TTL_ScalarOp<"mul_scalar", "product", "blk * s` or `s * blk">;
def TTL_DivScalarOp : TTL_ScalarOp<"div_scalar", "quotient (block over scalar)", "blk / s"> {
  let description = [{
    Element-wise quotient of a block and the f32 constant `scalar` (block over scalar),
    computed tile by tile on the SFPU. Python: `blk / s` with `s` a Python int or float.
    The compute API multiplies by the reciprocal (`div_unary_tile(i, bits)` computes `x * bits`),
    so the kernel passes `1 / scalar` rounded to f32: the result may differ from an IEEE
    division by one rounding. `scalar` must be nonzero with a finite f32 reciprocal (a divisor
    of 0 is an error, not inf). Since the reciprocal is computed at compile time, the divisor
    is always the constant: a run-time `scalar_bits` is an error (multiply by the reciprocal
    parameter instead).

    ```mlir
    %b = ttl.div_scalar %a, 1.000000e+01 : !ttl.block<1x1xbf16>
    ```
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// 1 / scalar rounded to f32 (nearest even), when finite: what the
    /// compute API multiplies by.
    std::optional<::llvm::APFloat> getReciprocal();
  }];
}
def TTL_RdivScalarOp : TTL_ScalarOp<"rdiv_scalar", "quotient (scalar over block)", "s / blk">;
def TTL_PowScalarOp : TTL_ScalarOp<"pow_scalar", "power (block to the scalar exponent)",
                                   "blk ** s` or `ttl.math.pow(blk, s)">;

def TTL_MatmulOp : TTL_Op<"matmul", [Pure]> {
  let summary = "block matrix product";
  let description = [{
    The matrix product of two blocks seen as tile matrices: `lhs` is M x K
    tiles, `rhs` K x N tiles (same element type), the result M x N tiles
    of that element type or the other supported one (bf16 <-> f32: the
    product accumulates in the destination registers and is packed in the
    result's format);
    result tile (m, n) is the sum over k of tile (m, k) of `lhs` times tile
    (k, n) of `rhs`. Computed in the compute kernel on the FPU, accumulating
    over k in the destination registers. Python: `a @ b` on blocks, or
    `ttl.math.matmul(a, b)`.

    With `transpose_rhs` (Python `ttl.math.matmul(a, b, transpose_rhs=True)`)
    `rhs` is N x K tiles and the product is `lhs @ transpose(rhs)` as
    matrices of elements: result tile (m, n) is the sum over k of tile (m, k)
    of `lhs` times the transpose of tile (n, k) of `rhs` (the compute API's
    B-tile transpose, `matmul_init(a, b, 1)`).

    Operands must be blocks from `ttl.wait` when the product is stored (the
    backend reads their DFBs). A stored expression may add one waited block to
    the product (`prev + a @ b`, loaded into the destination registers before
    the product accumulates onto it) and apply element-wise math to the sum
    (`relu(a @ b + bias)`): see `ttl.store`.

    ```mlir
    %c = ttl.matmul %a, %b : !ttl.block<2x4xbf16>, !ttl.block<4x3xbf16> -> !ttl.block<2x3xbf16>
    %d = ttl.matmul %a, %bt {transpose_rhs} : !ttl.block<2x4xbf16>, !ttl.block<3x4xbf16> -> !ttl.block<2x3xbf16>
    ```
  }];
  let arguments = (ins TTL_TileBlock:$lhs, TTL_TileBlock:$rhs,
                       UnitAttr:$transpose_rhs);
  let results = (outs TTL_TileBlock:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` qualified(type($lhs)) `,` qualified(type($rhs)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTL_DPrintOp : TTL_Op<"dprint"> {
  let summary = "a device print: Python print() in a kernel";
  let description = [{
    Prints one line from the kernel running it, as TT-Metal's `DPRINT`
    (api/debug/dprint.h): `format` is fmt-style text with one `{}` for each
    value (`{{` and `}}` stand for braces), printed with the values and a
    newline. Values are runtime integers (`index`, `i32`, `i64`) or booleans
    (`i1`), or one block alone (`format` is then `"{}"`): a block held from
    `ttl.wait` or `ttl.reserve`, printed tile by tile from its DFB, one line
    per tile row. Python constants are part of `format` already.

    In a compute kernel the print runs on one of its three processors
    (`thread`: `"unpack"`, `"math"` or `"pack"`; TT-Metal's
    `DPRINT_UNPACK` / `_MATH` / `_PACK`), by default the math processor for
    text and integers, the unpack processor for a waited block and the pack
    processor for a reserved one (the processor that reads that side of the
    DFB). `thread` is only allowed in compute kernels (checked when the
    kernel is lowered). On hardware the print needs `TT_METAL_DPRINT_CORES`;
    the emulated device always shows it, tagged with device, core and kernel.

    ```mlir
    ttl.dprint "k = {} of {}" %k, %n : index, index
    ttl.dprint "{}" %blk : !ttl.block<1x2xbf16>
    ttl.dprint "hello" {thread = "pack"}
    ```
  }];
  let arguments = (ins StrAttr:$format,
                       Variadic<AnyTypeOf<[Index, I1, I32, I64, TTL_TileBlock]>>:$values,
                       OptionalAttr<StrAttr>:$thread);
  let assemblyFormat = [{
    $format ($values^ `:` type($values))? attr-dict
  }];
  let hasVerifier = 1;
}

def TTL_StoreOp : TTL_Op<"store"> {
  let summary = "stores a computed block into a reserved block";
  let description = [{
    Writes `value` (a block or the result of tile math) into `dest`, which
    must come from `ttl.reserve` and have the same shape. Python:
    `blk.store(expr)`.

    When the element types match, the type is written once. `value` may also
    have the other supported element type (bf16 <-> f32): the store then packs
    converting to the destination's format (the packer is reconfigured for the
    destination DFB), written `: value-type -> dest-type`.

    With `accumulate` (Python `blk += expr`) the store adds `value` to what
    the block holds, through the packer's L1 accumulation
    (`pack_reconfig_l1_acc`): the first contribution to a reserved block
    overwrites it (its earlier contents are undefined), every later one adds.
    Which contribution is first is decided per store: a store with an earlier
    store into the block before it (in its block or an enclosing one up to the
    reservation's) always adds; otherwise it overwrites on the first iteration
    of every `scf.for` between it and the reservation and adds on the others.
    Accumulating stores may not sit in an `scf.if` below the reservation (which
    contribution is first would be known only at run time).

    ```mlir
    %s = ttl.add %a, %b : !ttl.block<1x1xbf16>
    ttl.store %s, %o : !ttl.block<1x1xbf16>
    ttl.store %s, %o32 : !ttl.block<1x1xbf16> -> !ttl.block<1x1xf32>
    %p = ttl.matmul %x, %y : !ttl.block<1x2xbf16>, !ttl.block<2x1xbf16> -> !ttl.block<1x1xbf16>
    ttl.store %p, %o {accumulate} : !ttl.block<1x1xbf16>
    ```
  }];
  let arguments = (ins TTL_TileBlock:$value, TTL_TileBlock:$dest,
                       UnitAttr:$accumulate);
  let assemblyFormat = [{
    $value `,` $dest attr-dict `:` custom<StoreTypes>(type($value), type($dest))
  }];
  let hasVerifier = 1;
}


//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

def TTL_FloorModOp : TTL_Op<"floor_mod", [Pure, SameOperandsAndResultType]> {
  let summary = "Python's `%` on integers: the remainder of floor division";
  let description = [{
    `lhs - floor(lhs / rhs) * rhs`: the result is zero or has the sign of
    `rhs` (Python's `%` on ints: `-7 % 3 == 2`, `7 % -3 == -2`), where
    `arith.remsi` (C's `%`) takes the sign of `lhs`. Python's `//` is
    upstream's `arith.floordivsi`; upstream has no remainder to go with it.
    A zero `rhs` is undefined behaviour, as for `arith.remsi`.

    Folds when both operands are constants (`rhs` nonzero) and when `rhs` is
    1 or -1 (the result is 0). `ttl-expand-index-division` expands it, with
    `arith.floordivsi`, into what C has before the conversion to EmitC: the
    truncating remainder, plus `rhs` when it is nonzero and its sign differs
    from `rhs`'s.

    ```mlir
    %r = ttl.floor_mod %a, %b : index
    // After ttl-expand-index-division
    %t = arith.remsi %a, %b : index
    %nonzero = arith.cmpi ne, %t, %c0 : index
    %tneg = arith.cmpi slt, %t, %c0 : index
    %bneg = arith.cmpi slt, %b, %c0 : index
    %differ = arith.xori %tneg, %bneg : i1
    %fix = arith.andi %nonzero, %differ : i1
    %sum = arith.addi %t, %b : index
    %r = arith.select %fix, %sum, %t : index
    ```
  }];
  let arguments = (ins AnySignlessIntegerOrIndex:$lhs,
                       AnySignlessIntegerOrIndex:$rhs);
  let results = (outs AnySignlessIntegerOrIndex:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let hasFolder = 1;
  let extraClassDeclaration = [{
    /// The rule itself, on constants: `lhs` floor-mod `rhs` (nonzero), of
    /// their bit width (the folder's and per-core evaluation's one copy).
    static ::llvm::APInt compute(const ::llvm::APInt &lhs,
                                 const ::llvm::APInt &rhs);
  }];
}

//===----------------------------------------------------------------------===//
// Launch coordinates
//===----------------------------------------------------------------------===//

def TTL_NodeOp : TTL_Op<"node", [Pure]> {
  let summary = "coordinate of the executing core in the operation grid";
  let description = [{
    Dimension `dim` of the executing core's coordinate in the operation's grid:
    0 is the column (x), 1 the row (y). Python: `col, row = ttl.node(dims=2)`.

    ```mlir
    %col = ttl.node 0
    %row = ttl.node 1
    ```
  }];
  let arguments = (ins I64Attr:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$dim attr-dict";
  let hasVerifier = 1;
}

def TTL_GridSizeOp : TTL_Op<"grid_size", [Pure]> {
  let summary = "extent of the operation grid";
  let description = [{
    Dimension `dim` of the operation grid: 0 is the number of columns, 1 the
    number of rows. Python: `cols, rows = ttl.grid_size(dims=2)`.

    ```mlir
    %cols = ttl.grid_size 0
    ```
  }];
  let arguments = (ins I64Attr:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$dim attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Explicit threads
//===----------------------------------------------------------------------===//

def TTL_ThreadOp : TTL_Op<"thread", [SingleBlock, NoTerminator]> {
  let summary = "a thread of an explicit multi-kernel operation";
  let description = [{
    The body of one `@ttl.compute(kernel=...)` / `@ttl.datamovement(kernel=...)`
    thread: every op in the region belongs to logical kernel `kernel`.
    Threads appear directly in an operation function; values defined before
    them (DFBs, constants, coordinates) are shared. `ttl-split-kernels` turns
    each thread into its kernel function.

    ```mlir
    ttl.thread #ttl.kernel<data_movement, "reader", "ops.copy:0a1b"> {
      %blk = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
      ttl.push %blk : !ttl.block<1x1xbf16>
    }
    ```
  }];
  let arguments = (ins TTL_KernelAttr:$kernel);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "qualified($kernel) attr-dict-with-keyword $body";
  let hasVerifier = 1;
}

include "ttl/Dialect/TTL/IR/TTLBlockShapeOps.td"
include "ttl/Dialect/TTL/IR/TTLExtern.td"
include "ttl/Dialect/TTL/IR/TTLReconfigure.td"
include "ttl/Dialect/TTL/IR/TTLPipes.td"

#endif // TTL_DIALECT_TTL_IR_TTLOPS_TD
