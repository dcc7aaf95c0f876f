//===- Passes.td - TTL to EmitC passes ---------------------*- tablegen -*-===//

#ifndef TTL_CONVERSION_TTLTOEMITC_PASSES_TD
#define TTL_CONVERSION_TTLTOEMITC_PASSES_TD

include "mlir/Pass/PassBase.td"

def TTLSpecializeCores : Pass<"ttl-specialize-cores", "::mlir::ModuleOp"> {
  let summary = "clones kernels per core subset and folds the core coordinate";
  let description = [{
    For every kernel function (`ttl.kernel`) of an operation with a static
    grid (`ttl.grid`), evaluates each comparison that depends only on the core
    coordinate (`ttl.node`), grid extents and constants for every core of the
    grid. Cores that agree on every such comparison form one subset; when
    there is more than one subset, the kernel is cloned once per subset, the
    comparisons fold to constants and a coordinate that is the same on every
    core of the subset folds too. Every kernel function then carries
    `ttl.core_ranges`, the inclusive `#ttl.core_range` rectangles of its
    cores; clones keep the `ttl.kernel` identity of the logical kernel.

    ```mlir
    // Before: one kernel on a 2x1 grid that branches on `col == 0`.
    func.func @k() attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = ...} {
      %col = ttl.node 0
      %first = arith.cmpi eq, %col, %c0 : index
      scf.if %first { ... }
    }
    // After: @k_cores0 with ttl.core_ranges = [#ttl.core_range<(0, 0) to (0, 0)>]
    // (the branch folded to true) and @k_cores1 with
    // [#ttl.core_range<(1, 0) to (1, 0)>].
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the target compiled for (wormhole_b0, blackhole): grids are checked "
           "against its worker grid; empty: against the largest target's">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TTLAssignProcessorRoles
    : Pass<"ttl-assign-processor-roles", "::mlir::ModuleOp"> {
  let summary = "assigns each kernel function its Tensix processor role";
  let description = [{
    Writes `ttl.processor_role` on every kernel function (`ttl.kernel`): the
    compute kernel runs on the TRISCs (`compute`), the first data-movement
    logical kernel of the module on RISC-V 0 (BRISC, `data_movement_0`), the
    second on RISC-V 1 (NCRISC, `data_movement_1`); clones of one logical
    kernel (core specialization) share its role. Fails on a third
    data-movement logical kernel and on an operation that is not split into
    kernel functions.

    ```mlir
    func.func @reader() attributes {ttl.kernel = #ttl.kernel<data_movement, "reader", "op:1">,
                                    ttl.processor_role = #ttl.processor_role<data_movement_0>}
    ```
  }];
}

def TTLRecordKernelABI : Pass<"ttl-record-kernel-abi", "::mlir::ModuleOp"> {
  let summary = "records each kernel function's ABI and DFB specs";
  let description = [{
    Computes the argument layout of every kernel function
    (`computeKernelABI`, docs/kernel-abi.md) and records it as `ttl.abi`
    (`#ttl.abi`, with the finished words of the DFB index and tensor
    accessor slots), its DFBs as `ttl.dataflow_buffers` (`#ttl.dfb_spec`,
    ascending index) and, when it reconfigures DFBs, the rings as
    `ttl.dfb_configurations` (`#ttl.dfb_config`). `convert-ttl-to-emitc`
    takes its argument indices from these records and moves them into the
    kernel's `#ttl.kernel_record`. Fails on a kernel parameter that is not a
    tensor with a `#ttl.layout`, a kernel function with results, a DFB
    without physical index and a copied tensor that is not interleaved and
    tiled.

    ```mlir
    func.func @writer(%out: tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>) attributes {
        ttl.abi = #ttl.abi<compile_time = [#ttl.arg<dfb_index, "dfb0", 1, words = [0]>,
                                           #ttl.arg<tensor_accessor, "0", 2, words = [2, 2048]>],
                           common_runtime = [#ttl.arg<buffer_address, "0", 1>],
                           per_core_runtime = []>,
        ttl.dataflow_buffers = [#ttl.dfb_spec<name = "dfb0", index = 0, ...>], ...}
    ```
  }];
}

def TTLCheckSynchronizedReconfigurations
    : Pass<"ttl-check-synchronized-reconfigurations", "::mlir::ModuleOp"> {
  let summary = "checks that all kernels reconfigure a shared DFB alike";
  let description = [{
    Every kernel of an operation that uses a DFB must reconfigure it
    (`ttl.reconfigure_dfb`) at the same synchronized points: the same ring
    sizes in the same order. An error names both kernels.

    ```mlir
    // error: kernel 'consumer' reconfigures DFB 0 as [] but kernel 'producer'
    // as [4 pages]; every kernel that uses a DFB must reconfigure it at the
    // same synchronized points
    ```
  }];
}

def ConvertTTLToEmitC : Pass<"convert-ttl-to-emitc", "::mlir::ModuleOp"> {
  let summary = "lowers split TTL kernels to TT-Metal kernels in EmitC";
  let description = [{
    Turns every kernel function (`func.func` with `ttl.kernel`) into an
    `emitc.file` holding the includes and `void kernel_main()` of one TT-Metal
    kernel, using the ttnn 0.81.1 kernel API:

    - DFB ops: `ttl.reserve` / `ttl.push` / `ttl.wait` / `ttl.pop` become
      `cb_reserve_back` / `cb_push_back` / `cb_wait_front` / `cb_pop_front`
      on the physical index, read from the kernel's compile-time arguments.
    - Tile copies: `ttl.load_tiles` / `ttl.store_tiles` become one
      `noc_async_read_page` / `noc_async_write_page` per tile through a
      `TensorAccessor` of the interleaved tensor; `ttl.transfer_wait` becomes
      the matching read or write barrier.
    - Tile math: each `ttl.store` of a tile-math expression becomes the
      FPU (`add_tiles`, `sub_tiles`, `mul_tiles` with `binary_tiles_init`) or
      SFPU (`copy_tile` into destination registers, `*_binary_tile`,
      `exp_tile`, ...) calls with their inits, inside the tile-register
      protocol (`tile_regs_acquire/commit/wait/release`, `pack_tile`).
    - Coordinates: `ttl.node` becomes `get_absolute_logical_x/y()`,
      `ttl.grid_size` the static grid extent.

    Argument slots follow the kernel ABI that `ttl-record-kernel-abi`
    recorded (docs/kernel-abi.md); roles come from
    `ttl-assign-processor-roles`. Each file carries `ttl.kernel_record`, a
    `#ttl.kernel_record` with the logical kernel, processor role, core
    ranges, ABI (`#ttl.abi`), DFB specs and the rest of what the runtime
    needs. No TTL op remains.

    ```mlir
    // Before
    %b = ttl.reserve %dfb : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    // After (C++)
    cb_reserve_back(v1, 1);
    ```
  }];
  let dependentDialects = ["::mlir::emitc::EmitCDialect"];
}

#endif // TTL_CONVERSION_TTLTOEMITC_PASSES_TD
