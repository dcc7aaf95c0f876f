#!/usr/bin/env bash
# Prints the path of a Python 3.12 interpreter, or explains what is missing and fails.
# ttnn 0.81.1 ships cp312 wheels only, so no other version will do.
set -u
want="3.12"
candidates=()
[ -n "${TTLANG_PYTHON:-}" ] && candidates+=("$TTLANG_PYTHON")
candidates+=("python3.12")
if command -v pyenv >/dev/null 2>&1; then
  root=$(pyenv root 2>/dev/null)
  for d in "$root"/versions/3.12*; do [ -x "$d/bin/python3" ] && candidates+=("$d/bin/python3"); done
  # The pyenv shim refuses to run without PYENV_VERSION naming an installed 3.12.
  for d in "$root"/versions/3.12*; do
    [ -d "$d" ] && candidates+=("env PYENV_VERSION=$(basename "$d") python3.12")
  done
fi
for d in "$HOME"/.pyenv/versions/3.12* /usr/local/bin/python3.12 /usr/bin/python3.12; do
  [ -x "$d" ] && candidates+=("$d")
  [ -x "$d/bin/python3" ] && candidates+=("$d/bin/python3")
done
for c in "${candidates[@]}"; do
  # shellcheck disable=SC2086
  real=$($c -c 'import sys; v=sys.version_info; print(sys.executable if (v.major, v.minor)==(3,12) else "")' 2>/dev/null) || continue
  if [ -n "$real" ]; then echo "$real"; exit 0; fi
done
cat >&2 <<MSG
error: ttlang needs Python $want (ttnn 0.81.1 publishes cp312 wheels only), and none was found.
Looked at: \$TTLANG_PYTHON, python3.12 on PATH, pyenv versions 3.12.*, /usr/local/bin, /usr/bin.
Install one (for example 'pyenv install 3.12.1') or set TTLANG_PYTHON=/path/to/python3.12.
MSG
exit 1
