//===- MatmulProgram.h - the matmul program ttnn 0.81.1 selects -*- C++ -*-===//
//
// Shared by ttnn.matmul and ttnn.linear (lib/OpModel/Matmul.cpp,
// Linear.cpp): the program config ttnn 0.81.1 generates for a product
// (matmul_program_config.cpp), its validation (matmul_device_operation.cpp),
// the program factory's CBs and the output it places (docs/op-model.md,
// "Matmul program configs").
//
//===----------------------------------------------------------------------===//

#ifndef TTL_LIB_OPMODEL_MATMULPROGRAM_H
#define TTL_LIB_OPMODEL_MATMULPROGRAM_H

#include "AnalyticalModel.h"

namespace mlir::ttnn::op_model::analytical {

/// ttnn's program factories: MatmulMultiCore, MatmulMultiCoreReuse
/// (batched), the 1-D and the 2-D multicast programs.
enum class MatmulProgram { MultiCore, Reuse, Mcast1D, Mcast2D };

/// A tensor of the call: its shape and layout (a null layout: absent).
struct MatmulTensor {
  llvm::ArrayRef<int64_t> shape;
  LayoutAttr layout;
};

/// What ttnn.matmul or ttnn.linear is asked. The bias and the activation
/// are linear's.
struct MatmulCall {
  MatmulTensor a, b;
  bool transposeA = false, transposeB = false;
  LayoutAttr output;
  MatmulTensor bias;
  bool activation = false;

  static MatmulCall product(llvm::ArrayRef<int64_t> aShape, LayoutAttr aLayout,
                            llvm::ArrayRef<int64_t> bShape, LayoutAttr bLayout,
                            bool transposeA, bool transposeB,
                            LayoutAttr output) {
    MatmulCall call;
    call.a = {aShape, aLayout};
    call.b = {bShape, bLayout};
    call.transposeA = transposeA;
    call.transposeB = transposeB;
    call.output = output;
    return call;
  }
};

/// The programs ttnn 0.81.1 runs for the call, up to the product.
struct MatmulPlan {
  std::vector<int64_t> outputShape;
  int64_t batch = 1, mt = 0, nt = 0, kt = 0;
  MatmulProgram program = MatmulProgram::MultiCore;
  /// The transposes ttnn runs first when the product's program takes no
  /// transposed operand (MatmulMultiCore), then the product writing its
  /// output; each transposed copy stays allocated until the op returns.
  llvm::SmallVector<ProgramStep, 3> programs;
  /// The bias is fused into the product (else linear adds it after).
  bool fusedBias = false;
  /// The output ttnn produces: the requested layout, but a sharded output's
  /// shard spec is the program's (matmul_device_operation.cpp,
  /// compute_output_specs).
  LayoutAttr output;
};

/// Checks the call as ttnn 0.81.1 does (in `opName`'s words) and plans its
/// programs.
llvm::Expected<MatmulPlan> planMatmul(llvm::StringRef opName,
                                      const MatmulCall &call);

/// The layout linear's bias add and activation after the product are
/// modelled on, for their CBs: the placed output itself when its shards
/// fill their grid; when the 1-D program placed them on cores that form no
/// rectangle, an interleaved L1 tensor (measured on both mock devices: the
/// add streams 2-page CBs as for interleaved operands).
LayoutAttr eltwiseLayout(llvm::ArrayRef<int64_t> shape, LayoutAttr layout);

/// The roofline of the product (operand and output traffic, tile products).
size_t matmulRuntime(const MatmulPlan &plan, const MatmulCall &call);

} // namespace mlir::ttnn::op_model::analytical

#endif // TTL_LIB_OPMODEL_MATMULPROGRAM_H
