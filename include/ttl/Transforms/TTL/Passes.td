//===- Passes.td - TTL passes ------------------------------*- tablegen -*-===//

#ifndef TTL_TRANSFORMS_TTL_PASSES_TD
#define TTL_TRANSFORMS_TTL_PASSES_TD

include "mlir/Pass/PassBase.td"

def TTLAssignDFBIndices : Pass<"ttl-assign-dfb-indices", "::mlir::ModuleOp"> {
  let summary = "proves DFB lifecycles and assigns physical TT-Metal indices";
  let description = [{
    For every operation function (`ttl.operation_id`), derives the protocol
    of each DFB per logical kernel (kernel ownership as in
    `ttl-split-kernels`) from `ttl.reserve`/`ttl.push`, `ttl.wait`/`ttl.pop`
    and the `dfb_effects` of `ttl.call_extern_func`:

    * a reserve (wait) released by one push (pop) in the same region is a
      bounded transaction of the DFB's block size (never released, or
      released twice in that region, is an error; released in a nested
      branch or loop is an unprovable protocol, an error); a call's
      per-dependency effect subsequence is bounded when reserve->push and
      wait->pop pair up with equal tile counts;
    * a dependency with no listed effect, a partial summary, a call with
      `unknown_dfb_access` (for every DFB of the operation) and any other use
      make the DFB *opaque*: valid, not balance-checked, never sharing;
    * tiles pushed across kernels must provably equal tiles popped, counted
      through loops (constant trip counts multiply; stable bounds are
      symbolic factors compared by structural class) and `scf.if` guards
      (those decided by constant-loop indices are evaluated per iteration).
      Guards are boolean formulas over dispatch-condition declarations,
      dispatch-stable predicates and per-kernel values (`ConditionIdentity.h`;
      a per-kernel value is one variable per kernel); equality must hold
      under every assignment. A difference under declarations and constant
      counts only is "unbalanced DFB protocol across kernels"; any other
      failure to prove (per-kernel guards or loop counts across kernels,
      unrelated stable conditions or bounds, nested releases, more than 12
      conditions, other control) is "cannot prove the DFB protocol balanced
      across kernels", with the reason and the fix. Both are errors at the
      buffer's location with notes at the occurrences concerned. A DFB with
      only producers or only consumers is not balance-checked.

    Then every `ttl.create_dfb` without `physical_index` gets one, in program
    order. A buffer reuses an index only when one circular buffer can carry
    both as a single FIFO stream: both bounded and balanced, equal buffer
    types, the same single producer kernel and the same single consumer
    kernel, and in each of them the earlier buffer's occurrences (down to the
    order of effects inside an external call) all precede the later one's.
    TT-Metal keeps each processor's CB pointers privately (zeroed at launch,
    never resynchronised), so an index never changes producer or consumer.
    Otherwise it takes the next free index; running out is an error.
    Functions that are not operations get sequential indices. With
    `report-lifecycles` each buffer gets a remark with the result.

    ```mlir
    // Before
    %a = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
    // After ttl-assign-dfb-indices
    %a = ttl.create_dfb {physical_index = 0 : i32} : !ttl.dfb<1x1xbf16, 2>
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"std::string(::ttlang::target::kDefaultTarget)",
           "target architecture whose buffer count bounds the indices "
           "(wormhole_b0 or blackhole)">,
    Option<"reportLifecycles", "report-lifecycles", "bool", /*default=*/"false",
           "emit a remark per DFB with its lifecycle and physical index">
  ];
}

def TTLVerifyDispatchConditions
    : Pass<"ttl-verify-dispatch-conditions", "::mlir::ModuleOp"> {
  let summary = "checks dispatch-condition declarations and their identity";
  let description = [{
    A `#ttl.dispatch_condition<N, T>` attribute identifies one
    `ttl.DispatchCondition` declaration of the module: every
    `ttl.call_extern_func` carrying it evaluates that declaration, in
    whichever logical kernel it runs, before and after `ttl-split-kernels`
    (which copies the attribute unchanged). The pass checks that one ordinal
    is used with one type.

    The identity is used by the DFB lifecycle analysis of
    `ttl-assign-dfb-indices` through `ConditionIdentity.h`: the predicate of
    an `scf.if` becomes a boolean formula over declarations (`cmpi ne/eq` of a
    condition result with zero, `xori` with true, `andi`, `ori`) and
    dispatch-stable predicates (compared by structure); other predicates are
    per-kernel values and print as `unknown`. With
    `report-conditions` every `scf.if` gets a remark with its formula.

    ```mlir
    %p = ttl.call_extern_func "ready" from "h.hpp" args() condition #ttl.dispatch_condition<0, i64> -> i64
    %c0 = arith.constant 0 : i64
    %on = arith.cmpi ne, %p, %c0 : i64
    scf.if %on { ... }   // branch condition: #0
    ```
  }];
  let options = [
    Option<"reportConditions", "report-conditions", "bool", /*default=*/"false",
           "emit a remark with the condition formula of every scf.if">
  ];
}

