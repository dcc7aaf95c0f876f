// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// tt-metal places a program's static circular / dataflow buffers from the L1 allocator's base up and
// rejects the program when they end beyond L1 (ttnn 0.81.1 under graph capture: "Statically allocated
// dataflow buffers ... grow to X B which is beyond max L1 size of Y B"). Its message puts the base at
// 105,824 B on the mock Wormhole (1,499,136 B of L1: 1,393,312 B for buffers) and 111,744 B on the mock
// Blackhole (1,572,864 B: 1,461,120 B). concatenate_heads of H heads of one tile streams 2 x H tiles:
// 340 heads (1,392,640 B) run on Wormhole and 341 (1,396,736 B) fail; 356 (1,458,176 B) run on
// Blackhole and 357 (1,462,272 B) fail (measured on both mock devices). The validation's L1 cap is
// lifted to all of the usable L1 so that ttnn's own limit is what answers.

#dram = #ttnn.layout<dram, interleaved, bf16>

module attributes {ttnn.l1_usage_cap = 1.0 : f64} {

// WH-LABEL: op constraints of @fits_wormhole
// BH-LABEL: op constraints of @fits_wormhole
func.func @fits_wormhole(%x: tensor<1x340x32x32xbf16, #dram>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concatenate_heads: success cb=1392640 l1=0 total=1392640 out=0
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: success cb=1392640 l1=0 total=1392640 out=0
  %0 = ttnn.concatenate_heads %x : tensor<1x340x32x32xbf16, #dram> -> tensor<1x32x10880xbf16, #dram>
  return
}

// WH-LABEL: op constraints of @beyond_wormhole
// BH-LABEL: op constraints of @beyond_wormhole
func.func @beyond_wormhole(%x: tensor<1x341x32x32xbf16, #dram>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concatenate_heads: out_of_memory: ttnn.concatenate_heads: its buffers take 1396736 B per core from the L1 allocator base 105824 and end at 1502560 B, beyond the 1499136 B of L1
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: success cb=1396736 l1=0 total=1396736 out=0
  %0 = ttnn.concatenate_heads %x : tensor<1x341x32x32xbf16, #dram> -> tensor<1x32x10912xbf16, #dram>
  return
}

// WH-LABEL: op constraints of @fits_blackhole
// BH-LABEL: op constraints of @fits_blackhole
func.func @fits_blackhole(%x: tensor<1x356x32x32xbf16, #dram>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concatenate_heads: out_of_memory
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: success cb=1458176 l1=0 total=1458176 out=0
  %0 = ttnn.concatenate_heads %x : tensor<1x356x32x32xbf16, #dram> -> tensor<1x32x11392xbf16, #dram>
  return
}

// WH-LABEL: op constraints of @beyond_blackhole
// BH-LABEL: op constraints of @beyond_blackhole
func.func @beyond_blackhole(%x: tensor<1x357x32x32xbf16, #dram>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.concatenate_heads: out_of_memory
  // BH: :[[@LINE+1]]:{{.*}} ttnn.concatenate_heads: out_of_memory: ttnn.concatenate_heads: its buffers take 1462272 B per core from the L1 allocator base 111744 and end at 1574016 B, beyond the 1572864 B of L1
  %0 = ttnn.concatenate_heads %x : tensor<1x357x32x32xbf16, #dram> -> tensor<1x32x11424xbf16, #dram>
  return
}
}
