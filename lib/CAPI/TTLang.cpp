//===- TTLang.cpp - C API for the ttlang dialects and passes --------------===//

#include "ttl-c/TTLang.h"

#include "ttl/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

void ttlangRegisterAllDialects(MlirContext context) {
  mlir::DialectRegistry registry;
  mlir::ttlang::registerAllDialects(registry);
  mlir::MLIRContext *ctx = unwrap(context);
  ctx->appendDialectRegistry(registry);
  ctx->loadAllAvailableDialects();
}

MlirContext ttlangCreateCompileContext(void) {
  mlir::DialectRegistry registry;
  mlir::ttlang::registerAllDialects(registry);
  auto *context = new mlir::MLIRContext(
      registry, mlir::MLIRContext::Threading::DISABLED);
  context->loadAllAvailableDialects();
  return wrap(context);
}

void ttlangRegisterAllPasses(void) { mlir::ttlang::registerAllPasses(); }
