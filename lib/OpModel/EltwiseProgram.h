//===- EltwiseProgram.h - buffers of ttnn's eltwise programs ----*- C++ -*-===//
//
// The circular buffers of ttnn 0.81.1's unary and binary_ng programs, shared
// by the eltwise families (Eltwise.cpp) and the composites built from them
// (relu_bw, silu_bw in Backward.cpp). The rules and their evidence are in
// docs/op-model.md ("Eltwise programs on shards").
//
//===----------------------------------------------------------------------===//

#ifndef TTL_LIB_OPMODEL_ELTWISEPROGRAM_H
#define TTL_LIB_OPMODEL_ELTWISEPROGRAM_H

#include "AnalyticalModel.h"

namespace mlir::ttnn::op_model::analytical {

/// A tensor an eltwise program reads or writes.
struct EltwiseTensor {
  llvm::ArrayRef<int64_t> shape;
  LayoutAttr layout;
};

/// Pages of every streaming CB of an eltwise program (double buffered).
constexpr int64_t kEltwisePages = 2;

/// A shard ttnn's sharded unary and typecast programs can alias: tiled, or
/// row-major with L1-aligned rows holding whole tiles of its format (their
/// TT_FATALs, which ttnn 0.81.1 turns into its selection: 32x100 and 32x104
/// bf16 shards stream, 32x96 and 32x128 do not; measured).
bool aliasableShard(LayoutAttr layout);

/// ttnn 0.81.1's UnaryDeviceOperation from `in` into `out` (of the input's
/// shape): its sharded program, whose CBs are the shards themselves (0 B),
/// when the input is evenly sharded, the output sharded like it, and a
/// row-major shard's rows are L1-aligned and whole tiles; otherwise its
/// interleaved program, which reads and writes any placement through a
/// 2-page CB of tiles per tensor, in each tensor's format.
uint64_t unaryProgramCBBytes(EltwiseTensor in, LayoutAttr out);

/// binary_ng's CBs for `a op b` into `out` (of the broadcast shape): 2-page
/// CBs per tensor, or the shard itself for the tensors its native sharded
/// path runs on, and a 2-page CB of the broadcast operand's tiles for a
/// broadcast within the last two dimensions.
uint64_t binaryProgramCBBytes(EltwiseTensor a, EltwiseTensor b,
                              EltwiseTensor out);

/// binary_ng's native sharded path for an operand and a scalar (`a op
/// 1.0`): an evenly sharded operand whose output is sharded like it.
bool scalarBinaryIsNative(EltwiseTensor a, LayoutAttr out);

/// The result in the data type ttnn writes it in (`source`'s: the input's,
/// binary_ng's first operand's, where's true value's): not modelled
/// otherwise, the result type would misstate what ttnn returns.
llvm::Error checkResultDataType(llvm::StringRef opName, LayoutAttr out,
                                LayoutAttr source);

} // namespace mlir::ttnn::op_model::analytical

#endif // TTL_LIB_OPMODEL_ELTWISEPROGRAM_H
