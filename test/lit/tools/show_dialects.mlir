// RUN: ttlang-opt --show-dialects | FileCheck %s
// RUN: ttlang-opt --version | FileCheck %s --check-prefix=VERSION

// CHECK: Available Dialects:
// CHECK-SAME: emitc
// CHECK-SAME: scf
// CHECK-SAME: ttl
// CHECK-SAME: ttnn

// VERSION: LLVM version 22.1.8
// VERSION: ttlang-opt {{[0-9]+\.[0-9]+\.[0-9]+}}
