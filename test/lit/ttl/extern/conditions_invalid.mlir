// RUN: ttlang-opt %s --ttl-verify-dispatch-conditions -verify-diagnostics
// One declaration has one type.

#cp = #ttl.kernel<compute>

func.func @two_types() {
  // expected-note @+1 {{evaluated as 'i64' here}}
  %a = ttl.call_extern_func "a" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> {ttl.kernels = [#cp]} -> i64
  // expected-error @+1 {{evaluates dispatch condition #0 as 'i32', but one declaration has one type}}
  %b = ttl.call_extern_func "b" from "h.hpp" args() condition #ttl.dispatch_condition<0, i32> {ttl.kernels = [#cp]} -> i32
  return
}
