//===- CheckSynchronizedReconfigurations.cpp - DFB rings alike ------------===//
//
// ttl-check-synchronized-reconfigurations: every kernel of an operation that
// uses a DFB reconfigures it (ttl.reconfigure_dfb) at the same synchronized
// points, the same ring sizes in the same order (computeDataflowBufferConfigs,
// KernelABI.h); otherwise producer and consumer would disagree on the ring.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/KernelABI.h"
#include "ttl/Transforms/TTL/KernelFunctions.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <map>

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLCHECKSYNCHRONIZEDRECONFIGURATIONS
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

/// Every kernel of an operation that uses a DFB reconfigures it at the same
/// synchronized points: the same configurations in the same order.
LogicalResult
checkSynchronizedReconfigurations(ArrayRef<func::FuncOp> kernels) {
  // (operation id, DFB index) -> first kernel seen and its sequence.
  std::map<std::pair<std::string, int32_t>,
           std::pair<func::FuncOp, SmallVector<int64_t>>>
      seen;
  for (func::FuncOp kernel : kernels) {
    FailureOr<DataflowBufferConfigLayout> configs =
        computeDataflowBufferConfigs(kernel);
    if (failed(configs))
      return failure();
    std::map<int32_t, SmallVector<int64_t>> sequences;
    for (const auto &[index, bytes] : configs->totalBytes)
      sequences[index];
    for (const DataflowBufferConfig &config : configs->configs)
      sequences[config.physicalIndex].push_back(config.pages);
    auto id = kernel->getAttrOfType<StringAttr>(TTLDialect::kOperationIdAttrName);
    std::string operation = id ? id.getValue().str() : "";
    for (auto &[index, sequence] : sequences) {
      auto [it, inserted] =
          seen.try_emplace({operation, index}, kernel, sequence);
      if (inserted || it->second.second == sequence)
        continue;
      auto describe = [](ArrayRef<int64_t> pages) {
        std::string text = "[";
        for (auto [i, p] : llvm::enumerate(pages))
          text += (i ? ", " : "") + std::to_string(p) + " pages";
        return text + "]";
      };
      InFlightDiagnostic diag =
          kernel.emitError("kernel '")
          << kernel.getSymName() << "' reconfigures DFB " << index << " as "
          << describe(sequence) << " but kernel '"
          << it->second.first.getSymName() << "' as "
          << describe(it->second.second)
          << "; every kernel that uses a DFB must reconfigure it at the same "
             "synchronized points";
      diag.attachNote(it->second.first.getLoc()) << "other kernel here";
      return failure();
    }
  }
  return success();
}

struct CheckSynchronizedReconfigurationsPass
    : public ttl::impl::TTLCheckSynchronizedReconfigurationsBase<
          CheckSynchronizedReconfigurationsPass> {
  void runOnOperation() override {
    FailureOr<SmallVector<func::FuncOp>> kernels =
        getKernelFunctions(getOperation());
    if (failed(kernels) || failed(checkSynchronizedReconfigurations(*kernels)))
      return signalPassFailure();
  }
};

} // namespace
