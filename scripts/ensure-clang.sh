#!/usr/bin/env bash
# Makes clang-19 available for the real-header kernel check (python/ttlang/testing/kernel_check.py).
# Never fails the build: when clang-19 cannot be installed it says why, and the check's tests are
# skipped with the same reason (pytest -rs prints it).
set -u
if command -v clang-19 >/dev/null 2>&1; then
  exit 0
fi
skip="the real-header kernel check will be skipped"
if [ "$(id -u)" != 0 ]; then
  echo "kernel check: clang-19 is missing and this is not root, so $skip (install: apt-get install -y clang-19)"
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "kernel check: clang-19 is missing and there is no apt-get, so $skip"
  exit 0
fi
log=$(mktemp -t ttlang-clang-install.XXXXXX)
echo "kernel check: installing clang-19 (apt-get update && apt-get install -y clang-19)"
if ! { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y clang-19; } >"$log" 2>&1; then
  echo "kernel check: installing clang-19 failed (no network or no package?), so $skip; log: $log"
  exit 0
fi
rm -f "$log"
echo "kernel check: clang-19 installed"
