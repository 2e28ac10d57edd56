#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan; the `fuzz` preset) and runs each for a bounded time,
# starting from the seeds the targets generate and the committed regressions.
#
#   scripts/fuzz.sh                 every target, 15 seconds each, as many at once as there are cores
#   scripts/fuzz.sh 600 json_audio  one target for ten minutes
#
# The targets are compiled at -O0, which builds them in under half the time -O1 takes and is what the test
# suite's short runs want; for a long run, WEBAPI_FUZZ_OPT=-O1 runs more inputs a second.
# libFuzzer's entropic schedule is off (-entropic=0, WEBAPI_FUZZ_ENTROPIC=1 puts it back): its bookkeeping
# per input grows with the features an input touches, and a fake touches tens of thousands; in 10 s the
# api_platform fake ran 259 inputs with it and 1,997 without, and every target tried ran as many or more
# inputs and added more to its corpus without it.
#
# A target that finds a crash or a violated property stops the script with its reproducer in
# build/fuzz/artifacts/; copy it into fuzz/regressions/<target>/ so the plain test suite replays it.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-15}
shift || true

cmake --preset fuzz -DCMAKE_CXX_FLAGS_DEBUG="${WEBAPI_FUZZ_OPT:--O0} -g1" >/dev/null
cmake --build --preset fuzz

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for exe in build/fuzz/fuzz/fuzz_*; do targets+=("${exe##*/fuzz_}"); done
fi

mkdir -p build/fuzz/artifacts
for t in "${targets[@]}"; do
  [ -x "build/fuzz/fuzz/fuzz_$t" ] || { echo "no fuzz target named $t" >&2; exit 2; }
done

# fuzz_one <target>: seeds its corpus, fuzzes it, and leaves build/fuzz/<target>.failed if it found a problem.
fuzz_one() {
  local t=$1 exe=build/fuzz/fuzz/fuzz_$1 corpus=build/fuzz/corpus/$1
  rm -f "build/fuzz/$t.failed"
  mkdir -p "$corpus"
  WEBAPI_FUZZ_SEED_DIR=$corpus "$exe" -runs=0 "$corpus" >"build/fuzz/$t.log" 2>&1 || { touch "build/fuzz/$t.failed"; return; }
  local dirs=("$corpus")
  [ -d "fuzz/regressions/$t" ] && dirs+=("fuzz/regressions/$t")
  "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -entropic="${WEBAPI_FUZZ_ENTROPIC:-0}" \
    -artifact_prefix="build/fuzz/artifacts/$t-" "${dirs[@]}" >"build/fuzz/$t.log" 2>&1 || touch "build/fuzz/$t.failed"
}

# The targets run side by side, one per core (WEBAPI_FUZZ_JOBS overrides), each for the full time.
jobs_max=${WEBAPI_FUZZ_JOBS:-$(nproc)}
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
  echo "== fuzz $t for ${seconds}s"
  fuzz_one "$t" &
done
wait

failed=()
for t in "${targets[@]}"; do
  if [ -e "build/fuzz/$t.failed" ]; then
    echo "== $t found a problem:"
    tail -n 40 "build/fuzz/$t.log"
    failed+=("$t")
  else
    printf '%s: ' "$t"
    grep -E "stat::number_of_executed_units|stat::new_units_added" "build/fuzz/$t.log" | tr '\n' ' '
    echo
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzzing found problems in: ${failed[*]} (reproducers in build/fuzz/artifacts/)" >&2
  exit 1
fi
echo "fuzzed ${#targets[@]} targets for ${seconds}s each: no problem found"
