// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Mixed element types inside a loop: the first math of the loop body runs after the body's last
// math of the previous iteration (another format), so it reprograms its formats on every
// iteration; the second follows the first directly and reprograms only what changes.

// CHECK-LABEL: // ===== kernel loop =====
// CHECK-DAG: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: uint32_t [[S:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK-DAG: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(3);
// CHECK-DAG: uint32_t [[X:v[0-9]+]] = get_compile_time_arg_val(4);
// CHECK: for (
// CHECK: cb_reserve_back([[S]], 1);
// CHECK-NEXT: reconfig_data_format([[A]], [[B]]);
// CHECK-NEXT: pack_reconfig_data_format([[S]]);
// CHECK-NEXT: binary_tiles_init<true, EltwiseBinaryType::ELWADD>([[A]], [[B]]);
// CHECK: cb_reserve_back([[O]], 1);
// CHECK-NEXT: reconfig_data_format_srca([[X]]);
// CHECK-NEXT: pack_reconfig_data_format([[O]]);
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: copy_init([[X]]);
func.func @loop() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.loop:00">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %s = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<1x1xf32, 2>
  %x = ttl.create_dfb {physical_index = 4 : i32} : !ttl.dfb<1x1xf32, 2>
  scf.for %i = %c0 to %c4 step %c1 {
    %wa = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    %wb = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    %rs = ttl.reserve %s : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    %sum = ttl.add %wa, %wb : !ttl.block<1x1xbf16>
    ttl.store %sum, %rs : !ttl.block<1x1xbf16>
    ttl.push %rs : !ttl.block<1x1xbf16>
    ttl.pop %wa : !ttl.block<1x1xbf16>
    ttl.pop %wb : !ttl.block<1x1xbf16>
    %wx = ttl.wait %x : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
    %ro = ttl.reserve %o : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
    %e = ttl.exp %wx : !ttl.block<1x1xf32>
    ttl.store %e, %ro : !ttl.block<1x1xf32>
    ttl.push %ro : !ttl.block<1x1xf32>
    ttl.pop %wx : !ttl.block<1x1xf32>
  }
  return
}
