#!/usr/bin/env bash
# Installs, from Debian 12's repositories, whatever the build needs and the machine lacks.
# Needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(
  build-essential cmake git
  doxygen python3  # the doxygen_reference and package_conan_recipe tests
  python3-jsonschema  # fidelity_exchanges: the fakes' answers checked against specs/<api>.json
  libboost1.81-dev libboost-json1.81-dev libboost-url1.81-dev libboost-test1.81-dev
  libssl-dev zlib1g-dev openssl ca-certificates
  clang-16 libclang-rt-16-dev  # the fuzz targets: clang 16 (14 fails on the transport's coroutines), libFuzzer, ASan, UBSan
  lld-16  # links what clang 16 builds (-fuse-ld=lld-16: plain, asan, fuzz presets) in a fifth of ld.bfd's time
)
[[ "${WEBAPI_WITH_BENCHMARKS:-0}" == 1 ]] && packages+=(libbenchmark-dev libcurl4-openssl-dev libsimdjson-dev)
# The official-client tests (tests/official) run on Node.js; Debian's only when the machine has none.
command -v node >/dev/null || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "installing: ${missing[*]}"
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The official clients, at the versions package-lock.json pins: installed when missing or older than the lock.
official="$(dirname "$0")/../tests/official"
installed_lock="$official/node_modules/.package-lock.json"
if [[ ! -f "$installed_lock" || "$official/package-lock.json" -nt "$installed_lock" ]]; then
  echo "installing the official Node clients (tests/official, npm ci)"
  (cd "$official" && npm ci --no-audit --no-fund --loglevel=error)
fi
