//===- Fiber.h - Cooperative fibers for emulated kernels --------*- C++ -*-===//
//
// Every kernel on every core runs on a fiber of its own. A fiber switch only
// saves the callee-saved registers (a few nanoseconds), which matters: the
// emulator switches at every blocking circular-buffer or semaphore call.
//
//===----------------------------------------------------------------------===//
#ifndef TTL_EMU_FIBER_H
#define TTL_EMU_FIBER_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ttlemu {

/// Fiber stacks, kept for reuse: mapping and first-touching a stack costs far
/// more than a short kernel's run.
class StackPool {
public:
  static constexpr size_t kStackSize = 1 << 20;
  /// The lowest page of a stack is inaccessible: an overflow faults there
  /// (a kernel fault) instead of writing below the stack.
  static constexpr size_t kGuardSize = 4096;
  StackPool() = default;
  ~StackPool();
  StackPool(const StackPool &) = delete;
  StackPool &operator=(const StackPool &) = delete;
  void *acquire();
  void release(void *stack);

private:
  std::vector<void *> free;
};

class Fiber {
public:
  using Entry = void (*)(void *);
  Fiber() = default;
  Fiber(const Fiber &) = delete;
  Fiber &operator=(const Fiber &) = delete;

  /// Prepares the fiber to run `entry(argument)` on `stack` (from a pool, of
  /// StackPool::kStackSize bytes).
  void start(void *stack, Entry entry, void *argument);
  /// Runs the fiber until it yields; returns to the caller (the scheduler).
  void resume();
  /// From inside the fiber: back to the scheduler that resumed it.
  void yield();
  /// From inside the fiber after `entry` finished: never returns.
  [[noreturn]] void exit();

private:
  static void trampoline();
  void *fiberSp = nullptr;
  void *schedulerSp = nullptr;
  Entry entry = nullptr;
  void *argument = nullptr;
};

} // namespace ttlemu

#endif // TTL_EMU_FIBER_H
