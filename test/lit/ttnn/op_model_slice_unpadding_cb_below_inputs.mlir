// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,WH
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{device=blackhole}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefixes=CHECK,BH
// The sharded untilize with unpadding's middle CB (two input shards of output tiles, 1146880 B
// here) must end below the input's shards: ttnn 0.81.1 throws on Wormhole (dataflow_buffer.cpp;
// fresh draw seed 8980360 slice #31) and runs on Blackhole, whose L1 is larger (cb 1146880,
// l1 630784, total 1732608: the stateless query's figures; the print pass's cap rejects the peak).

#hs = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x3, shard = 320x896>
#out = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 1x1, shard = 32x352>

// CHECK-LABEL: op constraints of @middle_cb_below_inputs
func.func @middle_cb_below_inputs(%a: tensor<1x941x874xbf16, #hs>) {
  // WH: :[[@LINE+2]]:{{.*}} ttnn.slice: out_of_memory: ttnn.to_layout: circular buffers of 1146880 B per core from the L1 allocator's base pass the top of L1 or the 304640 B of L1 inputs below it
  // BH: :[[@LINE+1]]:{{.*}} ttnn.slice: out_of_memory: ttnn.slice: needs 1732608 B of L1 per core
  %0 = ttnn.slice %a {begins = array<i64: 0, 851, 32>, ends = array<i64: 1, 881, 384>, step = array<i64: 1, 1, 1>} : tensor<1x941x874xbf16, #hs> -> tensor<1x30x352xbf16, #out>
  return
}
