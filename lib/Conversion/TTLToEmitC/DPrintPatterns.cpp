//===- DPrintPatterns.cpp - device prints -> DPRINT -----------------------===//
//
//   ttl.dprint "k = {}" %k   -> DPRINT("k = {}\n", k);        (data movement)
//                               DPRINT_MATH("k = {}\n", k);   (compute; its
//                               `thread`, else math)
//   ttl.dprint "{}" %blk     -> ttl::dprint_block<columns, thread>(blk, tiles,
//                               waited);  (ttlang/dprint_block.h: TSLICE rows;
//                               compute: unpack for a waited block, pack for a
//                               reserved one, unless `thread` says otherwise)
//
// In a compute kernel a print always names its processor: a plain DPRINT
// would run on each of the three TRISCs (api/debug/device_print.h).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {

/// `text` as a C string literal (octal escapes: a hex escape would swallow a
/// following hex digit).
std::string cStringLiteral(StringRef text) {
  std::string literal = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      literal += '\\';
      literal += char(c);
    } else if (c == '\n') {
      literal += "\\n";
    } else if (c < 0x20 || c >= 0x7f) {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\%03o", c);
      literal += escaped;
    } else {
      literal += char(c);
    }
  }
  return literal + "\"";
}

/// The compute processor of a print: its `thread`, else the one that reads
/// the printed side of a DFB (unpack: waited blocks; pack: reserved ones),
/// else math.
StringRef computeThread(DPrintOp op) {
  if (std::optional<StringRef> thread = op.getThread())
    return *thread;
  for (Value value : op.getValues())
    if (isa<BlockType>(value.getType()))
      return value.getDefiningOp<WaitOp>() ? "unpack" : "pack";
  return "math";
}

struct DPrintPattern : public FactsPattern<DPrintOp> {
  using FactsPattern::FactsPattern;

  LogicalResult
  matchAndRewrite(DPrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto compute = facts.computePrints.find(op);
    if (compute == facts.computePrints.end())
      return rewriter.notifyMatchFailure(op, "kernel role unknown");
    bool inCompute = compute->second;
    StringRef thread = inCompute ? computeThread(op) : "";
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    if (op.getValues().size() == 1 && isa<BlockType>(op.getValues()[0].getType())) {
      auto block = cast<BlockType>(op.getValues()[0].getType());
      bool waited = op.getValues()[0].getDefiningOp<WaitOp>() != nullptr;
      // TileSlice<64> holds 64 bytes: a row of 32 bf16 values or 16 f32 ones.
      int64_t columns = block.getElementType().getIntOrFloatBitWidth() == 32 ? 16 : 32;
      int64_t threadCode = llvm::StringSwitch<int64_t>(thread)
                               .Case("unpack", 0)
                               .Case("math", 1)
                               .Default(2);
      Attribute threadArg = emitc::OpaqueAttr::get(
          context, "ttl::PrintThread(" + std::to_string(threadCode) + ")");
      emitCall(rewriter, loc, "ttl::dprint_block", Type(),
               {adaptor.getValues()[0], block.getTilesPerBlock(),
                static_cast<int64_t>(waited)},
               {rewriter.getI64IntegerAttr(columns), threadArg});
      rewriter.eraseOp(op);
      return success();
    }
    std::string macro = inCompute ? ("DPRINT_" + thread.upper()) : "DPRINT";
    SmallVector<Attribute> args{emitc::OpaqueAttr::get(
        context, cStringLiteral((op.getFormat() + "\n").str()))};
    SmallVector<Value> operands;
    for (auto [index, value] : llvm::enumerate(adaptor.getValues())) {
      Value printed = value;
      // Booleans print as 1 / 0 (DEVICE_PRINT's integer path).
      if (op.getValues()[index].getType().isInteger(1))
        printed = emitc::CastOp::create(rewriter, loc, getUint32Type(context), value);
      args.push_back(rewriter.getIndexAttr(operands.size()));
      operands.push_back(printed);
    }
    emitc::CallOpaqueOp::create(rewriter, loc, TypeRange(), macro,
                                operands, rewriter.getArrayAttr(args),
                                /*template_args=*/nullptr);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

LogicalResult emitc_lowering::collectPrintFacts(func::FuncOp kernel,
                                                bool compute,
                                                LoweringFacts &facts) {
  WalkResult result = kernel.walk([&](DPrintOp op) {
    if (!compute && op.getThread()) {
      op.emitOpError("chooses a compute processor (thread = \"")
          << *op.getThread() << "\") in a data-movement kernel, which has one";
      return WalkResult::interrupt();
    }
    facts.computePrints[op] = compute;
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

bool emitc_lowering::printsBlocks(func::FuncOp kernel) {
  return kernel
      ->walk([](DPrintOp op) {
        return op.getValues().size() == 1 &&
                       isa<BlockType>(op.getValues()[0].getType())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

void emitc_lowering::populateDPrintPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            const LoweringFacts &facts) {
  patterns.add<DPrintPattern>(converter, patterns.getContext(), facts);
}
