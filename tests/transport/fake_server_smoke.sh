#!/usr/bin/env bash
# webapi-fake-server end to end with curl: start, read the credentials and the port, call, stop.
set -euo pipefail
server="$1"
out="$(mktemp)"
source "$(dirname "$0")/../support/fake_server.sh"
trap 'fake_server_kill; rm -f "$out"' EXIT

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

# start <api>: serves the API's demo data set in the background; sets port, leaves the output in $out.
start() { fake_server_start "$out" "$server" --api "$1" --port 0 --seed demo "${@:2}" || fail "$1: no server"; }
stop() { fake_server_stop || fail "server exited with $? after SIGTERM"; }

start quotes
key="$(sed -n 's/^API_KEY=//p' "$out")"
[ -n "$key" ] || fail "no API_KEY= line"

base="http://127.0.0.1:$port"
status="$(curl -s -o /dev/null -w '%{http_code}' "$base/quote/search?author=Wilde&limit=5")"
[ "$status" = 401 ] || fail "without a key: $status, not 401"
body="$(curl -s -f -H "X-Service-Api-Secret: $key" "$base/quote/search?author=Oscar+Wilde&limit=5")" || fail "search with the demo key failed"
grep -q "Oscar Wilde" <<<"$body" || fail "search did not find Oscar Wilde: $body"

