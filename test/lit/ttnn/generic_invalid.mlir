// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// ttnn.generic and its records (#ttnn.core_range, #ttnn.kernel, #ttnn.dfb):
// each malformed input names what is wrong.

#dram = #ttnn.layout<dram, interleaved, bf16>
#c = #ttnn.core_range<(0, 0), (1, 1)>
func.func @bad_grid(%a: tensor<64x64xbf16, #dram>) {
  // expected-error @+1 {{'ttnn.generic' op grid must be [cols, rows] with both positive, got [2, 0]}}
  %0 = ttnn.generic %a {operation_id = "k:1", grid = array<i64: 2, 0>,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "k:1">, cores = [#c]>], dataflow_buffers = []}
      : (tensor<64x64xbf16, #dram>) -> tensor<64x64xbf16, #dram>
  return
}

// -----

#dram = #ttnn.layout<dram, interleaved, bf16>
#c = #ttnn.core_range<(0, 0), (1, 1)>
func.func @no_output(%a: tensor<64x64xbf16, #dram>) {
  // expected-error @+1 {{'ttnn.generic' op must produce at least one output tensor}}
  ttnn.generic %a {operation_id = "k:1", grid = array<i64: 2, 2>,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "k:1">, cores = [#c]>], dataflow_buffers = []}
      : (tensor<64x64xbf16, #dram>) -> ()
  return
}

// -----

#dram = #ttnn.layout<dram, interleaved, bf16>
func.func @no_kernel(%a: tensor<64x64xbf16, #dram>) {
  // expected-error @+1 {{'ttnn.generic' op must carry at least one kernel}}
  %0 = ttnn.generic %a {operation_id = "k:1", grid = array<i64: 2, 2>, kernels = [], dataflow_buffers = []}
      : (tensor<64x64xbf16, #dram>) -> tensor<64x64xbf16, #dram>
  return
}

// -----

#dram = #ttnn.layout<dram, interleaved, bf16>
#c = #ttnn.core_range<(0, 0), (1, 1)>
func.func @negative_tile_ops(%a: tensor<64x64xbf16, #dram>) {
  // expected-error @+1 {{'ttnn.generic' op tile_ops must not be negative, got -1}}
  %0 = ttnn.generic %a {operation_id = "k:1", grid = array<i64: 2, 2>, tile_ops = -1 : i64,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "k:1">, cores = [#c]>], dataflow_buffers = []}
      : (tensor<64x64xbf16, #dram>) -> tensor<64x64xbf16, #dram>
  return
}

// -----

#dram = #ttnn.layout<dram, interleaved, bf16>
func.func @kernel_outside_grid(%a: tensor<64x64xbf16, #dram>) {
  // expected-error @+1 {{'ttnn.generic' op kernel 'compute' core range #ttnn.core_range<(0, 0), (2, 1)> is outside the 2x2 grid (cols x rows)}}
  %0 = ttnn.generic %a {operation_id = "k:1", grid = array<i64: 2, 2>,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "k:1">, cores = [#ttnn.core_range<(0, 0), (2, 1)>]>], dataflow_buffers = []}
      : (tensor<64x64xbf16, #dram>) -> tensor<64x64xbf16, #dram>
  return
}

// -----

#dram = #ttnn.layout<dram, interleaved, bf16>
#c = #ttnn.core_range<(0, 0), (1, 1)>
func.func @dfb_outside_grid(%a: tensor<64x64xbf16, #dram>) {
  // expected-error @+1 {{'ttnn.generic' op dataflow buffer 'in' core range #ttnn.core_range<(0, 0), (1, 2)> is outside the 2x2 grid (cols x rows)}}
  %0 = ttnn.generic %a {operation_id = "k:1", grid = array<i64: 2, 2>,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "k:1">, cores = [#c]>],
      dataflow_buffers = [#ttnn.dfb<"in", 0, !ttl.dfb<1x1xbf16, 2>, cores = [#ttnn.core_range<(0, 0), (1, 2)>]>]}
      : (tensor<64x64xbf16, #dram>) -> tensor<64x64xbf16, #dram>
  return
}

// -----

#dram = #ttnn.layout<dram, interleaved, bf16>
#c = #ttnn.core_range<(0, 0), (1, 1)>
func.func @shared_index(%a: tensor<64x64xbf16, #dram>) {
  // expected-error @+1 {{'ttnn.generic' op dataflow buffers 'in' and 'out' share physical index 3; one record per circular buffer}}
  %0 = ttnn.generic %a {operation_id = "k:1", grid = array<i64: 2, 2>,
      kernels = [#ttnn.kernel<#ttl.kernel<compute, "compute", "k:1">, cores = [#c]>],
      dataflow_buffers = [#ttnn.dfb<"in", 3, !ttl.dfb<1x1xbf16, 2>, cores = [#c]>,
                          #ttnn.dfb<"out", 3, !ttl.dfb<1x1xbf16, 2>, cores = [#c]>]}
      : (tensor<64x64xbf16, #dram>) -> tensor<64x64xbf16, #dram>
  return
}

// -----

// expected-error @+1 {{core range end (0, 1) must not be before its start (1, 1)}}
#c = #ttnn.core_range<(1, 1), (0, 1)>

// -----

// expected-error @+1 {{core range start (-1, 0) must not be negative}}
#c = #ttnn.core_range<(-1, 0), (0, 1)>

// -----

// expected-error @+1 {{kernel #ttl.kernel<compute> must be resolved (kind, name and operation, as after ttl-split-kernels)}}
#k = #ttnn.kernel<#ttl.kernel<compute>, cores = [#ttnn.core_range<(0, 0), (0, 0)>]>

// -----

// expected-error @+1 {{kernel 'compute' must list at least one core range}}
#k = #ttnn.kernel<#ttl.kernel<compute, "compute", "k:1">, cores = []>

// -----

// expected-error @+1 {{dataflow buffer 'in' cores must be #ttnn.core_range, got 3 : i64}}
#d = #ttnn.dfb<"in", 0, !ttl.dfb<1x1xbf16, 2>, cores = [3]>

// -----

// expected-error @+1 {{dataflow buffer 'in' has a negative physical index -1}}
#d = #ttnn.dfb<"in", -1, !ttl.dfb<1x1xbf16, 2>, cores = [#ttnn.core_range<(0, 0), (0, 0)>]>

// -----

// expected-error @+1 {{dataflow buffer 'in' has a negative reconfigured_blocks -2}}
#d = #ttnn.dfb<"in", 0, !ttl.dfb<1x1xbf16, 2>, cores = [#ttnn.core_range<(0, 0), (0, 0)>], reconfigured_blocks = -2>

// -----

// expected-error @+1 {{a dataflow buffer needs a name}}
#d = #ttnn.dfb<"", 0, !ttl.dfb<1x1xbf16, 2>, cores = [#ttnn.core_range<(0, 0), (0, 0)>]>
