// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// ttl.fp32_dest_acc_en is a bool on an operation or kernel function.

// expected-error @+1 {{'ttl.fp32_dest_acc_en' must be a bool attribute on an operation or kernel function}}
func.func @not_bool() attributes {ttl.operation_id = "t.x:1", ttl.fp32_dest_acc_en = 1 : i32} {
  return
}

// -----

// expected-error @+1 {{'ttl.fp32_dest_acc_en' must be a bool attribute on an operation or kernel function}}
func.func @not_an_operation() attributes {ttl.fp32_dest_acc_en = true} {
  return
}
