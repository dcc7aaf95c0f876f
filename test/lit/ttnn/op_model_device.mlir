// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=MODULE
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=wormhole_b0}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=OPTION
// The module's ttnn.device selects Blackhole (130 L1 banks, 512 B/ns of DRAM); the pass option
// overrides it.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

module attributes {ttnn.device = "blackhole"} {
  // MODULE-LABEL: op constraints of @relu
  // OPTION-LABEL: op constraints of @relu
  func.func @relu(%a: tensor<256x1024xbf16, #dram>) {
    // 256 tiles: 2 per bank over Blackhole's 130 L1 banks (4 over Wormhole's 64). Runtime: 524288 B
    // read from DRAM at 512 B/ns (Wormhole: 288) + 2 us.
    // MODULE: :[[@LINE+2]]:{{.*}} ttnn.relu: success cb=8192 l1=4096 total=12288 out=4096 {{.*}} runtime=3024ns
    // OPTION: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=8192 l1=8192 total=16384 out=8192 {{.*}} runtime=3821ns
    %0 = ttnn.relu %a : tensor<256x1024xbf16, #dram> -> tensor<256x1024xbf16, #l1>
    return
  }
}
