// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// A row-major eltwise operand in width or block shards narrower than its
// rows and not dividing them: ttnn pads the rows to whole shards, and the
// unary program's result keeps the padding. Figures: ttnn 0.81.1 on the
// mock devices.

#l1_f32 = #ttnn.layout<row_major, l1, interleaved, f32>
#l1 = #ttnn.layout<row_major, l1, interleaved, bf16>
#ws25 = #ttnn.layout<row_major, l1, width_sharded, f32, grid = 3x7, shard = 1344x25>
#ws16 = #ttnn.layout<row_major, l1, width_sharded, bf16, grid = 1x8, shard = 256x16>
#bs14 = #ttnn.layout<row_major, l1, block_sharded, bf16, grid = 5x6, shard = 138x14>

// 512-element rows in 25-wide shards become 525-element rows: 2112 B pages,
// 21 a bank on Wormhole's 64 banks (512-element rows would take 43008 B).
// CHECK-LABEL: op constraints of @padded_rows
func.func @padded_rows(%a: tensor<2x1x672x512xf32, #ws25>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.sigmoid: success cb=16384 l1=44352 total=60736 out=44352
  // BH: :[[@LINE+1]]:{{.*}} ttnn.sigmoid: success cb=16384 l1=23232 total=39616 out=23232
  %r = ttnn.sigmoid %a : tensor<2x1x672x512xf32, #ws25> -> tensor<2x1x672x512xf32, #l1_f32>
  return
}

// 120-element rows in 16-wide shards are even once padded to 128: the
// program runs on the shards (no CBs) into shards like them.
// CHECK-LABEL: op constraints of @even_once_padded
func.func @even_once_padded(%a: tensor<256x120xbf16, #ws16>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=0 l1=8192 total=8192 out=8192
  %r = ttnn.relu %a : tensor<256x120xbf16, #ws16> -> tensor<256x120xbf16, #ws16>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.relu: success cb=8192 l1=1024 total=9216 out=1024
  // BH: :[[@LINE+1]]:{{.*}} ttnn.relu: success cb=8192 l1=512 total=8704 out=512
  %s = ttnn.relu %a : tensor<256x120xbf16, #ws16> -> tensor<256x120xbf16, #l1>
  return
}

// x ** 2 runs the unary program and keeps the padding (79 -> 84 elements);
// x ** 0 (a host fill) and x ** 1 (a copy) write the logical rows.
// CHECK-LABEL: op constraints of @pow
func.func @pow(%a: tensor<2x4x86x79xbf16, #bs14>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.pow_scalar: success cb=8192 l1=1936 total=10128 out=1936
  // BH: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=8192 l1=1056 total=9248 out=1056
  %r = ttnn.pow_scalar %a {exponent = 2.0 : f64} : tensor<2x4x86x79xbf16, #bs14> -> tensor<2x4x86x79xbf16, #l1>
  // WH: :[[@LINE+2]]:{{.*}} ttnn.pow_scalar: success cb=0 l1=1760 total=1760 out=1760
  // BH: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=0 l1=960 total=960 out=960
  %z = ttnn.pow_scalar %a {exponent = 0.0 : f64} : tensor<2x4x86x79xbf16, #bs14> -> tensor<2x4x86x79xbf16, #l1>
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.pow_scalar: success cb=64 l1=4416 total=4480 out=4416
  %o = ttnn.pow_scalar %a {exponent = 1.0 : f64} : tensor<2x4x86x79xbf16, #bs14> -> tensor<2x4x86x79xbf16, #bs14>
  return
}

// The binary program tilizes such operands into their own shards first: 138x14 is not whole
// tiles (ttnn: TT_FATAL shard_align_error).
// CHECK-LABEL: op constraints of @binary
func.func @binary(%a: tensor<2x4x86x79xbf16, #bs14>) {
  // CHECK: :[[@LINE+1]]:{{.*}} ttnn.add: backend_error: {{.*}} which are not whole tiles
  %r = ttnn.add %a, %a : tensor<2x4x86x79xbf16, #bs14>, tensor<2x4x86x79xbf16, #bs14> -> tensor<2x4x86x79xbf16, #bs14>
  return
}
