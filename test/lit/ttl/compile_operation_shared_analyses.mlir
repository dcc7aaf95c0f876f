// RUN: ttlang-opt %s --ttl-compile-operation -mlir-timing -mlir-timing-display=tree -o /dev/null 2>&1 | FileCheck %s
// The kernel ownership and the condition identity of an operation are
// computed once per pipeline: ttl-assign-dfb-indices computes them (through
// the analysis manager), the checks before it and the index assignment
// preserve them, and ttl-split-kernels reuses the ownership.

!t = tensor<32x32xf32, #ttl.layout<l1, interleaved, tiled>>
!b = !ttl.block<1x1xf32>
!d = !ttl.dfb<1x1xf32, 2>

func.func @copy(%a: !t, %out: !t) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.copy:01"} {
  %in = ttl.create_dfb : !d
  %c0 = arith.constant 0 : index
  %r = ttl.reserve %in : !d -> !b
  %tx = ttl.load_tiles %a[%c0, %c0], %r : !t, !b
  ttl.transfer_wait %tx
  ttl.push %r : !b
  %w = ttl.wait %in : !d -> !b
  %tx2 = ttl.store_tiles %w, %out[%c0, %c0] : !b, !t
  ttl.transfer_wait %tx2
  ttl.pop %w : !b
  return
}

// CHECK: TTLVerifyDispatchConditions
// CHECK-NOT: (A)
// CHECK: TTLAssignDFBIndices
// CHECK-NEXT: (A) ttl::OwnershipAnalysis
// CHECK-NEXT: (A) ttl::ConditionIdentity
// CHECK-NEXT: TTLSplitKernels
// CHECK-NOT: (A)
// CHECK: Total
