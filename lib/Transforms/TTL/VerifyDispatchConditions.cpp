//===- VerifyDispatchConditions.cpp - dispatch-condition identity --------===//
//
// Checks that each dispatch-condition declaration is used with one type in
// the module (equal attributes identify one declaration), and optionally
// reports the condition formula of every structured branch.
//
//===----------------------------------------------------------------------===//

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Transforms/TTL/ConditionIdentity.h"
#include "ttl/Transforms/TTL/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::ttl {
#define GEN_PASS_DEF_TTLVERIFYDISPATCHCONDITIONS
#include "ttl/Transforms/TTL/Passes.h.inc"
} // namespace mlir::ttl

using namespace mlir;
using namespace mlir::ttl;

namespace {

struct VerifyDispatchConditionsPass
    : public ttl::impl::TTLVerifyDispatchConditionsBase<
          VerifyDispatchConditionsPass> {
  using TTLVerifyDispatchConditionsBase::TTLVerifyDispatchConditionsBase;

  void runOnOperation() override {
    llvm::DenseMap<int64_t, CallExternFuncOp> first;
    WalkResult result = getOperation().walk([&](CallExternFuncOp call) {
      std::optional<DispatchConditionAttr> condition = call.getCondition();
      if (!condition)
        return WalkResult::advance();
      auto [it, inserted] = first.try_emplace(condition->getOrdinal(), call);
      if (inserted || *it->second.getCondition() == *condition)
        return WalkResult::advance();
      InFlightDiagnostic diag =
          call.emitOpError("evaluates dispatch condition #")
          << condition->getOrdinal() << " as " << condition->getType()
          << ", but one declaration has one type";
      diag.attachNote(it->second.getLoc())
          << "evaluated as " << it->second.getCondition()->getType() << " here";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    // A check: the IR is unchanged, and the formulas computed for the remarks
    // serve the lifecycle analysis later.
    markAllAnalysesPreserved();
    if (!reportConditions)
      return;
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      ConditionIdentity &conditions = getChildAnalysis<ConditionIdentity>(func);
      func.walk([&](scf::IfOp branch) {
        branch.emitRemark("branch condition: ")
            << conditions.print(conditions.formulaOf(branch.getCondition()));
      });
    }
  }
};

} // namespace
