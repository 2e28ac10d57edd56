#!/usr/bin/env bash
# A module's asynchronous twins against a served fake: starts webapi-fake-server-<module> on a free port with
# the demo data set and a frozen clock, names it to the test (tests/support/served.hpp), runs the test's
# served suite, and stops the server.
#   async_served.sh <webapi-fake-server-<module>> <test executable> [<suite>, default served]
set -euo pipefail
server="$1"
tests="$2"
suite="${3:-served}"
out="$(mktemp)"
log="$(mktemp)"
source "$(dirname "$0")/fake_server.sh"
trap 'fake_server_kill; rm -f "$out" "$log"' EXIT
fail() { echo "FAIL: $*" >&2; cat "$out" >&2 || true; exit 1; }

fake_server_start "$out" "$server" --seed demo --clock frozen --port 0 || fail "the server did not start"
token="$(sed -n 's/^CONTROL_TOKEN=//p' "$out")"
[ -n "$token" ] || fail "no CONTROL_TOKEN= line"

export WEBAPI_SERVED_BASE_URL="http://127.0.0.1:$port" WEBAPI_SERVED_CONTROL_TOKEN="$token"
"$tests" --run_test="$suite" --log_level=test_suite --report_level=short --color_output=no >"$log" 2>&1 \
  || { cat "$log"; fail "the $suite suite failed against the served fake"; }
cat "$log"
# A precondition that does not hold skips the suite, and a run that skipped it passes: it must have run.
grep -q "^.*Leaving test suite \"$suite\"" "$log" || fail "the $suite suite did not run"
fake_server_stop || fail "the server exited with $? after SIGTERM"
