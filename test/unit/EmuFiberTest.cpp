//===- EmuFiberTest.cpp - Checks of the emulator's fiber switch -----------===//
//
// A plain main() over lib/Emu/Fiber.cpp alone, so that it also builds for
// another architecture with a cross compiler and runs under qemu-user
// (scripts/check-fibers-aarch64.sh). Every check prints on failure; the exit
// status is the failure count (capped).
//
//===----------------------------------------------------------------------===//

#include "../../lib/Emu/Fiber.h"

#include <cfenv>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace ttlemu;

namespace {

int failures = 0;

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ++failures;                                                              \
      std::printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);              \
      std::printf(__VA_ARGS__);                                                \
      std::printf("\n");                                                       \
    }                                                                          \
  } while (0)

struct Task {
  Fiber fiber;
  int id = 0;
  bool done = false;
  std::vector<int> *log = nullptr;
  long result = 0;
};

/// Recursion whose frames keep values in callee-saved registers across a
/// switch in the middle: a clobbered register changes the sum.
long __attribute__((noinline)) sumWithSwitches(Task &task, int depth) {
  if (depth == 0) {
    task.fiber.yield();
    return 1;
  }
  long mine = depth * 7919L + task.id;
  double scaled = depth * 0.5 + task.id; // lives in a d8-d15 / xmm spill
  long below = sumWithSwitches(task, depth - 1);
  if (depth % 3 == 0)
    task.fiber.yield();
  return below + mine + static_cast<long>(scaled * 2.0);
}

long expectedSum(int id, int depth) {
  long sum = 1;
  for (int d = 1; d <= depth; ++d)
    sum += d * 7919L + id + static_cast<long>((d * 0.5 + id) * 2.0);
  return sum;
}

void roundRobinTask(void *argument) {
  auto &task = *static_cast<Task *>(argument);
  for (int step = 0; step < 3; ++step) {
    task.log->push_back(task.id * 10 + step);
    task.fiber.yield();
  }
  task.result = sumWithSwitches(task, 40);
  task.done = true;
}

/// Uses about 600 KiB of its 1 MiB stack.
long __attribute__((noinline)) deep(int depth) {
  volatile char frame[4096];
  std::memset(const_cast<char *>(frame), depth & 0xFF, sizeof frame);
  if (depth == 0)
    return frame[17];
  return deep(depth - 1) + frame[depth % 4096];
}

void deepTask(void *argument) {
  auto &task = *static_cast<Task *>(argument);
  task.result = deep(150);
  task.done = true;
}

/// Rounding mode is per fiber: set here, kept across a switch, not seen by
/// the scheduler.
void roundingTask(void *argument) {
  auto &task = *static_cast<Task *>(argument);
  CHECK(std::fegetround() == FE_TONEAREST, "a new fiber starts rounding to nearest");
  std::fesetround(FE_UPWARD);
  task.fiber.yield();
  task.result = std::fegetround() == FE_UPWARD ? 1 : 0;
  task.done = true;
}

void runAll(std::vector<Task> &tasks) {
  for (bool any = true; any;) {
    any = false;
    for (Task &task : tasks)
      if (!task.done) {
        task.fiber.resume();
        any = true;
      }
  }
}

} // namespace

int main() {
  StackPool pool;

  std::vector<int> log;
  std::vector<Task> tasks(4);
  std::vector<void *> stacks;
  for (int i = 0; i < 4; ++i) {
    tasks[i].id = i + 1;
    tasks[i].log = &log;
    stacks.push_back(pool.acquire());
    tasks[i].fiber.start(stacks.back(), roundRobinTask, &tasks[i]);
  }
  runAll(tasks);
  std::vector<int> expected;
  for (int step = 0; step < 3; ++step)
    for (int id = 1; id <= 4; ++id)
      expected.push_back(id * 10 + step);
  CHECK(log == expected, "fibers interleave in round-robin order (%zu entries)", log.size());
  for (Task &task : tasks)
    CHECK(task.result == expectedSum(task.id, 40), "task %d: sum %ld, expected %ld", task.id,
          task.result, expectedSum(task.id, 40));
  for (void *stack : stacks)
    pool.release(stack);

  std::vector<Task> deepTasks(1);
  void *reused = pool.acquire();
  CHECK(reused == stacks.back(), "a released stack is reused");
  deepTasks[0].fiber.start(reused, deepTask, &deepTasks[0]);
  runAll(deepTasks);
  CHECK(deepTasks[0].result == deep(150), "deep recursion on a fiber stack");
  pool.release(reused);

  std::vector<Task> rounding(1);
  std::fesetround(FE_DOWNWARD);
  rounding[0].fiber.start(pool.acquire(), roundingTask, &rounding[0]);
  rounding[0].fiber.resume();
  CHECK(std::fegetround() == FE_DOWNWARD, "the scheduler keeps its own rounding mode");
  rounding[0].fiber.resume();
  CHECK(rounding[0].result == 1, "the fiber keeps its rounding mode across a switch");
  std::fesetround(FE_TONEAREST);

  std::printf("fiber checks: %d failure(s)\n", failures);
  return failures > 100 ? 100 : failures;
}
