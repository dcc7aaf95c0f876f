// RUN: ttlang-opt --ttl-assign-processor-roles --ttl-record-kernel-abi --ttl-expand-index-division --ttl-package-kernels --convert-ttl-to-emitc --ttl-clean-up-kernels --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Signed division of indices (size_t in the kernel) divides as ptrdiff_t, so -2 / 3 is 0 and
// not a huge unsigned quotient; Python's floor `//` (arith.floordivsi) expands into a truncating
// division corrected when the signs differ and the division is inexact.

// CHECK-LABEL: // ===== kernel divide =====
// CHECK: for (size_t [[I:i[0-9]+]] =
// CHECK-NEXT: size_t [[A:v[0-9]+]] = [[I]] - {{v[0-9]+}};
// CHECK-NEXT: ptrdiff_t [[SA:v[0-9]+]] = (ptrdiff_t) [[A]];
// CHECK-NEXT: ptrdiff_t [[S3:v[0-9]+]] = (ptrdiff_t) [[C3:v[0-9]+]];
// CHECK-NEXT: ptrdiff_t [[SQ:v[0-9]+]] = [[SA]] / [[S3]];
// CHECK-NEXT: size_t [[Q:v[0-9]+]] = (size_t) [[SQ]];
// The quotient is exact unless q * 3 != a; then it moves down when a < 0 (3 > 0).
// CHECK-NEXT: size_t [[M:v[0-9]+]] = [[Q]] * [[C3]];
// CHECK: bool [[INEXACT:v[0-9]+]] = {{v[0-9]+}} != {{v[0-9]+}};
// CHECK: bool [[NEG:v[0-9]+]] = {{v[0-9]+}} < {{v[0-9]+}};
// CHECK-NEXT: bool [[FIX:v[0-9]+]] = [[INEXACT]] && [[NEG]];
// CHECK-NEXT: size_t [[QM1:v[0-9]+]] = [[Q]] + {{v[0-9]+}};
// CHECK-NEXT: size_t [[FLOOR:v[0-9]+]] = [[FIX]] ? [[QM1]] : [[Q]];
// The truncating remainder by a runtime divisor, as ptrdiff_t.
// CHECK: ptrdiff_t [[SR:v[0-9]+]] = {{v[0-9]+}} % {{v[0-9]+}};
// CHECK-NEXT: size_t {{v[0-9]+}} = (size_t) [[SR]];
func.func @divide() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.divide:00">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  scf.for %i = %c0 to %c8 step %c1 {
    %a = arith.subi %i, %c5 : index
    %q = arith.floordivsi %a, %c3 : index
    %i1 = arith.addi %i, %c1 : index
    %r = arith.remsi %a, %i1 : index
    %s = arith.addi %q, %r : index
    scf.for %j = %c0 to %s step %c1 {
      %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
      ttl.push %b : !ttl.block<1x1xbf16>
    }
  }
  return
}
