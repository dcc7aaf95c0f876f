// RUN: ttlang-opt --ttl-assign-processor-roles --ttl-record-kernel-abi --ttl-package-kernels %s | FileCheck %s
// ttl-package-kernels puts each kernel function, still in TTL, into an emitc.file named after it
// with the includes of its kernel, and moves what the passes before it recorded on the function
// into the file's #ttl.kernel_record: its role, its core ranges (what ttl-specialize-cores
// recorded, else the whole static grid), its ABI and DFB specs.

!t = tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>
!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// A data-movement kernel without recorded core ranges runs on its whole 2x1 grid.
// CHECK-LABEL: emitc.file "reader"
// CHECK-SAME: ttl.kernel_record = #ttl.kernel_record<kernel = <data_movement, "data_movement", "lit.pk:00">, role = data_movement_0, core_ranges = [#ttl.core_range<(0, 0) to (1, 0)>], abi = <compile_time = [#ttl.arg<dfb_index, "dfb0", 1, words = [0]>, #ttl.arg<tensor_accessor, "0", 2, words = [2, 2048]>], common_runtime = [#ttl.arg<buffer_address, "0", 1>], per_core_runtime = []>, dataflow_buffers = [#ttl.dfb_spec<name = "dfb0", index = 0,
// CHECK-NEXT: include <"cstdint">
// CHECK-NEXT: include "api/dataflow/dataflow_api.h"
// The function keeps its identity and grid; the recorded attributes are gone from it.
// CHECK-NEXT: func.func @reader(%{{.*}}: tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>) attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.pk:00">} {
// CHECK: ttl.load_tiles
func.func @reader(%a: !t) attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.pk:00">} {
  %c0 = arith.constant 0 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %r = ttl.reserve %d : !d -> !blk
  %x = ttl.load_tiles %a[%c0, %c0], %r : !t, !blk
  ttl.transfer_wait %x
  ttl.push %r : !blk
  return
}

// A compute kernel clone of ttl-specialize-cores keeps its cores; it reads its coordinate
// (api/compute/common.h).
// CHECK-LABEL: emitc.file "compute"
// CHECK-SAME: role = compute, core_ranges = [#ttl.core_range<(1, 0) to (1, 0)>]
// CHECK-NEXT: include <"cstdint">
// CHECK-NEXT: include "api/compute/cb_api.h"
// CHECK-NEXT: include "api/compute/common.h"
// CHECK-NEXT: func.func @compute() attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.pk:00">} {
// CHECK: ttl.node 0
func.func @compute() attributes {ttl.core_ranges = [#ttl.core_range<(1, 0) to (1, 0)>], ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.pk:00">} {
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %x = ttl.node 0
  %c1 = arith.constant 1 : index
  %first = arith.cmpi eq, %x, %c1 : index
  scf.if %first {
    %w = ttl.wait %d : !d -> !blk
    ttl.pop %w : !blk
  }
  return
}
