// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BH
// ttnn.reshape's row-major program into long rows of unaligned source pages
// (328 B): each of its two kernels holds two 448 B reads and as many
// destination slots (the row rounded down to 64 B, plus 80) as fit in the L1
// above the allocator's base, at most 8, whatever else L1 holds. Figures:
// the mock devices (seed 818879499's reshape #17 and its neighbours).

#rm_dram = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>

// 241424 B slots: 2 on Wormhole (3 would not fit).
// CHECK-LABEL: op constraints of @one_row_into_l1
func.func @one_row_into_l1(%a: tensor<1x736x164xbf16, #rm_dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=241408 total=1208896 out=241408
  %r = ttnn.reshape %a {shape = array<i64: 1, 120704>} : tensor<1x736x164xbf16, #rm_dram> -> tensor<1x120704xbf16, #rm_l1>
  return
}

// 120720 B slots into DRAM: 5 on Wormhole.
// CHECK-LABEL: op constraints of @half_row_into_dram
func.func @half_row_into_dram(%a: tensor<1x368x164xbf16, #rm_dram>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=1208992 out=0
  %r = ttnn.reshape %a {shape = array<i64: 1, 60352>} : tensor<1x368x164xbf16, #rm_dram> -> tensor<1x60352xbf16, #rm_dram>
  return
}

// 150928 B slots: 4 on Blackhole.
// BH-LABEL: op constraints of @two_rows_into_l1
func.func @two_rows_into_l1(%a: tensor<1x920x164xbf16, #rm_dram>) {
  // BH: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=150880 total=1360096 out=150880
  %r = ttnn.reshape %a {shape = array<i64: 2, 75440>} : tensor<1x920x164xbf16, #rm_dram> -> tensor<2x75440xbf16, #rm_l1>
  return
}
