//===- ttlang-opt.cpp - ttlang optimizer driver ---------------------------===//
//
// mlir-opt for ttlang: parses IR with the ttl, ttnn and upstream dialects,
// runs ttlang and upstream passes, and prints the result. Used by lit tests.
//
//===----------------------------------------------------------------------===//

#include "ttl/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "ttlang-opt " TTLANG_VERSION " (ttl and ttnn dialects)\n";
  });
  mlir::registerTransformsPasses();
  mlir::ttlang::registerAllPasses();
  mlir::DialectRegistry registry;
  mlir::ttlang::registerAllDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "ttlang optimizer driver\n", registry));
}
