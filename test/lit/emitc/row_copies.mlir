// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Row copies of a row-major tensor (ttnn's pages: rows of the last dimension): one page call per
// row of the element-shaped block, the block's rows kRowPageAlignment (64 B) apart in the CB. A
// row of 20 f32 is 80 B: the DFB page is 128 B (the accessor's aligned page, in
// record_kernel_abi_row_major.mlir, is at most that). A read moves the accessor's aligned page, a
// write the row's 80 B.

!in = tensor<2x3x20xf32, #ttl.layout<dram, interleaved, row_major>>
!out = tensor<6x20xf32, #ttl.layout<l1, interleaved, row_major>>
!d = !ttl.dfb<2x20xf32, 2, row_major>
!blk = !ttl.block<2x20xf32, row_major>

// CHECK-LABEL: // ===== kernel reader =====
// CHECK: cb_reserve_back({{.*}}, 2);
// CHECK: size_t [[BASE:v[0-9]+]] = get_write_ptr(
// CHECK: for (size_t [[I:[a-z][0-9]+]] = 0; [[I]] < {{.*}}; [[I]] += 1) {
// CHECK-NEXT: size_t [[ROW:v[0-9]+]] = {{.*}} + [[I]];
// CHECK-NEXT: size_t [[ADDR:v[0-9]+]] = [[BASE]] + [[I]] * 128;
// CHECK-NEXT: noc_async_read_page([[ROW]], {{v[0-9]+}}, [[ADDR]]);
// CHECK: noc_async_read_barrier();
// CHECK: cb_push_back({{.*}}, 2);
func.func @reader(%src: !in) attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "reader", "lit.rows:00">} {
  %c2 = arith.constant 2 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %b = ttl.reserve %d : !d -> !blk
  %tx = ttl.load_rows %src[%c2], %b : !in, !blk
  ttl.transfer_wait %tx
  ttl.push %b : !blk
  return
}

// CHECK-LABEL: // ===== kernel writer =====
// CHECK: cb_wait_front({{.*}}, 2);
// CHECK: size_t [[BASE:v[0-9]+]] = get_read_ptr(
// CHECK: for (size_t [[I:[a-z][0-9]+]] = 0; [[I]] < {{.*}}; [[I]] += 1) {
// CHECK-NEXT: size_t [[ROW:v[0-9]+]] = 4 + [[I]];
// CHECK-NEXT: size_t [[ADDR:v[0-9]+]] = [[BASE]] + [[I]] * 128;
// CHECK-NEXT: noc_async_write_page([[ROW]], {{v[0-9]+}}, [[ADDR]], 80);
// CHECK: noc_async_write_barrier();
// CHECK: cb_pop_front({{.*}}, 2);
func.func @writer(%dst: !out) attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "writer", "lit.rows:00">} {
  %c4 = arith.constant 4 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %b = ttl.wait %d : !d -> !blk
  %tx = ttl.store_rows %b, %dst[%c4] : !blk, !out
  ttl.transfer_wait %tx
  ttl.pop %b : !blk
  return
}
