// RUN: not ttlang-opt %s --ttl-assign-dfb-indices=target=grayskull 2>&1 | FileCheck %s

// CHECK: error: unknown target 'grayskull'; supported targets: wormhole_b0, blackhole
module {}
