// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// OpModelExempt ops carry no OpModel interface and are reported as such.

#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @exempt
func.func @exempt(%h: tensor<32x64xbf16>) {
  // CHECK: :[[@LINE+1]]:{{.*}} remark: ttnn.to_device: OpModelExempt
  %0 = ttnn.to_device %h : tensor<32x64xbf16> -> tensor<32x64xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} remark: ttnn.all_gather: OpModelExempt
  %1 = ttnn.all_gather %0 {all_gather_dim = 0 : si32, num_links = 1 : ui32} : tensor<32x64xbf16, #dram> -> tensor<64x64xbf16, #dram>
  // CHECK: :[[@LINE+1]]:{{.*}} remark: ttnn.from_device: OpModelExempt
  %2 = ttnn.from_device %1 : tensor<64x64xbf16, #dram> -> tensor<64x64xbf16>
  return
}
