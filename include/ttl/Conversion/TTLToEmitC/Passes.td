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
    `ttkernel.core_ranges`, the inclusive rectangles `[x0, y0, x1, y1]` of its
    cores; clones keep the `ttl.kernel` identity of the logical kernel.

    ```mlir
    // Before: one kernel on a 2x1 grid that branches on `col == 0`.
    func.func @k() attributes {ttl.grid = array<i64: 2, 1>, ttl.kernel = ...} {
      %col = ttl.node 0
      %first = arith.cmpi eq, %col, %c0 : index
      scf.if %first { ... }
    }
    // After: @k_cores0 with ttkernel.core_ranges = [array<i64: 0, 0, 0, 0>]
    // (the branch folded to true) and @k_cores1 with [array<i64: 1, 0, 1, 0>].
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the target compiled for (wormhole_b0, blackhole): grids are checked "
           "against its worker grid; empty: against the largest target's">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
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

    Argument slots follow the kernel ABI (docs/kernel-abi.md), recorded on
    the file as `ttkernel.abi` together with `ttkernel.kernel` (logical
    kernel), `ttkernel.role` and `ttkernel.core_ranges`. No TTL op remains.

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
