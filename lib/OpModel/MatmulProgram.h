//===- MatmulProgram.h - the matmul program ttnn 0.81.1 selects -*- C++ -*-===//
//
// Shared by ttnn.matmul and ttnn.linear (lib/OpModel/Matmul.cpp,
// Linear.cpp): which of MatmulMultiCore, the 1-D and the 2-D multicast
// programs ttnn 0.81.1 runs for a product, its per-core blocks and its CBs
// (docs/op-model.md, "Matmul program configs").
//
//===----------------------------------------------------------------------===//

#ifndef TTL_LIB_OPMODEL_MATMULPROGRAM_H
#define TTL_LIB_OPMODEL_MATMULPROGRAM_H

#include "Backend.h"

namespace mlir::ttnn::op_model::backend {

enum class MatmulProgram { MultiCore, Mcast1D, Mcast2D };

/// The product's shape and the program ttnn 0.81.1 runs for it.
struct MatmulPlan {
  std::vector<int64_t> outputShape;
  int64_t batch = 1, mt = 0, nt = 0, kt = 0;
  MatmulProgram program = MatmulProgram::MultiCore;
  /// The per-core output block and the K block (in0_block_w), in tiles; 0
  /// for MatmulMultiCore.
  int64_t perCoreM = 0, perCoreN = 0, blockW = 0;
  /// The tiles of a fused bias's CB: the per-core (1-D sharded: the
  /// fitted) output block's width.
  int64_t biasTiles = 0;
  /// The program's CBs (graph capture counts them as dataflow buffers).
  uint64_t cbBytes = 0;
  /// The output ttnn produces: the requested layout, but for a sharded
  /// product, whose output shard spec ttnn derives from a's.
  LayoutAttr output;
};

/// Checks the operands and the output layout (in `opName`'s words) and
/// selects the program. `otherL1Bytes` is the per-bank L1 of further inputs
/// of the op already in L1 (a linear's bias), which the block budget counts
/// like the L1 operands; `biasTileBytes` is the tile size of a bias fused
/// into the program (0: none), which the 1-D sharded block estimate counts.
/// A sharded a with an interleaved b, and interleaved operands with a
/// sharded output, are modelled; a sharded b is not.
llvm::Expected<MatmulPlan>
planMatmul(llvm::StringRef opName, llvm::ArrayRef<int64_t> aShape,
           LayoutAttr aLayout, llvm::ArrayRef<int64_t> bShape,
           LayoutAttr bLayout, bool transposeA, bool transposeB,
           LayoutAttr outputLayout, uint64_t otherL1Bytes = 0,
           uint64_t biasTileBytes = 0);

/// The roofline of the product (operand and output traffic, tile products).
size_t matmulRuntime(const MatmulPlan &plan, llvm::ArrayRef<int64_t> aShape,
                     LayoutAttr aLayout, llvm::ArrayRef<int64_t> bShape,
                     LayoutAttr bLayout, LayoutAttr outputLayout);

} // namespace mlir::ttnn::op_model::backend

#endif // TTL_LIB_OPMODEL_MATMULPROGRAM_H
