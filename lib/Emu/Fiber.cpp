//===- Fiber.cpp - Cooperative fibers for emulated kernels ----------------===//

#include "Fiber.h"

#include <cstdlib>
#include <sys/mman.h>

#if !defined(__x86_64__)
#error "the emulated device's fibers are implemented for x86-64 only"
#endif

// ttlemu_switch(void **saveSp, void *loadSp): saves the callee-saved
// registers, MXCSR and the x87 control word on the current stack, stores the
// stack pointer in *saveSp and continues on loadSp (System V x86-64 ABI).
asm(R"(
  .text
  .globl ttlemu_switch
  .hidden ttlemu_switch
  .type ttlemu_switch,@function
ttlemu_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size ttlemu_switch, .-ttlemu_switch
)");

extern "C" void ttlemu_switch(void **saveSp, void *loadSp);

namespace ttlemu {
namespace {
thread_local Fiber *starting = nullptr;
} // namespace

// Kernels use little stack, but external C++ functions may use more; the
// pages are only committed when touched.
void *StackPool::acquire() {
  if (!free.empty()) {
    void *stack = free.back();
    free.pop_back();
    return stack;
  }
  void *stack = mmap(nullptr, kStackSize, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (stack == MAP_FAILED || mprotect(stack, kGuardSize, PROT_NONE) != 0)
    std::abort();
  return stack;
}

void StackPool::release(void *stack) { free.push_back(stack); }

StackPool::~StackPool() {
  for (void *stack : free)
    munmap(stack, kStackSize);
}

void Fiber::start(void *stack, Entry fn, void *arg) {
  entry = fn;
  argument = arg;
  auto *top = reinterpret_cast<uint64_t *>(static_cast<char *>(stack) +
                                           StackPool::kStackSize);
  // Layout ttlemu_switch pops: control words, r15..rbp, then the return
  // address (the trampoline), which is entered with rsp % 16 == 8 as after a
  // call.
  uint64_t *sp = top - 2;
  sp[0] = reinterpret_cast<uint64_t>(&Fiber::trampoline);
  sp[1] = 0;
  sp -= 6;
  for (int i = 0; i < 6; ++i)
    sp[i] = 0;
  sp -= 1;
  uint32_t controls[2] = {0x1F80, 0x037F}; // default MXCSR, x87 control word
  __builtin_memcpy(sp, controls, sizeof(controls));
  fiberSp = sp;
}

void Fiber::trampoline() {
  Fiber *self = starting;
  self->entry(self->argument);
  self->exit();
}

void Fiber::resume() {
  starting = this;
  ttlemu_switch(&schedulerSp, fiberSp);
}

void Fiber::yield() { ttlemu_switch(&fiberSp, schedulerSp); }

void Fiber::exit() {
  void *unused;
  ttlemu_switch(&unused, schedulerSp);
  __builtin_unreachable();
}

} // namespace ttlemu
