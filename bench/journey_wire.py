#!/usr/bin/env python3
"""Checks a journey run from a packet capture, not from the loader's own figures (issue 29).

    python3 bench/journey_wire.py CAPTURE.pcap PORT RATE [WARMUP_S]

CAPTURE is `tcpdump -i lo -w CAPTURE.pcap tcp port PORT` taken around `zapline load examples/shop.http ... --rate
RATE` against `zapline serve`'s shop on PORT. Each TCP connection's two directions are put back together by
sequence number and read as HTTP/1.1 messages (Content-Length framed, as the shop answers). Tokens link the steps of
one journey across connections: a login response issues a token; the account and order requests carry it.
Prints:
  - requests per step (POST /login, GET /accounts/..., POST /orders) and responses per status;
  - chained values: requests whose bearer token no login response issued before the request's first byte left
    (must be 0: a request never goes out before the response it depends on), and account requests whose path id
    is not the account their token's login answered;
  - journey starts (POST /login first bytes) per 10 ms bucket over the measured part: how many buckets hold the
    schedule's count within +-(1 + 1%) (uniform arrivals), the worst bucket, and the achieved start rate.
Standard library only; classic pcap files (tcpdump's default), Ethernet or Linux cooked link types.
"""
import json
import re
import struct
import sys
from collections import defaultdict


def packets(path):
    with open(path, "rb") as f:
        head = f.read(24)
        magic = struct.unpack("<I", head[:4])[0]
        if magic in (0xA1B2C3D4, 0xA1B23C4D):
            endian = "<"
        else:
            endian = ">"
        nano = magic in (0xA1B23C4D, 0x4D3CB2A1)
        link = struct.unpack(endian + "I", head[20:24])[0]
        while True:
            rec = f.read(16)
            if len(rec) < 16:
                return
            sec, frac, incl, _ = struct.unpack(endian + "IIII", rec)
            data = f.read(incl)
            t = sec + frac / (1e9 if nano else 1e6)
            if link == 1:
                off = 14
            elif link == 113:
                off = 16
            elif link == 276:
                off = 20
            elif link == 0:
                off = 4
            else:
                raise SystemExit("link type %d not read" % link)
            ip = data[off:]
            if len(ip) < 20 or ip[0] >> 4 != 4 or ip[9] != 6:
                continue
            ihl = (ip[0] & 15) * 4
            total = struct.unpack(">H", ip[2:4])[0]
            tcp = ip[ihl:total]
            sport, dport, seq = struct.unpack(">HHI", tcp[:8])
            flags = tcp[13]
            doff = (tcp[12] >> 4) * 4
            yield t, sport, dport, seq, flags, tcp[doff:]


def streams(path, port):
    """Per connection (client port): the client's and the server's bytes, each as a list of (time, offset) marks."""
    conns = defaultdict(lambda: {"c": {}, "s": {}, "isn": {}})
    for t, sport, dport, seq, flags, payload in packets(path):
        if dport == port:
            key, side = sport, "c"
        elif sport == port:
            key, side = dport, "s"
        else:
            continue
        c = conns[key]
        if flags & 0x02:  # SYN
            c["isn"][side] = seq + 1
            continue
        if payload:
            c[side].setdefault(seq, (t, payload))
    out = {}
    for key, c in conns.items():
        sides = {}
        for side in ("c", "s"):
            if side not in c["isn"]:
                break
            isn = c["isn"][side]
            buf = bytearray()
            marks = []
            for seq in sorted(c[side], key=lambda s: (s - isn) & 0xFFFFFFFF):
                t, payload = c[side][seq]
                rel = (seq - isn) & 0xFFFFFFFF
                if rel + len(payload) <= len(buf):
                    continue  # a retransmission
                if rel > len(buf):
                    break  # a gap: the capture lost bytes
                payload = payload[len(buf) - rel:]
                marks.append((len(buf), t))
                buf += payload
            sides[side] = (bytes(buf), marks)
        if len(sides) == 2:
            out[key] = sides
    return out


def time_at(marks, offset):
    t = marks[0][1]
    for o, mt in marks:
        if o > offset:
            break
        t = mt
    return t


def messages(buf, marks, requests):
    """HTTP/1.1 messages of one direction: (time of first byte, start line, headers, body)."""
    i = 0
    while i < len(buf):
        end = buf.find(b"\r\n\r\n", i)
        if end < 0:
            return
        head = buf[i:end].decode("latin-1").split("\r\n")
        headers = {}
        for line in head[1:]:
            k, _, v = line.partition(":")
            headers[k.strip().lower()] = v.strip()
        n = int(headers.get("content-length", "0"))
        body = buf[end + 4:end + 4 + n]
        yield time_at(marks, i), head[0], headers, body
        i = end + 4 + n


def main():
    path, port, rate = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    warm = float(sys.argv[4]) if len(sys.argv) > 4 else 1.0
    conns = streams(path, port)
    issued = {}  # token -> (time the login response's first byte arrived, account)
    reqs = []
    statuses = defaultdict(int)
    for key, sides in conns.items():
        creqs = list(messages(*sides["c"], True))
        cresps = list(messages(*sides["s"], False))
        for k, (t, line, headers, body) in enumerate(creqs):
            reqs.append((t, line, headers))
            if k < len(cresps):
                rt, rline, rheaders, rbody = cresps[k]
                statuses[rline.split(" ")[1]] += 1
                if line.startswith("POST /login "):
                    j = json.loads(rbody)
                    issued[j["token"]] = (rt, j["account"])
    steps = defaultdict(int)
    early = unknown = wrong = 0
    starts = []
    for t, line, headers in reqs:
        method, target = line.split(" ")[:2]
        step = "POST /login" if target == "/login" else "GET /accounts" if target.startswith(
            "/accounts/") else "POST /orders" if target == "/orders" else line
        steps[step] += 1
        if step == "POST /login":
            starts.append(t)
            continue
        token = headers.get("authorization", "")[7:]
        if token not in issued:
            unknown += 1
        elif issued[token][0] > t:
            early += 1
        elif step == "GET /accounts" and target[len("/accounts/"):] != str(issued[token][1]):
            wrong += 1
    print("requests per step: " + ", ".join("%s %d" % kv for kv in sorted(steps.items())))
    print("responses per status: " + ", ".join("%s %d" % kv for kv in sorted(statuses.items())))
    print("chained: %d requests carry a token no earlier login response issued, %d went out before that "
          "response arrived, %d account requests name another account than their token's" % (unknown, early, wrong))
    starts.sort()
    if not starts:
        return
    t0 = starts[0] + warm
    t1 = starts[-1]
    n = int((t1 - t0) / 0.01) - 1
    buckets = [0] * max(n, 0)
    for t in starts:
        b = int((t - t0) / 0.01)
        if 0 <= b < n:
            buckets[b] += 1
    want = rate * 0.01
    ok = sum(1 for c in buckets if abs(c - want) <= 1 + 0.01 * want)
    worst = max(buckets, key=lambda c: abs(c - want)) if buckets else 0
    print("journey starts on the wire: %d of %d 10 ms buckets within +-(1 + 1%%) of %.2f (%.1f%%), worst %d; "
          "%.1f starts/s from %.3f s after the first to the last" % (
              ok, n, want, 100.0 * ok / max(n, 1), worst, (len([s for s in starts if s >= t0]) - 1) / max(t1 - t0, 1e-9),
              warm))


if __name__ == "__main__":
    main()
