#!/usr/bin/env bash
# Regenerates everything the generator owns:
#   specs/<module>.json                    facts-only copies of ../shared/specs/<module>.openapi.json
#   include/webapi/<module>/{models,operations,client,service}.hpp and include/webapi/<module>.hpp
#   docs/coverage.md, docs/project_management_names.md
#
#   tools/codegen/regenerate.sh           rebuild the generator if needed, then regenerate in place
#   tools/codegen/regenerate.sh --check   regenerate into a scratch folder and exit non-zero on any
#                                         difference from what is committed (the CI drift check)
#
# WEBAPI_CODEGEN_BUILD overrides the generator's build folder (default: build/codegen).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
build=${WEBAPI_CODEGEN_BUILD:-$root/build/codegen}
published=$root/../shared/specs
check=0
case "${1:-}" in
  --check) check=1 ;;
  "") ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -DWEBAPI_BUILD_EXAMPLES=OFF >/dev/null
fi
cmake --build "$build" --target webapi-codegen >/dev/null
codegen=$(find "$build" -type f -name webapi-codegen -perm -u+x | head -n 1)
[ -n "$codegen" ] || { echo "webapi-codegen was not built" >&2; exit 1; }

modules=$(cd "$root/specs/overlays" && ls ./*.json | sed 's|^\./||; s|\.json$||')

if [ "$check" = 0 ]; then
  if [ -d "$published" ]; then
    for m in $modules; do "$codegen" strip "$published/$m.openapi.json" "$root/specs/$m.json"; done
  fi
  "$codegen" generate "$root/specs" "$root"
  exit 0
fi

if [ ! -d "$published" ]; then
  echo "note: $published not found; specs/*.json are taken as committed, not compared with the published descriptions"
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/specs/overlays"
cp "$root"/specs/overlays/*.json "$scratch/specs/overlays/"
for m in $modules; do
  if [ -d "$published" ]; then
    "$codegen" strip "$published/$m.openapi.json" "$scratch/specs/$m.json"
  else
    cp "$root/specs/$m.json" "$scratch/specs/$m.json"
  fi
done
"$codegen" generate "$scratch/specs" "$scratch/out" >/dev/null

status=0
compare() {  # compare <generated> <committed>
  if ! diff -u "$2" "$1" >"$scratch/diff" 2>&1; then
    echo "drift: ${2#"$root"/} differs from what the generator writes" >&2
    head -n 40 "$scratch/diff" >&2
    status=1
  fi
}
for m in $modules; do
  compare "$scratch/specs/$m.json" "$root/specs/$m.json"
  for f in models operations client service; do
    compare "$scratch/out/include/webapi/$m/$f.hpp" "$root/include/webapi/$m/$f.hpp"
  done
  compare "$scratch/out/include/webapi/$m.hpp" "$root/include/webapi/$m.hpp"
done
for f in "$scratch"/out/docs/*.md; do compare "$f" "$root/docs/$(basename "$f")"; done
if [ "$status" = 0 ]; then echo "generated files are up to date"; fi
exit "$status"
