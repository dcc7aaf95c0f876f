//===- Passes.td - C++ kernel emission passes --------------*- tablegen -*-===//

#ifndef TTL_TARGET_CPP_PASSES_TD
#define TTL_TARGET_CPP_PASSES_TD

include "mlir/Pass/PassBase.td"

def TTLPrintKernelCpp : Pass<"ttl-print-kernel-cpp", "::mlir::ModuleOp"> {
  let summary = "prints the C++ source of every generated kernel";
  let description = [{
    Translates every kernel `emitc.file` of the module (the output of
    `convert-ttl-to-emitc`) to C++ with `emitc::translateToCpp` and prints
    it to standard output, each preceded by a line
    `// ===== kernel <file id> =====`. The module is not changed. Used by lit
    tests to check the generated C++ (`-o /dev/null` keeps the IR out).

    ```
    // ===== kernel add_compute =====
    #include "api/compute/cb_api.h"
    ...
    void kernel_main() {
    ```
  }];
}

#endif // TTL_TARGET_CPP_PASSES_TD
