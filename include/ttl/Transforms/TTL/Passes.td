//===- Passes.td - TTL passes ------------------------------*- tablegen -*-===//

#ifndef TTL_TRANSFORMS_TTL_PASSES_TD
#define TTL_TRANSFORMS_TTL_PASSES_TD

include "mlir/Pass/PassBase.td"

def TTLAssignDFBIndices : Pass<"ttl-assign-dfb-indices", "::mlir::ModuleOp"> {
  let summary = "assigns physical TT-Metal indices to dataflow buffers";
  let description = [{
    Gives every `ttl.create_dfb` in a function without a `physical_index` the
    next free physical circular-buffer index of that function, in program
    order, and fails with an error at the offending buffer when the function
    needs more buffers than the target has.

    ```mlir
    // Before
    %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
    // After ttl-assign-dfb-indices
    %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"wormhole_b0\"",
           "target architecture whose buffer count bounds the indices "
           "(wormhole_b0 or blackhole)">
  ];
}

def TTLSplitKernels : Pass<"ttl-split-kernels", "::mlir::ModuleOp"> {
  let summary = "splits each TTL operation into one function per logical kernel";
  let description = [{
    Every `func.func` with `ttl.operation_id` is an operation. Each of its
    side-effecting ops is assigned to one or more logical kernels:

    * ops inside `ttl.thread #ttl.kernel<...>` (explicit form) belong to the
      thread's kernel;
    * an op with a `ttl.kernels` selection belongs to every selected kernel;
    * a DFB block (`ttl.reserve` / `ttl.wait`) belongs to the one kernel that
      its uses select, or, without a selection, to the canonical data-movement
      kernel when it is copied (`ttl.load_tiles` / `ttl.store_tiles`) and to
      the canonical compute kernel when it is used by tile math or
      `ttl.store`; its copies, stores and release follow it, and an explicit
      release selector that disagrees is an error;
    * `ttl.transfer_wait` follows the copy it waits for;
    * side-effect-free ops (constants, arithmetic, `ttl.node`,
      `ttl.create_dfb`, tile math) are not owned: each kernel gets the ones
      its work depends on. A kernel that needs a value computed by another
      kernel's work is an error (values do not cross logical kernels); an op
      selected for several kernels computes its result in each of them.

    The kernels are checked against the target's capacity table
    (`TTLTargets.h`); too many kernels of a kind is an error that names them,
    with the same words for unified and explicit operations. Then every
    kernel gets a copy of the function holding exactly its work and the
    values and structured control (`scf.for`, `scf.if`) enclosing it;
    control whose regions hold no work of a kernel is pruned from it. Kernel
    functions are named `<operation>_<kernel>` and carry the resolved
    `ttl.kernel` identity, `ttl.operation_id` and `ttl.grid`; selections are
    dropped (they affect splitting only). The operation function is removed.

    ```mlir
    // Before
    func.func @add(...) attributes {ttl.operation_id = "m.add:ab", ttl.grid = array<i64: 1, 1>} {
      %blk = ttl.reserve %in : ...
      %tx = ttl.load_tiles %a[%c0, %c0], %blk : ...   // data movement
      ...
      ttl.store %sum, %o : !ttl.block<1x1xbf16>       // compute
    }
    // After
    func.func @add_compute(...) attributes {ttl.kernel = #ttl.kernel<compute, "compute", "m.add:ab">, ...}
    func.func @add_data_movement(...) attributes {ttl.kernel = #ttl.kernel<data_movement, "data_movement", "m.add:ab">, ...}
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"wormhole_b0\"",
           "target architecture whose kernel capacity bounds each operation "
           "(wormhole_b0 or blackhole)">
  ];
}

#endif // TTL_TRANSFORMS_TTL_PASSES_TD
