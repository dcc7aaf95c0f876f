// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s
// The kernel record of a generated kernel (#ttl.kernel_record on its
// emitc.file, TTLAttrs.td) prints and parses back; empty lists and false
// flags are left out.

// CHECK-LABEL: emitc.file "reader"
// CHECK-SAME: ttl.kernel_record = #ttl.kernel_record<kernel = <data_movement, "data_movement", "ops.add:1f2e">, role = data_movement_0,
// CHECK-SAME: core_ranges = [#ttl.core_range<(0, 0) to (1, 1)>],
// CHECK-SAME: abi = <compile_time = [#ttl.arg<dfb_index, "dfb0", 1, words = [0]>, #ttl.arg<tensor_accessor, "0", 2, words = [2, 2048]>], common_runtime = [#ttl.arg<buffer_address, "0", 1>], per_core_runtime = [#ttl.arg<caller_args, "caller", 0>]>,
// CHECK-SAME: dataflow_buffers = [#ttl.dfb_spec<name = "dfb0", index = 0, data_format = bfloat16, page_size = 2048, total_size = 4096, block_shape = [1, 1], block_count = 2, reconfigured_blocks = 0, location = "add.py:12">]
// CHECK-SAME: include_paths = ["ext"], project_include = true>
// CHECK-NOT: fp32_dest_acc_en
emitc.file "reader" attributes {ttl.kernel_record = #ttl.kernel_record<
    kernel = <data_movement, "data_movement", "ops.add:1f2e">,
    role = data_movement_0,
    core_ranges = [#ttl.core_range<(0, 0) to (1, 1)>],
    abi = <compile_time = [#ttl.arg<dfb_index, "dfb0", 1, words = [0]>,
                           #ttl.arg<tensor_accessor, "0", 2, words = [2, 2048]>],
           common_runtime = [#ttl.arg<buffer_address, "0", 1>],
           per_core_runtime = [#ttl.arg<caller_args, "caller", 0>]>,
    dataflow_buffers = [#ttl.dfb_spec<name = "dfb0", index = 0,
        data_format = bfloat16, page_size = 2048, total_size = 4096,
        block_shape = [1, 1], block_count = 2,
        reconfigured_blocks = 0, location = "add.py:12">],
    include_paths = ["ext"], project_include = true>} {
}

// CHECK-LABEL: emitc.file "compute"
// CHECK-SAME: role = compute
// CHECK-SAME: dfb_configurations = [#ttl.dfb_config<name = "dfb0#1", dfb = "dfb0", address = 4096>]
// CHECK-SAME: fp32_dest_acc_en = true, unpack_to_dest = [0]>
emitc.file "compute" attributes {ttl.kernel_record = #ttl.kernel_record<
    kernel = <compute, "compute", "ops.add:1f2e">, role = compute,
    core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>],
    abi = <compile_time = [], common_runtime = [], per_core_runtime = [
        #ttl.arg<dfb_config_address, "dfb0#1", 1>]>,
    dataflow_buffers = [#ttl.dfb_spec<name = "dfb0", index = 0,
        data_format = float32, page_size = 4096, total_size = 12288,
        block_shape = [1, 1], block_count = 1,
        reconfigured_blocks = 2, location = "">],
    dfb_configurations = [#ttl.dfb_config<name = "dfb0#1", dfb = "dfb0", address = 4096>],
    fp32_dest_acc_en = true, unpack_to_dest = [0]>} {
}

// CHECK-LABEL: func.func @specialized
// CHECK-SAME: ttl.core_ranges = [#ttl.core_range<(0, 0) to (0, 1)>, #ttl.core_range<(1, 0) to (3, 0)>]
func.func @specialized() attributes {ttl.core_ranges = [#ttl.core_range<(0, 0) to (0, 1)>, #ttl.core_range<(1, 0) to (3, 0)>]} {
  return
}
