// RUN: ttlang-opt --ttl-check-synchronized-reconfigurations -split-input-file -verify-diagnostics %s
// Kernels of one operation that use a DFB reconfigure it at the same
// synchronized points: the same rings in the same order.

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// expected-note @+1 {{other kernel here}}
func.func @producer() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.sync:00">} {
  %dfb = ttl.create_dfb {physical_index = 0 : i32} : !d
  ttl.reconfigure_dfb %dfb block_count = 4 : !d
  ttl.reconfigure_dfb %dfb block_count = 2 : !d
  return
}

// expected-error @+1 {{kernel 'consumer' reconfigures DFB 0 as [2 pages, 4 pages] but kernel 'producer' as [4 pages, 2 pages]; every kernel that uses a DFB must reconfigure it at the same synchronized points}}
func.func @consumer() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.sync:00">} {
  %dfb = ttl.create_dfb {physical_index = 0 : i32} : !d
  ttl.reconfigure_dfb %dfb block_count = 2 : !d
  ttl.reconfigure_dfb %dfb block_count = 4 : !d
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>

// Kernels of different operations may differ.
func.func @first() attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "lit.sync:01", ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.sync:01">} {
  %dfb = ttl.create_dfb {physical_index = 0 : i32} : !d
  ttl.reconfigure_dfb %dfb block_count = 4 : !d
  return
}
func.func @second() attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "lit.sync:02", ttl.kernel = #ttl.kernel<compute, "compute", "lit.sync:02">} {
  %dfb = ttl.create_dfb {physical_index = 0 : i32} : !d
  return
}
