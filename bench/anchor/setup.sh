#!/usr/bin/env bash
# Sets up the upstream side of the same-run benchmarks (`make anchor`; not part of `make test`):
#   venv-tt-lang-1.1.1/      upstream tt-lang 1.1.1 (Python 3.12, ttnn 0.69.0, torch), compile-only
#   venv-tt-lang-sim-1.1.6/  upstream tt-lang-sim 1.1.6, the pure-Python simulator (Python 3.11)
# Every version is pinned (requirements-*.txt); the packages come from the package registry.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

py312=$("$root/scripts/find-python.sh")
if [ ! -f "$here/venv-tt-lang-1.1.1/.stamp" ]; then
  echo "setting up upstream tt-lang 1.1.1 in bench/anchor/venv-tt-lang-1.1.1 (several GB: torch)"
  $py312 -m venv "$here/venv-tt-lang-1.1.1"
  pip="$here/venv-tt-lang-1.1.1/bin/pip"
  "$pip" install --quiet --disable-pip-version-check -r "$here/requirements-tt-lang-1.1.1.txt"
  # Its own metadata asks for any torch >= 1.9 (a newer CUDA build); the pins above are what runs.
  "$pip" install --quiet --disable-pip-version-check --no-deps tt-lang==1.1.1
  touch "$here/venv-tt-lang-1.1.1/.stamp"
fi

py311=""
for candidate in python3.11 "$HOME"/.pyenv/versions/3.11*/bin/python3; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; assert sys.version_info[:2] == (3, 11)' 2>/dev/null; then
    py311="$candidate"; break
  fi
done
if [ -z "$py311" ]; then
  echo "no Python 3.11 for tt-lang-sim 1.1.6 (its torch 2.13.0 CPU build is for 3.11): skipped" >&2
elif [ ! -f "$here/venv-tt-lang-sim-1.1.6/.stamp" ]; then
  echo "setting up upstream tt-lang-sim 1.1.6 in bench/anchor/venv-tt-lang-sim-1.1.6"
  "$py311" -m venv "$here/venv-tt-lang-sim-1.1.6"
  pip="$here/venv-tt-lang-sim-1.1.6/bin/pip"
  "$pip" install --quiet --disable-pip-version-check torch==2.13.0
  "$pip" install --quiet --disable-pip-version-check -r "$here/requirements-tt-lang-sim-1.1.6.txt"
  "$pip" install --quiet --disable-pip-version-check --no-deps tt-lang-sim==1.1.6
  touch "$here/venv-tt-lang-sim-1.1.6/.stamp"
fi
