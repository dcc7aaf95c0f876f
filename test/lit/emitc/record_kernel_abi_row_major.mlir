// RUN: ttlang-opt --ttl-record-kernel-abi %s | FileCheck %s --check-prefix=WH
// RUN: ttlang-opt --ttl-record-kernel-abi=target=blackhole %s | FileCheck %s --check-prefix=BH
// A row-major tensor's accessor page is one row of its last dimension rounded up to the target's
// alignment of its memory (ttnn's aligned page size): 20 f32 = 80 B -> 96 B in Wormhole DRAM
// (32 B), 128 B in Blackhole DRAM (64 B), 80 B in L1 (16 B) on both. The element-shaped DFB's
// page is the row rounded up to 64 B, whatever the target: 128 B, 2 rows x 2 blocks = 512 B.

// WH-LABEL: func.func @rows
// WH-SAME: #ttl.arg<tensor_accessor, "0", 2, words = [2, 96]>, #ttl.arg<tensor_accessor, "1", 2, words = [0, 80]>
// WH-SAME: #ttl.dfb_spec<name = "dfb0", index = 0, data_format = float32, page_size = 128, total_size = 512, block_shape = [2, 20], block_count = 2
// BH-LABEL: func.func @rows
// BH-SAME: #ttl.arg<tensor_accessor, "0", 2, words = [2, 128]>, #ttl.arg<tensor_accessor, "1", 2, words = [0, 80]>
// BH-SAME: page_size = 128, total_size = 512
func.func @rows(%src: tensor<2x3x20xf32, #ttl.layout<dram, interleaved, row_major>>,
                %dst: tensor<6x20xf32, #ttl.layout<l1, interleaved, row_major>>)
    attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "rows", "lit.rows:00">} {
  %c0 = arith.constant 0 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<2x20xf32, 2, row_major>
  %r = ttl.reserve %d : !ttl.dfb<2x20xf32, 2, row_major> -> !ttl.block<2x20xf32, row_major>
  %tx = ttl.load_rows %src[%c0], %r : tensor<2x3x20xf32, #ttl.layout<dram, interleaved, row_major>>, !ttl.block<2x20xf32, row_major>
  ttl.transfer_wait %tx
  ttl.push %r : !ttl.block<2x20xf32, row_major>
  %w = ttl.wait %d : !ttl.dfb<2x20xf32, 2, row_major> -> !ttl.block<2x20xf32, row_major>
  %ty = ttl.store_rows %w, %dst[%c0] : !ttl.block<2x20xf32, row_major>, tensor<6x20xf32, #ttl.layout<l1, interleaved, row_major>>
  ttl.transfer_wait %ty
  ttl.pop %w : !ttl.block<2x20xf32, row_major>
  return
}
