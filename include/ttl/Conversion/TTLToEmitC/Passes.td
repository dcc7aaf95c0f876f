//===- Passes.td - TTL to EmitC passes ---------------------*- tablegen -*-===//

#ifndef TTL_CONVERSION_TTLTOEMITC_PASSES_TD
#define TTL_CONVERSION_TTLTOEMITC_PASSES_TD

include "mlir/Pass/PassBase.td"

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
    - Tile math: `ttl-lower-tile-math` lowered it to compute-API calls
      before; their DFB operands become the physical indices (a `ttl.store`
      left over is an error).
    - Coordinates: `ttl.node` becomes `get_absolute_logical_x/y()`,
      `ttl.grid_size` the static grid extent.

    It decides nothing: argument slots follow the kernel ABI that
    `ttl-record-kernel-abi` recorded (docs/kernel-abi.md), roles come from
    `ttl-assign-processor-roles` and the DFBs unpacked to DEST from
    `ttl-plan-unpack-to-dest`. Each file carries `ttl.kernel_record`, a
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

def TTLCleanUpKernels : Pass<"ttl-clean-up-kernels", "::mlir::ModuleOp"> {
  let summary = "removes what convert-ttl-to-emitc leaves behind in kernels";
  let description = [{
    After `convert-ttl-to-emitc`: the unrealized casts that bridged DFBs to
    `uint32_t` for the tile-math lowering are identities or cancelling pairs
    (`reconcileUnrealizedCasts`), and the `size_t` literals of single-tile
    loops that folded away are unused (`emitc.constant` has no memory
    effects the canonicalizer could prove). A cast left over is an error:
    a value of the kernel has no C++ type.
  }];
}

#endif // TTL_CONVERSION_TTLTOEMITC_PASSES_TD
