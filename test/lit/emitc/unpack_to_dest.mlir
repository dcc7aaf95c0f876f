// RUN: ttlang-opt --ttl-backend-pipeline %s | FileCheck %s
// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s --check-prefix=CPP
// A compute kernel with fp32 DEST accumulation records unpack_to_dest in its
// #ttl.kernel_record: the physical indices of its f32 DFBs that its tile math reads only with
// copy_tile. The runtime sets their
// unpack_to_dest_mode to UnpackToDestFp32, so copy_tile moves their tiles straight into DEST
// with every f32 bit instead of through the 19-bit (TF32) SrcA register. A DFB that an FPU op
// (add_tiles, matmul_tiles) reads, a bf16 DFB, a DFB handed to an external call and every DFB
// of a kernel with 16-bit DEST stay on the default path.

!f = !ttl.dfb<1x1xf32, 2>
!fb = !ttl.block<1x1xf32>
!b = !ttl.dfb<1x1xbf16, 2>
!bb = !ttl.block<1x1xbf16>

// CHECK-LABEL: emitc.file "copy_only"
// CHECK-SAME: unpack_to_dest = [2]
func.func @copy_only() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.co:00">} {
  %a = ttl.create_dfb {physical_index = 2 : i32} : !f
  %o = ttl.create_dfb {physical_index = 5 : i32} : !f
  %x = ttl.wait %a : !f -> !fb
  %r = ttl.reserve %o : !f -> !fb
  %y = ttl.relu %x : !fb
  ttl.store %y, %r : !fb
  ttl.push %r : !fb
  ttl.pop %x : !fb
  return
}

// Copied f32 data packed into bf16: the source still goes straight to DEST.
// CHECK-LABEL: emitc.file "f32_into_bf16"
// CHECK-SAME: unpack_to_dest = [0]
func.func @f32_into_bf16() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.cv:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !f
  %o = ttl.create_dfb {physical_index = 1 : i32} : !b
  %x = ttl.wait %a : !f -> !fb
  %r = ttl.reserve %o : !b -> !bb
  %e = ttl.exp %x : !fb
  ttl.store %e, %r : !fb -> !bb
  ttl.push %r : !bb
  ttl.pop %x : !fb
  return
}

// %a is only copied; %b is copied (exp) and read by the FPU add, %c only by the add. The
// unpacker's SrcA format differs between the two paths (Float32 to DEST, Tf32 to SrcA), so it
// is reprogrammed before the add and before the last copy of %a; not before the exp of %b,
// which follows the add.
// CHECK-LABEL: emitc.file "mixed"
// CHECK-SAME: unpack_to_dest = [0]
// CPP-LABEL: // ===== kernel mixed =====
// CPP-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CPP-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CPP-DAG: uint32_t [[C:v[0-9]+]] = get_compile_time_arg_val(2);
// CPP-DAG: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(3);
// CPP: compute_kernel_hw_startup([[A]], [[A]], [[O]]);
// CPP-NOT: reconfig
// CPP: copy_tile([[A]], 0, 0);
// CPP-NOT: reconfig
// CPP: reconfig_data_format([[B]], [[C]]);
// CPP-NEXT: binary_tiles_init<true, EltwiseBinaryType::ELWADD>([[B]], [[C]]);
// CPP-NOT: reconfig
// CPP: copy_tile([[B]], 0, 0);
// CPP-NOT: reconfig
// CPP: cb_reserve_back([[O]], 1);
// CPP-NEXT: reconfig_data_format_srca([[A]]);
// CPP-NEXT: tile_regs_acquire();
// CPP-NEXT: copy_init([[A]]);
// CPP-NOT: reconfig
// CPP: }
func.func @mixed() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.mx:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !f
  %b = ttl.create_dfb {physical_index = 1 : i32} : !f
  %c = ttl.create_dfb {physical_index = 2 : i32} : !f
  %o = ttl.create_dfb {physical_index = 3 : i32} : !f
  %wa = ttl.wait %a : !f -> !fb
  %r0 = ttl.reserve %o : !f -> !fb
  %y = ttl.relu %wa : !fb
  ttl.store %y, %r0 : !fb
  ttl.push %r0 : !fb
  %wb = ttl.wait %b : !f -> !fb
  %wc = ttl.wait %c : !f -> !fb
  %r1 = ttl.reserve %o : !f -> !fb
  %s = ttl.add %wb, %wc : !fb
  ttl.store %s, %r1 : !fb
  ttl.push %r1 : !fb
  %r2 = ttl.reserve %o : !f -> !fb
  %e = ttl.exp %wb : !fb
  ttl.store %e, %r2 : !fb
  ttl.push %r2 : !fb
  %r3 = ttl.reserve %o : !f -> !fb
  %z = ttl.exp %wa : !fb
  ttl.store %z, %r3 : !fb
  ttl.push %r3 : !fb
  ttl.pop %wa : !fb
  ttl.pop %wb : !fb
  ttl.pop %wc : !fb
  return
}

