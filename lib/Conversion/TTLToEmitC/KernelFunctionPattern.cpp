//===- KernelFunctionPattern.cpp - kernel function -> kernel_main ---------===//
//
// A kernel function `func.func @k(%tensors...) attributes {ttl.kernel}`
// becomes `void kernel_main()`. Its tensor parameters become TensorAccessors
// built at entry from the kernel's compile-time TensorAccessorArgs and the
// buffer addresses in its common runtime arguments (KernelABI); its scalar
// parameters (index / i32) read their common runtime words.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

namespace {
struct KernelFunctionPattern : public FactsPattern<func::FuncOp> {
  KernelFunctionPattern(const TypeConverter &converter, MLIRContext *context,
                        const LoweringFacts &facts)
      : FactsPattern(converter, context, facts, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(func::FuncOp func, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto it = facts.abi.find(func);
    if (it == facts.abi.end())
      return rewriter.notifyMatchFailure(func, "not a kernel function");
    const KernelABI &abi = it->second;
    if (func.getNumResults() != 0)
      return func.emitOpError("kernel function must not return values");

    Location loc = func.getLoc();
    MLIRContext *context = func.getContext();
    auto kernelMain = emitc::FuncOp::create(
        rewriter, loc, "kernel_main", FunctionType::get(context, {}, {}));
    Block *entry = kernelMain.addEntryBlock();
    rewriter.setInsertionPointToStart(entry);

    // One TensorAccessor per copied tensor parameter; unused parameters get
    // no arguments and no value.
    SmallVector<Value> replacements;
    for (BlockArgument arg : func.getArguments()) {
      if (std::optional<int64_t> word = abi.scalarWord(arg.getArgNumber())) {
        // A scalar parameter: its common runtime word, as the argument's type
        // (an int's value; a float's f32 bits, which the compute API takes).
        Value value =
            emitCall(rewriter, loc, "get_common_arg_val", getUint32Type(context),
                     {*word}, {emitc::OpaqueAttr::get(context, "uint32_t")})
                .getResult(0);
        Type converted = getTypeConverter()->convertType(arg.getType());
        if (converted && converted != value.getType())
          value = emitc::CastOp::create(rewriter, loc, converted, value);
        replacements.push_back(value);
        continue;
      }
      std::optional<int64_t> ctWord = abi.accessorWord(arg.getArgNumber());
      std::optional<int64_t> addrWord = abi.addressWord(arg.getArgNumber());
      if (!ctWord || !addrWord) {
        // ttl.raw_addr reads the address word itself.
        if (llvm::any_of(arg.getUsers(),
                         [](Operation *user) { return !isa<RawAddrOp>(user); }))
          return func.emitOpError("parameter ")
                 << arg.getArgNumber()
                 << " is used but is not a copied tensor of the kernel ABI";
        replacements.push_back(
            emitc::LiteralOp::create(rewriter, loc, getAutoType(context),
                                     "nullptr"));
        continue;
      }
      // A sharded accessor reads its bank coordinates from common runtime
      // args at its CRTA offset.
      SmallVector<Attribute, 2> templateArgs = {
          rewriter.getI32IntegerAttr(*ctWord)};
      if (std::optional<int64_t> crta = abi.bankCoordsWord(arg.getArgNumber()))
        templateArgs.push_back(rewriter.getI32IntegerAttr(*crta));
      Value args = emitCall(rewriter, loc, "TensorAccessorArgs",
                            getAutoType(context), {}, templateArgs)
                       .getResult(0);
      Value address =
          emitCall(rewriter, loc, "get_common_arg_val", getUint32Type(context),
                   {*addrWord}, {emitc::OpaqueAttr::get(context, "uint32_t")})
              .getResult(0);
      replacements.push_back(emitCall(rewriter, loc, "TensorAccessor",
                                      getAutoType(context), {args, address})
                                 .getResult(0));
    }
    rewriter.inlineBlockBefore(&func.front(), entry, entry->end(),
                               replacements);
    rewriter.eraseOp(func);
    return success();
  }
};
} // namespace

void emitc_lowering::populateKernelFunctionPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const LoweringFacts &facts) {
  patterns.add<KernelFunctionPattern>(converter, patterns.getContext(), facts);
}
