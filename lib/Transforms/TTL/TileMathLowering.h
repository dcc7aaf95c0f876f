//===- TileMathLowering.h - ttl-lower-tile-math's parts (internal) -*- C++ -*-===//
//
// The two halves of ttl-lower-tile-math (LowerTileMath.cpp drives them): the
// unpacker / packer reconfigurations between stores of different formats
// (DataFormatReconfig.cpp) and the `ttl.store` patterns (TileMathPatterns.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TTL_LIB_TRANSFORMS_TTL_TILEMATHLOWERING_H
#define TTL_LIB_TRANSFORMS_TTL_TILEMATHLOWERING_H

#include "ttl/Transforms/TTL/TileMath.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::ttl::emitc_lowering {

/// Before the tile math is lowered: emits reconfig_data_format* /
/// pack_reconfig_data_format before each `ttl.store` of `kernel` whose DFB
/// unpacker / packer formats differ from the math that runs before it
/// (DataFormatReconfig.cpp): a format is a DFB's element type and, for a
/// source, whether it is unpacked to DEST (its physical index is in
/// `unpackToDest`). Nothing for a kernel of one format.
void emitDataFormatReconfigs(func::FuncOp kernel,
                             ArrayRef<int64_t> unpackToDest);

/// Tile math (ttl-lower-tile-math, run greedily top-down): every `ttl.store`
/// of a tile-math expression becomes compute-API calls inside the
/// tile-register protocol, packing as its `ttl.accumulation` /
/// `ttl.indexed_pack` say; the expression ops become dead. Also emits the
/// compute kernel's hardware startup.
void populateTileMathPatterns(RewritePatternSet &patterns);

} // namespace mlir::ttl::emitc_lowering

#endif // TTL_LIB_TRANSFORMS_TTL_TILEMATHLOWERING_H
