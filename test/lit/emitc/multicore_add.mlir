// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// The split kernels of a 2x2-core tile-wise add (4x4 tiles, each core a 2x2-tile block) become
// the three TT-Metal kernels of test/kernels/reference/multicore_add.

// CHECK-LABEL: // ===== kernel add_reader =====
// CHECK: #include "api/dataflow/dataflow_api.h"
// CHECK: void kernel_main() {
// CHECK-DAG: auto [[ARGS_A:v[0-9]+]] = TensorAccessorArgs<2>();
// CHECK-DAG: uint32_t [[ADDR_A:v[0-9]+]] = get_common_arg_val<uint32_t>(0);
// CHECK-DAG: auto [[ARGS_B:v[0-9]+]] = TensorAccessorArgs<4>();
// CHECK-DAG: uint32_t [[ADDR_B:v[0-9]+]] = get_common_arg_val<uint32_t>(1);
// CHECK-DAG: uint32_t [[CB_A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-DAG: uint32_t [[CB_B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-DAG: = get_absolute_logical_x();
// CHECK-DAG: = get_absolute_logical_y();
// CHECK: cb_reserve_back([[CB_A]], 1);
// CHECK: noc_async_read_page({{.*}}, {{v[0-9]+}}, {{.*}});
// CHECK-NEXT: noc_async_read_barrier();
// CHECK-NEXT: cb_push_back([[CB_A]], 1);
// CHECK: cb_reserve_back([[CB_B]], 1);
// CHECK: noc_async_read_barrier();
// CHECK-NEXT: cb_push_back([[CB_B]], 1);

// CHECK-LABEL: // ===== kernel add_compute =====
// CHECK: #include "api/compute/cb_api.h"
// CHECK: #include "api/compute/compute_kernel_hw_startup.h"
// CHECK: #include "api/compute/eltwise_binary.h"
// CHECK: void kernel_main() {
// CHECK: uint32_t [[A:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK-NEXT: uint32_t [[B:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-NEXT: uint32_t [[O:v[0-9]+]] = get_compile_time_arg_val(2);
// CHECK-NEXT: compute_kernel_hw_startup([[A]], [[B]], [[O]]);
// CHECK-NEXT: binary_tiles_init<true, EltwiseBinaryType::ELWADD>([[A]], [[B]]);
// CHECK-NEXT: for
// CHECK-NEXT: cb_wait_front([[A]], 1);
// CHECK-NEXT: cb_wait_front([[B]], 1);
// CHECK-NEXT: cb_reserve_back([[O]], 1);
// CHECK-NEXT: tile_regs_acquire();
// CHECK-NEXT: add_tiles([[A]], [[B]], 0, 0, 0);
// CHECK-NEXT: tile_regs_commit();
// CHECK-NEXT: tile_regs_wait();
// CHECK-NEXT: pack_tile(0, [[O]]);
// CHECK-NEXT: tile_regs_release();
// CHECK-NEXT: cb_push_back([[O]], 1);
// CHECK-NEXT: cb_pop_front([[A]], 1);
// CHECK-NEXT: cb_pop_front([[B]], 1);

// CHECK-LABEL: // ===== kernel add_writer =====
// CHECK: auto {{v[0-9]+}} = TensorAccessorArgs<1>();
// CHECK: uint32_t [[OUT:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK: cb_wait_front([[OUT]], 1);
// CHECK-NEXT: size_t [[PTR:v[0-9]+]] = get_read_ptr([[OUT]]);
// CHECK-NEXT: size_t [[PAGE:v[0-9]+]] = ({{v[0-9]+}} * {{v[0-9]+}} + {{i[0-9]+}}) * 4 + ({{v[0-9]+}} * {{v[0-9]+}} + {{j[0-9]+}});
// CHECK-NEXT: noc_async_write_page([[PAGE]], {{v[0-9]+}}, [[PTR]]);
// CHECK-NEXT: noc_async_write_barrier();
// CHECK-NEXT: cb_pop_front([[OUT]], 1);

#dram = #ttl.layout<dram, interleaved, tiled>
!t = tensor<128x128xbf16, #dram>
module {
func.func @add_reader(%a: !t, %b: !t, %out: !t) attributes {ttl.grid = array<i64: 2, 2>, ttl.kernel = #ttl.kernel<data_movement, "dm0", "ex.add:00">} {
  %a_dfb = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b_dfb = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %col = ttl.node 0
  %row = ttl.node 1
  %r0 = arith.muli %row, %c2 : index
  %k0 = arith.muli %col, %c2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %r = arith.addi %r0, %i : index
      %k = arith.addi %k0, %j : index
      %ba = ttl.reserve %a_dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
      %tx = ttl.load_tiles %a[%r, %k], %ba : !t, !ttl.block<1x1xbf16>
      ttl.transfer_wait %tx
      ttl.push %ba : !ttl.block<1x1xbf16>
      %bb = ttl.reserve %b_dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
      %tx2 = ttl.load_tiles %b[%r, %k], %bb : !t, !ttl.block<1x1xbf16>
      ttl.transfer_wait %tx2
      ttl.push %bb : !ttl.block<1x1xbf16>
    }
  }
  return
}
func.func @add_compute(%a: !t, %b: !t, %out: !t) attributes {ttl.grid = array<i64: 2, 2>, ttl.kernel = #ttl.kernel<compute, "compute", "ex.add:00">} {
  %a_dfb = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b_dfb = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x1xbf16, 2>
  %o_dfb = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %wa = ttl.wait %a_dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    %wb = ttl.wait %b_dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    %o = ttl.reserve %o_dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    %s = ttl.add %wa, %wb : !ttl.block<1x1xbf16>
    ttl.store %s, %o : !ttl.block<1x1xbf16>
    ttl.push %o : !ttl.block<1x1xbf16>
    ttl.pop %wa : !ttl.block<1x1xbf16>
    ttl.pop %wb : !ttl.block<1x1xbf16>
  }
  return
}
func.func @add_writer(%a: !t, %b: !t, %out: !t) attributes {ttl.grid = array<i64: 2, 2>, ttl.kernel = #ttl.kernel<data_movement, "dm1", "ex.add:00">} {
  %o_dfb = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x1xbf16, 2>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %col = ttl.node 0
  %row = ttl.node 1
  %r0 = arith.muli %row, %c2 : index
  %k0 = arith.muli %col, %c2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c2 step %c1 {
      %r = arith.addi %r0, %i : index
      %k = arith.addi %k0, %j : index
      %w = ttl.wait %o_dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
      %tx = ttl.store_tiles %w, %out[%r, %k] : !ttl.block<1x1xbf16>, !t
      ttl.transfer_wait %tx
      ttl.pop %w : !ttl.block<1x1xbf16>
    }
  }
  return
}
}
