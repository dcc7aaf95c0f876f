#!/usr/bin/env bash
# The emulator's AArch64 path, checked on an x86-64 machine: cross-compiles libttlang_emu.so
# (every lib/Emu source) for AArch64, and runs the fiber checks (test/unit/EmuFiberTest.cpp with
# lib/Emu/Fiber.cpp, statically linked) under qemu-user. Needs Debian's g++-aarch64-linux-gnu
# and qemu-user. Run by lit (test/lit/emu/fiber_unit_aarch64.test) where both are installed.
#
# Usage: scripts/check-emu-aarch64.sh [WORK_DIR]
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
cxx=aarch64-linux-gnu-g++
flags=(-std=c++17 -O1 -fPIC -fexceptions -Wall -Wextra -I "$src/include"
       -I "$src/python/ttlang/emu/include" -I "$src/lib/Emu")
objects=()
for source in "$src"/lib/Emu/*.cpp; do
  object=$work/$(basename "$source").o
  "$cxx" "${flags[@]}" -c "$source" -o "$object"
  objects+=("$object")
done
"$cxx" -shared -o "$work/libttlang_emu.so" "${objects[@]}" -ldl
echo "check-emu-aarch64: built $(file -b "$work/libttlang_emu.so" | cut -d, -f1-2)"
"$cxx" -std=c++17 -O2 -static -o "$work/fiber-tests" "$src/test/unit/EmuFiberTest.cpp" \
  "$src/lib/Emu/Fiber.cpp"
qemu-aarch64 "$work/fiber-tests"
