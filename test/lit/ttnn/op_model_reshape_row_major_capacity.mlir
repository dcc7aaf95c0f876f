// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// ttnn 0.81.1 throws when a program's dataflow buffers and scratchpads pass the L1 above its allocator
// base (1394688 B on Wormhole), whatever L1 tensors are live. Figures measured on the mock devices
// (bench/opmodel_cases_data.py).

#rm = #ttnn.layout<row_major, dram, interleaved, bf16>
#rm_l1 = #ttnn.layout<row_major, l1, interleaved, bf16>

// CHECK-LABEL: op constraints of @capacity
func.func @capacity(%a: tensor<1x400x512xbf16, #rm>, %b: tensor<1x712x512xbf16, #rm>, %c: tensor<1x300x512xbf16, #rm>) {
  // Two kernels of 2 source reads and a destination slot of the 409600 B row.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=0 total=823584 out=0
  %0 = ttnn.reshape %a {shape = array<i64: 1, 204800>} : tensor<1x400x512xbf16, #rm> -> tensor<1x204800xbf16, #rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: out_of_memory: ttnn.reshape: its buffers take 1462560 B per core from the L1 allocator base
  %1 = ttnn.reshape %b {shape = array<i64: 1, 364544>} : tensor<1x712x512xbf16, #rm> -> tensor<1x364544xbf16, #rm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.reshape: success cb=0 l1=307200 total=925984 out=307200
  %2 = ttnn.reshape %c {shape = array<i64: 1, 153600>} : tensor<1x300x512xbf16, #rm> -> tensor<1x153600xbf16, #rm_l1>
  return
}
