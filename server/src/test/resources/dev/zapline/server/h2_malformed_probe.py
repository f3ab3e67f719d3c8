#!/usr/bin/python3
"""Sends HTTP/2 requests that RFC 9113 calls malformed (and a few valid controls) to an h2c server and prints
what came back, checked against what the RFC requires.

The client side is python-hyper's stack, not the server's: header-level cases go through h2's H2Connection with its
outbound validation switched off (so it sends what it is told) and its inbound validation on (so it also judges the
server's answers); stream-state cases (§5.1) are frames built with hyperframe and HPACK-encoded with hpack, read back
with the same libraries. Each case gets its own connection and, after the malformed stream, a valid GET on a later
stream, which must still be answered when the error is a stream error.

Usage: h2_malformed_probe.py [port]   (default 18080; the server needs GET /health and POST /echo)
Exit status: 0 when every case got the answer the RFC requires, 1 otherwise.
"""
import socket
import sys
import time

import hpack
from h2.config import H2Configuration
from h2.connection import H2Connection
from h2.events import ConnectionTerminated, DataReceived, ResponseReceived, StreamEnded, StreamReset
from hyperframe.frame import (ContinuationFrame, DataFrame, Frame, GoAwayFrame, HeadersFrame, RstStreamFrame,
                              SettingsFrame, WindowUpdateFrame)

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
CODES = {0: "NO_ERROR", 1: "PROTOCOL_ERROR", 2: "INTERNAL_ERROR", 3: "FLOW_CONTROL_ERROR", 5: "STREAM_CLOSED",
         6: "FRAME_SIZE_ERROR", 7: "REFUSED_STREAM", 8: "CANCEL", 11: "ENHANCE_YOUR_CALM"}
STREAM_ERROR = "RST_STREAM(PROTOCOL_ERROR), next 200"
CONNECTION_ERROR = "GOAWAY(PROTOCOL_ERROR)"
SERVED = "served, next 200"
CLOSED = ("RST_STREAM(STREAM_CLOSED), next 200", "GOAWAY(STREAM_CLOSED)")
ANSWERED_THEN_CLOSED = ("served + RST_STREAM(STREAM_CLOSED), next 200", "GOAWAY(STREAM_CLOSED)")


def req(method=b"GET", path=b"/health", scheme=b"http", authority=b"127.0.0.1", extra=()):
    h = [(b":method", method), (b":scheme", scheme), (b":path", path), (b":authority", authority)]
    return [f for f in h if f[1] is not None] + list(extra)


GET = req()


def without(name):
    return [f for f in GET if f[0] != name]


def post(extra=()):
    return req(b"POST", b"/echo", extra=extra)


