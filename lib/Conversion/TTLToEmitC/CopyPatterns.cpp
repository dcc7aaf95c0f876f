//===- CopyPatterns.cpp - tile and row copies -> NoC reads / writes -------===//
//
// A tile copy moves the R x C tiles [row, row + R) x [col, col + C) of an
// interleaved tiled tensor (one tile per page, page id = tile row * tiles per
// row + tile column) to or from a DFB block, one page per tile:
//
//   ttl.load_tiles  -> noc_async_read_page(page, accessor, get_write_ptr(cb) + k * tile_bytes)
//   ttl.store_tiles -> noc_async_write_page(page, accessor, get_read_ptr(cb) + k * tile_bytes)
//   ttl.transfer_wait -> noc_async_read_barrier() / noc_async_write_barrier()
//                        (one barrier for consecutive waits of one direction)
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {

/// The value of an index literal, if `value` is one.
std::optional<int64_t> getConstant(Value value) {
  auto constant = value.getDefiningOp<emitc::ConstantOp>();
  if (!constant)
    return std::nullopt;
  if (auto integer = dyn_cast<IntegerAttr>(constant.getValue()))
    return integer.getInt();
  return std::nullopt;
}

Value add(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (getConstant(lhs) == 0)
    return rhs;
  if (getConstant(rhs) == 0)
    return lhs;
  return emitc::AddOp::create(b, loc, lhs.getType(), lhs, rhs);
}

Value mulConstant(OpBuilder &b, Location loc, Value value, int64_t factor) {
  if (factor == 1 || getConstant(value) == 0)
    return value;
  return emitc::MulOp::create(b, loc, value.getType(), value,
                              emitIndex(b, loc, factor));
}

/// Emits one page transfer per tile of a `rows x cols` block. Its rows are
/// `rows / runRows` runs of `runRows` tensor tile rows, `runStride` apart
/// (one run when the copy has no `matrix_rows`).
void emitTileTransfers(OpBuilder &b, Location loc, StringRef callee,
                       StringRef bufferPointer, Value accessor, Value cb,
                       Value row, Value col, BlockType block,
                       int64_t tensorTileCols, int64_t runRows,
                       int64_t runStride) {
  MLIRContext *context = b.getContext();
  int64_t rows = block.getShape()[0];
  int64_t cols = block.getShape()[1];
  int64_t runs = rows / runRows;
  int64_t tileBytes = block.getPageSizeBytes();
  Value base = emitCall(b, loc, bufferPointer, getSizeType(context), {cb})
                   .getResult(0);
  emitTileLoop(b, loc, runs, [&](OpBuilder &b, Value m) {
    Value runRow = runs == 1 ? row : add(b, loc, row, mulConstant(b, loc, m, runStride));
    emitTileLoop(b, loc, runRows, [&](OpBuilder &b, Value r) {
      Value i = runs == 1 ? r : add(b, loc, mulConstant(b, loc, m, runRows), r);
      emitTileLoop(b, loc, cols, [&](OpBuilder &b, Value j) {
        Value tileRow = runRows == 1 ? runRow : add(b, loc, runRow, r);
        Value tileCol = cols == 1 ? col : add(b, loc, col, j);
        Value page =
            add(b, loc, mulConstant(b, loc, tileRow, tensorTileCols), tileCol);
        Value address = base;
        if (rows * cols > 1) {
          Value k = rows == 1   ? j
                    : cols == 1 ? i
                                : add(b, loc, mulConstant(b, loc, i, cols), j);
          address = add(b, loc, base, mulConstant(b, loc, k, tileBytes));
        }
        emitCall(b, loc, callee, Type(), {page, accessor, address});
      });
    });
  });
}

/// ttl.load_tiles / ttl.store_tiles: one NoC page call per tile into or out of
/// the block's CB. `callee` is the NoC call, `bufferPointer` the CB pointer it
/// addresses (a read fills the block's write side, a write drains its read
/// side).
template <typename TransferOp>
struct TileTransferPattern : public FactsPattern<TransferOp> {
  TileTransferPattern(const TypeConverter &converter, MLIRContext *context,
                      const LoweringFacts &facts, StringRef callee,
                      StringRef bufferPointer)
      : FactsPattern<TransferOp>(converter, context, facts), callee(callee),
        bufferPointer(bufferPointer) {}

  LogicalResult
  matchAndRewrite(TransferOp op, typename TransferOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto block = cast<BlockType>(op.getBlock().getType());
    // `matrix_rows`: runs of that many tile rows, one matrix (its padded tile
    // rows) apart; the verifier checked the shapes.
    int64_t runRows = op.getMatrixRows().value_or(block.getShape()[0]);
    int64_t matrixTileRows =
        tilesCovering(op.getTensor().getType().getShape().drop_back().back());
    emitTileTransfers(rewriter, op.getLoc(), callee, bufferPointer,
                      adaptor.getTensor(), adaptor.getBlock(),
                      adaptor.getRow(), adaptor.getCol(), block,
                      this->facts.tensorTileCols.lookup(op), runRows,
                      matrixTileRows);
    // The transfer handle carries nothing at run time; the wait that uses it
    // knows its direction from LoweringFacts.
    rewriter.replaceOp(op, adaptor.getBlock());
    return success();
  }

  StringRef callee;
  StringRef bufferPointer;
};

/// ttl.load_rows / ttl.store_rows: one NoC page call per row of the
/// element-shaped block. A row-major tensor's rows are its pages (ttnn's
/// ROW_MAJOR layout), so row `row + i` is page `row + i`; block row `i` starts
/// `i` DFB pages (rows rounded up to kRowPageAlignment) after the block. A
/// read moves the accessor's aligned page (at most the DFB page: the target's
/// alignment divides kRowPageAlignment), a write the row's own bytes:
///
///   ttl.load_rows  -> noc_async_read_page(page, accessor, get_write_ptr(cb) + i * page_bytes)
///   ttl.store_rows -> noc_async_write_page(page, accessor, get_read_ptr(cb) + i * page_bytes, row_bytes)
template <typename TransferOp>
struct RowTransferPattern : public OpConversionPattern<TransferOp> {
  RowTransferPattern(const TypeConverter &converter, MLIRContext *context,
                     bool read)
      : OpConversionPattern<TransferOp>(converter, context), read(read) {}

  LogicalResult
  matchAndRewrite(TransferOp op, typename TransferOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto block = cast<BlockType>(op.getBlock().getType());
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    int64_t rows = block.getShape()[0];
    int64_t rowBytes =
        block.getShape()[1] * block.getElementType().getIntOrFloatBitWidth() / 8;
    int64_t pageBytes = block.getPageSizeBytes();
    Value base = emitCall(rewriter, loc, read ? "get_write_ptr" : "get_read_ptr",
                          getSizeType(context), {adaptor.getBlock()})
                     .getResult(0);
    emitTileLoop(rewriter, loc, rows, [&](OpBuilder &b, Value i) {
      Value page =
          rows == 1 ? adaptor.getRow() : add(b, loc, adaptor.getRow(), i);
      Value address = rows == 1 ? base
                                : add(b, loc, base,
                                      mulConstant(b, loc, i, pageBytes));
      if (read)
        emitCall(b, loc, "noc_async_read_page", Type(),
                 {page, adaptor.getTensor(), address});
      else
        emitCall(b, loc, "noc_async_write_page", Type(),
                 {page, adaptor.getTensor(), address, rowBytes});
    });
    rewriter.replaceOp(op, adaptor.getBlock());
    return success();
  }

  bool read;
};

struct TransferWaitPattern : public FactsPattern<TransferWaitOp> {
  using FactsPattern::FactsPattern;

  LogicalResult
  matchAndRewrite(TransferWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto read = facts.waitsForRead.find(op);
    if (read == facts.waitsForRead.end())
      return rewriter.notifyMatchFailure(op, "transfer direction unknown");
    if (!facts.redundantWaits.contains(op))
      emitCall(rewriter, op.getLoc(),
               read->second ? "noc_async_read_barrier"
                            : "noc_async_write_barrier",
               Type(), {});
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void emitc_lowering::populateCopyPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          const LoweringFacts &facts) {
  MLIRContext *context = patterns.getContext();
  patterns.add<TileTransferPattern<LoadTilesOp>>(
      converter, context, facts, "noc_async_read_page", "get_write_ptr");
  patterns.add<TileTransferPattern<StoreTilesOp>>(
      converter, context, facts, "noc_async_write_page", "get_read_ptr");
  patterns.add<RowTransferPattern<LoadRowsOp>>(converter, context,
                                               /*read=*/true);
  patterns.add<RowTransferPattern<StoreRowsOp>>(converter, context,
                                                /*read=*/false);
  patterns.add<TransferWaitPattern>(converter, context, facts);
}
