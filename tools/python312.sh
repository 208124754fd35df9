#!/usr/bin/env bash
# Print the path of a Python 3.12 or newer that can make a venv: pyodide-build needs one
# (the book's own venv is Python 3.11, for the torch wheel). The Makefile's .venv-pyodide
# step calls this.
#
# Looked for, in order: $PYODIDE_PYTHON (the one to use, if set), python3.12, python3.13,
# python3.14 and python3 on PATH, then pyenv's versions, uv's and the usual install folders.
# A name that is on PATH but does not run (a pyenv shim of a version that is not active) is
# passed over. Exits 1, saying what is missing, when there is none.
set -u

works() {  # a 3.12+ interpreter whose venv module can install pip
  "$1" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1
}

if [[ -n ${PYODIDE_PYTHON:-} ]]; then
  if works "$PYODIDE_PYTHON"; then
    command -v "$PYODIDE_PYTHON"
    exit 0
  fi
  echo "PYODIDE_PYTHON=$PYODIDE_PYTHON is not a Python 3.12 or newer with venv and ensurepip" >&2
  exit 1
fi

candidates=(python3.12 python3.13 python3.14 python3)
shopt -s nullglob
# newest version first within each folder pattern: sort -V on the version folders
for pattern in "${PYENV_ROOT:-$HOME/.pyenv}/versions/3.*/bin/python3" \
               "$HOME/.local/share/uv/python/cpython-3.*/bin/python3" \
               /usr/local/bin/python3.* /usr/bin/python3.* /opt/python/3.*/bin/python3 \
               /opt/hostedtoolcache/Python/3.*/x64/bin/python3; do
  matches=($pattern)
  ((${#matches[@]})) && mapfile -t sorted < <(printf '%s\n' "${matches[@]}" | grep -Ev -- '-config$' | sort -Vr) \
    && candidates+=("${sorted[@]}")
done

for candidate in "${candidates[@]}"; do
  if works "$candidate"; then
    command -v "$candidate"
    exit 0
  fi
done

cat >&2 <<'EOF'
No Python 3.12 or newer (with venv) was found. pyodide-build, which checks the site's
pyodide-lock.json, needs one. Install one (e.g. `pyenv install 3.12`, or your system's
python3.12 and python3.12-venv packages), or point PYODIDE_PYTHON at one:
    make PYODIDE_PYTHON=/path/to/python3.12 test
EOF
exit 1
