#!/usr/bin/env bash
# Installs what is missing, then builds and runs every test once, each where it checks most: under
# AddressSanitizer + UndefinedBehaviorSanitizer, the concurrency tests also under ThreadSanitizer, and
# unsanitized (the `plain` preset) what the sanitizer build leaves out: the generated modules'
# request/response tests and the codec's equivalence with Boost.JSON (label "modules": large files to
# compile, whose codec runs under ASan through the json tests and the fuzzers), the tools, examples,
# packaging and documentation checks.
# `cmake --preset default` builds all of it, for working on the library. The plain run includes
# codegen_drift, which fails when the generated headers differ from what the generator makes of specs/, and
# fuzz_replay, which replays every fuzz target's seeds and committed regressions. Before the sanitizer suite,
# each libFuzzer target runs for a bounded time (WEBAPI_FUZZ_SECONDS each, 6 unless set; 0 skips). The
# sanitizer builds use clang 16, which compiles the test suites in about two thirds of GCC's time with every
# UBSan check on; the unsanitized build keeps GCC, so both compilers check the code.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

# Each step says how long the run has taken so far, so the slow ones are easy to find.
started=$SECONDS
step() { printf '\n== [%dm%02ds] %s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$*"; }

step "build and test what only an unsanitized build checks"
cmake --preset plain
cmake --build --preset plain
ctest --preset plain

step "build and test the concurrency tests under ThreadSanitizer"
cmake --preset tsan
cmake --build --preset tsan
TSAN_OPTIONS=halt_on_error=1 ctest --preset tsan --no-tests=ignore

if [[ "${WEBAPI_FUZZ_SECONDS:-6}" != 0 ]]; then
  step "fuzz every target for ${WEBAPI_FUZZ_SECONDS:-6}s (clang, libFuzzer + ASan + UBSan)"
  scripts/fuzz.sh "${WEBAPI_FUZZ_SECONDS:-6}"
fi

step "build and test under AddressSanitizer + UndefinedBehaviorSanitizer"
cmake --preset asan
cmake --build --preset asan
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --preset asan
step "done"