# (section, case, request headers, body or None, trailers or None, expected answer)
HEADER_CASES = [
    ("8.3.1", "no :method", without(b":method"), None, None, STREAM_ERROR),
    ("8.3.1", "no :scheme", without(b":scheme"), None, None, STREAM_ERROR),
    ("8.3.1", "no :path", without(b":path"), None, None, STREAM_ERROR),
    ("8.3.1", "empty :path", req(path=b""), None, None, STREAM_ERROR),
    ("8.3.1", ":path not starting with /", req(path=b"health"), None, None, STREAM_ERROR),
    ("8.3.1", ":path * on GET", req(path=b"*"), None, None, STREAM_ERROR),
    ("8.3.1", ":path * on OPTIONS (valid)", req(b"OPTIONS", b"*"), None, None, SERVED),
    ("8.3.1", ":authority with userinfo", req(authority=b"u@127.0.0.1"), None, None, STREAM_ERROR),
    ("8.3.1", "https and no :authority (valid)", req(scheme=b"https", authority=None), None, None, SERVED),
    ("8.3", "unknown pseudo-header :foo", GET + [(b":foo", b"x")], None, None, STREAM_ERROR),
    ("8.3", "pseudo-header after a regular field", [GET[0], (b"x-a", b"1")] + GET[1:], None, None, STREAM_ERROR),
    ("8.3", "duplicated :path", GET + [(b":path", b"/health")], None, None, STREAM_ERROR),
    ("8.3", "duplicated :method", [GET[0]] + GET, None, None, STREAM_ERROR),
    ("8.3", ":status in a request", GET + [(b":status", b"200")], None, None, STREAM_ERROR),
    ("8.3.1", ":protocol without extended CONNECT", GET + [(b":protocol", b"websocket")], None, None, STREAM_ERROR),
    ("8.5", "CONNECT without :authority", req(b"CONNECT", None, None, None), None, None, STREAM_ERROR),
    ("8.5", "CONNECT with :scheme and :path", req(b"CONNECT"), None, None, STREAM_ERROR),
    ("8.5", "CONNECT with :path only", req(b"CONNECT", b"/", None), None, None, STREAM_ERROR),
    ("8.5", "CONNECT to a host without port", req(b"CONNECT", None, None), None, None, STREAM_ERROR),
    ("8.5", "CONNECT host:port (valid)", req(b"CONNECT", None, None, b"127.0.0.1:1"), None, None, SERVED),
    ("8.1", "pseudo-header in trailers", post(), b"abc", [(b":path", b"/x")], STREAM_ERROR),
    ("8.1", "trailers (valid)", post(), b"abc", [(b"x-t", b"1")], SERVED),
    ("8.2.1", "upper-case field name", GET + [(b"X-Upper", b"1")], None, None, STREAM_ERROR),
    ("8.2.1", "space in field name", GET + [(b"x a", b"1")], None, None, STREAM_ERROR),
    ("8.2.1", "colon inside field name", GET + [(b"x:a", b"1")], None, None, STREAM_ERROR),
    ("8.2.1", "empty field name", GET + [(b"", b"1")], None, None, STREAM_ERROR),
    ("8.2.1", "non-ASCII field name", GET + [(b"x-\xe9", b"1")], None, None, STREAM_ERROR),
    ("8.2.1", "CR in a field value", GET + [(b"x-a", b"a\rb")], None, None, STREAM_ERROR),
    ("8.2.1", "LF in a field value", GET + [(b"x-a", b"a\nb")], None, None, STREAM_ERROR),
    ("8.2.1", "NUL in a field value", GET + [(b"x-a", b"a\x00b")], None, None, STREAM_ERROR),
    ("8.2.1", "leading space in a value", GET + [(b"x-a", b" a")], None, None, STREAM_ERROR),
    ("8.2.1", "leading tab in a value", GET + [(b"x-a", b"\ta")], None, None, STREAM_ERROR),
    ("8.2.1", "trailing space in a value", GET + [(b"x-a", b"a ")], None, None, STREAM_ERROR),
    ("8.2.1", "trailing tab in a value", GET + [(b"x-a", b"a\t")], None, None, STREAM_ERROR),
    ("8.2.1", "trailing space in :path", req(path=b"/health "), None, None, STREAM_ERROR),
    ("8.2.1", "trailing space in :method", req(method=b"GET "), None, None, STREAM_ERROR),
    ("8.2.1", "trailing space in a trailer value", post(), b"abc", [(b"x-t", b"1 ")], STREAM_ERROR),
    ("8.2.1", "inner space and tab (valid)", GET + [(b"x-a", b"a b\tc")], None, None, SERVED),
    ("8.2.2", "connection", GET + [(b"connection", b"keep-alive")], None, None, STREAM_ERROR),
    ("8.2.2", "keep-alive", GET + [(b"keep-alive", b"timeout=5")], None, None, STREAM_ERROR),
    ("8.2.2", "proxy-connection", GET + [(b"proxy-connection", b"close")], None, None, STREAM_ERROR),
    ("8.2.2", "transfer-encoding", post([(b"transfer-encoding", b"chunked")]), b"abc", None, STREAM_ERROR),
    ("8.2.2", "upgrade", GET + [(b"upgrade", b"h2c")], None, None, STREAM_ERROR),
    ("8.2.2", "te: gzip", GET + [(b"te", b"gzip")], None, None, STREAM_ERROR),
    ("8.2.2", "te: trailers, gzip", GET + [(b"te", b"trailers, gzip")], None, None, STREAM_ERROR),
    ("8.2.2", "te: trailers (valid)", GET + [(b"te", b"trailers")], None, None, SERVED),
    ("8.1.1", "content-length above the DATA sum", post([(b"content-length", b"5")]), b"abc", None, STREAM_ERROR),
    ("8.1.1", "content-length below the DATA sum", post([(b"content-length", b"2")]), b"abc", None, STREAM_ERROR),
    ("8.1.1", "content-length 3 and no DATA", post([(b"content-length", b"3")]), None, None, STREAM_ERROR),
    ("8.1.1", "content-length not a number", post([(b"content-length", b"x")]), b"abc", None, STREAM_ERROR),
    ("8.1.1", "two different content-lengths",
     post([(b"content-length", b"3"), (b"content-length", b"4")]), b"abc", None, STREAM_ERROR),
    ("8.1.1", "content-length equal to the DATA sum (valid)",
     post([(b"content-length", b"3")]), b"abc", None, SERVED),
]


