#!/usr/bin/env python3
"""Hostile load on a running `locator serve` (loopback only, bounded in time), with a probe.

While it runs: 4,096 idle sockets and 500 sockets trickling a request a byte a second (from
127.0.0.2-127.0.0.41, so no peer passes the 256-connection cap), and 4 clients posting maximal
geocodeAddresses requests (1,000 records of 24 one-letter words) back to back. A probe from
127.0.0.1 sends GET /health every 50 ms with a 1 s timeout and reports how many answers came
within 1 s. Run wrk beside it for the category load (see serve-hostile.sh).

    python3 Benchmarks/serve-hostile.py PORT SECONDS
"""
import json
import socket
import sys
import threading
import time
import urllib.parse

PORT = int(sys.argv[1])
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 30
stop = threading.Event()
SERVICE = "/arcgis/rest/services/World/GeocodeServer"


def connect(source, timeout=2):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect(("127.0.0.1", PORT))
    return s


def idle_sockets(count):
    held = []
    for i in range(count):
        try:
            held.append(connect(f"127.0.0.{2 + i % 20}"))
        except OSError:
            pass
    stop.wait()
    for s in held:
        s.close()


def tricklers(count):
    request = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"s" * 200 + b"\r\n\r\n"
    sockets = {}
    while not stop.is_set():
        for i in range(count):
            if stop.is_set():
                break
            s, sent = sockets.get(i, (None, 0))
            try:
                if s is None:
                    s, sent = connect(f"127.0.0.{22 + i % 20}"), 0
                s.send(request[sent:sent + 1])
                sockets[i] = (s, (sent + 1) % len(request))
            except OSError:
                if s:
                    s.close()
                sockets.pop(i, None)
        time.sleep(1)
    for s, _ in sockets.values():
        s.close()


def batches():
    text = " ".join(["s"] * 24)
    records = [{"attributes": {"OBJECTID": i + 1, "SingleLine": text}} for i in range(1000)]
    body = ("addresses=" + urllib.parse.quote(json.dumps({"records": records})) + "&f=json").encode()
    head = (f"POST {SERVICE}/geocodeAddresses HTTP/1.1\r\nHost: x\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n").encode()
    while not stop.is_set():
        try:
            s = connect("127.0.0.50", timeout=60)
            s.sendall(head + body)
            while s.recv(65536):
                pass
            s.close()
        except OSError:
            time.sleep(0.1)


def probe(results):
    while not stop.is_set():
        started = time.monotonic()
        ok = False
        try:
            s = connect("127.0.0.1", timeout=1)
            s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            data = b""
            while b"\r\n\r\n" not in data and time.monotonic() - started < 1:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
            ok = data.startswith(b"HTTP/1.1 200") and time.monotonic() - started <= 1
            s.close()
        except OSError:
            pass
        results.append((ok, time.monotonic() - started))
        time.sleep(0.05)


threads = [threading.Thread(target=idle_sockets, args=(4096,)),
           threading.Thread(target=tricklers, args=(500,))]
threads += [threading.Thread(target=batches) for _ in range(4)]
for t in threads:
    t.daemon = True
    t.start()
time.sleep(3)  # let the sockets open
results = []
prober = threading.Thread(target=probe, args=(results,))
prober.start()
time.sleep(SECONDS)
stop.set()
prober.join()
answered = sum(1 for ok, _ in results if ok)
times = sorted(t for _, t in results)
p50 = times[len(times) // 2] * 1000 if times else 0
p99 = times[int(len(times) * 0.99)] * 1000 if times else 0
print(f"probe: {answered}/{len(results)} answered within 1 s "
      f"({100 * answered / max(1, len(results)):.1f} %), p50 {p50:.1f} ms, p99 {p99:.1f} ms")
