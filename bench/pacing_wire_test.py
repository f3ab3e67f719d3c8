#!/usr/bin/env python3
"""Checks bench/pacing_wire.py on captures written here with known send times: python3 bench/pacing_wire_test.py

Each capture is a classic pcap file (Ethernet, microsecond timestamps) of HTTP/1.1 GETs over loopback TCP
connections, built with struct, so every figure the script prints is known exactly in advance.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import unittest
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pacing_wire  # noqa: E402

PORT = 18899
T0_US = 1_700_000_000_123_456
REQUEST = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
RESPONSE = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
SYN, ACK, PSH = 0x02, 0x10, 0x08


def frame(sport, dport, seq, flags, payload=b""):
    tcp = struct.pack(">HHIIBBHHH", sport, dport, seq, 0, 5 << 4, flags, 65535, 0, 0)
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp) + len(payload), 0, 0, 64, 6, 0,
                     bytes([127, 0, 0, 1]), bytes([127, 0, 0, 1]))
    return b"\x00" * 12 + b"\x08\x00" + ip + tcp + payload


class Capture:
    """A pcap file being written: connections opened with SYNs, then segments of requests and responses."""

    def __init__(self, path):
        self.f = open(path, "wb")
        self.f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
        self.seq = {}

    def packet(self, us, data):
        self.f.write(struct.pack("<IIII", us // 1_000_000, us % 1_000_000, len(data), len(data)) + data)

    def open(self, us, cport):
        self.seq[cport] = {"c": 1000 + cport, "s": 500_000 + cport}
        self.packet(us, frame(cport, PORT, self.seq[cport]["c"] - 1, SYN))
        self.packet(us, frame(PORT, cport, self.seq[cport]["s"] - 1, SYN | ACK))

    def send(self, us, cport, payload, side="c"):
        """A segment from the client (side c) or the server (s), at the next sequence number; returns that number."""
        seq = self.seq[cport][side]
        src, dst = (cport, PORT) if side == "c" else (PORT, cport)
        self.packet(us, frame(src, dst, seq, ACK | PSH, payload))
        self.seq[cport][side] = seq + len(payload)
        return seq

    def close(self):
        self.f.close()


def write_run(path, times_us, connections=16):
    """Request k at times_us[k] on connection k mod CONNECTIONS (all opened 1 ms before the first), each answered
    100 us later."""
    cap = Capture(path)
    first = min(times_us)
    for c in range(connections):
        cap.open(first - 1000, 40000 + c)
    for k, us in sorted(enumerate(times_us), key=lambda kv: (kv[1], kv[0])):
        cport = 40000 + k % connections
        cap.send(us, cport, REQUEST)
        cap.send(us + 100, cport, RESPONSE, "s")
    cap.close()


def uniform(n, rate):
    return [T0_US + k * 1_000_000 // rate for k in range(n)]


class PacingWireTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.pcap = os.path.join(self.dir.name, "run.pcap")

    def tearDown(self):
        self.dir.cleanup()

    def figures(self, times, rate, connections=16):
        write_run(self.pcap, times, connections)
        return pacing_wire.pacing(pacing_wire.send_times(self.pcap, PORT), Fraction(rate))

    def test_exact_uniform_runs_have_every_bucket_within(self):
        # (rate, requests, whole buckets): 2010 requests at 2000/s span 1.005 s, whose last 5 ms are left out
        for rate, n, buckets in ((2000, 20000, 1000), (10000, 30000, 300), (1000, 5000, 500), (2000, 2010, 100)):
            with self.subTest(rate=rate, n=n):
                r = self.figures(uniform(n, rate), rate)
                per = rate // 100
                self.assertEqual((r["requests"], r["before_start"], r["buckets"], r["within"]), (n, 0, buckets,
                                                                                                   buckets))
                self.assertEqual((r["lowest"], r["highest"], r["worst"], r["worst_at_s"]), (per, per, per, 0.0))
                self.assertEqual(r["late_us"], {"min": 0, "p50": 0, "p99": 0, "p99_9": 0, "max": 0})
                self.assertAlmostEqual(r["rate_on_wire"], rate, places=6)

    def test_a_20_ms_stall_empties_two_buckets_and_overfills_the_next(self):
        # 2000/s for 10 s; the 40 requests due in [5.000, 5.020) s all leave at 5.020 s
        times = [max(t, T0_US + 5_020_000) if T0_US + 5_000_000 <= t < T0_US + 5_020_000 else t
                 for t in uniform(20000, 2000)]
        r = self.figures(times, 2000)
        self.assertEqual((r["requests"], r["buckets"], r["within"]), (20000, 1000, 997))
        self.assertEqual((r["lowest"], r["highest"], r["worst"], r["worst_at_s"]), (0, 60, 60, 5.02))
        # 19,960 on time; the late ones 500, 1000, ..., 20000 us: p99.9 is the 19,980th of 20,000
        self.assertEqual(r["late_us"], {"min": 0, "p50": 0, "p99": 0, "p99_9": 10000, "max": 20000})

    def test_bursts_every_100_ms_put_each_bucket_out(self):
        # 1000/s as 100 requests at once every 100 ms, for 2 s: the median request (the lower middle of 2000) is
        # 50 ms early, so wire time 0 is 50 ms before the first burst, which lands in bucket 5
        times = [T0_US + (k // 100) * 100_000 for k in range(2000)]
        r = self.figures(times, 1000)
        self.assertEqual((r["requests"], r["before_start"], r["buckets"], r["within"]), (2000, 0, 195, 0))
        self.assertEqual((r["lowest"], r["highest"], r["worst"], r["worst_at_s"]), (0, 100, 100, 0.05))
        self.assertEqual(r["late_us"], {"min": -49000, "p50": 0, "p99": 49000, "p99_9": 50000, "max": 50000})

    def test_one_off_is_within_and_two_off_is_not(self):
        # 1000/s for 1 s (10 a bucket, within: 9..11): request 10 leaves at 9.9 ms (buckets 0, 1: 11, 9); requests
        # 30 and 31 leave at 29.9 and 29.95 ms (buckets 2, 3: 12, 8; the earlier of the two worst is named)
        times = uniform(1000, 1000)
        times[10] = T0_US + 9_900
        times[30], times[31] = T0_US + 29_900, T0_US + 29_950
        r = self.figures(times, 1000)
        self.assertEqual((r["buckets"], r["within"]), (100, 98))
        self.assertEqual((r["lowest"], r["highest"], r["worst"], r["worst_at_s"]), (8, 12, 12, 0.02))
        self.assertEqual(r["late_us"]["min"], -1050)

    def test_early_requests_fall_in_no_bucket(self):
        # 1000/s for 1 s, the first 10 sent 30 ms ahead of the rest's offset
        times = [t - 30_000 if k < 10 else t for k, t in enumerate(uniform(1000, 1000))]
        r = self.figures(times, 1000)
        self.assertEqual((r["requests"], r["before_start"], r["buckets"], r["within"]), (1000, 10, 100, 99))
        self.assertEqual((r["lowest"], r["worst"], r["worst_at_s"]), (0, 0, 0.0))
        self.assertEqual(r["late_us"]["min"], -30000)

    def test_pipelined_requests_and_retransmissions(self):
        cap = Capture(self.pcap)
        cap.open(T0_US, 40000)
        cap.send(T0_US + 1000, 40000, REQUEST)
        cap.send(T0_US + 2000, 40000, REQUEST + REQUEST)  # two pipelined requests in one segment
        seq = cap.send(T0_US + 3000, 40000, REQUEST)
        cap.packet(T0_US + 9000, frame(40000, PORT, seq, ACK | PSH, REQUEST))  # that segment again
        cap.close()
        self.assertEqual(pacing_wire.send_times(self.pcap, PORT), [T0_US + 1000, T0_US + 2000, T0_US + 2000,
                                                                   T0_US + 3000])

    def test_other_ports_are_not_read(self):
        write_run(self.pcap, uniform(100, 1000))
        self.assertEqual(pacing_wire.send_times(self.pcap, PORT + 1), [])

    def test_command_line_prints_and_writes_json(self):
        write_run(self.pcap, uniform(2000, 2000))
        out = os.path.join(self.dir.name, "r.json")
        p = subprocess.run([sys.executable, os.path.join(HERE, "pacing_wire.py"), self.pcap, str(PORT), "2000",
                            "--json", out], capture_output=True, text=True, check=True)
        self.assertIn("10 ms buckets: 100 of 100 within +-(1 + 1%) of 20 (100.0%); counts 20..20, worst 20 at "
                      "0.00 s", p.stdout)
        with open(out) as f:
            r = json.load(f)
        self.assertEqual((r["requests"], r["buckets"], r["within"], r["per_bucket"]), (2000, 100, 100, 20.0))

    def test_bad_input_gets_a_message(self):
        write_run(self.pcap, uniform(10, 1000))
        junk = os.path.join(self.dir.name, "junk.pcap")
        with open(junk, "wb") as f:
            f.write(b"not a capture at all")
        script = os.path.join(HERE, "pacing_wire.py")
        for args, message in (
                ([self.pcap, str(PORT)], "usage: pacing_wire.py"),
                ([self.pcap, "port", "1000"], "PORT must be a whole number"),
                ([self.pcap, str(PORT), "0"], "RATE above 0"),
                ([self.pcap, str(PORT), "1000", "--json"], "usage: pacing_wire.py"),
                ([os.path.join(self.dir.name, "missing.pcap"), str(PORT), "1000"], "No such file"),
                ([junk, str(PORT), "1000"], "not a classic pcap file"),
                ([self.pcap, str(PORT + 1), "1000"], "no HTTP request to port %d" % (PORT + 1))):
            with self.subTest(args=args[1:]):
                p = subprocess.run([sys.executable, script] + args, capture_output=True, text=True)
                self.assertEqual(p.returncode, 1)
                self.assertIn(message, p.stderr)
                self.assertNotIn("Traceback", p.stderr)


if __name__ == "__main__":
    unittest.main()