def describe_stream(s):
    """What came back on a stream, in order: "served" (a whole response), or the status of a cut one, then resets."""
    parts = []
    if "status" in s:
        parts.append("served" if s.get("ended") else "status %s" % s["status"])
    parts += ["RST_STREAM(%s)" % CODES.get(c, c) for c in s.get("resets", [])]
    return " + ".join(parts) or "no answer"


def answer(streams, first, nxt, goaway):
    if goaway is not None:
        return "GOAWAY(%s)" % CODES.get(goaway, goaway)
    a = describe_stream(streams.get(first, {}))
    n = streams.get(nxt, {})
    return "%s, next %s" % (a, n.get("status") if n.get("ended") else describe_stream(n))


def header_case(port, headers, body, trailers):
    cfg = H2Configuration(client_side=True, validate_outbound_headers=False, normalize_outbound_headers=False,
                          validate_inbound_headers=True)
    conn = H2Connection(config=cfg)
    sock = socket.create_connection(("127.0.0.1", port), timeout=3)
    try:
        conn.initiate_connection()
        first = conn.get_next_available_stream_id()
        conn.send_headers(first, headers, end_stream=body is None and trailers is None)
        if body is not None:
            conn.send_data(first, body, end_stream=trailers is None)
        if trailers is not None:
            conn.send_headers(first, trailers, end_stream=True)
        nxt = conn.get_next_available_stream_id()
        conn.send_headers(nxt, GET, end_stream=True)
        sock.sendall(conn.data_to_send())
        streams, goaway = {}, None
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and goaway is None and not settled(streams, first, nxt):
            try:
                data = sock.recv(65536)
            except socket.timeout:
                break
            if not data:
                break
            for e in conn.receive_data(data):
                s = streams.setdefault(getattr(e, "stream_id", 0), {})
                if isinstance(e, ResponseReceived):
                    s["status"] = dict(e.headers).get(b":status", b"?").decode()
                elif isinstance(e, StreamEnded):
                    s["ended"] = True
                elif isinstance(e, StreamReset):
                    s.setdefault("resets", []).append(e.error_code)
                elif isinstance(e, ConnectionTerminated):
                    goaway = e.error_code
                elif isinstance(e, DataReceived):
                    conn.acknowledge_received_data(e.flow_controlled_length, e.stream_id)
            out = conn.data_to_send()
            if out:
                sock.sendall(out)
        return answer(streams, first, nxt, goaway)
    except Exception as e:  # the server's answer broke h2's rules, or the socket failed
        return "client error: %s: %s" % (type(e).__name__, e)
    finally:
        sock.close()


def settled(streams, *ids):
    return all(streams.get(i, {}).get("resets") or streams.get(i, {}).get("ended") for i in ids)


def headers_frame(enc, stream, fields, end=True):
    f = HeadersFrame(stream, enc.encode(fields))
    f.flags.add("END_HEADERS")
    if end:
        f.flags.add("END_STREAM")
    return f


