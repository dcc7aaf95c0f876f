//===- Passes.td - TTL to EmitC passes ---------------------*- tablegen -*-===//

#ifndef TTL_CONVERSION_TTLTOEMITC_PASSES_TD
#define TTL_CONVERSION_TTLTOEMITC_PASSES_TD

include "mlir/Pass/PassBase.td"

def TTLPlanAccumulation : Pass<"ttl-plan-accumulation", "::mlir::ModuleOp"> {
  let summary = "decides how each accumulating ttl.store adds to its block";
  let description = [{
    For every kernel function, checks the accumulating stores (`ttl.store
    {accumulate}`, Python `blk += expr`) and records how each adds, as
    `ttl.accumulation` (`#ttl.accumulation`): `always_adds` when an earlier
    store into its reserved block precedes it (in its block or an enclosing
    one up to the reservation's); otherwise `in_dest` for a plain matmul of
    waited blocks alone in a loop right below the reservation whose block
    fits one DEST section (its partial sums stay in DEST across the loop),
    else `first` (it overwrites on the first iteration of every loop between
    it and the reservation). Every store into a block that has an
    accumulating store gets `ttl.indexed_pack`: its packs name their tile
    indices. `ttl-lower-tile-math` lowers the stores as recorded.

    Fails on an accumulating store in a runtime `scf.if` below its block's
    reservation (which contribution overwrites would be known only at run
    time) and on an accumulated reduction.

    ```mlir
    // Before
    %r = ttl.reserve %o : !d -> !blk
    scf.for %k = %c0 to %c4 step %c1 {
      ...
      ttl.store %p, %r {accumulate} : !blk
    }
    // After
      ttl.store %p, %r {accumulate, ttl.accumulation = #ttl.accumulation<first>,
                        ttl.indexed_pack} : !blk
    ```
  }];
}

def TTLPlanUnpackToDest : Pass<"ttl-plan-unpack-to-dest", "::mlir::ModuleOp"> {
  let summary = "decides which f32 DFBs a compute kernel unpacks to DEST";
  let description = [{
    Records `ttl.unpack_to_dest` on every compute kernel function: the
    ascending physical indices of the DFBs whose tiles it unpacks straight
    into DEST (ttnn `UnpackToDestMode::UnpackToDestFp32`), so `copy_tile`
    keeps every f32 bit. With fp32 DEST accumulation these are its f32 DFBs
    that its tile math reads only with `copy_tile` (and `unary_bcast` /
    `transpose_tile`): not a matmul, reduction or FPU binary operand, not
    handed to an external call, and not a leaf of an SFPU expression with
    such a leaf (the leaves of one expression share the unpacker's
    configuration). Empty otherwise. `ttl-lower-tile-math` programs the
    unpacker formats by it and checks it against the calls it emitted;
    `convert-ttl-to-emitc` moves it into the kernel's `#ttl.kernel_record`
    (`unpack_to_dest`).

    ```mlir
    func.func @compute() attributes {ttl.fp32_dest_acc_en = true,
        ttl.kernel = #ttl.kernel<compute, "compute", "op:1">,
        ttl.unpack_to_dest = array<i64: 0>} {
      %in = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xf32, 2>
      ...
      %e = ttl.exp %x : !ttl.block<1x1xf32>   // copy_tile(in, 0, 0): f32 to DEST
    }
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

#endif // TTL_CONVERSION_TTLTOEMITC_PASSES_TD
