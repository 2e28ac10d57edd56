#!/usr/bin/env bash
# Installs what is missing, then builds and runs every test: plain, under AddressSanitizer +
# UndefinedBehaviorSanitizer, and the concurrency tests under ThreadSanitizer. The plain run includes
# codegen_drift, which fails when the generated headers differ from what the generator makes of specs/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

step() { printf '\n== %s\n' "$*"; }

step "build and test (unoptimized, fast to build)"
cmake --preset default
cmake --build --preset default
ctest --preset default

step "build and test the concurrency tests under ThreadSanitizer"
cmake --preset tsan
cmake --build --preset tsan
TSAN_OPTIONS=halt_on_error=1 ctest --preset tsan --no-tests=ignore

step "build and test under AddressSanitizer + UndefinedBehaviorSanitizer"
cmake --preset asan
cmake --build --preset asan
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --preset asan
