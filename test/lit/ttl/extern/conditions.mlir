// RUN: ttlang-opt %s --ttl-verify-dispatch-conditions="report-conditions=true" -verify-diagnostics | FileCheck %s
// Branch conditions as formulas over dispatch-condition declarations:
// polarity, nesting-free boolean expressions, stable predicates, unknown.

#cp = #ttl.kernel<compute>

// CHECK-LABEL: func.func @formulas
func.func @formulas() attributes {ttl.operation_id = "t.f:1", ttl.grid = array<i64: 1, 1>} {
  %z64 = arith.constant 0 : i64
  %z32 = arith.constant 0 : i32
  %true = arith.constant true
  %a = ttl.call_extern_func "a" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#cp]} -> i64
  // Equal C++ names and headers, distinct declaration: a distinct variable.
  %b = ttl.call_extern_func "a" from "h.hpp" args() condition #ttl.dispatch_condition<1, i32> {ttl.kernels = [#cp]} -> i32
  // Another evaluation of declaration 0: the same variable.
  %a2 = ttl.call_extern_func "a_again" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#cp]} -> i64
  %plain = ttl.call_extern_func "p" from "h.hpp" args() {ttl.kernels = [#cp]} -> i64
  %pa = arith.cmpi ne, %a, %z64 : i64
  %pa2 = arith.cmpi ne, %a2, %z64 : i64
  %pb = arith.cmpi ne, %b, %z32 : i32
  %na = arith.cmpi eq, %a, %z64 : i64
  %xa = arith.xori %pa, %true : i1
  %and = arith.andi %pa, %pb : i1
  %or = arith.ori %xa, %pb : i1
  %pplain = arith.cmpi ne, %plain, %z64 : i64
  %col = ttl.node 0
  %c0 = arith.constant 0 : index
  %first = arith.cmpi eq, %col, %c0 : index
  // expected-remark @+1 {{branch condition: #0}}
  scf.if %pa {}
  // expected-remark @+1 {{branch condition: #0}}
  scf.if %pa2 {}
  // expected-remark @+1 {{branch condition: #1}}
  scf.if %pb {}
  // expected-remark @+1 {{branch condition: not #0}}
  scf.if %na {}
  // expected-remark @+1 {{branch condition: not #0}}
  scf.if %xa {}
  // expected-remark @+1 {{branch condition: (#0 and #1)}}
  scf.if %and {}
  // expected-remark @+1 {{branch condition: (not #0 or #1)}}
  scf.if %or {}
  // An ordinary call's result is evaluated by each kernel on its own.
  // expected-remark @+1 {{branch condition: unknown}}
  scf.if %pplain {}
  // expected-remark @+1 {{branch condition: stable predicate at}}
  scf.if %first {}
  return
}
// Declarations print as equal attributes exactly when they are equal.
// CHECK: "a" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64>
// CHECK: "a" from "h.hpp" args() condition #ttl.dispatch_condition<1, i32>
// CHECK: "a_again" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64>
