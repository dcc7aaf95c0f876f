// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.scaled_dot_product_attention double-buffers q when a core takes more than one q chunk, heads
// included: 4 x 32 heads of one chunk on Wormhole's 64 cores give each core two (one more q buffer of
// DHt = 2 tiles); Blackhole's 130 cores take one each. Figures: ttnn 0.81.1 on the mock devices (a
// random draw, seed 163699741, whose Wormhole answer was wrong before).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @heads_per_core
// BH-LABEL: op constraints of @heads_per_core
func.func @heads_per_core(%q: tensor<4x32x19x64xbf16, #dram>, %k: tensor<4x32x19x64xbf16, #dram>, %v: tensor<4x32x19x64xbf16, #dram>) {
  // CHECK: :[[@LINE+2]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=63488 l1=8192 total=71680 out=8192
  // BH: :[[@LINE+1]]:{{.*}} ttnn.scaled_dot_product_attention: success cb=59392
  %r = ttnn.scaled_dot_product_attention %q, %k, %v : tensor<4x32x19x64xbf16, #dram>, tensor<4x32x19x64xbf16, #dram>, tensor<4x32x19x64xbf16, #dram> -> tensor<4x32x19x64xbf16, #l1>
  return
}
