#!/usr/bin/env bash
# Installs what is missing, builds the tour and walks through the library against its in-memory fakes.
# Extra arguments go to the tour (e.g. --base-url http://127.0.0.1:8080 --api-key KEY).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset default >/dev/null
cmake --build --preset default --target webapi-tour
exec build/default/examples/tour/webapi-tour "$@"
