//===- TileGeometry.h - the tile and face shapes, defined once --*- C++ -*-===//
//
// ttnn's tile layout: 32x32 tiles of four 16x16 faces. Every layer reads the
// shape from here: the TTL dialect (block and DFB sizes), the op model
// (padding to whole tiles), the emulated device (tile layout and math), and
// Python through the extensions (`ttlang._ttlang.TILE_SIDE` / `FACE_SIDE`, and
// the same names in `ttlang.emu._emu`, which loads no MLIR). No dependencies,
// so the emulated device's runtime includes it too.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_TILEGEOMETRY_H
#define TTL_TILEGEOMETRY_H

namespace ttlang::tile {

/// Elements per side of a tile.
inline constexpr int kSide = 32;
/// Elements per side of a face (a tile is 2x2 faces).
inline constexpr int kFaceSide = 16;
/// Elements per tile.
inline constexpr int kElements = kSide * kSide;

static_assert(kSide % kFaceSide == 0, "a tile is whole faces");

} // namespace ttlang::tile

#endif // TTL_TILEGEOMETRY_H
