#!/usr/bin/env bash
# `make wheel-check`: installs the built wheel into a fresh venv with only its declared
# requirements (from PyPI, through pip's cache), then, outside the source tree, runs the README
# example (compile + emulated run), `ttlang-opt --version`, a ttlang pass through `ttlang-opt`,
# and the docs/emulator.md program under `ttlang-sim`. Fails on any error and on a ttnn DEBUG
# line in the output. Prints the venv's installed size and the time of each step.
#
# Usage: scripts/wheel-check.sh WHEEL [WORK_DIR]   (extra pip options: $WHEEL_CHECK_PIP_ARGS,
# e.g. --no-cache-dir to measure a cold download)
set -euo pipefail
wheel=$(realpath "$1")
src=$(cd "$(dirname "$0")/.." && pwd)
work=${2:-$src/build/wheel-check}
py=$("$src/scripts/find-python.sh")
step_start=$SECONDS
step() { echo "wheel-check: $1 ($((SECONDS - step_start)) s)"; step_start=$SECONDS; }

rm -rf "$work"
mkdir -p "$work/run" "$work/cache"
"$py" -m venv "$work/venv"
venv=$work/venv
# Nothing of the development tree may leak in: no PYTHONPATH, no user site, a fresh kernel cache.
unset PYTHONPATH PYTHONHOME
export PYTHONNOUSERSITE=1 XDG_CACHE_HOME=$work/cache
# shellcheck disable=SC2086
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check ${WHEEL_CHECK_PIP_ARGS:-} \
  "$wheel" 2>&1 | { grep -v "is ignored: it is neither a file nor a directory" || true; }
[ "${PIPESTATUS[0]}" = 0 ] || { echo "wheel-check: FAIL: pip install"; exit 1; }
step "installed $(basename "$wheel") and its requirements"
echo "wheel-check: venv size $(du -sm "$venv" | cut -f1) MB; largest packages (MB):"
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
du -sm "$site"/* | sort -rn | awk 'NR <= 6 { print "  " $0 }'

log=$work/output.log
: > "$log"
cd "$work/run"
run() { "$@" 2>&1 | tee -a "$log"; return "${PIPESTATUS[0]}"; }

run "$venv/bin/python" "$src/scripts/wheel_check.py" "$src/README.md"
step "README example (compile + emulated run)"

version=$("$venv/bin/ttlang-opt" --version 2>&1) || { echo "wheel-check: FAIL: ttlang-opt --version"; exit 1; }
echo "$version" | tee -a "$log"
grep -q "^ttlang-opt " <<< "$version" || { echo "wheel-check: FAIL: ttlang-opt --version"; exit 1; }
run "$venv/bin/ttlang-opt" "$src/test/lit/ttl/assign_dfb_indices.mlir" --ttl-assign-dfb-indices \
  > "$work/opt.mlir"
grep -q "ttl\." "$work/opt.mlir" || { echo "wheel-check: FAIL: ttlang-opt pass output"; exit 1; }
step "ttlang-opt --version and a pass (test/lit/ttl/assign_dfb_indices.mlir)"

# The ttlang-sim program of docs/emulator.md ("# add.py: run with `ttlang-sim add.py`").
"$venv/bin/python" - "$src/docs/emulator.md" > add.py <<'PY'
import re, sys
text = open(sys.argv[1]).read()
print(next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if b.startswith("# add.py")))
PY
run "$venv/bin/ttlang-sim" add.py
grep -q "\[3 3 3 3\]" "$log" || { echo "wheel-check: FAIL: ttlang-sim add.py"; exit 1; }
step "ttlang-sim add.py (docs/emulator.md)"

if grep -n "| DEBUG " "$log"; then
  echo "wheel-check: FAIL: a DEBUG log line in the output (above)"
  exit 1
fi
echo "wheel-check: OK"