def TTLVerifyBlockLifetimes
    : Pass<"ttl-verify-block-lifetimes", "::mlir::ModuleOp"> {
  let summary = "checks that DFB blocks are held one at a time and not used "
                "after their release";
  let description = [{
    A block from `ttl.reserve` (`ttl.wait`) is held until its `ttl.push`
    (`ttl.pop`). TT-Metal's `cb_reserve_back` / `cb_wait_front` move no
    pointer: a block's address is its CB's write (read) pointer, which only
    the release advances. Therefore, in program order within the region that
    acquired a block:

    * no other block of the same DFB and side (reserve or wait) is acquired,
      and no external call lists an effect of that side on the DFB, while the
      block is held: both blocks would address the same L1 slot. Blocks of
      different DFBs, or a reserved and a waited block of one DFB, may be
      held together;
    * no op uses the block after a release of it: the slot belongs to the
      other side again.

    Each violation is an error at the offending op, naming where the block
    was acquired and released, with a note at the held block. Blocks that are
    never released, released twice or released in nested control are
    reported by `ttl-assign-dfb-indices`.

    ```mlir
    %x = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    // error: DFB created at ... already has a reserved block ...
    %y = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    ```
  }];
}

def TTLRecordFabricManagers
    : Pass<"ttl-record-fabric-managers", "::mlir::ModuleOp"> {
  let summary = "checks fabric-manager claim lifetimes and records them per "
                "kernel";
  let description = [{
    A captured `ttl.FabricManagerClaim` is used by the external calls that
    carry a `#ttl.fabric_manager` effect naming it (its name and logical
    kernel). In every function, the effects of each claim, in program order
    (a pre-order walk), must be either

    * one `scoped` call (it acquires, uses and releases the manager), or
    * one `acquire`, any number of `use`, one `release`, with the acquire and
      the release in the same block: uses between them may sit in nested
      loops and branches, which then run while the manager is owned.

    Anything else is an error at the offending call, with a note at the call
    it conflicts with: a use or release before the acquire, a second acquire
    (while owned, or after the release: a claim has one lifetime per kernel),
    a use or a second release after the release, a release in another block
    than its acquire, an acquire without a release before the kernel ends,
    and a scoped call together with any other call of the same claim.

    On a kernel function (`ttl.kernel`, after `ttl-split-kernels`) the pass
    then records each claim's lifetime as `ttl.fabric_claims`
    (`#ttl.fabric_claim<name, start, end>`, by name): `[start, end)` are the
    positions (pre-order op indices in the function body) of the acquiring
    call and after the releasing one. `ttl-package-kernels` moves them into
    the `#ttl.kernel_record`, and the runtime validates the factory's
    `FabricConnectionBinding`s against them.

    ```mlir
    // Before (kernel function)
    ttl.call_extern_func "mux_open" from "mux.hpp" args()
        fabric_managers [#ttl.fabric_manager<acquire, "mux", #ttl.kernel<data_movement>>]
    ttl.call_extern_func "mux_close" from "mux.hpp" args()
        fabric_managers [#ttl.fabric_manager<release, "mux", #ttl.kernel<data_movement>>]
    // After: on the function
    ttl.fabric_claims = [#ttl.fabric_claim<name = "mux", start = 0, end = 2>]
    ```
  }];
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
    Option<"target", "target", "std::string", /*default=*/"std::string(::ttlang::target::kDefaultTarget)",
           "target architecture whose kernel capacity bounds each operation "
           "(wormhole_b0 or blackhole)">
  ];
}

