#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan; the `fuzz` preset) and runs each for a bounded time,
# starting from the seeds the targets generate and the committed regressions.
#
#   scripts/fuzz.sh                 every target, 15 seconds each
#   scripts/fuzz.sh 600 json_audio  one target for ten minutes
#
# A target that finds a crash or a violated property stops the script with its reproducer in
# build/fuzz/artifacts/; copy it into fuzz/regressions/<target>/ so the plain test suite replays it.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-15}
shift || true

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for exe in build/fuzz/fuzz/fuzz_*; do targets+=("${exe##*/fuzz_}"); done
fi

mkdir -p build/fuzz/artifacts
failed=()
for t in "${targets[@]}"; do
  exe=build/fuzz/fuzz/fuzz_$t
  [ -x "$exe" ] || { echo "no fuzz target named $t" >&2; exit 2; }
  corpus=build/fuzz/corpus/$t
  mkdir -p "$corpus"
  WEBAPI_FUZZ_SEED_DIR=$corpus "$exe" -runs=0 "$corpus" >/dev/null 2>&1
  dirs=("$corpus")
  [ -d "fuzz/regressions/$t" ] && dirs+=("fuzz/regressions/$t")
  echo "== fuzz $t for ${seconds}s"
  if ! "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="build/fuzz/artifacts/$t-" "${dirs[@]}" >"build/fuzz/$t.log" 2>&1; then
    tail -n 40 "build/fuzz/$t.log"
    failed+=("$t")
  else
    grep -E "stat::number_of_executed_units|stat::new_units_added" "build/fuzz/$t.log" | tr '\n' ' '
    echo
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]} (reproducers in build/fuzz/artifacts/)" >&2
  exit 1
fi
echo "fuzzed ${#targets[@]} targets for ${seconds}s each: no problem found"
