#!/usr/bin/env bash
# webapi-fake-server end to end with curl: start, read the credentials and the port, call, stop.
set -euo pipefail
server="$1"
out="$(mktemp)"
trap 'kill "$pid" 2>/dev/null || true; rm -f "$out"' EXIT

fail() { echo "FAIL: $*" >&2; cat "$out" >&2 || true; exit 1; }

# An unknown API lists the known ones and exits 2.
set +e
err="$("$server" --api no-such-api 2>&1)"
code=$?
set -e
[ "$code" = 2 ] || fail "unknown --api exited $code, not 2"
grep -q "quotes" <<<"$err" || fail "unknown --api did not list the known ones: $err"

"$server" --api quotes --port 0 --seed demo >"$out" &
pid=$!
for _ in $(seq 1 100); do
  grep -q '^port=' "$out" && break
  sleep 0.05
done
port="$(sed -n 's/^port=\([0-9]*\)$/\1/p' "$out")"
key="$(sed -n 's/^API_KEY=//p' "$out")"
[ -n "$port" ] || fail "no port= line"
[ -n "$key" ] || fail "no API_KEY= line"

base="http://127.0.0.1:$port"
status="$(curl -s -o /dev/null -w '%{http_code}' "$base/quote/search?author=Wilde&limit=5")"
[ "$status" = 401 ] || fail "without a key: $status, not 401"
body="$(curl -s -f -H "X-Service-Api-Secret: $key" "$base/quote/search?author=Oscar+Wilde&limit=5")" || fail "search with the demo key failed"
grep -q "Oscar Wilde" <<<"$body" || fail "search did not find Oscar Wilde: $body"

kill -TERM "$pid"
wait "$pid" || fail "server exited with $? after SIGTERM"
echo "ok: port $port"
