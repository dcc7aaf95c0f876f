// RUN: ttlang-opt %s --ttl-compile-operation | FileCheck %s
// RUN: ttlang-opt %s --ttl-to-metal | FileCheck %s --check-prefix=RECORD
// A unified operation's claimed calls go to the claim's kernel; after the
// split, ttl-record-fabric-managers records the claim's lifetime on that
// kernel function, and the conversion to EmitC moves it into the kernel's
// #ttl.kernel_record. Other kernels record nothing.

func.func @op() attributes {ttl.grid = array<i64: 2, 1>, ttl.operation_id = "m.op:1", ttl.runtime_resources} {
  ttl.call_extern_func "work" from "mux.hpp" args() {ttl.kernels = [#ttl.kernel<compute>]}
  ttl.call_extern_func "mux_open" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement, "sender", "m.op:1">>]
      {ttl.kernels = [#ttl.kernel<data_movement, "sender", "m.op:1">]}
  ttl.call_extern_func "mux_send" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<use, "mux", #ttl.kernel<data_movement, "sender", "m.op:1">>]
      {ttl.kernels = [#ttl.kernel<data_movement, "sender", "m.op:1">]}
  ttl.call_extern_func "mux_close" from "mux.hpp" args()
      fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement, "sender", "m.op:1">>]
      {ttl.kernels = [#ttl.kernel<data_movement, "sender", "m.op:1">]}
  return
}

// CHECK-LABEL: func.func @op_compute
// CHECK-NOT: ttl.fabric_claims
// CHECK-LABEL: func.func @op_sender
// CHECK-SAME: ttl.fabric_claims = [#ttl.fabric_claim<name = "mux", start = 0, end = 3>]
// CHECK: ttl.call_extern_func "mux_open" from "mux.hpp" args() fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement, "sender", "m.op:1">>]
// CHECK-NOT: ttl.kernels

// RECORD-LABEL: emitc.file "op_compute"
// RECORD-NOT: fabric_claims
// RECORD-LABEL: emitc.file "op_sender"
// RECORD-SAME: kernel = <data_movement, "sender", "m.op:1">
// RECORD-SAME: fabric_claims = [#ttl.fabric_claim<name = "mux", start = 0, end = 3>]
// RECORD: mux_open
