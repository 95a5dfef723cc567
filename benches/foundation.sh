#!/usr/bin/env bash
# Foundation benchmark: grundy's dense and memoizing solvers against the seed's
# C++ table method (benches/baseline/get_sg.cpp, g++ -O2), in one run.
# Prints seconds and a checksum per line, and the ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo bench -p grundy --bench solvers 2>/dev/null
