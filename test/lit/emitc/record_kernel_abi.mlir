// RUN: ttlang-opt --ttl-record-kernel-abi %s | FileCheck %s
// Each kernel function records its ABI (#ttl.abi, with the finished words of
// its DFB-index and tensor-accessor slots), its DFBs (#ttl.dfb_spec) and the
// rings of its reconfigurations (#ttl.dfb_config).

!t = tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>
!l1 = tensor<64x64xf32, #ttl.layout<l1, interleaved, tiled>>
!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>
!df = !ttl.dfb<1x1xf32, 2>
!bf = !ttl.block<1x1xf32>

// DFB slots in ascending physical index; tensor accessors in parameter order:
// DRAM bf16 [IsDram = 2, 2048-byte tiles], L1 f32 [0, 4096-byte tiles].
// CHECK-LABEL: func.func @mover
// CHECK-SAME: ttl.abi = #ttl.abi<compile_time = [#ttl.arg<dfb_index, "dfb1", 1, words = [1]>, #ttl.arg<dfb_index, "in", 1, words = [5]>, #ttl.arg<tensor_accessor, "0", 2, words = [2, 2048]>, #ttl.arg<tensor_accessor, "1", 2, words = [0, 4096]>], common_runtime = [#ttl.arg<buffer_address, "0", 1>, #ttl.arg<buffer_address, "1", 1>], per_core_runtime = []>
// CHECK-SAME: ttl.dataflow_buffers = [#ttl.dfb_spec<name = "dfb1", index = 1, data_format = float32, page_size = 4096, total_size = 8192, block_shape = [1, 1], block_count = 2, reconfigured_blocks = 0, location = "{{.*}}record_kernel_abi.mlir:{{[0-9]+}}">, #ttl.dfb_spec<name = "in", index = 5,
// CHECK-NOT: ttl.dfb_configurations
func.func @mover(%a: !t, %b: !l1) attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.abi:00">} {
  %in = ttl.create_dfb {physical_index = 5 : i32} : !d loc("in")
  %out = ttl.create_dfb {physical_index = 1 : i32} : !df
  %c0 = arith.constant 0 : index
  %r = ttl.reserve %in : !d -> !blk
  %x = ttl.load_tiles %a[%c0, %c0], %r : !t, !blk
  ttl.transfer_wait %x
  ttl.push %r : !blk
  %w = ttl.wait %out : !df -> !bf
  %y = ttl.store_tiles %w, %b[%c0, %c0] : !bf, !l1
  ttl.transfer_wait %y
  ttl.pop %w : !bf
  return
}

// A reconfiguring kernel of a resource-aware operation: caller words first,
// then the ring offset; the caller count is a compile-time word.
// CHECK-LABEL: func.func @reconfiguring
// CHECK-SAME: ttl.abi = #ttl.abi<compile_time = [#ttl.arg<dfb_index, "dfb0", 1, words = [0]>, #ttl.arg<caller_arg_count, "caller", 1>], common_runtime = [], per_core_runtime = [#ttl.arg<caller_args, "caller", 0>, #ttl.arg<dfb_config_address, "dfb0#1", 1>]>
// CHECK-SAME: ttl.dfb_configurations = [#ttl.dfb_config<name = "dfb0#1", dfb = "dfb0", address = 4096>]
func.func @reconfiguring() attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "lit.abi:01", ttl.runtime_resources, ttl.kernel = #ttl.kernel<compute, "compute", "lit.abi:01">} {
  %dfb = ttl.create_dfb {physical_index = 0 : i32} : !d
  ttl.reconfigure_dfb %dfb block_count = 4 : !d
  %w = ttl.wait %dfb : !d -> !blk
  ttl.pop %w : !blk
  return
}
