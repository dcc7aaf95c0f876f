// RUN: ttlang-opt --ttl-assign-processor-roles --ttl-record-kernel-abi --ttl-expand-index-division --ttl-package-kernels --convert-ttl-to-emitc --ttl-clean-up-kernels --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// The core coordinate comes from the firmware; the grid extent is the static grid.

// CHECK-LABEL: // ===== kernel coords =====
// CHECK: size_t [[X:v[0-9]+]] = get_absolute_logical_x();
// CHECK-NEXT: size_t [[Y:v[0-9]+]] = get_absolute_logical_y();
// CHECK-NEXT: size_t [[COLS:v[0-9]+]] = 3;
// CHECK-NEXT: size_t [[ROWS:v[0-9]+]] = 2;
// CHECK-NEXT: size_t [[LIN:v[0-9]+]] = [[Y]] * [[COLS]];
// CHECK-NEXT: size_t [[ID:v[0-9]+]] = [[LIN]] + [[X]];
// CHECK-NEXT: size_t [[N:v[0-9]+]] = [[ROWS]] * [[COLS]];
// CHECK: for (size_t {{i[0-9]+}} = [[ID]]; {{i[0-9]+}} < [[N]]; {{.*}}) {
func.func @coords() attributes {ttl.grid = array<i64: 3, 2>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.coords:00">} {
  %x = ttl.node 0
  %y = ttl.node 1
  %cols = ttl.grid_size 0
  %rows = ttl.grid_size 1
  %lin = arith.muli %y, %cols : index
  %id = arith.addi %lin, %x : index
  %n = arith.muli %rows, %cols : index
  %c1 = arith.constant 1 : index
  %d = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  scf.for %i = %id to %n step %c1 {
    %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ttl.push %b : !ttl.block<1x1xbf16>
  }
  return
}
