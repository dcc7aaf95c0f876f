// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// The kernel record attributes (TTLAttrs.td) reject records the runtime could
// not use.

// expected-error @+1 {{core range (1, 0) to (0, 0) must have 0 <= x0 <= x1 and 0 <= y0 <= y1}}
func.func @backwards() attributes {ttl.core_ranges = [#ttl.core_range<(1, 0) to (0, 0)>]} {
  return
}

// -----

// expected-error @+1 {{'ttl.core_ranges' must be a nonempty array of #ttl.core_range on a kernel function}}
func.func @empty_ranges() attributes {ttl.core_ranges = []} {
  return
}

// -----

// expected-error @+1 {{tensor_accessor slot '0' carries 1 words but counts 2}}
func.func @short_words() attributes {test.arg = #ttl.arg<tensor_accessor, "0", 2, words = [2]>} {
  return
}

// -----

// expected-error @+1 {{buffer_address slot '0' is filled by the runtime and carries no words}}
func.func @runtime_words() attributes {test.arg = #ttl.arg<buffer_address, "0", 1, words = [7]>} {
  return
}

// -----

// expected-error @+1 {{caller_args slot 'caller' has count 1; caller_args counts 0 (as many words as the caller gives)}}
func.func @caller_count() attributes {test.arg = #ttl.arg<caller_args, "caller", 1>} {
  return
}

// -----

// expected-error @+1 {{a buffer_address slot cannot be a compile_time argument}}
func.func @misplaced() attributes {test.abi = #ttl.abi<compile_time = [#ttl.arg<buffer_address, "0", 1>], common_runtime = [], per_core_runtime = []>} {
  return
}

// -----

// expected-error @+1 {{compile_time element 1 : i64 is not a #ttl.arg}}
func.func @not_a_slot() attributes {test.abi = #ttl.abi<compile_time = [1], common_runtime = [], per_core_runtime = []>} {
  return
}

// -----

// expected-error @+1 {{DFB spec 'dfb0' needs a name, index >= 0, page_size >= 1, total_size >= page_size, a 2-D block_shape of positive tiles, block_count >= 1 and reconfigured_blocks >= 0}}
func.func @bad_dfb() attributes {test.dfb = #ttl.dfb_spec<name = "dfb0", index = 0, data_format = bfloat16, page_size = 2048, total_size = 4096, block_shape = [1], block_count = 2, reconfigured_blocks = 0, location = "">} {
  return
}

// -----

// expected-error @+1 {{a compute kernel cannot run in role data_movement_0}}
func.func @wrong_role() attributes {test.record = #ttl.kernel_record<kernel = <compute, "compute", "op:1">, role = data_movement_0, core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>], abi = <compile_time = [], common_runtime = [], per_core_runtime = []>, dataflow_buffers = []>} {
  return
}

// -----

// expected-error @+1 {{kernel record needs a resolved #ttl.kernel}}
func.func @selector() attributes {test.record = #ttl.kernel_record<kernel = <compute>, role = compute, core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>], abi = <compile_time = [], common_runtime = [], per_core_runtime = []>, dataflow_buffers = []>} {
  return
}

// -----

// expected-error @+1 {{unpack_to_dest needs a compute kernel with fp32_dest_acc_en}}
func.func @unpack_without_fp32() attributes {test.record = #ttl.kernel_record<kernel = <compute, "compute", "op:1">, role = compute, core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>], abi = <compile_time = [], common_runtime = [], per_core_runtime = []>, dataflow_buffers = [], unpack_to_dest = [0]>} {
  return
}

// -----

// expected-error @+1 {{'ttl.kernel_record' must be a #ttl.kernel_record on an emitc.file}}
func.func @record_on_function() attributes {ttl.kernel_record = #ttl.kernel_record<kernel = <compute, "compute", "op:1">, role = compute, core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>], abi = <compile_time = [], common_runtime = [], per_core_runtime = []>, dataflow_buffers = []>} {
  return
}
