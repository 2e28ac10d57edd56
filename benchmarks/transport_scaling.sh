#!/usr/bin/env bash
# A shared BeastTransport under many threads, against what the machine can do: nginx on loopback serves a
# small JSON file over plain HTTP and over TLS, and on the same URL, in interleaved rounds, are measured
#   wrk -t2 -c16                     the anchor: requests per second an event-driven client gets
#   16 threads, one BeastTransport   keep-alive GETs through one shared transport (bench_transport_scaling)
#   async_send, send_all             16 in flight on one or two threads (bench_transport_scaling)
#   a generated client's call        16 awaited on two threads, the answer decoded (client-2; nginx serves
#                                    the userinfo answer it reads beside the file)
#   libcurl multi, 16 transfers      one thread driving 16 transfers (bench_transport_scaling)
#   Asio and Beast alone             a coroutine looping on each of 16 connections (plain only): the floor
# Prints a Markdown table: medians of the rates and of the per-round ratios to wrk, CPU per request.
#
#   benchmarks/transport_scaling.sh [driver] [seconds per run (5)] [rounds (5)] [connections (16)] [options]
#
# Options after the fourth argument go to scaling_rounds.py: --clients send,asio-2 runs only those (and wrk),
# --baseline OTHER_DRIVER runs each BeastTransport client with another build too, in the same rounds.
#
# The driver is built by the bench preset: cmake --build --preset bench --target bench_transport_scaling.
# Installs nginx-light and wrk (Debian packages) when missing. nginx runs from its own prefix and config in
# a temporary directory, listens on 127.0.0.1 only, and is stopped on exit. The TLS certificate is made
# here by a throwaway CA, which BeastTransport and libcurl verify against; wrk does not verify.
set -euo pipefail
cd "$(dirname "$0")/.."

driver="${1:-build/bench/benchmarks/transport/bench_transport_scaling}"
seconds="${2:-5}"
rounds="${3:-5}"
connections="${4:-16}"
shift $(( $# < 4 ? $# : 4 ))
[ -x "$driver" ] || { echo "no driver at $driver (cmake --build --preset bench --target bench_transport_scaling)" >&2; exit 2; }
for n in "$seconds" "$rounds" "$connections"; do
  case "$n" in ''|*[!0-9]*) echo "seconds, rounds and connections are whole numbers" >&2; exit 2 ;; esac
done

if ! command -v wrk >/dev/null; then
  echo "installing wrk" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
source benchmarks/transport/nginx.sh
nginx_start

echo "nginx $("$nginx" -v 2>&1 | sed 's/.*nginx\///') ($(echo "$workers" | tr ',' '\n' | grep -c .) workers) on 127.0.0.1," \
  "$(nproc) CPUs; $rounds rounds of ${seconds} s per client and URL, $connections connections each"
echo
python3 benchmarks/transport/scaling_rounds.py --driver "$driver" --ca "$work/ca.pem" --seconds "$seconds" \
  --rounds "$rounds" --connections "$connections" --server-pids "$master,$workers" "$@" \
  "plain=http://127.0.0.1:$plain_port/quote.json" "TLS=https://127.0.0.1:$tls_port/quote.json"
