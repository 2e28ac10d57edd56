#!/usr/bin/env python3
"""Runs wrk, BeastTransport (send_all from one thread and from two, send from a thread per connection,
async_send on two io_context threads), libcurl's multi interface and a floor of Asio and Beast alone (plain
HTTP only) against the same URLs in interleaved rounds and prints a Markdown table of medians. Called by
benchmarks/transport_scaling.sh, which starts the server.

    scaling_rounds.py --driver PATH --ca FILE --seconds S --rounds R --connections N \
        [--server-pids PID,...] [--clients wrk,send,...] [--baseline PATH] plain=URL tls=URL ...

--clients runs only those clients (wrk, the anchor, always); --baseline runs each BeastTransport client a
second time with another build of the driver (say, the main branch's), in the same rounds, for an A/B.

Each round runs the clients once per URL, in an order shuffled per round, so a slow spell on the
shared machine falls on all of them alike; a ratio is taken within each round, then its median reported.
Client CPU is the child process's user + system time (all its threads) per completed request; server CPU,
when the server's process ids are given, is theirs over the same run.
"""
import argparse
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import time

# name: (bench_transport_scaling's arguments after the URL and time, the name in the table)
CLIENTS = {
    "wrk": (None, "wrk -t2"),
    "all-1": (["beast-all", "--threads", "1"], "BeastTransport::send_all, 1 thread"),
    "all-2": (["beast-all", "--threads", "2"], "BeastTransport::send_all, 2 threads"),
    "send": (["beast"], "BeastTransport::send, a thread per connection"),
    "asio-2": (["asio", "--threads", "2"], "BeastTransport::async_send, a coroutine per connection, 2 io_context threads"),
    "each-2": (["asio-each", "--threads", "2"], "BeastTransport::async_send, an io_context and transport per thread, 2 threads"),
    "client-2": (["client-each", "--threads", "2"],
                 "a generated client's call (userinfo), an io_context and transport per thread, 2 threads"),
    "curl": (["curl"], "libcurl multi, 1 thread"),
    "floor-2": (["floor-each", "--threads", "2"],
                "Asio and Beast alone: a coroutine looping on each connection, an io_context per thread, 2 threads"),
}
# Clients that speak plain HTTP only: not run against an https:// URL.
PLAIN_ONLY = {"floor-2"}


BASELINE = "@baseline"


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def process_cpu(pids):
    """Seconds of CPU used so far by `pids` (from /proc), or None where /proc does not tell."""
    total = 0.0
    try:
        for pid in pids:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None
    return total


def command(client, url, args):
    driver = args.driver
    if client.endswith(BASELINE):
        client, driver = client[: -len(BASELINE)], args.baseline
    if client == "wrk":
        return ["wrk", "-t2", f"-c{args.connections}", f"-d{args.seconds}s", "--timeout", "5s", url]
    kind, *options = CLIENTS[client][0]
    cmd = [driver, kind, url, str(args.seconds), "--connections", str(args.connections), *options]
    if url.startswith("https:"):
        cmd += ["--ca", args.ca]
    return cmd


def parse(client, output):
    """(requests per second, requests, errors) from a client's output."""
    if client == "wrk":
        rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
        requests = int(re.search(r"(\d+) requests in", output).group(1))
        errors = sum(int(n) for n in re.findall(r"Non-2xx or 3xx responses: (\d+)", output))
        errors += sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", output))
        return rate, requests, errors
    fields = dict(kv.split("=") for kv in output.split())
    requests, seconds = int(fields["requests"]), float(fields["seconds"])
    return requests / seconds, requests, int(fields["errors"])


def run(client, url, args, server_pids):
    cpu_before, server_before = children_cpu(), process_cpu(server_pids)
    p = subprocess.run(command(client, url, args), capture_output=True, text=True)
    cpu = children_cpu() - cpu_before
    server_after = process_cpu(server_pids)
    if p.returncode != 0:
        sys.exit(f"{client} against {url} failed ({p.returncode}):\n{p.stdout}{p.stderr}")
    rate, requests, errors = parse(client, p.stdout)
    if errors:
        print(f"warning: {client} against {url}: {errors} failed requests {p.stderr.strip()}", file=sys.stderr)
    server = None if server_before is None or server_after is None else (server_after - server_before)
    return {"rate": rate, "cpu": cpu * 1e6 / max(requests, 1),
            "server": None if server is None else server * 1e6 / max(requests, 1)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--driver", required=True)
    ap.add_argument("--ca", required=True)
    ap.add_argument("--seconds", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--server-pids", default="")
    ap.add_argument("--clients", default=",".join(CLIENTS))
    ap.add_argument("--baseline", default="")
    ap.add_argument("urls", nargs="+", help="name=URL")
    args = ap.parse_args()
    server_pids = [int(p) for p in args.server_pids.split(",") if p]
    urls = [u.split("=", 1) for u in args.urls]

    chosen = ["wrk"] + [c for c in args.clients.split(",") if c in CLIENTS and c != "wrk"]
    if args.baseline:
        chosen += [c + BASELINE for c in chosen if c not in ("wrk", "curl", "floor-2")]
    names = {c: CLIENTS[c.removesuffix(BASELINE)][1] + (", baseline build" if c.endswith(BASELINE) else "")
             for c in chosen}
    def runs(client, url):
        return not (client in PLAIN_ONLY and url.startswith("https:"))

    results = {(name, c): [] for name, url in urls for c in chosen if runs(c, url)}
    for n in range(args.rounds):
        for name, url in urls:
            here = [c for c in chosen if runs(c, url)]
            order = random.sample(here, len(here))
            for client in order:
                results[(name, client)].append(run(client, url, args, server_pids))
                time.sleep(0.5)  # lets the server's connections from the previous client close
        print(f"round {n + 1}/{args.rounds} done", file=sys.stderr)

    def med(name, client, key):
        values = [r[key] for r in results[(name, client)] if r[key] is not None]
        return statistics.median(values) if values else float("nan")

    def ratio(name, client):
        """Median over rounds of client / wrk in requests per second, and the rounds' lowest and highest."""
        r = [a["rate"] / w["rate"] for a, w in zip(results[(name, client)], results[(name, "wrk")])]
        return statistics.median(r), min(r), max(r)

    print("| URL | client | req/s | / wrk (rounds' range) | client CPU µs/req | server CPU µs/req |")
    print("|---|---|---:|---:|---:|---:|")
    for name, url in urls:
        for client in (c for c in chosen if runs(c, url)):
            share = "1" if client == "wrk" else "{:.2f} ({:.2f}–{:.2f})".format(*ratio(name, client))
            print(f"| {name} | {names[client]} | {med(name, client, 'rate'):,.0f} | {share} "
                  f"| {med(name, client, 'cpu'):.1f} | {med(name, client, 'server'):.1f} |")

if __name__ == "__main__":
    main()
