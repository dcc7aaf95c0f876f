// RUN: ttlang-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect
// Structural rules of ttl.call_extern_func and its attributes.

func.func @empty_header() {
  // expected-error @+1 {{header must be a nonempty string}}
  ttl.call_extern_func "f" from "" args()
  return
}

// -----

func.func @bad_callee() {
  // expected-error @+1 {{callee 'not a name' is not a C++ function name}}
  ttl.call_extern_func "not a name" from "h.hpp" args()
  return
}

// -----

func.func @empty_include_path() {
  // expected-error @+1 {{include paths must be nonempty strings}}
  ttl.call_extern_func "f" from "h.hpp" args() include_paths [""]
  return
}

// -----

func.func @template_string() {
  // expected-error @+1 {{template argument #0 "x" must be an i64 integer, a boolean, an f32 float or a #ttl.dfb_template}}
  ttl.call_extern_func "f" from "h.hpp" template ["x"] args()
  return
}

// -----

func.func @template_f64() {
  // expected-error @+1 {{template argument #0 1.000000e+00 : f64 must be an i64 integer}}
  ttl.call_extern_func "f" from "h.hpp" template [1.0 : f64] args()
  return
}

// -----

func.func @template_dependency_out_of_range() {
  // expected-error @+1 {{template argument #0 refers to DFB dependency 0 but the call has 0}}
  ttl.call_extern_func "f" from "h.hpp" template [#ttl.dfb_template<index, dependency = 0>] args()
  return
}

// -----

func.func @descriptor_not_its_operand(%a: !ttl.dfb<1x1xbf16, 2>, %b: !ttl.dfb<1x1xbf16, 2>) {
  // expected-error @+1 {{descriptor template argument #0 must refer to dependency 1 (its entry in the descriptor operands), got 0}}
  ttl.call_extern_func "f" from "h.hpp" template [#ttl.dfb_template<descriptor, dependency = 0>] args(%a : !ttl.dfb<1x1xbf16, 2>) descriptors(%b : !ttl.dfb<1x1xbf16, 2>)
  return
}

// -----

func.func @descriptor_count(%a: !ttl.dfb<1x1xbf16, 2>) {
  // expected-error @+1 {{has 1 descriptor operands but 0 descriptor template arguments}}
  ttl.call_extern_func "f" from "h.hpp" args() descriptors(%a : !ttl.dfb<1x1xbf16, 2>)
  return
}

// -----

func.func @float_func_arg(%x: f32) {
  // expected-error @+1 {{function argument #0 has type 'f32'; external calls take scalars (index, i1, i32, i64, ui32), DFBs, base tensors and ttl.raw_addr addresses}}
  ttl.call_extern_func "f" from "h.hpp" args(%x : f32)
  return
}

// -----

#dram = #ttl.layout<dram, interleaved, tiled>
func.func @computed_tensor(%t: tensor<64x64xbf16, #dram>) {
  %v = "test.view"(%t) : (tensor<64x64xbf16, #dram>) -> tensor<64x64xbf16, #dram>
  // expected-error @+1 {{function argument #0 is not a tensor argument of the operation; tensor slices, views and computed tensor values are not valid external arguments}}
  ttl.call_extern_func "f" from "h.hpp" args(%v : tensor<64x64xbf16, #dram>) {ttl.kernels = [#ttl.kernel<data_movement>]}
  return
}

// -----

#rm = #ttl.layout<dram, interleaved, row_major>
func.func @row_major_tensor(%t: tensor<64x64xbf16, #rm>) {
  // expected-error @+1 {{becomes a TensorAccessor, which is supported for tiled bf16 and f32 tensors only}}
  ttl.call_extern_func "f" from "h.hpp" args(%t : tensor<64x64xbf16, #rm>) {ttl.kernels = [#ttl.kernel<data_movement>]}
  return
}

// -----

#dram = #ttl.layout<dram, interleaved, tiled>
func.func @tensor_in_compute(%t: tensor<64x64xbf16, #dram>) {
  // expected-error @+1 {{function argument #0 is a tensor (a TensorAccessor), which is supported in data-movement kernels only}}
  ttl.call_extern_func "f" from "h.hpp" args(%t : tensor<64x64xbf16, #dram>) {ttl.kernels = [#ttl.kernel<compute>, #ttl.kernel<data_movement>]}
  return
}

// -----

#dram = #ttl.layout<dram, interleaved, tiled>
func.func @tensor_in_compute_thread(%t: tensor<64x64xbf16, #dram>) {
  ttl.thread #ttl.kernel<compute> {
    // expected-error @+1 {{supported in data-movement kernels only}}
    ttl.call_extern_func "f" from "h.hpp" args(%t : tensor<64x64xbf16, #dram>)
  }
  return
}

// -----

func.func @effect_dependency_out_of_range(%a: !ttl.dfb<1x1xbf16, 2>) {
  // expected-error @+1 {{DFB effect #1 refers to dependency 1 but the call has 1}}
  ttl.call_extern_func "f" from "h.hpp" args(%a : !ttl.dfb<1x1xbf16, 2>) effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 1>, #ttl.dfb_effect<pop, dependency = 1, tiles = 1>]
  return
}

// -----

func.func @effect_over_capacity(%a: !ttl.dfb<1x2xbf16, 2>) {
  // expected-error @+1 {{DFB effect #0 reserves 5 tiles of '!ttl.dfb<1x2xbf16, 2>', whose capacity is 4 tiles}}
  ttl.call_extern_func "f" from "h.hpp" args() dependencies(%a : !ttl.dfb<1x2xbf16, 2>) effects [#ttl.dfb_effect<reserve, dependency = 0, tiles = 5>]
  return
}

// -----

func.func @effect_zero_tiles(%a: !ttl.dfb<1x1xbf16, 2>) {
  // expected-error @+1 {{DFB effect #0 tile count must be positive, got 0}}
  ttl.call_extern_func "f" from "h.hpp" args() dependencies(%a : !ttl.dfb<1x1xbf16, 2>) effects [#ttl.dfb_effect<reserve, dependency = 0, tiles = 0>]
  return
}

// -----

func.func @condition_without_result() {
  // expected-error @+1 {{evaluates dispatch condition #ttl.dispatch_condition<0, i64> and must return its type 'i64'}}
  ttl.call_extern_func "f" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64>
  return
}

// -----

func.func @condition_type_mismatch() {
  // expected-error @+1 {{must return its type 'i64'}}
  %r = ttl.call_extern_func "f" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> -> i32
  return
}

// -----

func.func @condition_with_dfb(%a: !ttl.dfb<1x1xbf16, 2>) {
  // expected-error @+1 {{evaluates a dispatch condition and cannot depend on DFB storage, take a DFB argument, index or descriptor}}
  %r = ttl.call_extern_func "f" from "h.hpp" args(%a : !ttl.dfb<1x1xbf16, 2>) condition #ttl.dispatch_condition<0, i64> -> i64
  return
}

// -----

func.func @condition_unknown_access() {
  // expected-error @+1 {{evaluates a dispatch condition and cannot set unknown_dfb_access}}
  %r = ttl.call_extern_func "f" from "h.hpp" args() unknown_dfb_access condition #ttl.dispatch_condition<0, i64> -> i64
  return
}

// -----

func.func @condition_bad_type() {
  // expected-error @+1 {{dispatch condition type must be i32 or i64, got 'i16'}}
  %r = ttl.call_extern_func "f" from "h.hpp" args() condition #ttl.dispatch_condition<0, i16> -> i32
  return
}

// -----

// An ordinal numbers a declaration; INT64_MAX (LLVM DenseMap's empty key) used
// to abort the condition passes.
func.func @condition_ordinal_too_large() {
  // expected-error @+1 {{dispatch condition ordinal must be in [0, 2147483647], got 9223372036854775807}}
  %r = ttl.call_extern_func "f" from "h.hpp" args() condition #ttl.dispatch_condition<9223372036854775807, i64> -> i64
  return
}

// -----

func.func @result_type() {
  // expected-error @+1 {{result #0 must be 32-bit signless integer or 64-bit signless integer}}
  %r = ttl.call_extern_func "f" from "h.hpp" args() -> f32
  return
}

// -----

#dram = #ttl.layout<dram, interleaved, tiled>
func.func @raw_addr_of_view(%t: tensor<64x64xbf16, #dram>) {
  %v = "test.view"(%t) : (tensor<64x64xbf16, #dram>) -> tensor<64x64xbf16, #dram>
  // expected-error @+1 {{takes the address of a tensor argument of the operation}}
  %a = ttl.raw_addr %v : tensor<64x64xbf16, #dram>
  return
}
