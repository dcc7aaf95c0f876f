//===- TTNNBase.td - TTNN op-model dialect definition ------*- tablegen -*-===//

#ifndef TTL_DIALECT_TTNN_IR_TTNNBASE_TD
#define TTL_DIALECT_TTNN_IR_TTNNBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "ttl/Dialect/TTNN/IR/TTNNOpModelInterface.td"

def TTNN_Dialect : Dialect {
  let name = "ttnn";
  let cppNamespace = "::mlir::ttnn";
  let summary = "TTNN operations with an op model (L1 constraints and runtime)";
  let description = [{
    The `ttnn` dialect models operations of Tenstorrent's TTNN library on
    ranked tensors whose encoding is a `#ttnn.layout`. Ops implement the
    OpModel interface, which answers how much L1 an op needs (circular
    buffers, tensors, output) and how long it is expected to run, so that
    layout and memory planning (for example the L1 spill pass) can decide
    where tensors live.
  }];
  // ttnn.generic carries the TTL dialect's DFB types and kernel identities.
  let dependentDialects = ["::mlir::ttl::TTLDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 0;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

// Tensor operands and results are encoded with #ttnn.layout (or not encoded).
def TTNN_LayoutEncoded : NativeOpTrait<"LayoutEncoded"> {
  let cppNamespace = "::mlir::ttnn::OpTrait";
}

// Every TTNN op implements the OpModel interface unless it is OpModelExempt.
class TTNN_Op<string mnemonic, list<Trait> traits = []>
    : Op<TTNN_Dialect, mnemonic,
         !listconcat(traits, [TTNN_LayoutEncoded],
                     !if(!empty(!filter(t, traits, !eq(t, OpModelExempt))),
                         [DeclareOpInterfaceMethods<TTNN_OpModelInterface>], []))>;

class TTNN_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TTNN_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // TTL_DIALECT_TTNN_IR_TTNNBASE_TD
