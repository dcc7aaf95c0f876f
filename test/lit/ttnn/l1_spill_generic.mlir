// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management{l1-usage-cap=1.0}))' --mlir-print-op-on-diagnostic=false | FileCheck %s
// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management))' --mlir-print-op-on-diagnostic=false | FileCheck %s --check-prefix=CEIL
// A compiled TTL operation (ttnn.generic) in a graph of ttnn ops: the spill
// pass queries it like any op. Four relu outputs of 131072 B per bank are
// live in L1, placed top-down (%r3 lowest, at 974848). The TTL operation's
// two DFBs (!ttl.dfb<8x8xbf16, 4>: 524288 B each on all 64 cores) need
// circular buffers up to 35168 + 1048576 = 1083744, which reaches %r3, so
// %r3 (used last) is spilled to DRAM; its own L1 output (131072 B) would then
// take %r3's range, which the circular buffers still reach, so %r2 (used
// next to last) is spilled too and the output goes where %r2 was (CHECK, the
// mock allocator alone). With the default ceiling (0.95 of usable L1,
// 1390769 B), the TTL operation's peak (1048576 + 131072 B) leaves room for
// one live tensor: %r3, %r2 and %r1 are spilled (CEIL).

#l1 = #ttnn.layout<l1, interleaved, bf16>
#dram = #ttnn.layout<dram, interleaved, bf16>
#grid = #ttnn.core_range<(0, 0), (7, 7)>

// CHECK-LABEL: func.func @mixed
// CEIL-LABEL: func.func @mixed
func.func @mixed(%x: tensor<2048x2048xbf16, #dram>) -> tensor<2048x2048xbf16, #l1> {
  // CHECK: %[[R0:.*]] = ttnn.relu
  // CHECK: %[[R1:.*]] = ttnn.relu
  // CHECK: %[[R2:.*]] = ttnn.relu
  // CHECK: %[[R3:.*]] = ttnn.relu
  // CHECK-NEXT: %[[S3:.*]] = ttnn.to_memory_config %[[R3]] : tensor<2048x2048xbf16, #[[L1:layout[0-9]*]]> -> tensor<2048x2048xbf16, #[[DRAM:layout[0-9]*]]>
  // CHECK-NEXT: ttnn.deallocate %[[R3]]
  // CHECK-NEXT: %[[S2:.*]] = ttnn.to_memory_config %[[R2]]
  // CHECK-NEXT: ttnn.deallocate %[[R2]]
  // CHECK-NEXT: %[[G:.*]] = ttnn.generic %{{.*}} {dataflow_buffers = [#ttnn.dfb<"in", 0, !ttl.dfb<8x8xbf16, 4>, {{.*}} : (tensor<2048x2048xbf16, #[[DRAM]]>) -> tensor<2048x2048xbf16, #[[L1]]>
  // CHECK-NOT: ttnn.to_memory_config
  // CEIL: %[[R0:.*]] = ttnn.relu
  // CEIL: %[[R1:.*]] = ttnn.relu
  // CEIL: %[[R2:.*]] = ttnn.relu
  // CEIL: %[[R3:.*]] = ttnn.relu
  // CEIL-NEXT: ttnn.to_memory_config %[[R3]]
  // CEIL-NEXT: ttnn.deallocate %[[R3]]
  // CEIL-NEXT: ttnn.to_memory_config %[[R2]]
  // CEIL-NEXT: ttnn.deallocate %[[R2]]
  // CEIL-NEXT: ttnn.to_memory_config %[[R1]]
  // CEIL-NEXT: ttnn.deallocate %[[R1]]
  // CEIL-NEXT: ttnn.generic
  %r0 = ttnn.relu %x : tensor<2048x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  %r1 = ttnn.relu %x : tensor<2048x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  %r2 = ttnn.relu %x : tensor<2048x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  %r3 = ttnn.relu %x : tensor<2048x2048xbf16, #dram> -> tensor<2048x2048xbf16, #l1>
  %g = ttnn.generic %x {operation_id = "scale:9", grid = array<i64: 8, 8>,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "scale:9">, cores = [#grid]>,
                 #ttnn.kernel<#ttl.kernel<data_movement, "data_movement", "scale:9">, cores = [#grid]>],
      dataflow_buffers = [#ttnn.dfb<"in", 0, !ttl.dfb<8x8xbf16, 4>, cores = [#grid]>,
                          #ttnn.dfb<"out", 1, !ttl.dfb<8x8xbf16, 4>, cores = [#grid]>]}
      : (tensor<2048x2048xbf16, #dram>) -> tensor<2048x2048xbf16, #l1>
  // CHECK: ttnn.add %[[G]], %[[R0]]
  %s0 = ttnn.add %g, %r0 : tensor<2048x2048xbf16, #l1>, tensor<2048x2048xbf16, #l1> -> tensor<2048x2048xbf16, #l1>
  // CHECK: ttnn.add %{{.*}}, %[[R1]]
  %s1 = ttnn.add %s0, %r1 : tensor<2048x2048xbf16, #l1>, tensor<2048x2048xbf16, #l1> -> tensor<2048x2048xbf16, #l1>
  // Later uses read the DRAM copies.
  // CHECK: ttnn.add %{{.*}}, %[[S2]] : tensor<2048x2048xbf16, #[[L1]]>, tensor<2048x2048xbf16, #[[DRAM]]>
  %s2 = ttnn.add %s1, %r2 : tensor<2048x2048xbf16, #l1>, tensor<2048x2048xbf16, #l1> -> tensor<2048x2048xbf16, #l1>
  // CHECK: ttnn.add %{{.*}}, %[[S3]] : tensor<2048x2048xbf16, #[[L1]]>, tensor<2048x2048xbf16, #[[DRAM]]>
  %s3 = ttnn.add %s2, %r3 : tensor<2048x2048xbf16, #l1>, tensor<2048x2048xbf16, #l1> -> tensor<2048x2048xbf16, #l1>
  return %s3 : tensor<2048x2048xbf16, #l1>
}
