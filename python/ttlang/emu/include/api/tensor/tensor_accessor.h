// TensorAccessorArgs / TensorAccessor for interleaved tensors, decoding the
// compile-time words as TT-Metal does (tensor_accessor_args.h, arg_config.hpp):
// word CTA_OFFSET is the ArgsConfig bit set (bit 0 sharded, bit 1 DRAM,
// bit 7 runtime page size), then the aligned page size unless bit 7 is set,
// in which case it is common runtime argument CRTA_OFFSET.
#pragma once

#include <cstdint>

#include "api/compile_time_args.h"
#include "ttlemu/runtime.h"

template <uint32_t CTA_OFFSET, uint32_t CRTA_OFFSET = UINT32_MAX>
struct TensorAccessorArgs {
  static constexpr uint32_t config = get_ct_arg<CTA_OFFSET>();
  static constexpr bool is_sharded = config & 1u;
  static constexpr bool is_dram = config & 2u;
  static constexpr bool runtime_page_size = config & (1u << 7);
  static_assert(!is_sharded,
                "sharded TensorAccessorArgs are not emulated (interleaved only)");
  static_assert((config & 0x7cu) == 0,
                "runtime rank, bank count, shapes or bank coordinates are "
                "only meaningful for sharded tensors");

  static constexpr uint32_t num_compile_time_args() {
    return runtime_page_size ? 1 : 2;
  }
  static constexpr uint32_t next_compile_time_args_offset() {
    return CTA_OFFSET + num_compile_time_args();
  }
  static constexpr uint32_t num_common_runtime_args() {
    return runtime_page_size ? 1 : 0;
  }
  static uint32_t page_size() {
    if constexpr (runtime_page_size) {
      static_assert(CRTA_OFFSET != UINT32_MAX,
                    "a runtime page size needs TensorAccessorArgs' "
                    "common-runtime-argument offset");
      return ttlemu::rt::commonArg(CRTA_OFFSET);
    } else {
      return get_ct_arg<CTA_OFFSET + 1>();
    }
  }
};

template <typename Args>
struct TensorAccessor {
  uint32_t bank_base_address;
  uint32_t page_size;

  TensorAccessor(const Args &, uint32_t base, uint32_t pageSize = 0)
      : bank_base_address(base),
        page_size(pageSize ? pageSize : Args::page_size()) {}

  uint32_t get_aligned_page_size() const {
    uint32_t align = ttlemu::rt::alignment(Args::is_dram);
    return (page_size + align - 1) / align * align;
  }
  uint64_t get_noc_addr(uint32_t id, uint32_t offset = 0,
                        uint8_t noc = 0) const {
    (void)noc;
    return ttlemu::rt::interleavedPage(Args::is_dram, bank_base_address,
                                       page_size, id, offset);
  }
  static constexpr bool is_dram = Args::is_dram;
};

template <typename Args>
TensorAccessor(const Args &, uint32_t) -> TensorAccessor<Args>;
template <typename Args>
TensorAccessor(const Args &, uint32_t, uint32_t) -> TensorAccessor<Args>;
