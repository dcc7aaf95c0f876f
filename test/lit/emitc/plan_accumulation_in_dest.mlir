// RUN: ttlang-opt --ttl-plan-accumulation %s | FileCheck %s
// A plain matmul accumulated in a loop right below its block's reservation, the loop's only
// store, keeps its partial sums in DEST (`in_dest`) when the block fits one DEST section
// (8 tiles; 4 with fp32 DEST accumulation); a larger block accumulates in L1 (`first`).

// CHECK-LABEL: func.func @fits
// CHECK: ttl.store %{{.*}}, %{{.*}} {accumulate, ttl.accumulation = #ttl.accumulation<in_dest>, ttl.indexed_pack}
func.func @fits() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.plan:02">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x2xbf16, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<1x2xbf16, 2>
  %r = ttl.reserve %o : !ttl.dfb<1x2xbf16, 2> -> !ttl.block<1x2xbf16>
  scf.for %k = %c0 to %c4 step %c1 {
    %x = ttl.wait %a : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    %y = ttl.wait %b : !ttl.dfb<1x2xbf16, 2> -> !ttl.block<1x2xbf16>
    %m = ttl.matmul %x, %y : !ttl.block<1x1xbf16>, !ttl.block<1x2xbf16> -> !ttl.block<1x2xbf16>
    ttl.store %m, %r {accumulate} : !ttl.block<1x2xbf16>
    ttl.pop %y : !ttl.block<1x2xbf16>
    ttl.pop %x : !ttl.block<1x1xbf16>
  }
  ttl.push %r : !ttl.block<1x2xbf16>
  return
}

// 2x4 = 8 tiles fit 16-bit DEST but not fp32 DEST (4 tiles), which a kernel using f32 DFBs has.
// CHECK-LABEL: func.func @fp32_too_big
// CHECK: ttl.store %{{.*}}, %{{.*}} {accumulate, ttl.accumulation = #ttl.accumulation<first>, ttl.indexed_pack}
func.func @fp32_too_big() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.plan:03">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<2x1xf32, 2>
  %b = ttl.create_dfb {physical_index = 1 : i32} : !ttl.dfb<1x4xf32, 2>
  %o = ttl.create_dfb {physical_index = 2 : i32} : !ttl.dfb<2x4xf32, 2>
  %r = ttl.reserve %o : !ttl.dfb<2x4xf32, 2> -> !ttl.block<2x4xf32>
  scf.for %k = %c0 to %c4 step %c1 {
    %x = ttl.wait %a : !ttl.dfb<2x1xf32, 2> -> !ttl.block<2x1xf32>
    %y = ttl.wait %b : !ttl.dfb<1x4xf32, 2> -> !ttl.block<1x4xf32>
    %m = ttl.matmul %x, %y : !ttl.block<2x1xf32>, !ttl.block<1x4xf32> -> !ttl.block<2x4xf32>
    ttl.store %m, %r {accumulate} : !ttl.block<2x4xf32>
    ttl.pop %y : !ttl.block<1x4xf32>
    ttl.pop %x : !ttl.block<2x1xf32>
  }
  ttl.push %r : !ttl.block<2x4xf32>
  return
}
