#!/usr/bin/env bash
# webapi-fake-server-<module> holds that module's fake alone: it serves it without --api and knows no other.
# Usage: fake_server_single_api.sh <webapi-fake-server-quotes>
set -euo pipefail
server="$1"
out="$(mktemp)"
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -f "$out"' EXIT
fail() { echo "FAIL: $*" >&2; cat "$out" >&2 || true; exit 1; }

set +e
err="$("$server" --api finance 2>&1)"
code=$?
set -e
[ "$code" = 2 ] || fail "--api finance exited $code, not 2"
grep -q "known APIs: quotes$" <<<"$err" || fail "the quotes server should know quotes alone: $err"

"$server" --port 0 --seed demo >"$out" &
pid=$!
for _ in $(seq 1 400); do
  grep -q '^port=' "$out" && break
  sleep 0.05
done
port="$(sed -n 's/^port=\([0-9]*\)$/\1/p' "$out")"
key="$(sed -n 's/^API_KEY=//p' "$out")"
[ -n "$port" ] && [ -n "$key" ] || fail "no port= or API_KEY= line without --api"
body="$(curl -s -f -H "X-Service-Api-Secret: $key" "http://127.0.0.1:$port/quote/search?author=Oscar+Wilde&limit=5")" \
  || fail "search with the demo key failed"
grep -q "Oscar Wilde" <<<"$body" || fail "search did not find Oscar Wilde: $body"
kill -TERM "$pid"
wait "$pid" || fail "server exited with $? after SIGTERM"
pid=
echo "ok: webapi-fake-server-quotes serves quotes alone"
