"""Sends pipelined requests to nginx on one connection and saves every byte it answers until it closes."""
import socket, sys
def capture(path, requests):
    s = socket.create_connection(("127.0.0.1", 18089))
    s.sendall("".join(requests).encode("latin-1"))
    out = b""
    s.settimeout(5)
    while True:
        b = s.recv(65536)
        if not b:
            break
        out += b
    open(path, "wb").write(out)
    print(path, len(out))
H = "Host: localhost\r\n"
d = sys.argv[1]
capture(d + "/pipelined.bin", [
    "GET /hello.txt HTTP/1.1\r\n" + H + "\r\n",
    "HEAD /hello.txt HTTP/1.1\r\n" + H + "\r\n",
    "GET /missing HTTP/1.1\r\n" + H + "\r\n",
    "GET /hello.txt HTTP/1.1\r\n" + H + "If-Modified-Since: Fri, 01 Jan 2100 00:00:00 GMT\r\n\r\n",
    "GET /empty HTTP/1.1\r\n" + H + "\r\n",
    "GET /gz/big.txt HTTP/1.1\r\n" + H + "Accept-Encoding: gzip\r\n\r\n",
    "POST /proxy HTTP/1.1\r\n" + H + "Expect: 100-continue\r\nContent-Length: 5\r\n\r\nhello",
    "GET /hello.txt HTTP/1.1\r\n" + H + "Connection: close\r\n\r\n",
])
capture(d + "/close-delimited.bin", ["GET /close/big.txt HTTP/1.1\r\n" + H + "Accept-Encoding: gzip\r\n\r\n"])
capture(d + "/http10.bin", ["GET /hello.txt HTTP/1.0\r\n\r\n"])
