// RUN: ttlang-opt %s --ttl-split-kernels -split-input-file | FileCheck %s
// An external call runs in every selected kernel (an independent result in
// each), and structured control around it is kept only where it has work.

// CHECK-LABEL: func.func @shared_compute
// CHECK: %[[R:.*]] = ttl.call_extern_func "probe" from "h.hpp" args() -> i32
// CHECK: %[[ON:.*]] = arith.cmpi ne, %[[R]]
// CHECK: scf.if %[[ON]] {
// CHECK-NEXT: ttl.call_extern_func "on_compute"
// CHECK-NOT: on_mover
// CHECK-LABEL: func.func @shared_data_movement
// CHECK: %[[R2:.*]] = ttl.call_extern_func "probe" from "h.hpp" args() -> i32
// CHECK: scf.if
// CHECK-NEXT: ttl.call_extern_func "on_mover"
// CHECK-NOT: on_compute
func.func @shared() attributes {ttl.operation_id = "t.s:1", ttl.grid = array<i64: 1, 1>} {
  %z = arith.constant 0 : i32
  %r = ttl.call_extern_func "probe" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<compute>, #ttl.kernel<data_movement>]} -> i32
  %on = arith.cmpi ne, %r, %z : i32
  scf.if %on {
    ttl.call_extern_func "on_compute" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<compute>]}
    ttl.call_extern_func "on_mover" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<data_movement>]}
  }
  return
}

// -----

// Control without work of a kernel is pruned from it.
// CHECK-LABEL: func.func @pruned_compute
// CHECK-NOT: scf.if
// CHECK: ttl.call_extern_func "always"
// CHECK-LABEL: func.func @pruned_data_movement
// CHECK: scf.if
// CHECK-NEXT: ttl.call_extern_func "sometimes"
func.func @pruned(%p: i1) attributes {ttl.operation_id = "t.s:2", ttl.grid = array<i64: 1, 1>} {
  ttl.call_extern_func "always" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<compute>]}
  scf.if %p {
    ttl.call_extern_func "sometimes" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<data_movement>]}
  }
  return
}
