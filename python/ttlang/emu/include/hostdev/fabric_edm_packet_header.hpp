// hostdev/fabric_edm_packet_header.hpp - the emulated TT-Fabric packet header
// (TT-Metal's tt_metal/hw/inc/hostdev/fabric_edm_packet_header.hpp): what a
// packet does on its destination chip (a NoC unicast write of its payload, an
// atomic increment) and how it gets there (1-D hops from the sender, a 1-D
// multicast range, or a 2-D destination chip). The field layout is the
// emulator's own; kernels set it only through these methods.
#pragma once

#include <cstdint>

namespace tt::tt_fabric {

struct NocUnicastCommandHeader {
  uint64_t noc_address;
};

struct NocUnicastAtomicIncCommandHeader {
  NocUnicastAtomicIncCommandHeader(uint64_t noc_address, uint32_t val, bool flush = true)
      : noc_address(noc_address), val(val), flush(flush) {}
  uint64_t noc_address;
  uint32_t val;
  bool flush;
};

struct MulticastRoutingCommandHeader {
  uint8_t start_distance_in_hops;
  uint8_t range_hops; // 0 implies unicast
};

// Read by lib/Emu/Fabric.cpp (same layout there).
enum class EmuPacketCommand : uint8_t { None = 0, UnicastWrite = 1, AtomicInc = 2 };
enum class EmuPacketRouting : uint8_t { None = 0, Hops = 1, Multicast = 2, Chip2D = 3 };

struct PacketHeader {
  uint8_t command;
  uint8_t routing;
  uint8_t hops;  // Hops: the distance; Multicast: the start distance
  uint8_t range; // Multicast: chips from the start on
  uint16_t payload_size_bytes;
  uint16_t dst_dev_id; // Chip2D
  uint64_t noc_address;
  uint32_t value; // AtomicInc
  uint32_t flush;
  uint64_t reserved;

#define TTLEMU_PACKET_HEADER_METHODS(QUALIFIER, RESULT, SELF)                         \
  RESULT to_chip_unicast(uint8_t distance_in_hops) QUALIFIER {                       \
    routing = uint8_t(EmuPacketRouting::Hops);                                       \
    hops = distance_in_hops;                                                         \
    range = 0;                                                                       \
    return SELF;                                                                     \
  }                                                                                  \
  RESULT to_chip_multicast(const MulticastRoutingCommandHeader &m) QUALIFIER {       \
    routing = uint8_t(m.range_hops ? EmuPacketRouting::Multicast : EmuPacketRouting::Hops); \
    hops = m.start_distance_in_hops;                                                 \
    range = m.range_hops;                                                            \
    return SELF;                                                                     \
  }                                                                                  \
  RESULT to_noc_unicast_write(const NocUnicastCommandHeader &c, uint16_t size) QUALIFIER { \
    command = uint8_t(EmuPacketCommand::UnicastWrite);                               \
    noc_address = c.noc_address;                                                     \
    payload_size_bytes = size;                                                       \
    return SELF;                                                                     \
  }                                                                                  \
  RESULT to_noc_unicast_atomic_inc(const NocUnicastAtomicIncCommandHeader &c) QUALIFIER { \
    command = uint8_t(EmuPacketCommand::AtomicInc);                                  \
    noc_address = c.noc_address;                                                     \
    value = c.val;                                                                   \
    flush = c.flush;                                                                 \
    payload_size_bytes = 0;                                                          \
    return SELF;                                                                     \
  }
  TTLEMU_PACKET_HEADER_METHODS(, PacketHeader &, *this)
  TTLEMU_PACKET_HEADER_METHODS(volatile, volatile PacketHeader *, this)
#undef TTLEMU_PACKET_HEADER_METHODS
};
static_assert(sizeof(PacketHeader) == 32, "the emulated packet header is 32 bytes");

// 2-D routing (tt_fabric_api.h's fabric_set_unicast_route): the destination
// chip of the mesh (its row-major index); one mesh per run.
inline void fabric_set_unicast_route(volatile PacketHeader *header, uint16_t dst_dev_id,
                                     uint16_t dst_mesh_id = 0) {
  (void)dst_mesh_id;
  header->routing = uint8_t(EmuPacketRouting::Chip2D);
  header->dst_dev_id = dst_dev_id;
}

} // namespace tt::tt_fabric

#define PACKET_HEADER_TYPE tt::tt_fabric::PacketHeader
