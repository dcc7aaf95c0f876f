// RUN: ttlang-opt --ttl-specialize-cores %s | FileCheck %s
// A kernel with a multi-block region (here an scf.execute_region with a conditional branch) is
// cloned whole for each subset, then its comparisons fold and its decided scf.if is resolved:
// the branch-only copy of the other kernels applies to single-block regions.

// CHECK-LABEL: func.func @k_cores0()
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>]
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: scf.execute_region
// CHECK: cf.cond_br %[[TRUE]]
// CHECK: scf.yield
// CHECK-NOT: scf.if
// CHECK: ttl.reserve
// CHECK: return
// CHECK-LABEL: func.func @k_cores1()
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(1, 0) to (1, 0)>]
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: cf.cond_br %[[FALSE]]
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>
func.func @k() attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.multiblock:00">} {
  %c0 = arith.constant 0 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %col = ttl.node 0
  %first = arith.cmpi eq, %col, %c0 : index
  scf.execute_region {
    cf.cond_br %first, ^send, ^done
  ^send:
    %b = ttl.reserve %d : !d -> !blk
    ttl.push %b : !blk
    cf.br ^done
  ^done:
    scf.yield
  }
  scf.if %first {
    %b = ttl.reserve %d : !d -> !blk
    ttl.push %b : !blk
  }
  return
}
