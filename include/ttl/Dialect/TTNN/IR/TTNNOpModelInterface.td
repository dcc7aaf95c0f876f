//===- TTNNOpModelInterface.td - the TTNN OpModel interface -*- tablegen -*-===//

#ifndef TTL_DIALECT_TTNN_IR_TTNNOPMODELINTERFACE_TD
#define TTL_DIALECT_TTNN_IR_TTNNOPMODELINTERFACE_TD

include "mlir/IR/OpBase.td"

def TTNN_OpModelInterface : OpInterface<"OpModelInterface"> {
  let cppNamespace = "::mlir::ttnn";
  let description = [{
    Answers, for one TTNN op and a candidate placement of its operands and
    result, how much L1 the op needs per core (circular buffers, tensors,
    output) and how long it is expected to run. Layout and memory planning
    (the L1 spill pass, `ttnn-validate`) ask these questions about layouts
    that are not yet in the IR, so the layouts are arguments, not read from
    the op's types.

    Every TTNN op carries this interface unless it has the `OpModelExempt`
    trait; the op then defines exactly the 3-argument `getOpConstraints`
    below (a 2-argument definition does not bind).

    ```c++
    auto model = cast<ttnn::OpModelInterface>(op);
    // Stateless: cached, nothing is allocated.
    auto c = model.getOpConstraints(inputs, config);
    // Stateful: evaluated on top of the live L1 allocations; engaged even
    // when the set is empty, so the first op of a window already allocates.
    SmallVector<op_model::OpModelAllocationRecord> live;
    auto s = model.getOpConstraints(inputs, config, ArrayRef(live));
    ```
  }];
  let methods = [
    InterfaceMethod<[{
        Returns the op's L1 constraints for operand layouts `inputs` (one per
        tensor operand, in operand order) and `opConfig.outputLayout`.

        `liveRecords` is tri-state and selects the flavour by engagement only,
        never by size: `std::nullopt` is the stateless query (cached, allocates
        nothing, `outputAllocations` empty); an engaged set, empty or not, is
        the stateful query (uncached, applies the records to a mock L1
        allocator, allocates the outputs and returns their records in
        `outputAllocations`). Implementations thread it untouched to
        `detail::constraintsDispatch`, or take it unnamed when the op is
        intentionally stateless (listed in TTNNOpModelInterface.cpp).
      }],
      "::llvm::Expected<::mlir::ttnn::op_model::OpConstraints>",
      "getOpConstraints",
      (ins "const std::vector<::mlir::ttnn::LayoutAttr> &":$inputs,
           "const ::mlir::ttnn::OpConfig &":$opConfig,
           "std::optional<::llvm::ArrayRef<::mlir::ttnn::op_model::OpModelAllocationRecord>>":$liveRecords)>,
    InterfaceMethod<[{
        Returns the op's estimated runtime in nanoseconds (a roofline over
        DRAM bytes, NoC bytes and tile compute; see docs/op-model.md). Always
        stateless and cached.
      }],
      "::llvm::Expected<size_t>", "getOpRuntime",
      (ins "const std::vector<::mlir::ttnn::LayoutAttr> &":$inputs,
           "const ::mlir::ttnn::OpConfig &":$opConfig)>
  ];
  let extraClassDeclaration = [{
    /// The stateless query: `getOpConstraints(inputs, opConfig, std::nullopt)`.
    /// Only on the interface handle; ops define the 3-argument form.
    ::llvm::Expected<::mlir::ttnn::op_model::OpConstraints>
    getOpConstraints(const std::vector<::mlir::ttnn::LayoutAttr> &inputs,
                     const ::mlir::ttnn::OpConfig &opConfig) {
      return getOpConstraints(inputs, opConfig, std::nullopt);
    }
  }];
}

// Keeps the OpModel interface off an op (no backend query makes sense for
// it: host transfers, multi-device collectives). TTNN_Op checks for it.
def OpModelExempt : NativeOpTrait<"OpModelExempt"> {
  let cppNamespace = "::mlir::ttnn::OpTrait";
}

#endif // TTL_DIALECT_TTNN_IR_TTNNOPMODELINTERFACE_TD
