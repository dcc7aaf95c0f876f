//===- PrintOpConstraints.cpp - report each op's constraints --------------===//

#include "ttl/Transforms/TTNN/Passes.h"

#include "ttl/OpModel/OpModelTypes.h"
#include "ttl/OpModel/ConstraintValidation.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::ttnn {
#define GEN_PASS_DEF_TTNNPRINTOPCONSTRAINTS
#include "ttl/Transforms/TTNN/Passes.h.inc"

namespace {

using op_model::OpModelAllocationRecord;

void printConstraints(llvm::raw_ostream &os,
                      const op_model::OpConstraints &c) {
  os << " cb=" << c.cbL1PeakSize << " l1=" << c.tensorL1PeakSize
     << " total=" << c.peakL1MemorySize << " out=" << c.outputL1BufferSize
     << " layouts=[";
  llvm::interleaveComma(c.outputLayouts, os);
  os << "]";
}

void printRecords(llvm::raw_ostream &os,
                  llvm::ArrayRef<OpModelAllocationRecord> records) {
  os << " allocs=[";
  llvm::interleaveComma(records, os, [&](const OpModelAllocationRecord &r) {
    os << stringifyBufferType(r.bufferType) << "@" << r.address << "+"
       << r.sizePerBank;
  });
  os << "]";
}

struct PrintOpConstraints
    : impl::TTNNPrintOpConstraintsBase<PrintOpConstraints> {
  using Base::Base;

  void runOnOperation() override {
    // Live records per value; threaded only in stateful mode.
    llvm::MapVector<Value, SmallVector<OpModelAllocationRecord, 1>> live;
    func::FuncOp func = getOperation();
    func.emitRemark() << "op constraints of @" << func.getSymName()
                      << (stateful ? " (stateful)" : " (stateless)");
    func.walk([&](Operation *op) {
      if (op->getDialect() != op->getContext()->getLoadedDialect<TTNNDialect>())
        return;
      std::string text;
      llvm::raw_string_ostream os(text);
      os << op->getName() << ": ";
      auto model = dyn_cast<OpModelInterface>(op);
      if (!model) {
        os << "OpModelExempt";
        op->emitRemark(text);
        return;
      }
      std::vector<LayoutAttr> inputs = getOperandLayouts(op);
      OpConfig config;
      SmallVector<OpModelAllocationRecord> flat;
      for (auto &entry : live)
        flat.append(entry.second.begin(), entry.second.end());
      ValidationResult result =
          stateful ? validateOperation(op, inputs, config, flat)
                   : validateOperation(op, inputs, config);
      os << stringifyValidationStatus(result.status);
      if (!result.isSuccess()) {
        os << ": " << result.errorMessage;
        op->emitRemark(text);
        return;
      }
      printConstraints(os, *result.constraints);
      auto runtime = model.getOpRuntime(inputs, config);
      if (runtime)
        os << " runtime=" << *runtime << "ns";
      else
        os << " runtime=error(" << llvm::toString(runtime.takeError()) << ")";
      if (stateful) {
        printRecords(os, result.constraints->outputAllocations);
        for (auto [index, record] :
             llvm::enumerate(result.constraints->outputAllocations))
          if (index < op->getNumResults())
            live[op->getResult(index)].push_back(record);
        if (auto dealloc = dyn_cast<DeallocateOp>(op))
          live.erase(dealloc.getInput());
      }
      op->emitRemark(text);
    });
  }
};

} // namespace
} // namespace mlir::ttnn
