// Device side of print(block) in a TT-Lang kernel (docs/language.md, "Device prints").
//
// Prints the tiles of a block held from a DFB (between cb_wait_front and
// cb_pop_front, or cb_reserve_back and cb_push_back), tile after tile, row after row, each
// row as DPRINT("{}", TSLICE(...)) of one slice of at most 64
// bytes (TileSlice<64>, api/debug/dprint_tile.h): a whole row of 32 bf16
// values, or half a row of f32 values (kColumns).
#pragma once

#include <cstdint>

#include "api/debug/dprint.h"

namespace ttl {

/// The processor of a compute kernel that prints (DPRINT_UNPACK / _MATH /
/// _PACK); data-movement kernels have one.
enum class PrintThread : uint32_t { Unpack = 0, Math = 1, Pack = 2 };

template <uint32_t kColumns, PrintThread kThread>
inline void dprint_block(uint32_t cb, uint32_t tiles, bool waited) {
  (void)cb; // the prints compile to nothing without DEBUG_PRINT_ENABLED
  (void)waited;
  for (uint32_t tile = 0; tile < tiles; ++tile) {
    for (uint8_t row = 0; row < 32; ++row) {
      for (uint8_t column = 0; column < 32; column += kColumns) {
        SliceRange range{row, uint8_t(row + 1), 1, column, uint8_t(column + kColumns), 1};
#if defined(COMPILE_FOR_BRISC) || defined(COMPILE_FOR_NCRISC)
        DPRINT("{}", TSLICE(cb, int(tile), range, waited ? TSLICE_INPUT_CB : TSLICE_OUTPUT_CB,
                            waited ? TSLICE_RD_PTR : TSLICE_WR_PTR, true, true));
#else
        if constexpr (kThread == PrintThread::Unpack) {
          DPRINT_UNPACK("{}", TSLICE(cb, int(tile), range, true, true));
        } else if constexpr (kThread == PrintThread::Pack) {
          DPRINT_PACK("{}", TSLICE(cb, int(tile), range, true, true));
        } else {
          DPRINT_MATH("{}", TSLICE(cb, int(tile), range, true, true));
        }
#endif
      }
    }
  }
}

} // namespace ttl
