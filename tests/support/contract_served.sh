#!/usr/bin/env bash
# Contract mode against a served fake: a module's contract_live scenarios pointed at webapi-fake-server as at
# the live service, then `--verify` of every cassette they recorded on a fresh fake, which must find no drift.
#   contract_served.sh <webapi-fake-server-<api>> <test executable> <api> <VARIABLE=DEMO_NAME>...
# Each VARIABLE=DEMO_NAME sets WEBAPI_LIVE_<API>_<VARIABLE> to the demo value printed as DEMO_NAME.
# The served fake and the fresh ones --verify makes share one --demo-secret, so their demo credentials are
# the same: a value a cassette keeps in clear (finance's clientId) then names the replaying fake's too, as
# a live account's would once given to --verify.
set -euo pipefail
server="$1"
tests="$2"
api="$3"
shift 3
API="$(tr '[:lower:]' '[:upper:]' <<<"$api")"
work="$(mktemp -d)"
source "$(dirname "$0")/fake_server.sh"
trap 'fake_server_kill; rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

secret="contract-$(od -An -tx1 -N8 /dev/urandom | tr -d ' \n')"
fake_server_start "$work/out" "$server" --seed demo --demo-secret "$secret" || fail "the server did not start"

export "WEBAPI_LIVE_${API}_BASE_URL=http://127.0.0.1:$port" "WEBAPI_LIVE_CASSETTES=$work/cassettes"
for pair in "$@"; do
  value="$(sed -n "s/^${pair#*=}=//p" "$work/out")"
  [ -n "$value" ] || fail "the demo printed no ${pair#*=}"
  export "WEBAPI_LIVE_${API}_${pair%%=*}=$value"
done
"$tests" --run_test=contract_live --report_level=short || fail "the contract scenarios failed on the served fake"
fake_server_stop || true

count=0
for cassette in "$work"/cassettes/"$api"-*.jsonl; do
  [ -e "$cassette" ] || break
  count=$((count + 1))
  "$server" --verify "$cassette" --seed demo --demo-secret "$secret" >"$work/drift" 2>"$work/err" \
    || fail "$cassette: drift where there is none: $(cat "$work/drift" "$work/err")"
done
[ "$count" -gt 0 ] || fail "no cassette recorded"
echo "$api contract scenarios on the served fake, $count cassettes verified without drift"