# The control plane: clock, faults, journal, reset, seed; each call carries the token the server printed.
ctl="$base/__webapi"
token="$(sed -n 's/^CONTROL_TOKEN=//p' "$out")"
[ ${#token} = 32 ] || fail "no CONTROL_TOKEN= line of 32 characters"
# The token of the server started last.
ctlcurl() { curl -H "X-Webapi-Control: $(sed -n 's/^CONTROL_TOKEN=//p' "$out")" "$@"; }
status="$(curl -s -o /dev/null -w '%{http_code}' -X POST "$ctl/reset")"
[ "$status" = 403 ] || fail "a control call without the token answered $status, not 403"
clock="$(ctlcurl -s -f "$ctl/clock")" || fail "GET clock failed"
grep -q '"frozen":false' <<<"$clock" || fail "a served fake's clock should follow real time: $clock"
grep -q "\"now\":\"$(date -u +%Y-)" <<<"$clock" || fail "the clock is not at the real date: $clock"
clock="$(ctlcurl -s -f -X PUT -d '{"freeze":true,"set":"2030-05-06T07:08:09Z","advance_seconds":60}' "$ctl/clock")" \
  || fail "PUT clock failed"
grep -q '"now":"2030-05-06T07:09:09.000Z","frozen":true' <<<"$clock" || fail "clock not set and frozen: $clock"
status="$(ctlcurl -s -o /dev/null -w '%{http_code}' -X PUT -d '{"set":"soon"}' "$ctl/clock")"
[ "$status" = 400 ] || fail "a bad clock value answered $status, not 400"

status="$(ctlcurl -s -o /dev/null -w '%{http_code}' -X POST -d '{"kind":"status","status":503,"times":1,"path":"/qod"}' "$ctl/faults")"
[ "$status" = 201 ] || fail "POST faults answered $status, not 201"
status="$(curl -s -o /dev/null -w '%{http_code}' -H "X-Service-Api-Secret: $key" "$base/qod")"
[ "$status" = 503 ] || fail "the injected fault answered $status, not 503"
status="$(curl -s -o /dev/null -w '%{http_code}' -H "X-Service-Api-Secret: $key" "$base/qod")"
[ "$status" = 200 ] || fail "after the fault was used up: $status, not 200"
ctlcurl -s -f -X POST -d '{"kind":"reset","path":"/qod"}' "$ctl/faults" >/dev/null || fail "POST a reset fault failed"
set +e
curl -s -o /dev/null -H "X-Service-Api-Secret: $key" "$base/qod"
code=$?
set -e
[ "$code" = 56 ] || fail "an injected reset: curl exited $code, not 56 (connection reset)"
ctlcurl -s -f -X POST -d '{"kind":"drop"}' "$ctl/faults" >/dev/null || fail "POST a drop fault failed"
status="$(ctlcurl -s -o /dev/null -w '%{http_code}' -X DELETE "$ctl/faults")"
[ "$status" = 204 ] || fail "DELETE faults answered $status, not 204"
status="$(curl -s -o /dev/null -w '%{http_code}' -H "X-Service-Api-Secret: $key" "$base/qod")"
[ "$status" = 200 ] || fail "after clearing the faults: $status, not 200"

journal="$(ctlcurl -s -f "$ctl/journal")" || fail "GET journal failed"
grep -q '"method":"GET","path":"/qod","operation":"get_qod","status":503,"injected":true' <<<"$journal" \
  || fail "the journal lacks the injected 503: $journal"
grep -q "$key" <<<"$journal" && fail "the journal shows the API key"
grep -q '"at":"2030-05-06T07:09:09.000Z"' <<<"$journal" || fail "the journal does not use the fake's clock: $journal"

status="$(ctlcurl -s -o /dev/null -w '%{http_code}' -X POST "$ctl/reset")"
[ "$status" = 204 ] || fail "POST reset answered $status, not 204"
status="$(curl -s -o /dev/null -w '%{http_code}' -H "X-Service-Api-Secret: $key" "$base/qod")"
[ "$status" = 401 ] || fail "after reset the demo key still works: $status"
grep -q '"entries":\[{' <<<"$(ctlcurl -s "$ctl/journal")" || fail "the journal should hold the 401 only"
grep -q '"frozen":false' <<<"$(ctlcurl -s "$ctl/clock")" || fail "reset should bring back real time"
seeded="$(ctlcurl -s -f -X POST "$ctl/seed/demo")" || fail "POST seed/demo failed"
grep -q "\"API_KEY\":\"$key\"" <<<"$seeded" || fail "seed/demo did not answer the demo key: $seeded"
status="$(curl -s -o /dev/null -w '%{http_code}' -H "X-Service-Api-Secret: $key" "$base/qod")"
[ "$status" = 200 ] || fail "after seed/demo the demo key does not work: $status"
snapshot="$(ctlcurl -s -f "$ctl/snapshot")" || fail "GET snapshot failed"
grep -q '"author":"Oscar Wilde"' <<<"$snapshot" || fail "the snapshot lacks the demo quotes: $snapshot"

stop

# --clock frozen: the in-process default, 2024-01-01 until moved; a bad --clock is refused.
start quotes --clock frozen
grep -q '"now":"2024-01-01T00:00:00.000Z","frozen":true' <<<"$(ctlcurl -s "http://127.0.0.1:$port/__webapi/clock")" \
  || fail "--clock frozen did not freeze the clock at 2024-01-01"
stop
set +e
"$server" --api quotes --clock sideways >/dev/null 2>&1
code=$?
set -e
[ "$code" = 2 ] || fail "--clock sideways exited $code, not 2"

# --max-body-bytes: a larger body is answered 413 before it is read.
start quotes --max-body-bytes 16
status="$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
  -d '{"quote":"longer than sixteen bytes"}' "http://127.0.0.1:$port/quote")"
[ "$status" = 413 ] || fail "--max-body-bytes 16: a 36-byte body answered $status, not 413"
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
# The demo's credentials differ at each start, unless --demo-secret names the secret they derive from.
start quotes
first="$(sed -n 's/^API_KEY=//p' "$out")"
stop
start quotes
second="$(sed -n 's/^API_KEY=//p' "$out")"
stop
[ -n "$first" ] && [ -n "$second" ] || fail "no API_KEY= line"
[ "$first" != "$second" ] || fail "two starts printed the same API_KEY $first"
[ "$first" != "$key" ] || fail "the API_KEY of the first start came back: $key"
start userinfo
first="$(sed -n 's/^ACCESS_TOKEN=//p' "$out")"
stop
start userinfo
[ "$(sed -n 's/^ACCESS_TOKEN=//p' "$out")" != "$first" ] || fail "two starts printed the same ACCESS_TOKEN $first"
stop
start userinfo --demo-secret s3cret
first="$(sed -n 's/^ACCESS_TOKEN=//p' "$out")"
stop
start userinfo --demo-secret=s3cret
second="$(sed -n 's/^ACCESS_TOKEN=//p' "$out")"
[ -n "$first" ] && [ "$first" = "$second" ] || fail "--demo-secret s3cret twice: ACCESS_TOKEN $first, then $second"
body="$(curl -s -f -H "Authorization: Bearer $second" "http://127.0.0.1:$port/userinfo/v2/me")"   || fail "userinfo with the --demo-secret token failed"
grep -q '"name":"Ada Lovelace"' <<<"$body" || fail "userinfo with the --demo-secret token did not show Ada: $body"
stop
start userinfo --demo-secret other
[ "$(sed -n 's/^ACCESS_TOKEN=//p' "$out")" != "$first" ] || fail "another --demo-secret gave the same ACCESS_TOKEN"
stop

# --max-form-fields: a form body with more fields is answered 413, naming the limit, before it is split.
start quotes --max-form-fields 2
key="$(sed -n 's/^API_KEY=//p' "$out")"
body="$(curl -s -w '\n%{http_code}' -X POST -H "X-Service-Api-Secret: $key" \
  -H 'Content-Type: application/x-www-form-urlencoded' -d 'a=1&b=2&c=3' "http://127.0.0.1:$port/quote")"
[ "$(tail -n1 <<<"$body")" = 413 ] || fail "--max-form-fields 2: three fields answered $body"
grep -q 'max_form_fields' <<<"$body" || fail "the 413 does not name the limit: $body"
stop

echo "ok: quotes (with the control plane), userinfo and webhooks; demo credentials per start; body limits"