def TTLAccumulateCarriedBlocks
    : Pass<"ttl-accumulate-carried-blocks", "::mlir::ModuleOp"> {
  let summary = "turns a block sum carried across loop iterations into "
                "accumulating stores";
  let description = [{
    tt-lang programs keep a running sum in a block value:
    `acc = ttl.block.fill(0, shape=...)`, then `acc += a @ b` in a loop,
    then `out_blk.store(acc)` (the frontend makes `acc` an `scf.for`
    iter_arg). A block value lives in the destination registers, which the
    kernels hold one block at a time and which no later pass carries across
    iterations, so this pass rewrites every loop-carried block into the
    accumulating stores the backend implements (`ttl.store {accumulate}`,
    Python `blk += expr`: the partial sums stay in DEST across a matmul loop,
    or add through the packer's L1 accumulation; see `ttl.store` and
    ttl-plan-accumulation), and removes the iter_arg.

    The form it accepts, and the reason for each condition:

    * in the loop, the carried value's only use is `ttl.add` of it and one
      other value `x` (either order), and that sum is what the loop yields
      (nothing else reads it): that is exactly "`x` is added to the block";
      a carried value may also pass through nested loops of that form;
    * the loop's result has one use, a plain `ttl.store` right after the
      loop in the same block, into a block reserved before the loop in that
      block and stored nowhere else: the reserved block is where the sum
      accumulates, and it must be held for the whole loop;
    * the initial value is stored into the block before the loop, except a
      zero `ttl.fill` before a loop of constant bounds that runs at least
      once (the first accumulating store then overwrites the block: a DEST
      accumulation starts from zero, and no rounding is added).

    Anything else carrying a block across iterations is an error at the op
    that breaks the form (with a note at the initial value): a block's value
    cannot outlive the iteration that computed it.

    ```mlir
    // Before
    %o = ttl.reserve %out : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    %z = ttl.fill 0.000000e+00 : !ttl.block<1x1xbf16>
    %r = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (!ttl.block<1x1xbf16>) {
      %p = ttl.matmul %a, %b : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xbf16>
      %s = ttl.add %acc, %p : !ttl.block<1x1xbf16>
      scf.yield %s : !ttl.block<1x1xbf16>
    }
    ttl.store %r, %o : !ttl.block<1x1xbf16>
    // After
    %o = ttl.reserve %out : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    scf.for %k = %c0 to %c4 step %c1 {
      %p = ttl.matmul %a, %b : !ttl.block<1x1xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xbf16>
      ttl.store %p, %o {accumulate} : !ttl.block<1x1xbf16>
    }
    ```
  }];
}

def TTLMaterializeComputeDFBs
    : Pass<"ttl-materialize-compute-dfbs", "::mlir::ModuleOp"> {
  let summary = "gives compute kernels the DFBs their FPU-read operands need";
  let description = [{
    A broadcast, a transpose and a reduction read their input from a circular
    buffer (`unary_bcast`, `transpose_tile`, `reduce_tile`), and
    `reduce_tile` reads its scaling factors from one too. This pass supplies
    the DFBs the program did not write:

    * an input that is computed tile math (not a block from `ttl.wait`), as
      in `ttl.block.broadcast(ttl.math.reduce_max(x, dims=[1]), ...)`: a DFB
      of the input's block type with one block, into which the compute
      kernel stores the input right before the op (reserve, store, push,
      wait); the op reads the waited block, popped after the last store in
      the op's block that uses its result;
    * a reduction without a scaler: one `1x1`-tile, one-block DFB per element
      type, filled with ones the same way (`ttl.fill 1.0`).

    Each new DFB is created first in the function. It has one producer and
    one consumer, the compute kernel, and every later pass treats it as any
    other DFB (index assignment, L1 budget, balance). An op whose result no
    store in its block uses is an error at the op; so is a reduction that is
    not stored on its own.

    ```mlir
    // Before
    %r = ttl.reduce_sum %x dims = [1] : !ttl.block<1x2xbf16> -> !ttl.block<1x1xbf16>
    ttl.store %r, %o : !ttl.block<1x1xbf16>
    // After
    %ones = ttl.create_dfb : !ttl.dfb<1x1xbf16, 1>     // first in the function
    ...
    %w = ttl.reserve %ones : !ttl.dfb<1x1xbf16, 1> -> !ttl.block<1x1xbf16>
    %f = ttl.fill 1.000000e+00 : !ttl.block<1x1xbf16>
    ttl.store %f, %w : !ttl.block<1x1xbf16>
    ttl.push %w : !ttl.block<1x1xbf16>
    %s = ttl.wait %ones : !ttl.dfb<1x1xbf16, 1> -> !ttl.block<1x1xbf16>
    %r = ttl.reduce_sum %x, %s dims = [1] : !ttl.block<1x2xbf16>, !ttl.block<1x1xbf16> -> !ttl.block<1x1xbf16>
    ttl.store %r, %o : !ttl.block<1x1xbf16>
    ttl.pop %s : !ttl.block<1x1xbf16>
    ```
  }];
}

