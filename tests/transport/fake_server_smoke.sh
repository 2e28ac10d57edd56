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
grep -q "webhooks" <<<"$err" || fail "unknown --api did not list webhooks: $err"

# start <api>: serves the API's demo data set in the background; sets pid and port, leaves the output in $out.
start() {
  "$server" --api "$1" --port 0 --seed demo >"$out" &
  pid=$!
  for _ in $(seq 1 400); do
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

start webhooks
hapikey="$(sed -n 's/^HAPIKEY=//p' "$out")"
app="$(sed -n 's/^APP_ID=//p' "$out")"
[ -n "$hapikey" ] || fail "webhooks: no HAPIKEY= line"
[ -n "$app" ] || fail "webhooks: no APP_ID= line"
base="http://127.0.0.1:$port/webhooks/v3/$app"
status="$(curl -s -o /dev/null -w '%{http_code}' "$base/subscriptions")"
[ "$status" = 401 ] || fail "webhooks without a hapikey: $status, not 401"
body="$(curl -s -f "$base/subscriptions?hapikey=$hapikey")" || fail "webhooks: listing subscriptions failed"
grep -q '"eventType":"contact.creation"' <<<"$body" || fail "webhooks: no contact.creation subscription: $body"
body="$(curl -s -f -X PUT -H 'Content-Type: application/json' \
  -d '{"targetUrl":"https://example.com/in","throttling":{"maxConcurrentRequests":5,"period":"ROLLING_MINUTE"}}' \
  "$base/settings?hapikey=$hapikey")" || fail "webhooks: configuring settings failed"
grep -q '"targetUrl":"https://example.com/in"' <<<"$body" || fail "webhooks: settings not replaced: $body"
status="$(curl -s -o /dev/null -w '%{http_code}' -X DELETE "$base/subscriptions/1?hapikey=$hapikey")"
[ "$status" = 204 ] || fail "webhooks: archiving subscription 1 answered $status, not 204"
status="$(curl -s -o /dev/null -w '%{http_code}' "$base/subscriptions/1?hapikey=$hapikey")"
[ "$status" = 404 ] || fail "webhooks: an archived subscription answered $status, not 404"
stop
echo "ok: quotes, userinfo and webhooks"
