// RUN: ttlang-opt %s --canonicalize --cse --loop-invariant-code-motion --symbol-dce | FileCheck %s
// External calls have unknown effects: canonicalize / CSE / DCE never delete
// or merge them (void or with an unused result) and LICM does not hoist them.

// CHECK-LABEL: func.func @kept
func.func @kept() {
  // Two identical void calls stay two calls.
  // CHECK-COUNT-2: ttl.call_extern_func "tick" from "h.hpp" args()
  ttl.call_extern_func "tick" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<compute>]}
  ttl.call_extern_func "tick" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<compute>]}
  // An unused result does not make a call dead; equal calls are not merged.
  // CHECK-COUNT-2: ttl.call_extern_func "read" from "h.hpp" args() {{.*}} -> i32
  %a = ttl.call_extern_func "read" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<compute>]} -> i32
  %b = ttl.call_extern_func "read" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<compute>]} -> i32
  // Equal dispatch-condition evaluations are separate evaluations too.
  // CHECK-COUNT-2: ttl.call_extern_func "cond" from "h.hpp" args() condition
  %c = ttl.call_extern_func "cond" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#ttl.kernel<compute>]} -> i64
  %d = ttl.call_extern_func "cond" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#ttl.kernel<compute>]} -> i64
  return
}

// CHECK-LABEL: func.func @not_hoisted
func.func @not_hoisted(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for
  // CHECK-NEXT: ttl.call_extern_func "tick" from "h.hpp" args()
  // CHECK-NEXT: ttl.call_extern_func "read" from "h.hpp" args()
  // CHECK-NEXT: {{^ *}}}
  scf.for %i = %c0 to %n step %c1 {
    ttl.call_extern_func "tick" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<compute>]}
    %r = ttl.call_extern_func "read" from "h.hpp" args() {ttl.kernels = [#ttl.kernel<compute>]} -> i32
  }
  return
}
