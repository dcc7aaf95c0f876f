// RUN: ttlang-opt --ttl-backend-pipeline -verify-diagnostics %s
// Kernels of one operation that use a DFB must reconfigure it at the same
// synchronized points.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// expected-note @+1 {{other kernel here}}
func.func @producer() attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "lit.unsync:00", ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.unsync:00">} {
  %dfb = ttl.create_dfb {physical_index = 0 : i32} : !d
  ttl.reconfigure_dfb %dfb block_count = 4 : !d
  %r = ttl.reserve %dfb : !d -> !blk
  ttl.push %r : !blk
  return
}

// expected-error @+1 {{kernel 'consumer' reconfigures DFB 0 as [] but kernel 'producer' as [4 pages]; every kernel that uses a DFB must reconfigure it at the same synchronized points}}
func.func @consumer() attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "lit.unsync:00", ttl.kernel = #ttl.kernel<compute, "compute", "lit.unsync:00">} {
  %dfb = ttl.create_dfb {physical_index = 0 : i32} : !d
  %w = ttl.wait %dfb : !d -> !blk
  ttl.pop %w : !blk
  return
}