def data_frame(stream, data, end=True):
    f = DataFrame(stream, data)
    if end:
        f.flags.add("END_STREAM")
    return f


class Known:
    """The answers the RFC asks for, and the one the server is known to give instead (see docs/server.md)."""

    def __init__(self, rfc, known):
        self.rfc, self.known = rfc, known


# In a frame list: send what came before, then read until the streams sent so far are answered.
WAIT = "wait"

# (section, case, frames before the follow-up GET, the case's stream, the follow-up's stream, expected answer(s))
RAW_CASES = [
    ("5.1.1", "HEADERS on stream 3 after stream 5",
     lambda e: [headers_frame(e, 5, GET), headers_frame(e, 3, GET)], 3, 7, CONNECTION_ERROR),
    ("5.1.1", "HEADERS on stream 1 after 5 (1 never used)",
     lambda e: [headers_frame(e, 5, GET), headers_frame(e, 1, GET)], 1, 7, CONNECTION_ERROR),
    ("5.1.1", "HEADERS on an even stream id",
     lambda e: [headers_frame(e, 2, GET)], 2, 3, CONNECTION_ERROR),
    ("5.1", "HEADERS again on stream 1 after it was answered",
     lambda e: [headers_frame(e, 1, GET), WAIT, headers_frame(e, 1, GET)], 1, 3, ANSWERED_THEN_CLOSED),
    ("5.1", "HEADERS again on stream 1 before it was answered",
     lambda e: [headers_frame(e, 1, GET), headers_frame(e, 1, GET)], 1, 3,
     Known(ANSWERED_THEN_CLOSED + ("status 200 + RST_STREAM(STREAM_CLOSED), next 200",),
           "status 200 + RST_STREAM(PROTOCOL_ERROR), next 200")),
    ("8.1", "a second HEADERS without END_STREAM",
     lambda e: [headers_frame(e, 1, post(), end=False), headers_frame(e, 1, [(b"x-t", b"1")], end=False)], 1, 3,
     STREAM_ERROR),
    ("5.1", "DATA on an idle stream",
     lambda e: [data_frame(9, b"abc")], 9, 1, CONNECTION_ERROR),
    ("5.1", "DATA on stream 3 after 5 (3 never used)",
     lambda e: [headers_frame(e, 5, GET), data_frame(3, b"abc")], 3, 7, CLOSED + (CONNECTION_ERROR,)),
    ("5.1", "DATA after END_STREAM",
     lambda e: [headers_frame(e, 1, post(), end=False), data_frame(1, b"abc"), WAIT, data_frame(1, b"more")], 1, 3,
     ANSWERED_THEN_CLOSED),
    ("5.1", "DATA after our RST_STREAM (ignored)",
     lambda e: [headers_frame(e, 1, post([(b"X-Upper", b"1")]), end=False), WAIT, data_frame(1, b"abc")], 1, 3,
     STREAM_ERROR),
    ("5.1", "DATA after our RST_STREAM for content-length (ignored)",
     lambda e: [headers_frame(e, 1, post([(b"content-length", b"1")]), end=False), data_frame(1, b"abc", end=False),
                WAIT, data_frame(1, b"def")], 1, 3, STREAM_ERROR),
    ("5.1", "trailers after our RST_STREAM (ignored)",
     lambda e: [headers_frame(e, 1, post([(b"X-Upper", b"1")]), end=False), WAIT, data_frame(1, b"abc", end=False),
                headers_frame(e, 1, [(b"x-t", b"1")])], 1, 3, STREAM_ERROR),
    ("5.1", "RST_STREAM on an idle stream",
     lambda e: [RstStreamFrame(9, 8)], 9, 1, CONNECTION_ERROR),
    ("5.1", "WINDOW_UPDATE on an idle stream",
     lambda e: [WindowUpdateFrame(9, 100)], 9, 1, CONNECTION_ERROR),
    ("6.10", "CONTINUATION without HEADERS",
     lambda e: [ContinuationFrame(1, e.encode(GET), flags=["END_HEADERS"])], 1, 3, CONNECTION_ERROR),
    ("8.2.1", "upper-case name, then its DATA in flight",
     lambda e: [headers_frame(e, 1, post([(b"X-Upper", b"1")]), end=False), data_frame(1, b"abc")], 1, 3,
     STREAM_ERROR),
    ("8.3.1", "no :method, then its DATA in flight",
     lambda e: [headers_frame(e, 1, [f for f in post() if f[0] != b":method"], end=False), data_frame(1, b"abc")],
     1, 3, STREAM_ERROR),
    ("5.1.1", "malformed HEADERS on stream 3 after stream 5",
     lambda e: [headers_frame(e, 5, GET), headers_frame(e, 3, GET + [(b"X-Upper", b"1")])], 3, 7, CONNECTION_ERROR),
]


