// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// A kernel whose external call reserves and pushes on a DFB (its DFB effects) is the DFB's
// producer: shrinking the ring (4 -> 2 pages), it first waits until at most the new ring's pages
// are in flight (cb_reserve_back of the difference), as a kernel with ttl.reserve does; the
// consumer does not.

!d = !ttl.dfb<1x1xbf16, 4>
!blk = !ttl.block<1x1xbf16>

// CHECK-LABEL: // ===== kernel producer =====
// CHECK: produce([[DFB:v[0-9]+]]);
// CHECK: cb_reserve_back([[DFB]], 2);
// CHECK-NEXT: ttl::reconfigure_dfb([[DFB]],
func.func @producer() attributes {ttl.grid = array<i64: 1, 1>, ttl.runtime_resources, ttl.operation_id = "lit.reconfx:00", ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.reconfx:00">} {
  %dfb = ttl.create_dfb {physical_index = 0 : i32} : !d
  ttl.call_extern_func "produce" from "kernels/produce.hpp"
      args(%dfb : !d)
      effects [#ttl.dfb_effect<reserve, dependency = 0, tiles = 1>,
               #ttl.dfb_effect<push, dependency = 0, tiles = 1>]
      include_paths ["Inputs/extern"]
  ttl.reconfigure_dfb %dfb block_count = 2 : !d
  ttl.call_extern_func "produce" from "kernels/produce.hpp"
      args(%dfb : !d)
      effects [#ttl.dfb_effect<reserve, dependency = 0, tiles = 1>,
               #ttl.dfb_effect<push, dependency = 0, tiles = 1>]
      include_paths ["Inputs/extern"]
  return
}

// CHECK-LABEL: // ===== kernel consumer =====
// CHECK-NOT: cb_reserve_back
// CHECK: ttl::reconfigure_dfb(
func.func @consumer() attributes {ttl.grid = array<i64: 1, 1>, ttl.runtime_resources, ttl.operation_id = "lit.reconfx:00", ttl.kernel = #ttl.kernel<compute, "compute", "lit.reconfx:00">} {
  %dfb = ttl.create_dfb {physical_index = 0 : i32} : !d
  %w = ttl.wait %dfb : !d -> !blk
  ttl.pop %w : !blk
  ttl.reconfigure_dfb %dfb block_count = 2 : !d
  %w2 = ttl.wait %dfb : !d -> !blk
  ttl.pop %w2 : !blk
  return
}
