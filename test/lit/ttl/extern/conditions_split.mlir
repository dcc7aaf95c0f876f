// RUN: ttlang-opt %s --ttl-compile-operation | FileCheck %s
// Splitting keeps each evaluation's declaration: the producer and consumer
// kernels print equal condition attributes, the other declaration a
// distinct ordinal; the guarded push and pop stay under their branches.

#prod = #ttl.kernel<data_movement, "producer", "t.c:1">
#cons = #ttl.kernel<compute, "consumer", "t.c:1">

func.func @conditional(%t: tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>) attributes {ttl.operation_id = "t.c:1", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i64
  %dfb = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %p = ttl.call_extern_func "evaluate_for_producer" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#prod]} -> i64
  %c = ttl.call_extern_func "evaluate_for_consumer" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#cons]} -> i64
  %other = ttl.call_extern_func "evaluate_for_consumer" from "h.hpp" args() condition #ttl.dispatch_condition<1, i64> {ttl.kernels = [#cons]} -> i64
  %pon = arith.cmpi ne, %p, %z : i64
  %con = arith.cmpi ne, %c, %z : i64
  scf.if %pon {
    %r = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %r {ttl.kernels = [#prod]} : !ttl.block<1x1xbf16>
  }
  scf.if %con {
    %w = ttl.wait %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.pop %w {ttl.kernels = [#cons]} : !ttl.block<1x1xbf16>
  }
  return
}

// CHECK-LABEL: func.func @conditional_consumer
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: %[[C:.*]] = ttl.call_extern_func "evaluate_for_consumer" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> -> i64
// CHECK: ttl.call_extern_func "evaluate_for_consumer" from "h.hpp" args() condition #ttl.dispatch_condition<1, i64> -> i64
// CHECK: %[[ON:.*]] = arith.cmpi ne, %[[C]]
// CHECK: scf.if %[[ON]] {
// CHECK-NEXT: ttl.wait
// CHECK-NEXT: ttl.pop
// CHECK-LABEL: func.func @conditional_producer
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: %[[P:.*]] = ttl.call_extern_func "evaluate_for_producer" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> -> i64
// CHECK: %[[PON:.*]] = arith.cmpi ne, %[[P]]
// CHECK: scf.if %[[PON]] {
// CHECK-NEXT: ttl.reserve
// CHECK-NEXT: ttl.push
