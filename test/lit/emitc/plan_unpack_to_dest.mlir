// RUN: ttlang-opt --ttl-plan-unpack-to-dest %s | FileCheck %s
// ttl-plan-unpack-to-dest records on every compute kernel function the physical indices of
// the f32 DFBs it unpacks straight into DEST (ttl.unpack_to_dest): with fp32 DEST
// accumulation, those its tile math reads only with copy_tile. %a (index 2) is only copied;
// %b (index 0) is an operand of the FPU add and stays on the SrcA / SrcB path. A kernel with
// 16-bit DEST records an empty list; a data-movement kernel records nothing.

!f = !ttl.dfb<1x1xf32, 2>
!fb = !ttl.block<1x1xf32>
!b = !ttl.dfb<1x1xbf16, 2>
!bb = !ttl.block<1x1xbf16>

// CHECK-LABEL: func.func @copied_and_fpu
// CHECK-SAME: ttl.unpack_to_dest = array<i64: 2>
func.func @copied_and_fpu() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.pu:00">} {
  %a = ttl.create_dfb {physical_index = 2 : i32} : !f
  %b = ttl.create_dfb {physical_index = 0 : i32} : !f
  %o = ttl.create_dfb {physical_index = 5 : i32} : !f
  %x = ttl.wait %a : !f -> !fb
  %y = ttl.wait %b : !f -> !fb
  %r = ttl.reserve %o : !f -> !fb
  %e = ttl.relu %x : !fb
  ttl.store %e, %r : !fb
  ttl.push %r : !fb
  %r2 = ttl.reserve %o : !f -> !fb
  %s = ttl.add %y, %y : !fb
  ttl.store %s, %r2 : !fb
  ttl.push %r2 : !fb
  ttl.pop %y : !fb
  ttl.pop %x : !fb
  return
}

// CHECK-LABEL: func.func @bf16_dest
// CHECK-SAME: ttl.unpack_to_dest = array<i64>
func.func @bf16_dest() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.pu:01">} {
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

// CHECK-LABEL: func.func @mover
// CHECK-NOT: ttl.unpack_to_dest
// CHECK: return
func.func @mover() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.pu:01">} {
  return
}
