// ttlemu/fabric.h - the runtime's side of the emulated TT-Fabric kernel API
// (the headers under tt_metal/fabric/ and hostdev/ beside this folder). A
// connection is a handle of the calling kernel; packets are routed to other
// chips of the running mesh and delivered there (lib/Emu/Fabric.cpp).
#pragma once

#include <cstdint>

namespace ttlemu {
namespace rt {

// A sender connection from its runtime word (ttlang.emu's
// MeshDevice.fabric_connection_word): checked against the mesh's links.
uint32_t fabricConnect(uint32_t word);
void fabricOpen(uint32_t connection);
void fabricClose(uint32_t connection);
// Buffer slots of the link free for this sender (observing them returns the
// router's credits for what it forwarded).
uint32_t fabricFreeSlots(uint32_t connection);
// A payload written ahead of its header (send_payload_without_header...).
void fabricStagePayload(uint32_t connection, uint32_t source, uint32_t bytes);
// Sends the packet whose header is at L1 `source` (`bytes` >= the header; any
// bytes after it are the payload): routed and delivered on the destination.
void fabricSend(uint32_t connection, uint32_t source, uint32_t bytes);

} // namespace rt
} // namespace ttlemu
