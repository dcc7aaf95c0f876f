//===- ExternCallPatterns.cpp - external C++ calls -> kernel C++ ----------===//
//
//   ttl.call_extern_func "f" from "h.hpp" template [...] args(...)
//     -> #include "h.hpp" (after the kernel's own includes, once per header)
//        [r =] f<template args>(function args);
//   ttl.raw_addr %t  -> get_common_arg_val<uint32_t>(<address word of %t>)
//
// Template arguments: i64 -> signed literal, i1 -> true/false, f32 -> its
// binary32 bit pattern as an unsigned literal, #ttl.dfb_template<index> -> the
// physical index literal, #ttl.dfb_template<descriptor> ->
// ttlang::DFBDescriptor<index, page bytes, tiles per block, blocks, format>
// (include/ttlang/dfb_descriptor.hpp, a header of this project). Function
// arguments are the converted operands: scalars as is, a DFB as its physical
// index (uint32_t), a tensor as its TensorAccessor, ttl.raw_addr as uint32_t.
// Dependencies and effects are not part of the call.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "ttl/Dialect/TTL/IR/TTL.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;
using namespace mlir::ttl;
using namespace mlir::ttl::emitc_lowering;

/// The header of `ttlang::DFBDescriptor`, on the include path recorded with
/// `project_include` of the kernel's #ttl.kernel_record.
static constexpr llvm::StringLiteral kDescriptorHeader =
    "ttlang/dfb_descriptor.hpp";

/// Physical index of the DFB `value` (a ttl.create_dfb result).
static std::optional<int32_t> physicalIndex(Value value) {
  if (auto create = value.getDefiningOp<CreateDataflowBufferOp>())
    return create.getPhysicalIndex();
  return std::nullopt;
}

/// C++ text of one template argument, or failure with an error.
static FailureOr<std::string> renderTemplateArg(CallExternFuncOp call,
                                                unsigned position,
                                                Attribute arg,
                                                ArrayRef<Value> dependencies) {
  if (auto flag = dyn_cast<BoolAttr>(arg))
    return std::string(flag.getValue() ? "true" : "false");
  if (auto integer = dyn_cast<IntegerAttr>(arg)) {
    if (integer.getType().isSignlessInteger(1))
      return std::string(integer.getValue().isOne() ? "true" : "false");
    int64_t value = integer.getValue().getSExtValue();
    if (value == std::numeric_limits<int64_t>::min())
      return std::string("(-9223372036854775807LL - 1)");
    return std::to_string(value);
  }
  if (auto real = dyn_cast<FloatAttr>(arg)) {
    uint64_t bits = real.getValue().bitcastToAPInt().getZExtValue();
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "0x" << llvm::format_hex_no_prefix(bits, 8, /*Upper=*/true) << "u";
    return text;
  }
  auto dfb = cast<DFBTemplateArgAttr>(arg);
  Value value = dependencies[dfb.getDependency()];
  std::optional<int32_t> index = physicalIndex(value);
  if (!index) {
    call.emitOpError("template argument #")
        << position
        << " names a DFB without a physical index; run ttl-assign-dfb-indices "
           "first";
    return failure();
  }
  if (dfb.getKind() == DFBTemplateKind::Index)
    return std::to_string(*index);
  auto type = cast<DataflowBufferType>(value.getType());
  return llvm::formatv("ttlang::DFBDescriptor<{0}, {1}, {2}, {3}, "
                       "ttlang::DFBFormat::{4}>",
                       *index, type.getPageSizeBytes(),
                       type.getPagesPerBlock(), type.getBlockCount(),
                       type.getElementType().isF32() ? "Float32" : "BFloat16")
      .str();
}

