// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// A tensor whose logical shape is not whole tiles (50 x 70 elements) is stored by ttnn padded
// to whole tiles (2 x 3 tiles): pages follow the padded tile grid, 3 tiles per row.

#dram = #ttl.layout<dram, interleaved, tiled>
!t = tensor<50x70xbf16, #dram>
!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// CHECK-LABEL: // ===== kernel padded =====
// CHECK-DAG: size_t [[COL:v[0-9]+]] = get_absolute_logical_x();
// CHECK-DAG: size_t [[ROW:v[0-9]+]] = get_absolute_logical_y();
// CHECK: cb_reserve_back(
// CHECK: size_t [[PAGE:v[0-9]+]] = [[ROW]] * 3 + [[COL]];
// CHECK-NEXT: noc_async_read_page([[PAGE]], {{v[0-9]+}}, {{v[0-9]+}});
func.func @padded(%src: !t) attributes {ttl.grid = array<i64: 3, 2>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.pad:00">} {
  %col = ttl.node 0
  %row = ttl.node 1
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %b = ttl.reserve %d : !d -> !blk
  %tx = ttl.load_tiles %src[%row, %col], %b : !t, !blk
  ttl.transfer_wait %tx
  ttl.push %b : !blk
  return
}
