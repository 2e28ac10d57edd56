#!/usr/bin/env bash
# Installs what is missing, then builds and runs every test once, each where it checks most: under
# AddressSanitizer + UndefinedBehaviorSanitizer, the concurrency tests also under ThreadSanitizer, and
# unsanitized (the `plain` preset) what the sanitizer build leaves out: the generated modules'
# request/response tests and the codec's equivalence with Boost.JSON (label "modules": large files to
# compile, whose codec runs under ASan through the json tests and the fuzzers), the tools, examples,
# packaging and documentation checks.
# `cmake --preset default` builds all of it, for working on the library. The plain run includes
# codegen_drift, which fails when the generated headers differ from what the generator makes of specs/.
# Before the sanitizer suite, each libFuzzer target replays its seeds and committed regressions and runs for
# a bounded time (WEBAPI_FUZZ_SECONDS each, 6 unless set; 0 skips it, and the plain run replays them as the
# test fuzz_replay instead). The unsanitized and AddressSanitizer builds use clang 16, which compiles them in
# about two thirds of GCC's time, and lld 16, which links them in a fifth of ld.bfd's; GCC 12, Debian's
# compiler, compiles what an application's build compiles (every snippet of the documentation, the package
# tests' consumer projects) and the ThreadSanitizer build: clang 16 at -O1 keeps a thread_local's address
# across a coroutine's suspension (LLVM issue 63022), and a coroutine resumed on another thread of the
# io_context then reads the first thread's Asio frame cache.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

# Each step says how long the run has taken so far, so the slow ones are easy to find.
started=$SECONDS
step() { printf '\n== [%dm%02ds] %s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$*"; }

step "build and test what only an unsanitized build checks"
# The fuzzing step below replays every seed and committed regression under the sanitizers; fuzz_replay does
# the same in this build only when that step is skipped.
fuzz_seconds=${WEBAPI_FUZZ_SECONDS:-6}
cmake --preset plain -DWEBAPI_FUZZ_REPLAY="$([[ $fuzz_seconds == 0 ]] && echo ON || echo OFF)"
cmake --build --preset plain
ctest --preset plain

step "build and test the concurrency tests under ThreadSanitizer"
cmake --preset tsan
cmake --build --preset tsan
TSAN_OPTIONS=halt_on_error=1 ctest --preset tsan --no-tests=ignore

if [[ $fuzz_seconds != 0 ]]; then
  step "fuzz every target for ${fuzz_seconds}s (clang, libFuzzer + ASan + UBSan)"
  scripts/fuzz.sh "$fuzz_seconds"
fi

step "build and test under AddressSanitizer + UndefinedBehaviorSanitizer"
cmake --preset asan
cmake --build --preset asan
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --preset asan
step "done"
