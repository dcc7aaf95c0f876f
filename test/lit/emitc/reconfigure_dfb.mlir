// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// RUN: ttlang-opt --ttl-backend-pipeline %s | FileCheck %s --check-prefix=ABI
// Synchronized DFB reconfiguration in a resource-aware operation: caller words
// are per-core args 0..n-1, the ring offset of the k-th reconfiguration is
// per-core arg n + k with n in a compile-time arg after the DFB indices; the
// DFB's allocation holds the initial ring (2 x 2 KiB) and the new one (4 x 2 KiB).

!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// CHECK-LABEL: // ===== kernel producer =====
// CHECK: #include "api/dataflow/dataflow_api.h"
// CHECK-NEXT: #include "ttlang/dfb_reconfigure.h"
// CHECK-DAG: uint32_t [[K:v[0-9]+]] = 0;
// CHECK-DAG: uint32_t [[DFB:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK: ttl::configure_initial_dfb([[DFB]], 2, 2048);
// CHECK: cb_push_back([[DFB]], 1);
// CHECK-NEXT: uint32_t [[N:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK-NEXT: uint32_t [[I:v[0-9]+]] = [[N]] + [[K]];
// CHECK-NEXT: uint32_t [[OFF:v[0-9]+]] = get_arg_val<uint32_t>([[I]]);
// CHECK-NEXT: ttl::reconfigure_dfb([[DFB]], [[K]], [[OFF]], 4, 2048);
// CHECK-NEXT: cb_reserve_back([[DFB]], 1);
func.func @producer() attributes {ttl.grid = array<i64: 2, 1>, ttl.runtime_resources, ttl.operation_id = "lit.reconf:00", ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.reconf:00">} {
  %dfb = ttl.create_dfb {physical_index = 0 : i32} : !d
  %r = ttl.reserve %dfb : !d -> !blk
  ttl.push %r : !blk
  ttl.reconfigure_dfb %dfb block_count = 4 : !d
  %r2 = ttl.reserve %dfb : !d -> !blk
  ttl.push %r2 : !blk
  return
}

// CHECK-LABEL: // ===== kernel consumer =====
// CHECK: #include "api/compute/common.h"
// CHECK-NEXT: #include "ttlang/dfb_reconfigure.h"
// CHECK: ttl::configure_initial_dfb({{v[0-9]+}}, 2, 2048);
// CHECK: ttl::reconfigure_dfb({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, 4, 2048);
// CHECK-NEXT: cb_wait_front(
func.func @consumer() attributes {ttl.grid = array<i64: 2, 1>, ttl.runtime_resources, ttl.operation_id = "lit.reconf:00", ttl.kernel = #ttl.kernel<compute, "compute", "lit.reconf:00">} {
  %dfb = ttl.create_dfb {physical_index = 0 : i32} : !d
  %w = ttl.wait %dfb : !d -> !blk
  ttl.pop %w : !blk
  ttl.reconfigure_dfb %dfb block_count = 4 : !d
  %w2 = ttl.wait %dfb : !d -> !blk
  ttl.pop %w2 : !blk
  return
}

// The DFB record carries its !ttl.dfb type and the ring its reconfiguration
// adds: (2 + 4 blocks) x 1 tile x 2048 B = total_size.
// ABI-LABEL: emitc.file "producer"
// ABI-SAME: compile_time = [#ttl.arg<dfb_index, "dfb0", 1, words = [0]>, #ttl.arg<caller_arg_count, "caller", 1>]
// ABI-SAME: per_core_runtime = [#ttl.arg<caller_args, "caller", 0>, #ttl.arg<dfb_config_address, "dfb0#1", 1>]
// ABI-SAME: dataflow_buffers = [#ttl.dfb_spec<name = "dfb0", index = 0, data_format = bfloat16, page_size = 2048, total_size = 12288, block_shape = [1, 1], block_count = 2, reconfigured_blocks = 4, location = "{{.*}}reconfigure_dfb.mlir:{{[0-9]+}}">]
// ABI-SAME: dfb_configurations = [#ttl.dfb_config<name = "dfb0#1", dfb = "dfb0", address = 4096>]
