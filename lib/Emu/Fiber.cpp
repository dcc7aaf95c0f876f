//===- Fiber.cpp - Cooperative fibers for emulated kernels ----------------===//

#include "Fiber.h"

#include <cstdlib>
#include <sys/mman.h>

// ttlemu_switch(void **saveSp, void *loadSp): saves the callee-saved
// registers and the floating-point control state on the current stack, stores
// the stack pointer in *saveSp and continues on loadSp, where an earlier
// switch (or Fiber::start) left the same frame. One implementation per
// architecture; Fiber::start lays out the first frame to match.
#if defined(__x86_64__)
// System V x86-64: rbp, rbx, r12-r15, then MXCSR and the x87 control word.
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
#elif defined(__aarch64__)
// AAPCS64: x19-x28, the frame pointer x29, the link register x30 (where
// `ret` continues), d8-d15, then FPCR; 176 bytes keep sp 16-byte aligned.
asm(R"(
  .text
  .globl ttlemu_switch
  .hidden ttlemu_switch
  .type ttlemu_switch,%function
ttlemu_switch:
  sub sp, sp, #176
  stp x19, x20, [sp, #0]
  stp x21, x22, [sp, #16]
  stp x23, x24, [sp, #32]
  stp x25, x26, [sp, #48]
  stp x27, x28, [sp, #64]
  stp x29, x30, [sp, #80]
  stp d8, d9, [sp, #96]
  stp d10, d11, [sp, #112]
  stp d12, d13, [sp, #128]
  stp d14, d15, [sp, #144]
  mrs x9, fpcr
  str x9, [sp, #160]
  mov x9, sp
  str x9, [x0]
  mov sp, x1
  ldr x9, [sp, #160]
  msr fpcr, x9
  ldp x19, x20, [sp, #0]
  ldp x21, x22, [sp, #16]
  ldp x23, x24, [sp, #32]
  ldp x25, x26, [sp, #48]
  ldp x27, x28, [sp, #64]
  ldp x29, x30, [sp, #80]
  ldp d8, d9, [sp, #96]
  ldp d10, d11, [sp, #112]
  ldp d12, d13, [sp, #128]
  ldp d14, d15, [sp, #144]
  add sp, sp, #176
  ret
  .size ttlemu_switch, .-ttlemu_switch
)");
#else
#error "the emulated device's fibers are implemented for x86-64 and AArch64 only"
#endif

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
#if defined(__x86_64__)
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
#elif defined(__aarch64__)
  // The 176-byte frame ttlemu_switch loads: zero registers, x30 (slot 11) the
  // trampoline, FPCR (slot 20) 0, the default (round to nearest, no traps).
  uint64_t *sp = top - 22;
  for (int i = 0; i < 22; ++i)
    sp[i] = 0;
  sp[11] = reinterpret_cast<uint64_t>(&Fiber::trampoline);
#endif
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
