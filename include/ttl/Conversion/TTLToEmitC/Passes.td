//===- Passes.td - TTL to EmitC passes ---------------------*- tablegen -*-===//

#ifndef TTL_CONVERSION_TTLTOEMITC_PASSES_TD
#define TTL_CONVERSION_TTLTOEMITC_PASSES_TD

include "mlir/Pass/PassBase.td"

def TTLPackageKernels : Pass<"ttl-package-kernels", "::mlir::ModuleOp"> {
  let summary = "puts each kernel function in an emitc.file with its record";
  let description = [{
    Right before `convert-ttl-to-emitc`: every kernel function (`func.func`
    with `ttl.kernel`) moves into an `emitc.file` named after it, with the
    includes of the TT-Metal kernel it becomes (`cstdint`, the dataflow API
    or the compute-API headers of the calls `ttl-lower-tile-math` emitted,
    and the headers of reconfigurations, device prints, pipes and external
    calls). The facts the passes before recorded on the function (its
    processor role, `ttl.core_ranges` or else its whole `ttl.grid`, `ttl.abi`,
    `ttl.dataflow_buffers`, `ttl.dfb_configurations`, `ttl.fabric_claims`,
    `ttl.unpack_to_dest`) move into one `#ttl.kernel_record` on the file,
    with the include paths and compute configuration derived here; the
    conversion and the runtime read them there. A kernel without its role,
    ABI or static grid is an error naming the pass that records it.

    ```mlir
    // Before
    func.func @k() attributes {ttl.grid = array<i64: 1, 1>,
        ttl.kernel = #ttl.kernel<data_movement, "data_movement", "op:0">,
        ttl.processor_role = #ttl.processor_role<data_movement_0>,
        ttl.abi = #ttl.abi<...>, ttl.dataflow_buffers = [...]} { ... }
    // After
    emitc.file "k" attributes {ttl.kernel_record = #ttl.kernel_record<
        kernel = <data_movement, "data_movement", "op:0">,
        role = data_movement_0, core_ranges = [#ttl.core_range<0, 0, 0, 0>],
        abi = <...>, dataflow_buffers = [...]>} {
      emitc.include <"cstdint">
      emitc.include "api/dataflow/dataflow_api.h"
      func.func @k() attributes {ttl.grid = array<i64: 1, 1>,
          ttl.kernel = #ttl.kernel<data_movement, "data_movement", "op:0">}
          { ... }
    }
    ```
  }];
  let dependentDialects = ["::mlir::emitc::EmitCDialect"];
}

def ConvertTTLToEmitC : Pass<"convert-ttl-to-emitc", "::mlir::ModuleOp"> {
  let summary = "lowers split TTL kernels to TT-Metal kernels in EmitC";
  let description = [{
    Turns every kernel function (`func.func` with `ttl.kernel`) in its
    `emitc.file` into the `void kernel_main()` of one TT-Metal kernel, using
    the ttnn 0.81.1 kernel API:

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

    It decides nothing: it converts the kernels `ttl-package-kernels` put in
    their `emitc.file`s (a kernel function outside one is an error), and
    argument slots and roles follow each file's `#ttl.kernel_record`: the
    kernel ABI that `ttl-record-kernel-abi` recorded (docs/kernel-abi.md),
    the role from `ttl-assign-processor-roles`. No TTL op remains.

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

def TTLFormKernelExpressions
    : Pass<"ttl-form-kernel-expressions", "::mlir::ModuleOp"> {
  let summary = "single-use C operators of the kernels become C++ expressions";
  let description = [{
    The last pass of the backend: every emitc op that is a C operator
    (`emitc::CExpressionInterface`) and has one result is wrapped in an
    `emitc.expression`, and the expressions are folded into their single
    users (`emitc::populateExpressionPatterns`), so the kernel's C++ reads
    `use(x * 2)` rather than a temporary per operator. It is upstream's
    `form-expressions` with the rewrite driver's region simplification off:
    kernels are structured control flow, with no blocks to merge, and on a
    4x4 grid of specialized kernels dropping it took the pass from 17.1M to
    12.5M instructions (callgrind).

    ```mlir
    %c2 = "emitc.constant"() <{value = 2 : index}> : () -> !emitc.size_t
    %0 = emitc.mul %x, %c2 : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
    emitc.call_opaque "use"(%0) : (!emitc.size_t) -> ()
    // becomes
    %0 = emitc.expression %x : (!emitc.size_t) -> !emitc.size_t {
      %c2 = "emitc.constant"() <{value = 2 : index}> : () -> !emitc.size_t
      %1 = mul %x, %c2 : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
      yield %1 : !emitc.size_t
    }
    emitc.call_opaque "use"(%0) : (!emitc.size_t) -> ()
    ```
  }];
  let dependentDialects = ["::mlir::emitc::EmitCDialect"];
}

#endif // TTL_CONVERSION_TTLTOEMITC_PASSES_TD
