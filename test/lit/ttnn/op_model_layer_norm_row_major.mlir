// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// ttnn.layer_norm of a row-major input: ttnn 0.81.1's program tilizes and
// untilizes in its kernels: the tiled program's CBs with the output row in
// Wt' tiles instead of 2 blocks, and 2 blocks of input tiles to tilize from;
// its result is row-major. Figures: mock-device measurements.

#drm = #ttnn.layout<row_major, dram, interleaved, bf16>
#l1rm = #ttnn.layout<row_major, l1, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>

// CHECK-LABEL: op constraints of @row_major
func.func @row_major(%a: tensor<2x21x800xbf16, #drm>, %b: tensor<640xbf16, #l1rm>, %bias: tensor<1x640xbf16, #l1>, %c: tensor<169x128xbf16, #drm>, %w: tensor<1x128xbf16, #dram>) {
  // Wt' = 28: 360,448 B of the tiled program + 28 output and 8 input tiles.
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=434176 l1=0 total=434176 out=0
  %0 = ttnn.layer_norm %a : tensor<2x21x800xbf16, #drm> -> tensor<2x21x800xbf16, #drm>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=409600 l1=0 total=409600 out=0
  %1 = ttnn.layer_norm %b bias %bias : tensor<640xbf16, #l1rm>, tensor<1x640xbf16, #l1> -> tensor<640xbf16, #drm>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.layer_norm: success cb=188416 l1=768 total=189184 out=768
  // BH: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: success cb=188416 l1=512 total=188928 out=512
  %2 = ttnn.layer_norm %c weight %w bias %w : tensor<169x128xbf16, #drm>, tensor<1x128xbf16, #dram>, tensor<1x128xbf16, #dram> -> tensor<169x128xbf16, #l1rm>
  return
}

// CHECK-LABEL: op constraints of @unaligned_width
func.func @unaligned_width(%a: tensor<222x79xbf16, #l1rm>) {
  // ttnn 0.81.1 TT_FATALs on a row-major input whose last dimension is not a
  // multiple of 32 (layernorm_device_operation.cpp).
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.layer_norm: backend_error: ttnn.layer_norm: a row-major input's last dimension (79) must be a multiple of 32
  %0 = ttnn.layer_norm %a : tensor<222x79xbf16, #l1rm> -> tensor<222x79xbf16, #drm>
  return
}
