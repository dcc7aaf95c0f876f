// ttlang/dfb_descriptor.hpp - typed DFB allocation metadata for external C++.
//
// `ttl.dfb_descriptor(dfb)` in the template_args of `ttl.call_extern_func`
// becomes `ttlang::DFBDescriptor<...>`: a type whose static members describe
// the DFB's physical circular buffer. The compiler adds this header's
// directory to the kernel build when a kernel uses a descriptor.
#pragma once

#include <cstdint>

namespace ttlang {

/// Element format of a DFB's tiles.
enum class DFBFormat : uint32_t { BFloat16 = 0, Float32 = 1 };

/// One DFB: physical circular-buffer index, bytes of one tile (page), tiles
/// per block, blocks in the ring, and the tile format.
template <uint32_t Index, uint32_t PageSize, uint32_t TilesPerBlock,
          uint32_t BlockCount, DFBFormat Format>
struct DFBDescriptor {
  static constexpr uint32_t index = Index;
  static constexpr uint32_t page_size = PageSize;
  static constexpr uint32_t tiles_per_block = TilesPerBlock;
  static constexpr uint32_t block_count = BlockCount;
  static constexpr uint32_t capacity_tiles = TilesPerBlock * BlockCount;
  static constexpr uint32_t total_size = PageSize * capacity_tiles;
  static constexpr DFBFormat format = Format;
};

} // namespace ttlang