namespace {
struct CallExternFuncPattern : public OpConversionPattern<CallExternFuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CallExternFuncOp call, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *context = call.getContext();
    SmallVector<Value> dependencies = call.getDFBDependencyOperands();
    SmallVector<Attribute> templateArgs;
    for (auto [position, arg] : llvm::enumerate(call.getTemplateArgs())) {
      FailureOr<std::string> text =
          renderTemplateArg(call, position, arg, dependencies);
      if (failed(text))
        return failure();
      templateArgs.push_back(emitc::OpaqueAttr::get(context, *text));
    }
    Type result;
    if (Value value = call.getResult()) {
      result = getTypeConverter()->convertType(value.getType());
      if (!result)
        return rewriter.notifyMatchFailure(call, "unsupported result type");
    }
    SmallVector<CallArg> args(adaptor.getFuncArgs().begin(),
                              adaptor.getFuncArgs().end());
    emitc::CallOpaqueOp lowered = emitCall(rewriter, call.getLoc(),
                                           call.getCallee(), result, args,
                                           templateArgs);
    rewriter.replaceOp(call, lowered.getResults());
    return success();
  }
};

struct RawAddrPattern : public FactsPattern<RawAddrOp> {
  using FactsPattern::FactsPattern;

  LogicalResult
  matchAndRewrite(RawAddrOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto word = facts.addressWord.find(op);
    if (word == facts.addressWord.end())
      return rewriter.notifyMatchFailure(op, "no ABI address word");
    MLIRContext *context = op.getContext();
    // ui32 is uint32_t in C++.
    rewriter.replaceOp(
        op, emitCall(rewriter, op.getLoc(), "get_common_arg_val",
                     op.getResult().getType(), {word->second},
                     {emitc::OpaqueAttr::get(context, "uint32_t")}));
    return success();
  }
};
} // namespace

LogicalResult emitc_lowering::collectExternFacts(func::FuncOp kernel,
                                                 const KernelABI &abi,
                                                 LoweringFacts &facts) {
  WalkResult walk = kernel.walk([&](RawAddrOp op) {
    auto arg = cast<BlockArgument>(op.getTensor());
    std::optional<int64_t> word = abi.addressWord(arg.getArgNumber());
    if (!word) {
      op.emitOpError("tensor parameter ")
          << arg.getArgNumber() << " has no buffer-address argument";
      return WalkResult::interrupt();
    }
    facts.addressWord[op] = *word;
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

ExternIncludes emitc_lowering::addExternIncludes(func::FuncOp kernel,
                                                 emitc::FileOp file) {
  llvm::SetVector<StringRef> headers, paths;
  bool descriptors = false;
  kernel.walk([&](CallExternFuncOp call) {
    for (Attribute arg : call.getTemplateArgs())
      if (auto dfb = dyn_cast<DFBTemplateArgAttr>(arg))
        descriptors |= dfb.getKind() == DFBTemplateKind::Descriptor;
    headers.insert(call.getHeader());
    for (Attribute path : call.getIncludePaths())
      paths.insert(cast<StringAttr>(path).getValue());
  });
  // A compute kernel reads ttl.raw_addr addresses with get_common_arg_val,
  // which compute kernels declare in api/compute/common.h.
  auto kernelId = kernel->getAttrOfType<KernelAttr>(TTLDialect::kKernelAttrName);
  bool rawAddr = kernelId && kernelId.getKind() == KernelKind::Compute &&
                 kernel->walk([](RawAddrOp) { return WalkResult::interrupt(); })
                     .wasInterrupted();
  ExternIncludes recorded;
  if (headers.empty() && !rawAddr)
    return recorded;
  // After the kernel's own includes, before the kernel function.
  OpBuilder b(kernel);
  if (rawAddr) {
    constexpr StringLiteral common = "api/compute/common.h";
    bool present = false;
    file.walk([&](emitc::IncludeOp include) {
      present |= include.getInclude() == common;
    });
    if (!present)
      emitc::IncludeOp::create(b, kernel.getLoc(), common);
  }
  if (descriptors)
    emitc::IncludeOp::create(b, kernel.getLoc(), kDescriptorHeader);
  for (StringRef header : headers)
    emitc::IncludeOp::create(b, kernel.getLoc(), header);
  recorded.paths.assign(paths.begin(), paths.end());
  recorded.projectInclude = descriptors;
  return recorded;
}

void emitc_lowering::populateExternCallPatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns,
                                                const LoweringFacts &facts) {
  MLIRContext *context = patterns.getContext();
  patterns.add<CallExternFuncPattern>(converter, context);
  patterns.add<RawAddrPattern>(converter, context, facts);
}
