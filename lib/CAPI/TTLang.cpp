//===- TTLang.cpp - C API for the ttlang dialects and passes --------------===//

#include "ttl-c/TTLang.h"

#include "ttl/Dialect/TTL/IR/TTL.h"
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
  // The other registered dialects load when the parser or a pass (its
  // dependent dialects) first needs them, as in ttlang-opt: a compile never
  // touches ttnn, whose op-model ops were a fifth of a cache hit's first call.
  // TTL is loaded for the attributes the runtime builds from records.
  context->getOrLoadDialect<mlir::ttl::TTLDialect>();
  return wrap(context);
}

void ttlangRegisterAllPasses(void) { mlir::ttlang::registerAllPasses(); }
