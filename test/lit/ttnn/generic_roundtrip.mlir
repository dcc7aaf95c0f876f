// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// ttnn.generic and its records print and parse back unchanged (the TTL
// dialect's !ttl.dfb and #ttl.kernel inside them stay qualified).

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, bf16>
#c = #ttnn.core_range<(0, 0), (1, 0)>

// CHECK-LABEL: func.func @roundtrip
// CHECK: ttnn.generic %{{.*}}, %{{.*}} {dataflow_buffers = [#ttnn.dfb<"in", 0, !ttl.dfb<2x1xf32, 3>, cores = [#ttnn.core_range<(0, 0), (1, 0)>]>, #ttnn.dfb<"acc", 16, !ttl.dfb<1x1xbf16, 2>, cores = [#ttnn.core_range<(0, 0), (1, 0)>], reconfigured_blocks = 4>], grid = array<i64: 2, 1>, kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "op:7">, cores = [#ttnn.core_range<(0, 0), (1, 0)>]>, #ttnn.kernel<#ttl.kernel<data_movement, "reader", "op:7">, cores = [#ttnn.core_range<(0, 0), (0, 0)>, #ttnn.core_range<(1, 0), (1, 0)>]>], operation_id = "op:7", tile_ops = 12 : i64} : (tensor<64x64xf32, #{{.*}}>, tensor<64x64xbf16, #{{.*}}>) -> (tensor<64x64xbf16, #{{.*}}>, tensor<64x64xbf16, #{{.*}}>)
func.func @roundtrip(%a: tensor<64x64xf32, #ttnn.layout<dram, interleaved, f32>>, %b: tensor<64x64xbf16, #dram>) {
  %0:2 = ttnn.generic %a, %b {operation_id = "op:7", grid = array<i64: 2, 1>, tile_ops = 12 : i64,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "op:7">, cores = [#c]>,
                 #ttnn.kernel<#ttl.kernel<data_movement, "reader", "op:7">, cores = [#ttnn.core_range<(0, 0), (0, 0)>, #ttnn.core_range<(1, 0), (1, 0)>]>],
      dataflow_buffers = [#ttnn.dfb<"in", 0, !ttl.dfb<2x1xf32, 3>, cores = [#c]>,
                          #ttnn.dfb<"acc", 16, !ttl.dfb<1x1xbf16, 2>, cores = [#c], reconfigured_blocks = 4>]}
      : (tensor<64x64xf32, #ttnn.layout<dram, interleaved, f32>>, tensor<64x64xbf16, #dram>) -> (tensor<64x64xbf16, #l1>, tensor<64x64xbf16, #dram>)
  return
}
