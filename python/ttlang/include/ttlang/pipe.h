// Device side of ttl.Pipe transfers (docs/language.md, "Pipes").
//
// A generated data-movement kernel includes this header (after
// api/dataflow/dataflow_api.h) when it sends or receives through a pipe. The
// handshake is the one of TT-Metal's own multicast kernels (the matmul
// "in0 sender / receiver" pair): the receivers raise a semaphore on the
// source when their block is reserved, the source waits for all of them,
// writes the block into every receiver (one multicast write, or a unicast
// write for one receiver) and then sets a "valid" semaphore on them. A pipe
// whose receivers are not one rectangle (a 1-D pipe's run of cores) waits
// for all of them once and writes each of its rectangles in turn.
// Semaphore ids come from ttl-plan-pipes (PlanPipes.cpp), which also proves
// that every receiver takes each block the source sends.
//
// The address the source writes to is the one the receivers reserved: each
// receiver writes it into the source's address semaphore before raising the
// ready count, so sender and receivers may use different DFBs. The
// receivers of one multicast write take one address: they run the same DFB
// program (docs/language.md).
//
// Stateless: every word lives in a program semaphore of the core.
#pragma once

#include <cstdint>

namespace ttlang {

/// The NoC coordinates of worker core (x, y) of the operation's grid: this
/// core's own NoC coordinates moved by the logical distance. TT-Metal's
/// translated (virtual) worker coordinates are contiguous over the worker
/// grid, which is what makes the distance carry over.
inline uint32_t pipe_noc_x(uint32_t x) {
  return uint32_t(my_x[noc_index]) + x - uint32_t(get_absolute_logical_x());
}
inline uint32_t pipe_noc_y(uint32_t y) {
  return uint32_t(my_y[noc_index]) + y - uint32_t(get_absolute_logical_y());
}

inline volatile uint32_t *pipe_semaphore(uint32_t id) {
  return reinterpret_cast<volatile uint32_t *>(get_semaphore(id));
}

/// On the source core: waits until all `receivers` have reserved their block
/// and returns the L1 address they reserved it at (the same on each: they
/// run one DFB program), ready for pipe_send_write.
inline uint32_t pipe_send_ready(uint32_t receivers, uint32_t ready_id,
                                uint32_t address_id, uint32_t flag_id) {
  volatile uint32_t *ready = pipe_semaphore(ready_id);
  noc_semaphore_wait(ready, receivers);
  noc_semaphore_set(ready, 0);
  // The valid flag the receivers wait for is written from this word.
  noc_semaphore_set(pipe_semaphore(flag_id), 1);
  // Sent relative to the semaphore base, the same L1 address on every core
  // (see pipe_receive).
  return uint32_t(get_semaphore(0)) + *pipe_semaphore(address_id);
}

/// On the source core, after pipe_send_ready: writes the `bytes` at L1
/// address `source` to `destination` on the receivers (x0, y0) .. (x1, y1)
/// (inclusive, logical coordinates) and sets their valid flag.
inline void pipe_send_write(uint32_t source, uint32_t bytes,
                            uint32_t destination, uint32_t x0, uint32_t y0,
                            uint32_t x1, uint32_t y1, uint32_t valid_id,
                            uint32_t flag_id) {
  uint32_t receivers = (x1 - x0 + 1) * (y1 - y0 + 1);
  uint32_t flag = uint32_t(get_semaphore(flag_id));
  uint32_t valid = uint32_t(get_semaphore(valid_id));
  if (receivers == 1) {
    uint32_t x = pipe_noc_x(x0), y = pipe_noc_y(y0);
    noc_async_write(source, get_noc_addr(x, y, destination), bytes);
    // The block lands before its flag.
    noc_async_write_barrier();
    noc_semaphore_set_remote(flag, get_noc_addr(x, y, valid));
  } else {
    // NoC 0 names a multicast rectangle from its top-left corner, NoC 1
    // (whose coordinates run the other way) from its bottom-right.
    uint32_t sx = pipe_noc_x(x0), sy = pipe_noc_y(y0);
    uint32_t ex = pipe_noc_x(x1), ey = pipe_noc_y(y1);
    if (noc_index == 1) {
      uint32_t t = sx;
      sx = ex;
      ex = t;
      t = sy;
      sy = ey;
      ey = t;
    }
    noc_async_write_multicast(
        source, get_noc_multicast_addr(sx, sy, ex, ey, destination), bytes,
        receivers);
    noc_async_write_barrier();
    noc_semaphore_set_multicast(flag, get_noc_multicast_addr(sx, sy, ex, ey, valid),
                                receivers);
  }
  noc_async_write_barrier();
}

/// On the source core: sends the `bytes` at L1 address `source` to the
/// receivers (x0, y0) .. (x1, y1) (inclusive, logical coordinates).
inline void pipe_send(uint32_t source, uint32_t bytes, uint32_t x0,
                      uint32_t y0, uint32_t x1, uint32_t y1, uint32_t ready_id,
                      uint32_t address_id, uint32_t valid_id,
                      uint32_t flag_id) {
  uint32_t destination = pipe_send_ready((x1 - x0 + 1) * (y1 - y0 + 1),
                                         ready_id, address_id, flag_id);
  pipe_send_write(source, bytes, destination, x0, y0, x1, y1, valid_id,
                  flag_id);
}

/// On a receiver: has the source at logical (src_x, src_y) write the block
/// reserved at L1 address `destination` and waits until it has.
inline void pipe_receive(uint32_t destination, uint32_t src_x, uint32_t src_y,
                         uint32_t ready_id, uint32_t address_id,
                         uint32_t valid_id) {
  uint32_t x = pipe_noc_x(src_x), y = pipe_noc_y(src_y);
  volatile uint32_t *valid = pipe_semaphore(valid_id);
  // The address travels through this core's valid word: the source reads
  // it only after the ready increment below, and sets the word to 1 only
  // after that. It is sent as an offset from the semaphore base, which is the
  // same L1 address on every core: on hardware the offset adds back to the
  // same address, and on the emulated device, whose kernels see each core's
  // L1 at a host address of its own, it lands in the sender's view of L1.
  noc_semaphore_set(valid, destination - uint32_t(get_semaphore(0)));
  noc_semaphore_set_remote(uint32_t(get_semaphore(valid_id)),
                           get_noc_addr(x, y, uint32_t(get_semaphore(address_id))));
  noc_async_write_barrier();
  noc_semaphore_set(valid, 0);
  noc_semaphore_inc(get_noc_addr(x, y, uint32_t(get_semaphore(ready_id))), 1);
  noc_async_atomic_barrier();
  noc_semaphore_wait(valid, 1);
}

} // namespace ttlang
