// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: not ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=grayskull}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTION
// A device name the op model does not know is an error of every query (module attribute) or of the
// pass (option).

#dram = #ttnn.layout<dram, interleaved, bf16>

module attributes {ttnn.device = "grayskull"} {
  // CHECK-LABEL: op constraints of @relu
  // OPTION: error: ttnn-print-op-constraints: device must be wormhole_b0 or blackhole, got 'grayskull'
  func.func @relu(%a: tensor<64x1024xbf16, #dram>) {
    // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: backend_error: ttnn.device must be "wormhole_b0" or "blackhole"
    %0 = ttnn.relu %a : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #dram>
    return
  }
}
