// RUN: ttlang-opt --ttl-backend-pipeline %s | FileCheck %s
// A compute kernel that uses an f32 DFB records fp32_dest_acc_en in the #ttl.kernel_record of its emitc.file
// (the runtime builds ComputeConfigDescriptor(fp32_dest_acc_en=True)): with the default 16-bit
// DEST its f32 math would get bf16 precision. bf16-only compute kernels and data-movement
// kernels do not.

!f = !ttl.dfb<1x1xf32, 2>
!fb = !ttl.block<1x1xf32>
!b = !ttl.dfb<1x1xbf16, 2>
!bb = !ttl.block<1x1xbf16>

// CHECK-LABEL: emitc.file "f32_compute"
// CHECK-SAME: fp32_dest_acc_en = true
func.func @f32_compute() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.f32:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !f
  %o = ttl.create_dfb {physical_index = 1 : i32} : !f
  %x = ttl.wait %a : !f -> !fb
  %r = ttl.reserve %o : !f -> !fb
  %e = ttl.exp %x : !fb
  ttl.store %e, %r : !fb
  ttl.push %r : !fb
  ttl.pop %x : !fb
  return
}

// bf16 math packed into an f32 DFB also touches f32 data.
// CHECK-LABEL: emitc.file "bf16_into_f32"
// CHECK-SAME: fp32_dest_acc_en = true
func.func @bf16_into_f32() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.cv:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !b
  %o = ttl.create_dfb {physical_index = 1 : i32} : !f
  %x = ttl.wait %a : !b -> !bb
  %r = ttl.reserve %o : !f -> !fb
  %e = ttl.exp %x : !bb
  ttl.store %e, %r : !bb -> !fb
  ttl.push %r : !fb
  ttl.pop %x : !bb
  return
}

// CHECK-LABEL: emitc.file "bf16_compute"
// CHECK-NOT: fp32_dest_acc_en
// CHECK: func @kernel_main
func.func @bf16_compute() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.bf:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !b
  %o = ttl.create_dfb {physical_index = 1 : i32} : !b
  %x = ttl.wait %a : !b -> !bb
  %r = ttl.reserve %o : !b -> !bb
  %e = ttl.exp %x : !bb
  ttl.store %e, %r : !bb
  ttl.push %r : !bb
  ttl.pop %x : !bb
  return
}

// CHECK-LABEL: emitc.file "f32_reader"
// CHECK-NOT: fp32_dest_acc_en
// CHECK: func @kernel_main
func.func @f32_reader() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.rd:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !f
  %r = ttl.reserve %a : !f -> !fb
  ttl.push %r : !fb
  return
}

// An operation's ttl.fp32_dest_acc_en (Python: @ttl.operation(..., fp32_dest_acc_en=...))
// overrides the choice: on for bf16 math, off for f32 math.
// CHECK-LABEL: emitc.file "bf16_forced_on"
// CHECK-SAME: fp32_dest_acc_en = true
func.func @bf16_forced_on() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.on:00">, ttl.operation_id = "lit.on:00", ttl.fp32_dest_acc_en = true} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !b
  %x = ttl.wait %a : !b -> !bb
  ttl.pop %x : !bb
  return
}

// CHECK-LABEL: emitc.file "f32_forced_off"
// CHECK-NOT: fp32_dest_acc_en
// CHECK: func @kernel_main
func.func @f32_forced_off() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.off:00">, ttl.operation_id = "lit.off:00", ttl.fp32_dest_acc_en = false} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !f
  %x = ttl.wait %a : !f -> !fb
  ttl.pop %x : !fb
  return
}
