// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// A tensor of rank > 2 is stored by ttnn as its matrices' tiles one matrix after another
// (2 x 64 x 96 elements: 2 x 2 x 3 tiles, 12 pages): tile row r of the stacked grid is page
// row r, 3 pages per row (the last dimension's tiles).

!t3 = tensor<2x64x96xbf16, #ttl.layout<dram, interleaved, tiled>>
!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// CHECK-LABEL: // ===== kernel batched =====
// CHECK-DAG: size_t [[COL:v[0-9]+]] = get_absolute_logical_x();
// CHECK-DAG: size_t [[ROW:v[0-9]+]] = get_absolute_logical_y();
// CHECK: size_t [[PAGE:v[0-9]+]] = [[ROW]] * 3 + [[COL]];
// CHECK-NEXT: noc_async_read_page([[PAGE]], {{v[0-9]+}}, {{v[0-9]+}});
func.func @batched(%src: !t3) attributes {ttl.grid = array<i64: 3, 4>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.batch:00">} {
  %col = ttl.node 0
  %row = ttl.node 1
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %b = ttl.reserve %d : !d -> !blk
  %tx = ttl.load_tiles %src[%row, %col], %b : !t3, !blk
  ttl.transfer_wait %tx
  ttl.push %b : !blk
  return
}
