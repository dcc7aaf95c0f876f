// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// ttl.reconfigure_dfb prints and parses back; ttl.runtime_resources is a valid
// attribute of an operation function.

!d = !ttl.dfb<1x1xbf16, 2>
!b = !ttl.block<1x1xbf16>

// CHECK-LABEL: func.func @phases
// CHECK-SAME: ttl.runtime_resources
// CHECK: ttl.reconfigure_dfb %{{.*}} block_count = 4 : !ttl.dfb<1x1xbf16, 2>
// CHECK: ttl.reconfigure_dfb %{{.*}} block_count = 1 : !ttl.dfb<1x1xbf16, 2>
func.func @phases() attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "lit.rt:00", ttl.runtime_resources} {
  %dfb = ttl.create_dfb : !d
  %r = ttl.reserve %dfb : !d -> !b
  ttl.push %r : !b
  ttl.reconfigure_dfb %dfb block_count = 4 : !d
  ttl.reconfigure_dfb %dfb block_count = 1 : !d
  return
}
