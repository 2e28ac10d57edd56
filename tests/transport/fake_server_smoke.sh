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
grep -q "userinfo" <<<"$err" || fail "unknown --api did not list userinfo: $err"

# start <api>: serves the API's demo data set in the background; sets pid and port, leaves the output in $out.
start() {
  "$server" --api "$1" --port 0 --seed demo >"$out" &
  pid=$!
  for _ in $(seq 1 100); do
    grep -q '^port=' "$out" && break
    sleep 0.05
  done
  port="$(sed -n 's/^port=\([0-9]*\)$/\1/p' "$out")"
  [ -n "$port" ] || fail "$1: no port= line"
}
stop() {
  kill -TERM "$pid"
  wait "$pid" || fail "server exited with $? after SIGTERM"
}

start quotes
key="$(sed -n 's/^API_KEY=//p' "$out")"
[ -n "$key" ] || fail "no API_KEY= line"

base="http://127.0.0.1:$port"
status="$(curl -s -o /dev/null -w '%{http_code}' "$base/quote/search?author=Wilde&limit=5")"
[ "$status" = 401 ] || fail "without a key: $status, not 401"
body="$(curl -s -f -H "X-Service-Api-Secret: $key" "$base/quote/search?author=Oscar+Wilde&limit=5")" || fail "search with the demo key failed"
grep -q "Oscar Wilde" <<<"$body" || fail "search did not find Oscar Wilde: $body"

stop

start userinfo
token="$(sed -n 's/^ACCESS_TOKEN=//p' "$out")"
id_token="$(sed -n 's/^ID_TOKEN=//p' "$out")"
[ -n "$token" ] || fail "userinfo: no ACCESS_TOKEN= line"
[ -n "$id_token" ] || fail "userinfo: no ID_TOKEN= line"
base="http://127.0.0.1:$port"
headers="$(curl -s -o /dev/null -D - "$base/oauth2/v2/userinfo")"
grep -q '^HTTP/1.1 401' <<<"$headers" || fail "userinfo without a token: $headers"
grep -qi '^WWW-Authenticate: Bearer' <<<"$headers" || fail "userinfo 401 without a Bearer challenge: $headers"
body="$(curl -s -f -H "Authorization: Bearer $token" "$base/userinfo/v2/me")" || fail "userinfo with the demo token failed"
grep -q '"name":"Ada Lovelace"' <<<"$body" || fail "userinfo did not show Ada: $body"
body="$(curl -s -f -X POST "$base/oauth2/v2/tokeninfo?id_token=$id_token")" || fail "tokeninfo of the demo ID token failed"
grep -q '"email":"ada@analytical.example"' <<<"$body" || fail "tokeninfo did not show Ada's email: $body"
stop
echo "ok: quotes and userinfo"
