// TensorAccessorArgs / TensorAccessor, decoding the compile-time words as
// TT-Metal does (tensor_accessor_args.h, arg_config.hpp): word CTA_OFFSET is
// the ArgsConfig bit set (bit 0 sharded, bit 1 DRAM, bit 6 runtime bank
// coordinates, bit 7 runtime page size), then the aligned page size unless
// bit 7 is set, in which case it is common runtime argument CRTA_OFFSET.
// A sharded accessor's words follow: rank, bank count (bit 31 the
// shard-contiguous flag), the tensor's shape and a shard's shape in pages,
// then the bank coordinates (two 16-bit (noc_x << 8) | noc_y per word, the
// even bank in the low half), from common runtime args at CRTA_OFFSET when
// bit 6 is set. Runtime rank, bank count and shapes are not emulated.
#pragma once

#include <cstdint>

#include "api/compile_time_args.h"
#include "ttlemu/runtime.h"

template <uint32_t CTA_OFFSET, uint32_t CRTA_OFFSET = UINT32_MAX>
struct TensorAccessorArgs {
  static constexpr uint32_t config = get_ct_arg<CTA_OFFSET>();
  static constexpr bool is_sharded = config & 1u;
  static constexpr bool is_dram = config & 2u;
  static constexpr bool runtime_bank_coords = config & (1u << 6);
  static constexpr bool runtime_page_size = config & (1u << 7);
  static_assert((config & 0x3cu) == 0,
                "runtime rank, bank count or shapes in TensorAccessorArgs are "
                "not emulated");
  static_assert(is_sharded || !runtime_bank_coords,
                "runtime bank coordinates are only meaningful for sharded "
                "tensors");
  static_assert(!is_sharded || !runtime_page_size,
                "Page size must be static for sharded tensors");

  // Sharded words (zero when interleaved: the index then stays in range).
  static constexpr uint32_t kRank =
      is_sharded ? get_ct_arg<CTA_OFFSET + (is_sharded ? 2 : 0)>() : 0;
  static constexpr uint32_t kBanksRaw =
      is_sharded ? get_ct_arg<CTA_OFFSET + (is_sharded ? 3 : 0)>() : 0;
  static constexpr uint32_t rank() { return kRank; }
  static constexpr uint32_t num_banks() { return kBanksRaw & 0x7fffffffu; }
  static constexpr bool shard_contiguous() { return kBanksRaw >> 31; }
  static constexpr uint32_t kShapeOffset = CTA_OFFSET + 4;
  static constexpr uint32_t kBankOffset = kShapeOffset + 2 * kRank;
  static_assert(!is_sharded || (kRank > 0 && (kBanksRaw & 0x7fffffffu) > 0),
                "a sharded TensorAccessorArgs needs rank > 0 and banks > 0");

  static constexpr uint32_t num_compile_time_args() {
    if constexpr (is_sharded)
      return 4 + 2 * rank() + (runtime_bank_coords ? 0 : (num_banks() + 1) / 2);
    else
      return runtime_page_size ? 1 : 2;
  }
  static constexpr uint32_t next_compile_time_args_offset() {
    return CTA_OFFSET + num_compile_time_args();
  }
  static constexpr uint32_t num_common_runtime_args() {
    if constexpr (is_sharded)
      return runtime_bank_coords ? (num_banks() + 1) / 2 : 0;
    else
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
  // Bank `bank`'s packed (noc_x << 8) | noc_y.
  static uint32_t bank_coord(uint32_t bank) {
    uint32_t word;
    if constexpr (runtime_bank_coords) {
      static_assert(CRTA_OFFSET != UINT32_MAX,
                    "runtime bank coordinates need TensorAccessorArgs' "
                    "common-runtime-argument offset");
      word = ttlemu::rt::commonArg(CRTA_OFFSET + bank / 2);
    } else {
      word = kernel_compile_time_args[kBankOffset + bank / 2];
    }
    return bank % 2 ? word >> 16 : word & 0xffffu;
  }
  static uint32_t shape(uint32_t i) {
    return kernel_compile_time_args[kShapeOffset + i];
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
    if constexpr (Args::is_sharded)
      return sharded_noc_addr(id, offset);
    else
      return ttlemu::rt::interleavedPage(Args::is_dram, bank_base_address,
                                         page_size, id, offset);
  }
  static constexpr bool is_dram = Args::is_dram;

private:
  // TT-Metal's get_bank_and_offset_from_page_id: the page's coordinate in the
  // tensor's page grid, its shard (row-major over the shard grid) and its
  // offset within the shard; the shard's bank round-robin (or contiguous),
  // the page at bank base + (shard in bank * shard volume + offset) pages.
  uint64_t sharded_noc_addr(uint32_t id, uint32_t offset) const {
    constexpr uint32_t rank = Args::rank();
    uint32_t shard = 0, within = 0, gridStride = 1, shardStride = 1,
             volume = 1, shards = 1;
    for (int i = int(rank) - 1; i >= 0; --i) {
      uint32_t tensorDim = Args::shape(uint32_t(i));
      uint32_t shardDim = Args::shape(rank + uint32_t(i));
      uint32_t coord = id % tensorDim;
      id /= tensorDim;
      uint32_t gridDim = (tensorDim + shardDim - 1) / shardDim;
      shard += coord / shardDim * gridStride;
      within += coord % shardDim * shardStride;
      gridStride *= gridDim;
      shardStride *= shardDim;
      volume *= shardDim;
      shards *= gridDim;
    }
    constexpr uint32_t banks = Args::num_banks();
    uint32_t bank, inBank;
    if constexpr (Args::shard_contiguous()) {
      uint32_t perBank = shards / banks;
      bank = shard / perBank;
      inBank = shard % perBank;
    } else {
      bank = shard % banks;
      inBank = shard / banks;
    }
    uint32_t coord = Args::bank_coord(bank);
    uint32_t local = bank_base_address +
                     (inBank * volume + within) * get_aligned_page_size() + offset;
    return ttlemu::rt::nocAddress(coord >> 8, coord & 0xffu, local);
  }
};

template <typename Args>
TensorAccessor(const Args &, uint32_t) -> TensorAccessor<Args>;
template <typename Args>
TensorAccessor(const Args &, uint32_t, uint32_t) -> TensorAccessor<Args>;