// The leaves of one SFPU expression share SrcA's configuration: exp(%a) + %b copies both, and
// %b is also read by the FPU (%b * %b), so %a stays on the SrcA path too.
// CHECK-LABEL: emitc.file "shared_tree"
// CHECK-NOT: unpack_to_dest =
// CHECK: func @kernel_main
func.func @shared_tree() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.st:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !f
  %b = ttl.create_dfb {physical_index = 1 : i32} : !f
  %o = ttl.create_dfb {physical_index = 2 : i32} : !f
  %wa = ttl.wait %a : !f -> !fb
  %wb = ttl.wait %b : !f -> !fb
  %r0 = ttl.reserve %o : !f -> !fb
  %e = ttl.exp %wa : !fb
  %s = ttl.add %e, %wb : !fb
  ttl.store %s, %r0 : !fb
  ttl.push %r0 : !fb
  %r1 = ttl.reserve %o : !f -> !fb
  %p = ttl.mul %wb, %wb : !fb
  ttl.store %p, %r1 : !fb
  ttl.push %r1 : !fb
  ttl.pop %wa : !fb
  ttl.pop %wb : !fb
  return
}

// matmul_tiles unpacks both operands into the source registers.
// CHECK-LABEL: emitc.file "f32_matmul"
// CHECK-NOT: unpack_to_dest =
// CHECK: func @kernel_main
func.func @f32_matmul() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.mm:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !f
  %b = ttl.create_dfb {physical_index = 1 : i32} : !f
  %o = ttl.create_dfb {physical_index = 2 : i32} : !f
  %wa = ttl.wait %a : !f -> !fb
  %wb = ttl.wait %b : !f -> !fb
  %r = ttl.reserve %o : !f -> !fb
  %m = ttl.matmul %wa, %wb : !fb, !fb -> !fb
  ttl.store %m, %r : !fb
  ttl.push %r : !fb
  ttl.pop %wa : !fb
  ttl.pop %wb : !fb
  return
}

// bf16 tiles are never unpacked to DEST, even with fp32 DEST accumulation.
// CHECK-LABEL: emitc.file "bf16_copy_fp32_dest"
// CHECK-SAME: fp32_dest_acc_en = true
// CHECK-NOT: unpack_to_dest =
// CHECK: func @kernel_main
func.func @bf16_copy_fp32_dest() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.bf:00">, ttl.operation_id = "lit.bf:00", ttl.fp32_dest_acc_en = true} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !b
  %o = ttl.create_dfb {physical_index = 1 : i32} : !b
  %x = ttl.wait %a : !b -> !bb
  %r = ttl.reserve %o : !b -> !bb
  %y = ttl.relu %x : !bb
  ttl.store %y, %r : !bb
  ttl.push %r : !bb
  ttl.pop %x : !bb
  return
}

// A 16-bit DEST cannot take 32-bit tiles: no unpack to DEST without fp32 accumulation.
// CHECK-LABEL: emitc.file "f32_copy_16bit_dest"
// CHECK-NOT: unpack_to_dest =
// CHECK: func @kernel_main
func.func @f32_copy_16bit_dest() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.off:00">, ttl.operation_id = "lit.off:00", ttl.fp32_dest_acc_en = false} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !f
  %o = ttl.create_dfb {physical_index = 1 : i32} : !f
  %x = ttl.wait %a : !f -> !fb
  %r = ttl.reserve %o : !f -> !fb
  %y = ttl.relu %x : !fb
  ttl.store %y, %r : !fb
  ttl.push %r : !fb
  ttl.pop %x : !fb
  return
}

// External code may read a DFB it is given with the FPU.
// CHECK-LABEL: emitc.file "extern_reader"
// CHECK-NOT: unpack_to_dest =
// CHECK: func @kernel_main
func.func @extern_reader() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.ex:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !f
  %o = ttl.create_dfb {physical_index = 1 : i32} : !f
  %x = ttl.wait %a : !f -> !fb
  %r = ttl.reserve %o : !f -> !fb
  %y = ttl.relu %x : !fb
  ttl.store %y, %r : !fb
  ttl.push %r : !fb
  ttl.pop %x : !fb
  ttl.call_extern_func "inspect" from "kernels/inspect.hpp" args(%a : !f) include_paths ["Inputs/extern"]
  return
}

// Data-movement kernels have no compute configuration.
// CHECK-LABEL: emitc.file "f32_reader"
// CHECK-NOT: unpack_to_dest =
// CHECK: func @kernel_main
func.func @f32_reader() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.rd:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !f
  %r = ttl.reserve %a : !f -> !fb
  ttl.push %r : !fb
  return
}
