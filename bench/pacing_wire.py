#!/usr/bin/env python3
"""Checks a fixed-rate run's pacing from a packet capture, not from the loader's own figures (issue 31).

    python3 bench/pacing_wire.py CAPTURE.pcap PORT RATE [--json RESULT.json]

CAPTURE is `tcpdump -i lo -w CAPTURE.pcap tcp port PORT` taken around a plain fixed-rate run against a server on
PORT, e.g. `zapline load http://127.0.0.1:PORT/health --rate RATE -d D --warmup 0s` (uniform arrivals, no warm-up),
started before the loader connects (each connection's SYNs are needed). A capture of autocannon (`--overallRate
RATE`) or hey (`-q RATE/C`) is read the same way and gets the same figures.

Each request's send time is the capture time of the packet holding its first byte (HTTP/1.1 requests read from the
TCP streams put back together: bench/journey_wire.py), in whole microseconds. The k-th request on the wire (all
connections, in send order) is matched with the k-th due, intended at k/RATE. Wire time 0 is placed so that the
median request's send time matches its intended time: the offset is the middle one of the sorted differences (send
time minus intended time; the lower middle for an even count, so p50 below is 0). Then:
  - lateness: send time on the wire minus intended time, relative to that median (p50, p99, p99.9, max; and the
    earliest, negative when a request left ahead of the median's offset);
  - 10 ms buckets: bucket b holds the requests whose wire time is in [b x 10 ms, (b + 1) x 10 ms). The run spans
    wire time 0 (request 0's intended time, so the first bucket is a whole one of the schedule) to the last
    request's wire time plus 1/RATE (n requests at RATE take n/RATE); only whole buckets inside that span count,
    so a trailing partial bucket is left out, and requests on the wire before time 0 fall in no bucket (their
    number is printed). A bucket is within when its count is within +-(1 + 1%) of RATE x 10 ms. Printed: the
    buckets within, of all counted, the lowest and highest counts, and the worst bucket (furthest from the
    schedule's count; the earliest of equals);
  - the rate on the wire: requests after the first over the time from the first to the last.
With --json, the same figures are also written to RESULT.json. Standard library only; classic pcap files
(tcpdump's default), Ethernet or Linux cooked link types, IPv4.
"""
import fractions
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from journey_wire import messages, streams  # noqa: E402

BUCKET_US = 10_000
PCAP_MAGICS = {bytes.fromhex(m) for m in ("d4c3b2a1", "a1b2c3d4", "4d3cb2a1", "a1b23c4d")}
USAGE = "usage: pacing_wire.py CAPTURE.pcap PORT RATE [--json RESULT.json]"


def send_times(path, port):
    """Every request's first byte on the wire, in whole microseconds of capture time, sorted."""
    with open(path, "rb") as f:
        if f.read(4) not in PCAP_MAGICS:
            raise ValueError("not a classic pcap file (tcpdump -w writes one; pcapng is not read)")
    starts = []
    for sides in streams(path, port).values():
        starts.extend(round(t * 1e6) for t, _, _, _ in messages(*sides["c"], True))
    starts.sort()
    return starts


def rank(sorted_values, per_mille):
    """The nearest-rank quantile: the smallest value with at least per_mille/1000 of the values at or below it."""
    n = len(sorted_values)
    return sorted_values[max(0, -(-n * per_mille // 1000) - 1)]


def pacing(starts, rate):
    """The figures for sorted send times (microseconds) at RATE (a Fraction, requests per second)."""
    n = len(starts)
    if n == 0:
        raise ValueError("no requests")

    def intended(k):  # k/RATE in whole microseconds (rounded down)
        return k * 1_000_000 * rate.denominator // rate.numerator

    diffs = sorted(starts[k] - intended(k) for k in range(n))
    t0 = diffs[(n - 1) // 2]
    late = [d - t0 for d in diffs]
    wire = [t - t0 for t in starts]
    span = wire[-1] + 1_000_000 * rate.denominator // rate.numerator
    total = max(0, span // BUCKET_US)
    counts = [0] * total
    before = 0
    for t in wire:
        if t < 0:
            before += 1
        elif t // BUCKET_US < total:
            counts[t // BUCKET_US] += 1
    want = rate * BUCKET_US / 1_000_000
    slack = 1 + want / 100
    within = sum(1 for c in counts if abs(c - want) <= slack)
    worst = max(range(total), key=lambda b: (abs(counts[b] - want), -b)) if total else None
    seconds = (starts[-1] - starts[0]) / 1e6
    return {
        "rate": float(rate),
        "requests": n,
        "before_start": before,
        "bucket_ms": BUCKET_US // 1000,
        "per_bucket": float(want),
        "buckets": total,
        "within": within,
        "within_pct": 100.0 * within / total if total else 0.0,
        "lowest": min(counts) if total else None,
        "highest": max(counts) if total else None,
        "worst": counts[worst] if total else None,
        "worst_at_s": worst * BUCKET_US / 1e6 if total else None,
        "late_us": {"min": late[0], "p50": rank(late, 500), "p99": rank(late, 990), "p99_9": rank(late, 999),
                    "max": late[-1]},
        "rate_on_wire": (n - 1) / seconds if seconds > 0 else None,
    }


def report(r):
    lines = ["requests on the wire: %d (%d before wire time 0, in no bucket); %s/s from the first to the last" % (
        r["requests"], r["before_start"], "-" if r["rate_on_wire"] is None else "%.1f" % r["rate_on_wire"])]
    if r["buckets"]:
        lines.append("10 ms buckets: %d of %d within +-(1 + 1%%) of %g (%.1f%%); counts %d..%d, worst %d at %.2f s" % (
            r["within"], r["buckets"], r["per_bucket"], r["within_pct"], r["lowest"], r["highest"], r["worst"],
            r["worst_at_s"]))
    else:
        lines.append("10 ms buckets: none (the run is shorter than one bucket)")
    late = r["late_us"]
    lines.append("send time on the wire minus intended time, relative to the median: p50 %d us, p99 %d us, "
                 "p99.9 %d us, max %d us (earliest %d us)" % (late["p50"], late["p99"], late["p99_9"], late["max"],
                                                              late["min"]))
    return "\n".join(lines)


def main(argv):
    args = list(argv)
    out = None
    if "--json" in args:
        i = args.index("--json")
        if i + 1 >= len(args):
            raise SystemExit(USAGE)
        out = args[i + 1]
        del args[i:i + 2]
    if len(args) != 3:
        raise SystemExit(USAGE)
    path = args[0]
    try:
        port = int(args[1])
        rate = fractions.Fraction(args[2])
    except (ValueError, ZeroDivisionError):
        raise SystemExit("pacing_wire.py: PORT must be a whole number and RATE a positive number; " + USAGE)
    if not 0 < port < 65536 or rate <= 0:
        raise SystemExit("pacing_wire.py: PORT must be 1..65535 and RATE above 0; " + USAGE)
    try:
        starts = send_times(path, port)
    except OSError as e:
        raise SystemExit("pacing_wire.py: %s: %s" % (path, e.strerror))
    except ValueError as e:
        raise SystemExit("pacing_wire.py: %s: %s" % (path, e))
    if not starts:
        raise SystemExit("pacing_wire.py: no HTTP request to port %d in %s (was the capture started before the "
                         "loader connected?)" % (port, path))
    r = pacing(starts, rate)
    print(report(r))
    if out:
        with open(out, "w") as f:
            json.dump(r, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1:])
