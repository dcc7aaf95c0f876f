// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// What a #ttl.kernel_record's slots and lists name is in the record: the
// runtime resolves each name there (TTLAttrs.cpp, verifyRecordReferences).

// expected-error @+1 {{dfb_index slot 'in' names a DFB that is not in dataflow_buffers}}
func.func @unknown_dfb() attributes {test.record = #ttl.kernel_record<kernel = <data_movement, "reader", "op:1">, role = data_movement_0, core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>], abi = <compile_time = [#ttl.arg<dfb_index, "in", 1, words = [0]>], common_runtime = [], per_core_runtime = []>, dataflow_buffers = []>} {
  return
}

// -----

// expected-error @+1 {{dfb_index slot 'in' carries [3], not its DFB's physical index 0}}
func.func @wrong_index() attributes {test.record = #ttl.kernel_record<kernel = <data_movement, "reader", "op:1">, role = data_movement_0, core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>], abi = <compile_time = [#ttl.arg<dfb_index, "in", 1, words = [3]>], common_runtime = [], per_core_runtime = []>, dataflow_buffers = [#ttl.dfb_spec<name = "in", index = 0, data_format = bfloat16, page_size = 2048, total_size = 4096, block_shape = [1, 1], block_count = 2, reconfigured_blocks = 0, location = "">]>} {
  return
}

// -----

// expected-error @+1 {{dfb_config_address slot 'in#1' names a configuration that is not in dfb_configurations}}
func.func @unknown_config() attributes {test.record = #ttl.kernel_record<kernel = <data_movement, "reader", "op:1">, role = data_movement_0, core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>], abi = <compile_time = [], common_runtime = [], per_core_runtime = [#ttl.arg<dfb_config_address, "in#1", 1>]>, dataflow_buffers = []>} {
  return
}

// -----

// expected-error @+1 {{DFB configuration 'in#1' reconfigures DFB 'in', which is not in dataflow_buffers}}
func.func @config_of_unknown_dfb() attributes {test.record = #ttl.kernel_record<kernel = <data_movement, "reader", "op:1">, role = data_movement_0, core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>], abi = <compile_time = [], common_runtime = [], per_core_runtime = []>, dataflow_buffers = [], dfb_configurations = [#ttl.dfb_config<name = "in#1", dfb = "in", address = 4096>]>} {
  return
}

// -----

// expected-error @+1 {{unpack_to_dest names DFB index 0, which is not an f32 DFB of dataflow_buffers}}
func.func @unpack_bf16() attributes {test.record = #ttl.kernel_record<kernel = <compute, "compute", "op:1">, role = compute, core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>], abi = <compile_time = [], common_runtime = [], per_core_runtime = []>, dataflow_buffers = [#ttl.dfb_spec<name = "in", index = 0, data_format = bfloat16, page_size = 2048, total_size = 4096, block_shape = [1, 1], block_count = 2, reconfigured_blocks = 0, location = "">], fp32_dest_acc_en = true, unpack_to_dest = [0]>} {
  return
}

// -----

// expected-error @+1 {{unpack_to_dest names a DFB twice or out of order: [0, 0]}}
func.func @unpack_twice() attributes {test.record = #ttl.kernel_record<kernel = <compute, "compute", "op:1">, role = compute, core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>], abi = <compile_time = [], common_runtime = [], per_core_runtime = []>, dataflow_buffers = [], fp32_dest_acc_en = true, unpack_to_dest = [0, 0]>} {
  return
}
