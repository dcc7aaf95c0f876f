// RUN: ttlang-opt --ttl-assign-processor-roles %s | FileCheck %s
// The compute kernel runs on the TRISCs, the first data-movement logical
// kernel on RISC-V 0 and the second on RISC-V 1; clones of one logical kernel
// (core specialization) share its role.

// CHECK-LABEL: func.func @writer_cores0
// CHECK-SAME: ttl.processor_role = #ttl.processor_role<data_movement_0>
func.func @writer_cores0() attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<data_movement, "writer", "lit.roles:00">} {
  return
}

// CHECK-LABEL: func.func @compute
// CHECK-SAME: ttl.processor_role = #ttl.processor_role<compute>
func.func @compute() attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.roles:00">} {
  return
}

// CHECK-LABEL: func.func @reader
// CHECK-SAME: ttl.processor_role = #ttl.processor_role<data_movement_1>
func.func @reader() attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<data_movement, "reader", "lit.roles:00">} {
  return
}

// CHECK-LABEL: func.func @writer_cores1
// CHECK-SAME: ttl.processor_role = #ttl.processor_role<data_movement_0>
func.func @writer_cores1() attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<data_movement, "writer", "lit.roles:00">} {
  return
}
