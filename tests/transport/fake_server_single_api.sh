#!/usr/bin/env bash
# webapi-fake-server-<module> holds that module's fake alone: it serves it without --api and knows no other.
# Usage: fake_server_single_api.sh <webapi-fake-server-quotes>
set -euo pipefail
server="$1"
out="$(mktemp)"
source "$(dirname "$0")/../support/fake_server.sh"
trap 'fake_server_kill; rm -f "$out"' EXIT
fail() { echo "FAIL: $*" >&2; cat "$out" >&2 || true; exit 1; }

set +e
err="$("$server" --api finance 2>&1)"
code=$?
set -e
[ "$code" = 2 ] || fail "--api finance exited $code, not 2"
grep -q "known APIs: quotes$" <<<"$err" || fail "the quotes server should know quotes alone: $err"

fake_server_start "$out" "$server" --port 0 --seed demo || fail "no server without --api"
key="$(sed -n 's/^API_KEY=//p' "$out")"
[ -n "$key" ] || fail "no API_KEY= line without --api"
body="$(curl -s -f -H "X-Service-Api-Secret: $key" "http://127.0.0.1:$port/quote/search?author=Oscar+Wilde&limit=5")" \
  || fail "search with the demo key failed"
grep -q "Oscar Wilde" <<<"$body" || fail "search did not find Oscar Wilde: $body"
fake_server_stop || fail "server exited with $? after SIGTERM"
echo "ok: webapi-fake-server-quotes serves quotes alone"
