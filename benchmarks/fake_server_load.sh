#!/usr/bin/env bash
# Load on a served fake: webapi-fake-server on loopback driven by wrk for a bounded time per case.
# Reports requests per second, latency percentiles, errors, and the server's resident memory before and
# after each case.
#
#   benchmarks/fake_server_load.sh [path/to/webapi-fake-server] [seconds per case (10)] [connections (16)]
#
# Installs wrk (Debian package) when missing. Talks to 127.0.0.1 only; the server is stopped on exit.
set -euo pipefail

server="${1:-build/default/tools/fake_server/webapi-fake-server}"
seconds="${2:-10}"
connections="${3:-16}"
[ -x "$server" ] || { echo "no webapi-fake-server at $server (build the webapi-fake-server target)" >&2; exit 2; }
case "$seconds" in ''|*[!0-9]*) echo "seconds must be a whole number" >&2; exit 2 ;; esac
[ "$seconds" -le 120 ] || { echo "at most 120 seconds per case" >&2; exit 2; }

if ! command -v wrk >/dev/null; then
  echo "installing wrk" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi

out="$(mktemp)"
lua="$(mktemp --suffix=.lua)"
source "$(dirname "$0")/../tests/support/fake_server.sh"
trap 'fake_server_kill; rm -f "$out" "$lua"' EXIT

fake_server_start "$out" "$server" --api quotes --seed demo --port 0 || { echo "the server did not start" >&2; exit 1; }
pid=$fake_server_pid
key="$(sed -n 's/^API_KEY=//p' "$out")"
[ -n "$key" ] || { echo "the server printed no API_KEY= line" >&2; exit 1; }
base="http://127.0.0.1:$port"

rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$pid/status"; }

# run <name> <path> [lua script]
run() {
  local name="$1" path="$2" script="${3:-}"
  local before after report
  before="$(rss_kb)"
  report="$(wrk -t2 -c"$connections" -d"${seconds}s" --latency --timeout 5s -H "X-Service-Api-Secret: $key" \
    ${script:+-s "$script"} "$base$path" 2>&1)"
  after="$(rss_kb)"
  local rps p50 p90 p99 non2xx socket
  rps="$(awk '/^Requests\/sec:/ {print $2}' <<<"$report")"
  p50="$(awk '$1 == "50%" {print $2}' <<<"$report")"
  p90="$(awk '$1 == "90%" {print $2}' <<<"$report")"
  p99="$(awk '$1 == "99%" {print $2}' <<<"$report")"
  non2xx="$(awk '/Non-2xx or 3xx responses:/ {print $NF}' <<<"$report")"
  socket="$(sed -n 's/.*Socket errors: //p' <<<"$report")"
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %.1f MB -> %.1f MB |\n' "$name" "$connections" "$rps" "$p50" \
    "$p90" "$p99" "${non2xx:-0}" "${socket:-none}" "$(awk "BEGIN {print $before / 1024}")" \
    "$(awk "BEGIN {print $after / 1024}")"
}

echo "webapi-fake-server --api quotes --seed demo, wrk -t2 -c$connections -d${seconds}s on 127.0.0.1, $(nproc) CPUs"
echo
echo "| case | connections | requests/s | p50 | p90 | p99 | non-2xx | socket errors | server RSS before -> after |"
echo "|---|---:|---:|---:|---:|---:|---:|---|---|"
run "GET /qod (authenticated)" "/qod"
run "GET /quote/search?author=Wilde" "/quote/search?author=Wilde"
# Creating quotes grows the fake's state and its journal (bounded: 10,000 entries, 16 MiB).
# The service takes the new quote's fields in the query (specs/quotes.json), with no body.
cat >"$lua" <<'LUA'
wrk.method = "POST"
LUA
run "POST /quote (creates a quote each)" "/quote?quote=Brevity+is+the+soul+of+wit.&author=William+Shakespeare&tags=funny" "$lua"
run "GET /nowhere (404, unauthenticated path)" "/nowhere"
