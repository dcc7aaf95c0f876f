//===- InitAll.cpp - register every ttlang dialect and pass ---------------===//

#include "ttl/InitAll.h"

#include "ttl/Dialect/TTL/IR/TTL.h"
#include "ttl/Dialect/TTNN/IR/TTNN.h"
#include "ttl/Transforms/TTL/Passes.h"
#include "ttl/Transforms/TTNN/Passes.h"
#include "ttl/Conversion/TTLToEmitC/Passes.h"
#include "ttl/Target/Cpp/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"

void mlir::ttlang::registerAllDialects(DialectRegistry &registry) {
  registry.insert<ttl::TTLDialect, ttnn::TTNNDialect, arith::ArithDialect,
                  cf::ControlFlowDialect, emitc::EmitCDialect,
                  func::FuncDialect, memref::MemRefDialect, scf::SCFDialect>();
}

void mlir::ttlang::registerAllPasses() {
  static const bool registered = [] {
    ttl::registerTTLPasses();
    ttnn::registerTTNNPasses();
    ttl::registerTTLPipelines();
    ttl::registerBackendPasses();
    ttl::registerTTLTargetCppPasses();
    return true;
  }();
  (void)registered;
}
