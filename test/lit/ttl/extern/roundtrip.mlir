// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// Every part of ttl.call_extern_func survives printing and parsing.

#dram = #ttl.layout<dram, interleaved, tiled>

// CHECK-LABEL: func.func @stage
func.func @stage(%t: tensor<64x64xbf16, #dram>) {
  %src = ttl.create_dfb : !ttl.dfb<1x2xbf16, 2>
  %dst = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // CHECK: ttl.call_extern_func "external_stage" from "kernels/stage.hpp"
  // CHECK-SAME: template [#ttl.dfb_template<index, dependency = 0>, 4, true, 1.500000e+00 : f32]
  // CHECK-SAME: args(%{{.*}}, %{{.*}} : !ttl.dfb<1x2xbf16, 2>, tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>)
  // CHECK-SAME: dependencies(%{{.*}} : !ttl.dfb<1x1xbf16, 2>)
  // CHECK-SAME: effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 2>, #ttl.dfb_effect<pop, dependency = 0, tiles = 2>, #ttl.dfb_effect<reserve, dependency = 1, tiles = 1>, #ttl.dfb_effect<push, dependency = 1, tiles = 1>]
  // CHECK-SAME: include_paths ["/opt/include"]
  // CHECK-SAME: {ttl.kernels = [#ttl.kernel<data_movement>]}
  ttl.call_extern_func "external_stage" from "kernels/stage.hpp"
      template [#ttl.dfb_template<index, dependency = 0>, 4, true, 1.5 : f32]
      args(%src, %t : !ttl.dfb<1x2xbf16, 2>, tensor<64x64xbf16, #dram>)
      dependencies(%dst : !ttl.dfb<1x1xbf16, 2>)
      effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 2>,
               #ttl.dfb_effect<pop, dependency = 0, tiles = 2>,
               #ttl.dfb_effect<reserve, dependency = 1, tiles = 1>,
               #ttl.dfb_effect<push, dependency = 1, tiles = 1>]
      include_paths ["/opt/include"]
      {ttl.kernels = [#ttl.kernel<data_movement>]}
  return
}

// CHECK-LABEL: func.func @descriptors
func.func @descriptors() {
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb : !ttl.dfb<1x1xf32, 2>
  // CHECK: ttl.call_extern_func "external_copy" from "copy.hpp"
  // CHECK-SAME: template [#ttl.dfb_template<descriptor, dependency = 0>, #ttl.dfb_template<descriptor, dependency = 1>, 4, false]
  // CHECK-SAME: args()
  // CHECK-SAME: descriptors(%{{.*}}, %{{.*}} : !ttl.dfb<1x1xbf16, 2>, !ttl.dfb<1x1xf32, 2>)
  ttl.call_extern_func "external_copy" from "copy.hpp"
      template [#ttl.dfb_template<descriptor, dependency = 0>,
                #ttl.dfb_template<descriptor, dependency = 1>, 4, false]
      args() descriptors(%a, %b : !ttl.dfb<1x1xbf16, 2>, !ttl.dfb<1x1xf32, 2>)
      {ttl.kernels = [#ttl.kernel<data_movement>]}
  return
}

// CHECK-LABEL: func.func @results
func.func @results(%t: tensor<64x64xbf16, #dram>) {
  // CHECK: %[[ADDR:.*]] = ttl.raw_addr %{{.*}} : tensor<64x64xbf16
  %addr = ttl.raw_addr %t : tensor<64x64xbf16, #dram>
  // CHECK: ttl.call_extern_func "compute_entry" from "h.hpp" args(%[[ADDR]] : ui32) {ttl.kernels = [#ttl.kernel<compute>]}
  ttl.call_extern_func "compute_entry" from "h.hpp" args(%addr : ui32) {ttl.kernels = [#ttl.kernel<compute>]}
  // CHECK: ttl.call_extern_func "is_enabled" from "h.hpp" args() {{.*}} -> i64
  %p = ttl.call_extern_func "is_enabled" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<compute>]} -> i64
  // CHECK: ttl.call_extern_func "evaluate" from "h.hpp" args() condition #ttl.dispatch_condition<0, i32> {{.*}} -> i32
  %c = ttl.call_extern_func "evaluate" from "h.hpp" args() condition #ttl.dispatch_condition<0, i32> {ttl.kernels = [#ttl.kernel<compute>]} -> i32
  // CHECK: ttl.call_extern_func "anything" from "h.hpp" args() unknown_dfb_access
  ttl.call_extern_func "anything" from "h.hpp" args() unknown_dfb_access {ttl.kernels = [#ttl.kernel<compute>]}
  return
}
