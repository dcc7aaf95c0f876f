// RUN: ttlang-opt --ttl-form-kernel-expressions %s | FileCheck %s
// Single-use C operators (and literals) fold into one emitc.expression at their user; a value
// used twice stays an expression of its own that its users name.

// CHECK-LABEL: emitc.func @address
// CHECK:      %[[C2:.*]] = expression : () -> !emitc.size_t {
// CHECK-NEXT:   "emitc.constant"() <{value = 2 : index}>
// CHECK:      %[[E:.*]] = expression %arg0, %[[C2]] : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t {
// CHECK-NEXT:   %[[C1:.*]] = "emitc.constant"() <{value = 1 : index}>
// CHECK-NEXT:   %[[M:.*]] = mul %arg0, %[[C2]]
// CHECK-NEXT:   %[[A:.*]] = add %[[M]], %[[C1]]
// CHECK-NEXT:   yield %[[A]] : !emitc.size_t
// CHECK-NEXT: }
// CHECK-NEXT: call_opaque "use"(%[[E]])
// CHECK-NEXT: %[[T:.*]] = expression %arg0, %[[C2]] : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t {
// CHECK-NEXT:   mul %arg0, %[[C2]]
// CHECK:      call_opaque "use"(%[[T]])
// CHECK-NEXT: call_opaque "use"(%[[T]])
emitc.func @address(%arg0: !emitc.size_t) {
  %c1 = "emitc.constant"() <{value = 1 : index}> : () -> !emitc.size_t
  %c2 = "emitc.constant"() <{value = 2 : index}> : () -> !emitc.size_t
  %0 = emitc.mul %arg0, %c2 : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
  %1 = emitc.add %0, %c1 : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
  emitc.call_opaque "use"(%1) : (!emitc.size_t) -> ()
  %2 = emitc.mul %arg0, %c2 : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
  emitc.call_opaque "use"(%2) : (!emitc.size_t) -> ()
  emitc.call_opaque "use"(%2) : (!emitc.size_t) -> ()
  emitc.return
}