def TTLPlanPipes : Pass<"ttl-plan-pipes", "::mlir::ModuleOp"> {
  let summary = "proves each pipe's balance across cores and assigns the "
                "semaphores of its handshake";
  let description = [{
    For every pipe (`#ttl.pipe`) of an operation: only its source core
    sends (`ttl.pipe_send`), only its destination cores receive
    (`ttl.pipe_recv`), all of its transfers move one block type, and each
    destination receives exactly as many blocks as the source sends, counted
    per core of the static grid through the loops and conditions around the
    transfers (which must be functions of the core's coordinates and
    constants). A mismatch would deadlock the device; it is an error at the
    transfer, naming the pipe and the cores.

    Then each transfer gets `ttl.pipe_semaphores = array<i64: ready, address,
    valid, flag>`, the program semaphore ids of its handshake, each send
    `ttl.pipe_multicasts = array<i64: x0, y0, x1, y1, ...>`, the rectangles
    it writes to (a pipe's destination run in node order, `dst ... through
    ...`, is split into the at most three rectangles a NoC multicast
    reaches; its handshake still counts all of its receivers), and the module
    `ttl.pipe_semaphore_count` (the runtime declares that many semaphores)
    and `ttl.pipe_semaphore_names` (for deadlock reports). More semaphores
    than the target has is an error.

    ```mlir
    %tx = ttl.pipe_send #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (1, 0), "f.py:5"> from %blk : !ttl.block<1x1xbf16>
    // After ttl-plan-pipes
    %tx = ttl.pipe_send #ttl.pipe<...> from %blk {ttl.pipe_semaphores = array<i64: 2, 3, 1, 0>} : !ttl.block<1x1xbf16>
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"std::string(::ttlang::target::kDefaultTarget)",
           "target architecture whose semaphore count bounds the pipes "
           "(wormhole_b0 or blackhole)">
  ];
}

def TTLSpecializeCores : Pass<"ttl-specialize-cores", "::mlir::ModuleOp"> {
  let summary = "clones kernels per core subset and folds the core coordinate";
  let description = [{
    For every kernel function (`ttl.kernel`) of an operation with a static
    grid (`ttl.grid`), evaluates each comparison that depends only on the core
    coordinate (`ttl.node`), grid extents and constants for every core of the
    grid. Cores that agree on every such comparison form one subset; when
    there is more than one subset, the kernel is cloned once per subset, the
    comparisons fold to constants and a coordinate that is the same on every
    core of the subset folds too.

    Every clone is a kernel of its own (TT-Metal builds a binary per kernel,
    and every later pass carries each clone), so the clones are bounded:
    each comparison depends on the column alone, the row alone or both (its
    axis), an axis splits the grid into as many classes as its comparisons
    have distinct outcomes, and axes are taken in increasing class count
    while the product of the counts is at most `max-clones`. The comparisons
    of the other axes stay branches on the core coordinate at run time. A
    pipe net of one pipe per row, for example, splits on the column (source
    or receiver) and keeps `row == k` at run time. Every kernel function then carries
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
           "against its worker grid; empty: against the largest target's">,
    Option<"maxClones", "max-clones", "int64_t", /*default=*/"4",
           "at most this many clones of a kernel (the first row or column "
           "and the rest, on both axes, is four)">
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
    `ttl.dfb_configurations` (`#ttl.dfb_config`). `ttl-package-kernels`
    moves these records into the kernel's `#ttl.kernel_record`, from which
    `convert-ttl-to-emitc` takes its argument indices. Fails on a kernel
    parameter that is not a tensor with a `#ttl.layout`, a kernel function
    with results and a DFB without physical index (the copy ops' verifiers
    check the tensors they copy). `target` sets a row-major tensor's
    accessor page size: one row rounded up to the target's DRAM or L1
    alignment.

    ```mlir
    func.func @writer(%out: tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>) attributes {
        ttl.abi = #ttl.abi<compile_time = [#ttl.arg<dfb_index, "dfb0", 1, words = [0]>,
                                           #ttl.arg<tensor_accessor, "0", 2, words = [2, 2048]>],
                           common_runtime = [#ttl.arg<buffer_address, "0", 1>],
                           per_core_runtime = []>,
        ttl.dataflow_buffers = [#ttl.dfb_spec<name = "dfb0", index = 0, ...>], ...}
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"std::string(::ttlang::target::kDefaultTarget)",
           "target architecture whose alignments space a row-major tensor's "
           "pages (wormhole_b0 or blackhole)">
  ];
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

def TTLLowerTileMath : Pass<"ttl-lower-tile-math", "::mlir::ModuleOp"> {
  let summary = "lowers each ttl.store of tile math to compute-API calls";
  let description = [{
    For every kernel function, as `ttl-plan-accumulation` and
    `ttl-plan-unpack-to-dest` recorded (it fails when their attributes are
    missing), replaces each `ttl.store` of a tile-math expression with the
    ttnn 0.81.1 compute-API calls that compute and pack it, as
    `emitc.call_opaque` ops naming the DFBs through unrealized casts to
    `uint32_t`:

    - the tile-register protocol around the math
      (`tile_regs_acquire/commit/wait/release`, `pack_tile`, with
      `pack_reconfig_l1_acc` for an accumulating store), its DEST registers
      allocated per expression (at most one DEST section: 8 tiles, 4 with
      fp32 accumulation);
    - FPU math: one add / sub / mul of waited blocks (`binary_tiles_init`,
      `add_tiles`, bcast forms), a matmul with fused math (`matmul_init`,
      `matmul_tiles`, copies and an SFPU epilogue), a reduction
      (`reduce_init`, `reduce_tile`, `reduce_uninit`);
    - SFPU math: every other expression (`copy_tile` of each leaf into its
      own register, `*_binary_tile`, `exp_tile`, ...);
    - the compute kernel's `compute_kernel_hw_startup` before its first math
      and the unpacker / packer reconfigurations (`reconfig_data_format*`,
      `pack_reconfig_data_format`) between math of different formats.

    The expression ops it leaves dead are erased; DFBs, blocks and every
    other op stay for `convert-ttl-to-emitc`. Fails at the store on math it
    cannot lower (a block that is not from `ttl.wait`, a matmul or reduction
    combined otherwise, an expression needing more DEST registers than a
    section holds).

    ```mlir
    // Before
    %e = ttl.exp %x : !ttl.block<1x1xbf16>
    ttl.store %e, %r : !ttl.block<1x1xbf16>
    // After
    %0 = builtin.unrealized_conversion_cast %in : !ttl.dfb<1x1xbf16, 2> to !emitc.opaque<"uint32_t">
    emitc.call_opaque "tile_regs_acquire"() : () -> ()
    emitc.call_opaque "copy_init"(%0) : (!emitc.opaque<"uint32_t">) -> ()
    emitc.call_opaque "copy_tile"(%0) {args = [0 : index, 0 : i32, 0 : i32]} : ...
    emitc.call_opaque "exp_tile_init"() : () -> ()
    emitc.call_opaque "exp_tile"() {args = [0 : i32]} : () -> ()
    ...
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::emitc::EmitCDialect"];
}

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
    `ttl-package-kernels` moves it into the kernel's `#ttl.kernel_record`
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

def TTLExpandIndexDivision
    : Pass<"ttl-expand-index-division", "::mlir::ModuleOp"> {
  let summary = "expands floor division and floor mod into C's truncating ones";
  let description = [{
    Python's `//` and `%` on integers are `arith.floordivsi` and
    `ttl.floor_mod` in TTL IR (folds may make `arith.ceildivsi`), which have
    no EmitC lowering; this pass is the one place both are expanded. In every
    kernel function the divisions become `arith.divsi` / `arith.remsi` /
    `arith.cmpi` / `arith.select` (upstream
    `populateCeilFloorDivExpandOpsPatterns`): C's `/` truncates, and the
    expansion corrects the quotient when the signs differ and the division
    is inexact. `ttl.floor_mod` becomes C's `%` (`arith.remsi`, the sign of
    the dividend) plus the divisor when that remainder is nonzero and its
    sign differs from the divisor's. Runs right before `ttl-package-kernels`
    and `convert-ttl-to-emitc`.

    ```mlir
    %q = arith.floordivsi %a, %b : index
    %m = ttl.floor_mod %a, %b : index
    // After: divsi, remsi, cmpi and select computing the same quotient, and
    %t = arith.remsi %a, %b : index
    %nonzero = arith.cmpi ne, %t, %c0 : index
    %differ = arith.xori %tneg, %bneg : i1   // (t < 0) != (b < 0)
    %fix = arith.andi %nonzero, %differ : i1
    %sum = arith.addi %t, %b : index
    %m = arith.select %fix, %sum, %t : index
    ```
  }];
}

#endif // TTL_TRANSFORMS_TTL_PASSES_TD