def read_frame(sock, buf):
    while len(buf) < 9:
        chunk = sock.recv(65536)
        if not chunk:
            return None, buf
        buf += chunk
    frame, length = Frame.parse_frame_header(memoryview(buf[:9]))
    while len(buf) < 9 + length:
        chunk = sock.recv(65536)
        if not chunk:
            return None, buf
        buf += chunk
    frame.parse_body(memoryview(buf[9:9 + length]))
    return frame, buf[9 + length:]


def read_until(sock, dec, streams, state, ids):
    """Reads frames into streams until each of ids ended or was reset, a GOAWAY, the close or 3 s."""
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and state["goaway"] is None and not settled(streams, *ids):
        try:
            f, state["buf"] = read_frame(sock, state["buf"])
        except (socket.timeout, ConnectionResetError):
            return
        if f is None:
            return
        s = streams.setdefault(f.stream_id, {})
        if isinstance(f, SettingsFrame) and "ACK" not in f.flags:
            sock.sendall(SettingsFrame(0, flags=["ACK"]).serialize())
        elif isinstance(f, GoAwayFrame):
            state["goaway"] = f.error_code
        elif isinstance(f, RstStreamFrame):
            s.setdefault("resets", []).append(f.error_code)
        elif isinstance(f, HeadersFrame):
            s["status"] = dict(dec.decode(f.data)).get(":status")
        if isinstance(f, (HeadersFrame, DataFrame)) and "END_STREAM" in f.flags:
            s["ended"] = True


def raw_case(port, build, first, nxt):
    enc, dec = hpack.Encoder(), hpack.Decoder()
    sock = socket.create_connection(("127.0.0.1", port), timeout=3)
    try:
        frames = [SettingsFrame(0)] + build(enc) + [headers_frame(enc, nxt, GET)]
        streams, state = {}, {"goaway": None, "buf": b""}
        sent = PREFACE
        for f in frames:
            if f is WAIT:
                sock.sendall(sent)
                sent = b""
                read_until(sock, dec, streams, state, [i for i in streams if i])
            else:
                streams.setdefault(f.stream_id, {})
                sent += f.serialize()
        sock.sendall(sent)
        read_until(sock, dec, streams, state, [nxt])
        return answer(streams, first, nxt, state["goaway"])
    finally:
        sock.close()


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 18080
    wrong = known = 0
    rows = [(s, n, lambda h=h, b=b, t=t: header_case(port, h, b, t), x) for s, n, h, b, t, x in HEADER_CASES]
    rows += [(s, n, lambda f=f, c=c, i=i: raw_case(port, f, c, i), x) for s, n, f, c, i, x in RAW_CASES]
    for section, name, run, expected in rows:
        got = run()
        rfc = expected.rfc if isinstance(expected, Known) else expected
        if got in (rfc if isinstance(rfc, tuple) else (rfc,)):
            verdict = "ok"
        elif isinstance(expected, Known) and got == expected.known:
            verdict = "known deviation"
            known += 1
        else:
            verdict = "WRONG"
            wrong += 1
        print("%-6s %-50s %-50s %s" % ("§" + section, name, got, verdict))
    print("%d of %d cases as RFC 9113 requires, %d known deviation(s), %d wrong"
          % (len(rows) - wrong - known, len(rows), known, wrong))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
