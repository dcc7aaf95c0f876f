// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Tile copies of a 2x2 block: one page per tile through a TensorAccessor (page = tile row *
// tiles per row + tile column), at block offset k * tile bytes (f32: 4096); the waits become
// the read / write barrier of their copy.

#l1 = #ttl.layout<l1, interleaved, tiled>
!t = tensor<64x96xf32, #l1>
!d = !ttl.dfb<2x2xf32, 2>
!blk = !ttl.block<2x2xf32>

// CHECK-LABEL: // ===== kernel copy =====
// CHECK: void kernel_main() {
// CHECK-DAG: size_t [[TILE_BYTES:v[0-9]+]] = 4096;
// CHECK-DAG: size_t [[TILES_PER_ROW:v[0-9]+]] = 3;
// CHECK-DAG: size_t [[TWO:v[0-9]+]] = 2;
// CHECK-DAG: auto [[SRC_ARGS:v[0-9]+]] = TensorAccessorArgs<1>();
// CHECK-DAG: uint32_t [[SRC_ADDR:v[0-9]+]] = get_common_arg_val<uint32_t>(0);
// CHECK-DAG: auto [[SRC:v[0-9]+]] = TensorAccessor([[SRC_ARGS]], [[SRC_ADDR]]);
// CHECK-DAG: auto [[DST_ARGS:v[0-9]+]] = TensorAccessorArgs<3>();
// CHECK-DAG: uint32_t [[DST_ADDR:v[0-9]+]] = get_common_arg_val<uint32_t>(1);
// CHECK-DAG: auto [[DST:v[0-9]+]] = TensorAccessor([[DST_ARGS]], [[DST_ADDR]]);
// CHECK-DAG: size_t [[COL:v[0-9]+]] = get_absolute_logical_x();
// CHECK-DAG: size_t [[ROW:v[0-9]+]] = get_absolute_logical_y();
// CHECK-DAG: uint32_t [[CB:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK: cb_reserve_back([[CB]], 4);
// CHECK-NEXT: size_t [[W:v[0-9]+]] = get_write_ptr([[CB]]);
// CHECK-NEXT: for (size_t [[I:i[0-9]+]] = {{v[0-9]+}}; [[I]] < [[TWO]]; [[I]] += {{v[0-9]+}}) {
// CHECK-NEXT: for (size_t [[J:j[0-9]+]] = {{v[0-9]+}}; [[J]] < [[TWO]]; [[J]] += {{v[0-9]+}}) {
// CHECK-NEXT: size_t [[PAGE:v[0-9]+]] = ([[ROW]] + [[I]]) * [[TILES_PER_ROW]] + ([[COL]] + [[J]]);
// CHECK-NEXT: size_t [[ADDR:v[0-9]+]] = [[W]] + ([[I]] * [[TWO]] + [[J]]) * [[TILE_BYTES]];
// CHECK-NEXT: noc_async_read_page([[PAGE]], [[SRC]], [[ADDR]]);
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: noc_async_read_barrier();
// CHECK-NEXT: cb_push_back([[CB]], 4);
// CHECK-NEXT: cb_wait_front([[CB]], 4);
// CHECK-NEXT: size_t [[R:v[0-9]+]] = get_read_ptr([[CB]]);
// CHECK: size_t [[WADDR:v[0-9]+]] = [[R]] + ({{i[0-9]+}} * [[TWO]] + {{j[0-9]+}}) * [[TILE_BYTES]];
// CHECK-NEXT: noc_async_write_page({{v[0-9]+}}, [[DST]], [[WADDR]]);
// CHECK: noc_async_write_barrier();
// CHECK-NEXT: cb_pop_front([[CB]], 4);
func.func @copy(%src: !t, %dst: !t) attributes {ttl.grid = array<i64: 2, 2>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.copy:00">} {
  %col = ttl.node 0
  %row = ttl.node 1
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %b = ttl.reserve %d : !d -> !blk
  %tx = ttl.load_tiles %src[%row, %col], %b : !t, !blk
  ttl.transfer_wait %tx
  ttl.push %b : !blk
  %w = ttl.wait %d : !d -> !blk
  %tx2 = ttl.store_tiles %w, %dst[%row, %col] : !blk, !t
  ttl.transfer_wait %tx2
  ttl.pop %w : !blk
  return
}
