//===- TTL.h - TTL dialect, types and operations ----------------*- C++ -*-===//

#ifndef TTL_DIALECT_TTL_IR_TTL_H
#define TTL_DIALECT_TTL_IR_TTL_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ttl/TileGeometry.h"
#include "ttl/Targets.h"
#include "ttl/Dialect/TTL/IR/TTLOpsDialect.h.inc"
#include "ttl/Dialect/TTL/IR/TTLOpsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ttl/Dialect/TTL/IR/TTLOpsAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ttl/Dialect/TTL/IR/TTLOpsTypes.h.inc"

#include "ttl/Dialect/TTL/IR/TTLOpsInterfaces.h.inc"

#define GET_OP_CLASSES
#include "ttl/Dialect/TTL/IR/TTLOps.h.inc"

namespace mlir::ttl {
/// Elements per side of a tile (ttl/TileGeometry.h).
inline constexpr int64_t kTileDim = ::ttlang::tile::kSide;

/// Tiles covering `elements` along one dimension of a tiled tensor: ttnn pads
/// tile-layout tensors to whole tiles (with zeros), so a logical extent that
/// is not a multiple of kTileDim still occupies whole tiles.
inline constexpr int64_t tilesCovering(int64_t elements) {
  return (elements + kTileDim - 1) / kTileDim;
}

/// Bytes of one tile of `elementType` (a TT-Metal page of a tiled tensor or
/// circular buffer).
inline int64_t tileSizeBytes(Type elementType) {
  return kTileDim * kTileDim * elementType.getIntOrFloatBitWidth() / 8;
}

/// The alignment of a row-major DFB page (ttl/Targets.h, maxNocAlignment).
inline constexpr int64_t kRowPageAlignment =
    static_cast<int64_t>(::ttlang::target::maxNocAlignment());

/// Bytes of one row-major DFB page: a row of `elements` of `elementType`
/// rounded up to kRowPageAlignment.
inline int64_t rowPageSizeBytes(Type elementType, int64_t elements) {
  int64_t bytes = elements * elementType.getIntOrFloatBitWidth() / 8;
  return (bytes + kRowPageAlignment - 1) / kRowPageAlignment *
         kRowPageAlignment;
}

/// Bytes of one page of a DFB or block of `layout`: a tile, or a row of
/// `shape[1]` elements.
inline int64_t pageSizeBytes(TensorLayout layout, ArrayRef<int64_t> shape,
                             Type elementType) {
  return layout == TensorLayout::Tiled ? tileSizeBytes(elementType)
                                       : rowPageSizeBytes(elementType, shape[1]);
}

/// How a sharded tensor's shards sit on cores (ttnn's legacy ShardSpec as
/// TT-Metal's BufferDistributionSpec reads it): the 2-D physical shape
/// (elements; rows are every dimension but the last, each of the last two
/// padded to whole tiles when tiled), the shard shape, the shard grid
/// (shards along rows and columns, the last ones possibly partial) and the
/// core of each shard, shards numbered row-major over the shard grid. That
/// core list is the sharded TensorAccessor's bank list.
struct ShardGeometry {
  int64_t rows = 0, cols = 0;
  int64_t shardRows = 0, shardCols = 0;
  int64_t gridRows = 0, gridCols = 0;
  llvm::SmallVector<std::pair<int64_t, int64_t>> cores; // (x, y) per shard
};

/// The geometry of a tensor of `shape` with the sharded `layout`, or a
/// diagnostic through `emitError` when the shard spec does not fit it.
FailureOr<ShardGeometry>
getShardGeometry(ArrayRef<int64_t> shape, LayoutAttr layout,
                 function_ref<InFlightDiagnostic()> emitError);
} // namespace mlir::ttl

#endif // TTL_DIALECT_TTL_IR_TTL_H
