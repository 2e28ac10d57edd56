#!/usr/bin/env bash
# What a blocking request costs the calling thread, counted rather than timed: one thread of the scaling
# driver sends keep-alive GETs to nginx on loopback under valgrind's callgrind, which counts the
# instructions executed in user space inside each request (the kernel's are not counted). Counts do not move
# with the machine's load as times do, so two builds can be compared on a noisy machine, one change at a time.
#
#   benchmarks/transport_instructions.sh [driver] [client: beast|asio-floor (beast)] [seconds (10)] [plain|TLS]
#
# beast counts inside BeastTransport::send(); asio-floor inside the floor's request (a bare Asio coroutine
# per request, plain HTTP only; see bench_scaling.cpp). Under valgrind a request takes about 50 times as long.
# The first request's connection (and TLS handshake) is counted too, spread over all of them.
# Installs valgrind (a Debian package) when missing; nginx as transport_scaling.sh does.
set -euo pipefail
cd "$(dirname "$0")/.."

driver="${1:-build/bench/benchmarks/transport/bench_transport_scaling}"
client="${2:-beast}"
seconds="${3:-10}"
scheme="${4:-plain}"
[ -x "$driver" ] || { echo "no driver at $driver (cmake --build --preset bench --target bench_transport_scaling)" >&2; exit 2; }
case "$client" in
  beast) toggle='webapi::BeastTransport::send(*' ;;
  asio-floor) toggle='*run_asio_floor*lambda(long long&*' ;;
  *) echo "the client is beast or asio-floor, not $client" >&2; exit 2 ;;
esac
case "$seconds" in ''|*[!0-9]*) echo "seconds is a whole number" >&2; exit 2 ;; esac

if ! command -v valgrind >/dev/null; then
  echo "installing valgrind" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null
fi
source benchmarks/transport/nginx.sh
nginx_start

case "$scheme" in
  plain) url="http://127.0.0.1:$plain_port/quote.json" ;;
  TLS) url="https://127.0.0.1:$tls_port/quote.json" ;;
  *) echo "plain or TLS, not $scheme" >&2; exit 2 ;;
esac
out="$(valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "--toggle-collect=$toggle" \
  "$driver" "$client" "$url" "$seconds" --connections 1 --threads 1 --ca "$work/ca.pem" 2>"$work/valgrind.log")"
requests="$(sed -n 's/.*requests=\([0-9]*\).*/\1/p' <<<"$out")"
counted="$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/valgrind.log")"
if [ -z "$requests" ] || [ "${requests:-0}" -eq 0 ] || [ -z "$counted" ]; then
  echo "the driver made no request:" >&2
  echo "$out" >&2
  tail -5 "$work/valgrind.log" >&2
  exit 1
fi
echo "$client, $scheme: $requests requests, $((counted / requests)) instructions per request"
