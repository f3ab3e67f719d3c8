#!/usr/bin/env python3
"""Checks a steered run from a packet capture, not from the loader's own figures (issue 30).

    python3 bench/steer_wire.py CAPTURE.pcap PORT RESULT.json START_RATE

CAPTURE is `tcpdump -i lo -w CAPTURE.pcap tcp port PORT` taken around `zapline load http://127.0.0.1:PORT/
--rate START_RATE -d D --warmup 0 --control stdin --json RESULT.json` (uniform arrivals, no warm-up), steered while
it ran. The JSON file gives only the events (when each change took effect, in seconds from the run's start, and the
rate from there); everything else comes from the wire: the first byte of each HTTP/1.1 request, read from the TCP
streams put back together. Wire time 0 is placed where the median request's send time on the wire matches its intended time.
Prints, per piece between events: the requests the steered profile makes due and the requests seen on the wire,
and the achieved rate; then how many 10 ms buckets hold the steered profile's count within +-(1 + 1%), over the
buckets without a change point (a bucket with k change points may be off by 1 + k by definition).
Standard library only.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from journey_wire import messages, streams  # noqa: E402


def main():
    path, port, result, rate0 = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
    with open(result) as f:
        run = json.load(f)
    events = [e for e in run.get("events", []) if e["kind"] in ("rate", "bias", "pause", "resume")]
    seconds = run["summary"]["duration_s"]
    starts = []
    for sides in streams(path, port).values():
        starts.extend(t for t, _, _, _ in messages(*sides["c"], True))
    starts.sort()
    if not starts:
        raise SystemExit("no requests in the capture")
    # the steered profile: piecewise constant rates (uniform, no ramps: start at a held rate); each piece's first
    # request is due at its change point, then one every 1/R
    edges = [(0.0, rate0)] + [(e["t"], e["rate"]) for e in events]
    edges.append((seconds, 0.0))
    intended = []
    for (a, r), (b, _) in zip(edges, edges[1:]):
        j = 0
        while r > 0 and a + j / r < b:
            intended.append(a + j / r)
            j += 1
    # wire time 0 is unknown to the loader's clock: take the offset that the median request has, then read every
    # request's lateness on the wire against its intended time (the k-th request sent against the k-th due)
    n = min(len(intended), len(starts))
    diffs = sorted(starts[k] - intended[k] for k in range(n))
    t0 = diffs[n // 2]
    late = sorted((starts[k] - t0 - intended[k]) * 1e6 for k in range(n))
    wire = [t - t0 for t in starts]
    print("requests: %d due by the steered profile, %d on the wire" % (len(intended), len(starts)))
    print("send time on the wire minus intended time, relative to the median: p1 %.0f us, p50 %.0f us, p99 %.0f us, "
          "p99.9 %.0f us, max %.0f us" % (late[n // 100], late[n // 2], late[n * 99 // 100], late[n * 999 // 1000],
                                          late[-1]))
    print("piece            due  on wire  rate on wire")
    for (a, r), (b, _) in zip(edges, edges[1:]):
        n = sum(1 for t in wire if a <= t < b)
        print("%6.3f-%6.3f s %6.0f %8d %10.1f/s (steered %.1f/s)" % (a, b, r * (b - a), n, n / (b - a), r))
    buckets = int(seconds / 0.01)
    counts = [0] * buckets
    for t in wire:
        k = int(t / 0.01)
        if 0 <= k < buckets:
            counts[k] += 1
    ok = total = 0
    worst = 0.0
    for k in range(buckets):
        lo, hi = k * 0.01, (k + 1) * 0.01
        if any(lo < e[0] < hi for e in edges[1:-1]) or hi > seconds:
            continue
        due = 0.0
        for (a, r), (b, _) in zip(edges, edges[1:]):
            due += r * max(0.0, min(b, hi) - max(a, lo))
        total += 1
        off = counts[k] - due
        worst = max(worst, abs(off))
        if abs(off) <= 1 + 0.01 * due:
            ok += 1
    print("10 ms buckets without a change point: %d of %d within +-(1 + 1%%) of the steered profile (%.2f%%), "
          "worst off by %.1f" % (ok, total, 100.0 * ok / max(total, 1), worst))


if __name__ == "__main__":
    main()
