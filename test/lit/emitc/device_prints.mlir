// RUN: ttlang-opt --ttl-assign-processor-roles --ttl-record-kernel-abi --ttl-expand-index-division --ttl-package-kernels --convert-ttl-to-emitc --ttl-clean-up-kernels --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// Device prints: DPRINT with the format and a newline in a data-movement kernel (braces,
// quotes and backslashes escaped for C), booleans as 1 / 0, and a block through
// ttl::dprint_block from ttlang/dprint_block.h (a row of bf16 per slice, read pointer).

// CHECK-LABEL: // ===== kernel reader =====
// CHECK: #include "api/debug/dprint.h"
// CHECK: #include "ttlang/dprint_block.h"
// CHECK: DPRINT("read {} {{[{][{]x[}][}]}} \"q\" \\ {}\n", {{v[0-9]+}}, {{v[0-9]+}});
// CHECK: ttl::dprint_block<32, ttl::PrintThread(2)>({{v[0-9]+}}, 2, 1);
func.func @reader() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "reader", "lit.prints:00">} {
  %x = ttl.node 0
  %t = arith.constant true
  %d = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x2xbf16, 2>
  %b = ttl.wait %d : !ttl.dfb<1x2xbf16, 2> -> !ttl.block<1x2xbf16>
  ttl.dprint "read {} {{x}} \22q\22 \5C {}" %x, %t : index, i1
  ttl.dprint "{}" %b : !ttl.block<1x2xbf16>
  ttl.pop %b : !ttl.block<1x2xbf16>
  return
}

// -----

// In a compute kernel every print names its processor: text on math unless `thread` says
// otherwise, a reserved f32 block on pack (half a row per slice).
// CHECK-LABEL: // ===== kernel compute =====
// CHECK: DPRINT_MATH("hello\n");
// CHECK: DPRINT_UNPACK("tile {}\n", {{v[0-9]+}});
// CHECK: ttl::dprint_block<16, ttl::PrintThread(2)>({{v[0-9]+}}, 1, 0);
func.func @compute() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.prints:01">} {
  %x = ttl.node 0
  %d = ttl.create_dfb {physical_index = 16 : i32} : !ttl.dfb<1x1xf32, 2>
  %o = ttl.reserve %d : !ttl.dfb<1x1xf32, 2> -> !ttl.block<1x1xf32>
  ttl.dprint "hello"
  ttl.dprint "tile {}" %x : index {thread = "unpack"}
  ttl.dprint "{}" %o : !ttl.block<1x1xf32>
  ttl.push %o : !ttl.block<1x1xf32>
  return
}
