// RUN: ttlang-opt %s --ttl-specialize-cores=target=wormhole_b0 -verify-diagnostics -split-input-file
// RUN: ttlang-opt %s --split-input-file --ttl-specialize-cores=target=blackhole | FileCheck %s
// RUN: not ttlang-opt %s --split-input-file --ttl-specialize-cores=target=grayskull 2>&1 | FileCheck %s --check-prefix=TARGET
// With the target it compiles for (ttl-to-metal passes it), core specialization bounds its work
// by that target's worker grid: 8x8 on wormhole_b0, 13x10 on blackhole.

// expected-error @+1 {{the kernel's grid is 13x10 (cols x rows), more cores than target 'wormhole_b0' has (64: the 8x8 worker grid of 'wormhole_b0'); ttl-specialize-cores evaluates every core of the grid}}
func.func @blackhole_grid() attributes {ttl.grid = array<i64: 13, 10>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.bh:00">} {
  %x = ttl.node 0
  return
}

// CHECK-LABEL: func.func @blackhole_grid
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(0, 0) to (12, 9)>]

// TARGET: unknown target 'grayskull'; supported targets: wormhole_b0, blackhole
