// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// ttl.dprint prints and parses back: text alone, integers, a block, a processor.

// CHECK-LABEL: func.func @prints
// CHECK: ttl.dprint "hello"
// CHECK: ttl.dprint "k = {} of {}" %{{.*}}, %{{.*}} : index, i32
// CHECK: ttl.dprint "{}" %{{.*}} : !ttl.block<1x1xbf16> {thread = "pack"}
func.func @prints(%k: index, %n: i32) {
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.dprint "hello"
  ttl.dprint "k = {} of {}" %k, %n : index, i32
  ttl.dprint "{}" %b : !ttl.block<1x1xbf16> {thread = "pack"}
  ttl.push %b : !ttl.block<1x1xbf16>
  return
}
