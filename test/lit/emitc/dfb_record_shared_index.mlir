// RUN: ttlang-opt --ttl-backend-pipeline %s | FileCheck %s
// Two DFBs with disjoint lifecycles share physical index 0; the allocation
// fits the larger (2x2 tiles x 3 blocks x 2048 B = 24576 B), and the record's
// !ttl.dfb type is that one's, so block bytes x block count is total_size.
// Name and location stay those of the last DFB created (the ABI's ref).

!small = !ttl.dfb<1x1xbf16, 2>
!large = !ttl.dfb<2x2xbf16, 3>
!b1 = !ttl.block<1x1xbf16>
!b4 = !ttl.block<2x2xbf16>

// CHECK-LABEL: emitc.file "reader"
// CHECK-SAME: dataflow_buffers = [#ttl.dfb_spec<name = "dfb0", index = 0, data_format = bfloat16, page_size = 2048, total_size = 24576, block_shape = [2, 2], block_count = 3, reconfigured_blocks = 0, location = "{{.*}}dfb_record_shared_index.mlir:{{[0-9]+}}">]
func.func @reader() attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "lit.shared:00", ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.shared:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !large
  %r = ttl.reserve %a : !large -> !b4
  ttl.push %r : !b4
  %b = ttl.create_dfb {physical_index = 0 : i32} : !small
  %r2 = ttl.reserve %b : !small -> !b1
  ttl.push %r2 : !b1
  return
}
