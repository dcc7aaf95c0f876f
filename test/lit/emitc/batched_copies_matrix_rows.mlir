// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// A copy with `matrix_rows` reads runs of tile rows one matrix apart: 2 x 96 x 64 elements is
// 2 matrices of 3 x 2 tiles; rows [1, 3) of both matrices are stacked rows 1, 2 and 4, 5, pages
// (row * 2 + col): the run of matrix m starts at row 1 + 3 * m, its block tiles at (m * 2 + r).

!t3 = tensor<2x96x64xbf16, #ttl.layout<dram, interleaved, tiled>>
!d = !ttl.dfb<4x1xbf16, 2>
!blk = !ttl.block<4x1xbf16>

// CHECK-LABEL: // ===== kernel runs =====
// CHECK: size_t [[BASE:v[0-9]+]] = get_write_ptr(
// CHECK: for (size_t [[M:i[0-9]+]] = {{.*}}) {
// CHECK-NEXT: for (size_t [[R:j[0-9]+]] = {{.*}}) {
// CHECK-NEXT: size_t [[PAGE:v[0-9]+]] = (({{v[0-9]+}} + [[M]] * 3) + [[R]]) * {{v[0-9]+}};
// CHECK-NEXT: size_t [[ADDR:v[0-9]+]] = [[BASE]] + ([[M]] * {{v[0-9]+}} + [[R]]) * 2048;
// CHECK-NEXT: noc_async_read_page([[PAGE]], {{v[0-9]+}}, [[ADDR]]);
func.func @runs(%src: !t3) attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.runs:00">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %b = ttl.reserve %d : !d -> !blk
  %tx = ttl.load_tiles %src[%c1, %c0], %b {matrix_rows = 2 : i64} : !t3, !blk
  ttl.transfer_wait %tx
  ttl.push %b : !blk
  return
}
