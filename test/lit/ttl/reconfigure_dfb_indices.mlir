// RUN: ttlang-opt %s --ttl-assign-dfb-indices="report-lifecycles=true" -verify-diagnostics | FileCheck %s
// A reconfigured DFB is opaque to the lifecycle analysis, so it keeps a
// physical index of its own (its allocation holds its configured rings): the
// same stages as in extern/lifecycle_reuse.mlir's sequential_stages, which
// share one index without the reconfiguration, get two.

#dm = #ttl.kernel<data_movement>
#cp = #ttl.kernel<compute>

// CHECK-LABEL: func.func @sequential_stages
// CHECK: ttl.create_dfb {physical_index = 0 : i32}
// CHECK: ttl.create_dfb {physical_index = 1 : i32}
func.func @sequential_stages() attributes {ttl.operation_id = "t.seq:1", ttl.grid = array<i64: 1, 1>} {
  // expected-remark @+1 {{DFB lifecycle: opaque (it is used by 'ttl.reconfigure_dfb'}}
  %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  // expected-remark @+1 {{DFB lifecycle: bounded; physical index 1}}
  %b = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %r = ttl.reserve %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  %w = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  ttl.reconfigure_dfb %a block_count = 4 : !ttl.dfb<1x1xbf16, 2>
  %r2 = ttl.reserve %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %r2 {ttl.kernels = [#cp]} : !ttl.block<1x1xbf16>
  %w2 = ttl.wait %b : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.pop %w2 {ttl.kernels = [#dm]} : !ttl.block<1x1xbf16>
  return
}
