// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-print-op-constraints{stateful=true}))' -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// The stateful query threads the live set through a TTL operation like any
// op: its output is allocated top-down below the relu's, the next op's below
// it, and its circular buffers are checked against the live buffers.

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#all = #ttnn.core_range<(0, 0), (1, 1)>

// CHECK-LABEL: op constraints of @chain (stateful)
func.func @chain(%x: tensor<128x128xbf16, #dram>) {
  // CHECK: ttnn.relu: success {{.*}} allocs=[l1@1497088+2048]
  %0 = ttnn.relu %x : tensor<128x128xbf16, #dram> -> tensor<128x128xbf16, #l1>
  // CHECK: ttnn.generic: success cb=12288 l1=2048 total=14336 out=2048 {{.*}} allocs=[l1@1495040+2048]
  %1 = ttnn.generic %0, %x {operation_id = "tile_add:1", grid = array<i64: 2, 2>,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "tile_add:1">, cores = [#all]>],
      dataflow_buffers = [#ttnn.dfb<"a_dfb", 0, !ttl.dfb<1x1xbf16, 2>, cores = [#all]>,
                          #ttnn.dfb<"b_dfb", 1, !ttl.dfb<1x1xbf16, 2>, cores = [#all]>,
                          #ttnn.dfb<"out_dfb", 2, !ttl.dfb<1x1xbf16, 2>, cores = [#all]>]}
      : (tensor<128x128xbf16, #l1>, tensor<128x128xbf16, #dram>) -> tensor<128x128xbf16, #l1>
  // CHECK: ttnn.exp: success {{.*}} allocs=[l1@1492992+2048]
  %2 = ttnn.exp %1 : tensor<128x128xbf16, #l1> -> tensor<128x128xbf16, #l1>
  return
}
