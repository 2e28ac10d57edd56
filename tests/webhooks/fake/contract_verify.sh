#!/usr/bin/env bash
# Contract mode end to end: the webhooks scenario tests pointed at a served fake as at a live service
# (WEBAPI_LIVE_WEBHOOKS_*), recording a cassette per test case; `--verify` then finds no drift in a fresh
# fake, and one line for each way a changed service would answer differently.
#   contract_verify.sh <webapi-fake-server-webhooks> <test_fakes_webhooks>
set -euo pipefail
server="$1"
tests="$2"
work="$(mktemp -d)"
source "$(dirname "$0")/../../support/fake_server.sh"
trap 'fake_server_kill; rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

fake_server_start "$work/out" "$server" --seed demo --demo-secret recording-secret || fail "the server did not start"

mkdir "$work/cassettes"
WEBAPI_LIVE_WEBHOOKS_BASE_URL="http://127.0.0.1:$port" \
WEBAPI_LIVE_WEBHOOKS_HAPIKEY="$(sed -n 's/^HAPIKEY=//p' "$work/out")" \
WEBAPI_LIVE_WEBHOOKS_APP_ID="$(sed -n 's/^APP_ID=//p' "$work/out")" \
WEBAPI_LIVE_CASSETTES="$work/cassettes" \
  "$tests" --run_test=contract_live --report_level=short || fail "the contract scenarios failed on the served fake"
fake_server_stop || true

count=0
for cassette in "$work"/cassettes/webhooks-*.jsonl; do
  count=$((count + 1))
  grep -q '"hapikey","REDACTED"' "$cassette" || fail "$cassette: the key is not redacted"
  # A fresh fake with another secret: its demo key differs from the recorded one, which the cassette lacks.
  "$server" --verify "$cassette" --seed demo --demo-secret another-secret >"$work/drift" 2>"$work/err" \
    || fail "$cassette: drift where there is none: $(cat "$work/drift" "$work/err")"
  [ ! -s "$work/drift" ] || fail "$cassette: drift printed: $(cat "$work/drift")"
done
[ "$count" = 3 ] || fail "expected 3 cassettes, found $count"

# edit <cassette> <operation> <python statement on b (the answer's JSON) or o (the exchange)>: the first
# exchange of the operation changed.
edit() {
  python3 - "$1" "$2" "$3" >"$work/edited.jsonl" <<'PY'
import json, sys
path, operation, statement = sys.argv[1:]
done = False
for line in open(path):
    o = json.loads(line)
    if not done and o.get("operation") == operation:
        b = json.loads(o["response_body"]) if o.get("response_body") else None
        exec(statement)
        if b is not None:
            o["response_body"] = json.dumps(b, separators=(",", ":"))
        done = True
    print(json.dumps(o, separators=(",", ":")))
PY
}
# expect_one <what the line says>: --verify on the edited cassette exits 1 with exactly one line saying it.
expect_one() {
  set +e
  "$server" --verify "$work/edited.jsonl" --seed demo >"$work/drift" 2>"$work/err"
  code=$?
  set -e
  [ "$code" = 1 ] || fail "--verify exited $code, not 1: $(cat "$work/drift" "$work/err")"
  [ "$(wc -l <"$work/drift")" = 1 ] || fail "not one drift line: $(cat "$work/drift")"
  grep -qF "$1" "$work/drift" || fail "the drift line does not say '$1': $(cat "$work/drift")"
}
lifecycle="$work/cassettes/webhooks-subscription_lifecycle.jsonl"
edit "$lifecycle" subscriptions_get_by_id 'b["eventName"] = b.pop("eventType")'
expect_one 'subscriptions_get_by_id $: members differ: only the service has eventName; only the fake has eventType'
edit "$lifecycle" subscriptions_get_by_id 'b["eventType"] = "contact.teleported"'
expect_one 'subscriptions_get_by_id $.eventType: the service answered "contact.teleported", a value the fake does not know'
edit "$lifecycle" subscriptions_get_by_id 'o["status"] = 201'
expect_one 'subscriptions_get_by_id status: the service answered 201, the fake 200'
edit "$lifecycle" subscriptions_update 'b["active"] = "true" if b["active"] else "false"'
expect_one 'subscriptions_update $.active: the service answers a string, the fake a boolean'

# Usage: a cassette of another API, and one that cannot be read, exit 2.
sed '1s/"api":"webhooks"/"api":"quotes"/' "$lifecycle" >"$work/other.jsonl"
set +e
"$server" --verify "$work/other.jsonl" --api webhooks >/dev/null 2>&1; other=$?
"$server" --verify "$work/none.jsonl" >/dev/null 2>&1; missing=$?
set -e
[ "$other" = 2 ] || fail "a cassette of another API: exit $other, not 2"
[ "$missing" = 2 ] || fail "a missing cassette: exit $missing, not 2"
echo "contract mode and --verify: OK"
