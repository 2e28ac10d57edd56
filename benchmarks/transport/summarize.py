#!/usr/bin/env python3
"""Turns bench_transport's JSON output into the Markdown table of docs/benchmarks-transport.md.

    bench_transport --benchmark_repetitions=10 --benchmark_enable_random_interleaving=true \
        --benchmark_out=out.json --benchmark_out_format=json
    benchmarks/transport/summarize.py out.json
"""
import collections
import json
import statistics
import sys

CASES = [
    ("small_plain", "sequential, small JSON (126 B), plain", "beast_sequential", "curl_sequential"),
    ("large_plain", "sequential, 280 KB JSON, plain", "beast_sequential", "curl_sequential"),
    ("small_tls", "sequential, small JSON, TLS", "beast_sequential", "curl_sequential"),
    ("large_tls", "sequential, 280 KB JSON, TLS", "beast_sequential", "curl_sequential"),
    ("small_plain", "8 threads, small JSON, plain", "beast_shared", "curl_per_thread"),
    ("small_tls", "8 threads, small JSON, TLS", "beast_shared", "curl_per_thread"),
]


def main(path):
    runs = collections.defaultdict(lambda: {"rate": [], "cpu": []})
    for b in json.load(open(path))["benchmarks"]:
        if b.get("run_type") != "iteration":
            continue
        fn, case = b["run_name"].split("/")[:2]
        runs[(fn, case)]["rate"].append(b["items_per_second"])
        # cpu_time: the client threads' CPU time (summed over threads) per request, in ns
        runs[(fn, case)]["cpu"].append(b["cpu_time"] / 1000.0)
    print("| case | BeastTransport req/s | libcurl req/s | ratio | Beast CPU µs/req | curl CPU µs/req |")
    print("|---|---:|---:|---:|---:|---:|")
    for case, label, beast, curl in CASES:
        b, c = runs.get((beast, case)), runs.get((curl, case))
        if not b or not c:
            continue
        br, cr = statistics.median(b["rate"]), statistics.median(c["rate"])
        bc, cc = statistics.median(b["cpu"]), statistics.median(c["cpu"])
        print(f"| {label} | {br:,.0f} | {cr:,.0f} | {br / cr:.2f} | {bc:.1f} | {cc:.1f} |")


if __name__ == "__main__":
    main(sys.argv[1])
