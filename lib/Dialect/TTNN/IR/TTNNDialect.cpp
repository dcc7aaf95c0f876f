//===- TTNNDialect.cpp - TTNN dialect -------------------------------------===//

#include "ttl/Dialect/TTNN/IR/TTNN.h"

using namespace mlir;
using namespace mlir::ttnn;

#include "ttl/Dialect/TTNN/IR/TTNNOpsDialect.cpp.inc"

namespace {
/// Prints layouts as `#layout`, `#layout1`, ... aliases: tensor types stay readable.
struct TTNNOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<LayoutAttr>(attr)) {
      os << "layout";
      return AliasResult::OverridableAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void TTNNDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ttl/Dialect/TTNN/IR/TTNNOps.cpp.inc"
      >();
  registerAttributes();
  addInterfaces<TTNNOpAsmInterface>();
}
