// ttlemu/runtime.h - the interface between kernels compiled for the emulated
// device and its runtime (libTTLangEmu.so).
//
// The api/... headers beside this folder stand in for TT-Metal's kernel API
// headers: each kernel-facing function forwards to one of the functions
// below, which the runtime implements against the emulated core the calling
// kernel runs on. Only what is declared in api/... exists: any other TT-Metal
// call in a kernel is a compile error naming it.
#pragma once

#include <cstddef>
#include <cstdint>

#define ALWI inline __attribute__((always_inline))
#define FORCE_INLINE inline __attribute__((always_inline))
#define tt_l1_ptr
#define tt_reg_ptr

// The per-processor circular-buffer state of TT-Metal
// (internal/circular_buffer_interface.h): addresses and sizes in bytes on the
// data-movement processors and in 16-byte units on the compute processors.
struct LocalCBInterface {
  uint32_t fifo_size;
  uint32_t fifo_limit;
  uint32_t fifo_page_size;
  uint32_t fifo_num_pages;
  uint32_t fifo_rd_ptr;
  uint32_t fifo_wr_ptr;
  uint32_t tiles_acked;
  uint32_t tiles_received;
  uint32_t fifo_wr_tile_ptr;
};

namespace ttlemu {
namespace rt {

// Identity of the calling kernel.
uint32_t logicalX();
uint32_t logicalY();
uint32_t nocX(uint32_t noc);
uint32_t nocY(uint32_t noc);
uint32_t cbAddressShift(); // 0 on data movement, 4 on compute

// Runtime arguments (checked against the count the program gave).
uint32_t arg(uint32_t index);
uint32_t commonArg(uint32_t index);

// Circular buffers.
LocalCBInterface &localCb(uint32_t cb);
void cbReserveBack(uint32_t cb, uint32_t pages);
void cbPushBack(uint32_t cb, uint32_t pages);
void cbWaitFront(uint32_t cb, uint32_t pages);
void cbPopFront(uint32_t cb, uint32_t pages);
bool cbPagesReservable(uint32_t cb, uint32_t pages);
bool cbPagesAvailable(uint32_t cb, uint32_t pages);
uint32_t cbWritePtr(uint32_t cb);
uint32_t cbReadPtr(uint32_t cb);
uint32_t cbTileSize(uint32_t cb);

// NoC. Addresses are TT-Metal NoC addresses: (y << 42) | (x << 36) | local.
uint64_t nocAddress(uint32_t x, uint32_t y, uint32_t local);
uint64_t localNocAddress(uint32_t local);
uint64_t interleavedPage(bool dram, uint32_t bankBase, uint32_t pageSize,
                         uint32_t page, uint32_t offset);
uint32_t alignment(bool dram);
void nocRead(uint64_t source, uint32_t destination, uint32_t bytes);
void nocWrite(uint32_t source, uint64_t destination, uint32_t bytes);
void nocWriteMulticast(uint32_t source, uint64_t destination, uint32_t bytes,
                       uint32_t destinations, bool loopback);
void nocReadBarrier();
void nocWriteBarrier();
void nocWritesFlushed();
void nocAtomicBarrier();
void nocFullBarrier();

// Semaphores.
uint32_t semaphoreAddress(uint32_t id);
void semaphoreWait(volatile uint32_t *word, uint32_t value, bool atLeast);
void semaphoreSet(volatile uint32_t *word, uint32_t value);
void semaphoreIncrement(uint64_t address, uint32_t increment);
void semaphoreSetRemote(uint32_t source, uint64_t destination);
void semaphoreSetMulticast(uint32_t source, uint64_t destination,
                           uint32_t destinations, bool loopback);

// Compute: configuration.
void hwStartup(uint32_t srcA, uint32_t srcB, uint32_t out);
void configureSrcA(uint32_t cb);
void configureSrcB(uint32_t cb);
void configurePack(uint32_t cb);
void binaryInit(uint32_t op, bool accumulate);
void matmulInit(bool transpose);
void reduceInit(uint32_t pool, uint32_t dim);
void transposeInit();
void sfpuInit(const char *op);

// Compute: destination registers.
void tileRegsAcquire();
void tileRegsCommit();
void tileRegsWait();
void tileRegsRelease();

// Compute: tile operations (DEST indices relative to the current section).
void copyTile(uint32_t cb, uint32_t tile, uint32_t dst);
void eltwiseTiles(uint32_t op, uint32_t cb0, uint32_t cb1, uint32_t tile0,
                  uint32_t tile1, uint32_t dst);
void broadcastTiles(uint32_t op, uint32_t type, uint32_t cb0, uint32_t cb1,
                    uint32_t tile0, uint32_t tile1, uint32_t dst);
void matmulTiles(uint32_t cb0, uint32_t cb1, uint32_t tile0, uint32_t tile1,
                 uint32_t dst);
void reduceTile(uint32_t pool, uint32_t dim, uint32_t cb, uint32_t scalerCb,
                uint32_t tile, uint32_t scalerTile, uint32_t dst);
void transposeTile(uint32_t cb, uint32_t tile, uint32_t dst);
void unaryBroadcast(uint32_t type, uint32_t cb, uint32_t tile, uint32_t dst);
void packTile(uint32_t dst, uint32_t cb, int32_t slot); // slot < 0: in order
// pack_reconfig_l1_acc: later packs add to the tile in L1 (1) or overwrite it (0).
void packL1Accumulation(uint32_t enable);
void sfpuUnary(uint32_t op, uint32_t dst, uint32_t param, bool approximate);
void sfpuScalar(uint32_t op, uint32_t dst, uint32_t bits);
void sfpuBinary(uint32_t op, uint32_t a, uint32_t b, uint32_t out);
void sfpuWhere(uint32_t cond, uint32_t t, uint32_t f, uint32_t out);

// Device prints (api/debug/dprint.h): one line of text; tile `tile` of cb `cb`
// at its read (waited) or write (reserved) pointer as 1024 row-major floats.
void debugPrint(const char *text);
void debugTile(uint32_t cb, uint32_t tile, bool readSide, float *out);

// An error in the calling kernel: stops the program, naming kernel and core.
[[noreturn]] void fail(const char *message);

} // namespace rt
} // namespace ttlemu

namespace ttlemu {
// Operation codes the compute headers pass to the runtime; they equal
// ttl/Emu/TileNumerics.h's enums (ComputeApi.cpp checks that they do).
enum class UnaryCode : uint32_t {
  Exp, Exp2, Relu, Sqrt, Rsqrt, Recip, Negative, Abs, Sigmoid, Tanh, Log,
  Sin, Cos, Gelu, Silu, Square, Power, Rdiv, Rsub, Fill, PowerBits,
};
enum class ScalarCode : uint32_t { Add, Sub, Mul, Div, Rsub };
enum class BinaryCode : uint32_t {
  Add, Sub, Mul, Div, Rsub, Power, Max, Min, Eq, Ne, Lt, Gt, Le, Ge,
};
} // namespace ttlemu
