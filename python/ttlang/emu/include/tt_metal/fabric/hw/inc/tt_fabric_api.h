// The emulated tt_fabric_api.h: 2-D routing to a destination chip
// (fabric_set_unicast_route, defined with the packet header).
#pragma once

#include "hostdev/fabric_edm_packet_header.hpp"
using tt::tt_fabric::fabric_set_unicast_route;
