//===- InitAll.h - register every ttlang dialect and pass -------*- C++ -*-===//
//
// The one place that says which dialects and passes make up ttlang. Both
// ttlang-opt and the Python extension call these, so the tool and Python see
// the same compiler.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_INITALL_H
#define TTL_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::ttlang {

/// Adds the ttl and ttnn dialects and the upstream dialects the pipelines use
/// (func, arith, scf, cf, emitc, memref) to `registry`.
void registerAllDialects(DialectRegistry &registry);

/// Registers every ttlang pass and pipeline with the global pass registry.
/// Idempotent.
void registerAllPasses();

} // namespace mlir::ttlang

#endif // TTL_INITALL_H
