// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// `ttl.matmul {transpose_rhs}`: rhs is N x K tiles; matmul_init(a, b, 1) transposes every B
// tile and output tile (m, n) accumulates a[m*K+k] * transpose(b[n*K+k]) over k.

// CHECK-LABEL: // ===== kernel transposed =====
// CHECK: compute_kernel_hw_startup<SrcOrder::Reverse>([[A:v[0-9]+]], [[B:v[0-9]+]], [[O:v[0-9]+]]);
// CHECK-NEXT: matmul_init([[A]], [[B]], 1);
// CHECK: tile_regs_acquire();
// CHECK-NEXT: for (size_t [[J:[ij][0-9]+]] = {{.*}}) {
// CHECK-NEXT: for (size_t [[K:[ijk][0-9]+]] = {{.*}}) {
// CHECK-NEXT: size_t [[BT:v[0-9]+]] = [[J]] * {{v[0-9]+|3}} + [[K]];
// CHECK-NEXT: matmul_tiles([[A]], [[B]], [[K]], [[BT]], [[J]]);
func.func @transposed() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.tr:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x3xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<2x3xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x2xbf16, 2>
  %x = ttl.wait %a : !ttl.dfb<1x3xbf16, 2> -> !ttl.block<1x3xbf16>
  %y = ttl.wait %b : !ttl.dfb<2x3xbf16, 2> -> !ttl.block<2x3xbf16>
  %r = ttl.reserve %o : !ttl.dfb<1x2xbf16, 2> -> !ttl.block<1x2xbf16>
  %m = ttl.matmul %x, %y {transpose_rhs} : !ttl.block<1x3xbf16>, !ttl.block<2x3xbf16> -> !ttl.block<1x2xbf16>
  ttl.store %m, %r : !ttl.block<1x2xbf16>
  ttl.push %r : !ttl.block<1x2xbf16>
  ttl.pop %x : !ttl.block<1x3xbf16>
  ttl.pop %y : !ttl.block<2x3xbf16>
  return
}
