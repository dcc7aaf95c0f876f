//===- Passes.td - TTNN passes -----------------------------*- tablegen -*-===//

#ifndef TTL_TRANSFORMS_TTNN_PASSES_TD
#define TTL_TRANSFORMS_TTNN_PASSES_TD

include "mlir/Pass/PassBase.td"

def TTNNPrintOpConstraints
    : Pass<"ttnn-print-op-constraints", "::mlir::func::FuncOp"> {
  let summary = "test pass: reports each TTNN op's L1 constraints and runtime";
  let description = [{
    Validates every TTNN op of the function with the layouts of its IR types
    and reports the answer as a remark on the op: the validation status, the
    constraints (circular buffers, tensor L1 peak, overall peak, output size,
    output layouts) and the runtime estimate. OpModelExempt ops report that
    they are exempt.

    `device=blackhole` answers for that device whatever the module's
    `ttnn.device` says; without it, the module attribute selects it
    (default `wormhole_b0`).

    With `stateful=true` the pass threads a live allocation set through the
    function: it starts engaged and empty, each op's query runs on it, the
    op's output records are added, and `ttnn.deallocate` removes its operand's
    records. The remark then lists the output allocations.

    Functions run in parallel under the multi-threaded pass manager, which is
    how the op-model caches are exercised concurrently.

    ```mlir
    // remark: ttnn.relu: success cb=8192 l1=2048 total=10240 out=2048 ...
    %1 = ttnn.relu %0 : tensor<64x1024xbf16, #dram> -> tensor<64x1024xbf16, #l1>
    ```
  }];
  let options = [
    Option<"stateful", "stateful", "bool", /*default=*/"false",
           "query with a live allocation set threaded through the function">,
    Option<"device", "device", "std::string", /*default=*/"\"\"",
           "answer for this device (wormhole_b0 or blackhole); empty: the "
           "module's ttnn.device, default wormhole_b0">
  ];
  let dependentDialects = ["::mlir::ttnn::TTNNDialect"];
}

def TTNNL1SpillManagement
    : Pass<"ttnn-l1-spill-management", "::mlir::func::FuncOp"> {
  let summary = "spills L1 tensors to DRAM where the mock allocator says an op does not fit";
  let description = [{
    Walks the function's top-level block in order with a live set of L1
    allocation records, which starts engaged and empty. Each TTNN op is
    validated with the stateful query on the current live set; its output
    records are added, and a tensor's records are dropped after its last use
    or at `ttnn.deallocate`. When an op does not fit (out of memory: an
    output finds no free range, or the op's circular buffers clash with a
    live tensor), the live L1 tensor that is not an operand of the op and
    whose next use is furthest away is moved to DRAM: a
    `ttnn.to_memory_config` to DRAM interleaved and a `ttnn.deallocate` of the
    L1 tensor are inserted before the op and later uses read the DRAM copy.
    When nothing is left to spill, the op's L1 results are placed in DRAM
    instead. An op that still does not fit is an error.

    The tracker also enforces the optimizer's own byte ceiling, below the
    allocator's: the op's L1 peak (circular buffers and new L1 tensors) plus
    the live L1 tensors must stay within usable L1 x cap, or the op counts as
    out of memory and the same spilling applies. The cap is the
    `l1-usage-cap` option; unset (0), the module's `ttnn.l1_usage_cap`,
    whose default is 0.95: the same ceiling the stateless validation
    applies, so a placement the layout search accepted is not spilled for
    its bytes alone, and 5% of L1 (73,198 B on Wormhole) is left for what
    the model does not see (it is below ttnn 0.81.1 by up to 16,384 B in the
    calibration's measured cases). `l1-usage-cap=1` leaves fit to the mock
    allocator alone.

    ```mlir
    // Before: %0 is live in L1 across an op whose buffers would clash with it.
    %1 = ttnn.matmul %a, %b : ... -> tensor<2048x2048xbf16, #l1>
    // After
    %s = ttnn.to_memory_config %0 : tensor<...,#l1> -> tensor<..., #dram>
    ttnn.deallocate %0 : tensor<..., #l1>
    %1 = ttnn.matmul %a, %b : ... -> tensor<2048x2048xbf16, #l1>
    ```
  }];
  let options = [
    Option<"l1UsageCap", "l1-usage-cap", "double", /*default=*/"0",
           "the byte ceiling as a fraction of usable L1 per core, in (0, 1]; "
           "0: the module's ttnn.l1_usage_cap (default 0.95)">
  ];
  let dependentDialects = ["::mlir::ttnn::TTNNDialect"];
}

#endif // TTL_TRANSFORMS_TTNN_PASSES_TD
