#!/usr/bin/env bash
# Installs the Debian packages some tests need, when missing (one apt-get for all of them):
#   clang-19                         the real-header kernel check (python/ttlang/testing/kernel_check.py)
#   g++-aarch64-linux-gnu, qemu-user the emulator's AArch64 path (scripts/check-emu-aarch64.sh)
#   openmpi-bin, libopenmpi-dev      Open MPI for a mesh spread over processes (mpi4py, pinned in
#                                    requirements.txt, loads it; test/python/emu/test_mesh_mpi.py)
# Never fails the build: when a package cannot be installed it says why, and the tests that need
# it are skipped with the same reason (pytest -rs, lit's UNSUPPORTED).
set -u
# command on PATH | Debian package | what is skipped without it
tools=(
  "clang-19|clang-19|the real-header kernel check"
  "aarch64-linux-gnu-g++|g++-aarch64-linux-gnu|the emulator's AArch64 check"
  "qemu-aarch64|qemu-user|the emulator's AArch64 check"
  "mpirun|openmpi-bin|the MPI mesh test"
  "mpicc|libopenmpi-dev|the MPI mesh test"
)
missing=()
for entry in "${tools[@]}"; do
  IFS='|' read -r command package skipped <<< "$entry"
  command -v "$command" >/dev/null 2>&1 || missing+=("$package|$skipped")
done
[ ${#missing[@]} = 0 ] && exit 0
packages=$(printf '%s\n' "${missing[@]}" | cut -d'|' -f1 | tr '\n' ' ')
skip="$(printf '%s\n' "${missing[@]}" | cut -d'|' -f2 | sort -u | paste -sd, -) will be skipped"
if [ "$(id -u)" != 0 ]; then
  echo "test tools: $packages missing and this is not root, so $skip (install: apt-get install -y $packages)"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "test tools: $packages missing and there is no apt-get, so $skip"
  exit 0
fi
log=$(mktemp -t ttlang-test-tools.XXXXXX)
echo "test tools: installing $packages(apt-get update && apt-get install -y)"
# shellcheck disable=SC2086
if ! { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $packages; } >"$log" 2>&1; then
  echo "test tools: installing $packages failed (no network or no package?), so $skip; log: $log"
  exit 0
fi
rm -f "$log"
echo "test tools: $packages installed"
