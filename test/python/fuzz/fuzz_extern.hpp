// fuzz_extern.hpp - the external C++ functions of the fuzzer's `extern` programs
// (test/python/fuzz/extern.py), each with a numpy twin there.
//
// Included by the generated data-movement kernels after api/dataflow/dataflow_api.h.
// Each function does exactly what the dfb_effects of its call declare.
#pragma once

#include <cstdint>

namespace fuzz {

// What fuzz_read does to every element after reading it, exactly in the element's own
// format (sign and exponent bits only): the numpy twins are -x, |x|, 2x and x / 2.
enum Transform : int32_t { Negate = 0, Absolute = 1, Double = 2, Halve = 3 };

template <typename Word, int Mantissa, int Exponent>
inline void transform(uint32_t address, uint32_t bytes, int32_t op) {
  constexpr Word sign = Word(1) << (Mantissa + Exponent);
  constexpr Word one = Word(1) << Mantissa; // one step of the exponent field
  constexpr Word exponentMask = Word((Word(1) << Exponent) - 1) << Mantissa;
  auto *data = reinterpret_cast<volatile Word *>(address);
  for (uint32_t i = 0; i < bytes / sizeof(Word); ++i) {
    Word w = data[i];
    Word e = w & exponentMask;
    if (op == Negate)
      w ^= sign;
    else if (op == Absolute)
      w &= Word(~sign);
    else if (op == Double && e != 0 && e < exponentMask - one)
      w += one; // a zero (or subnormal) stays; no overflow for the fuzzer's values
    else if (op == Halve && e > one)
      w -= one;
    data[i] = w;
  }
}

} // namespace fuzz

// dfb_effects: reserve(Cb, Rows * Cols), push(Cb, Rows * Cols). Reads the Rows x Cols tiles
// from tile (row, col) of a tensor TensorCols tiles wide into the next block of DFB Cb, then
// applies transform Op to it.
template <uint32_t Cb, int32_t Rows, int32_t Cols, int32_t TensorCols, int32_t Op, typename Accessor>
inline void fuzz_read(const Accessor &accessor, uint32_t row, uint32_t col) {
  cb_reserve_back(Cb, Rows * Cols);
  uint32_t base = get_write_ptr(Cb);
  uint32_t page = get_tile_size(Cb);
  for (int32_t r = 0; r < Rows; ++r)
    for (int32_t c = 0; c < Cols; ++c)
      noc_async_read_page((row + r) * TensorCols + col + c, accessor, base + (r * Cols + c) * page);
  noc_async_read_barrier();
  if (page == 2048) // bfloat16
    fuzz::transform<uint16_t, 7, 8>(base, Rows * Cols * page, Op);
  else // float32
    fuzz::transform<uint32_t, 23, 8>(base, Rows * Cols * page, Op);
  cb_push_back(Cb, Rows * Cols);
}

// dfb_effects: wait(Cb, Rows * Cols), pop(Cb, Rows * Cols). Writes the next block of DFB Cb to
// the Rows x Cols tiles from tile (row, col) of a tensor TensorCols tiles wide.
template <uint32_t Cb, int32_t Rows, int32_t Cols, int32_t TensorCols, typename Accessor>
inline void fuzz_write(const Accessor &accessor, uint32_t row, uint32_t col) {
  cb_wait_front(Cb, Rows * Cols);
  uint32_t base = get_read_ptr(Cb);
  uint32_t page = get_tile_size(Cb);
  for (int32_t r = 0; r < Rows; ++r)
    for (int32_t c = 0; c < Cols; ++c)
      noc_async_write_page((row + r) * TensorCols + col + c, accessor, base + (r * Cols + c) * page);
  noc_async_write_barrier();
  cb_pop_front(Cb, Rows * Cols);
}
