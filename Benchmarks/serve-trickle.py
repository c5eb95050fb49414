#!/usr/bin/env python3
"""Tricklers at the connection cap (loopback only, bounded in time), with a probe.

COUNT connections from 127.0.1.1-127.0.1.16 each begin a request and then send one more
byte every 2 s, never finishing it; one the server drops reconnects and goes on. After 5 s a
probe from 127.0.0.1 sends GET /health every 0.5 s with a 1 s timeout. Works against any HTTP
server (libmicrohttpd was measured with it; docs/deployment.md).

    python3 Benchmarks/serve-trickle.py PORT COUNT SECONDS    # e.g. 8080 4096 30
"""
import socket, sys, time, resource
resource.setrlimit(resource.RLIMIT_NOFILE, (8192, 8192))
port = int(sys.argv[1]); count = int(sys.argv[2]); duration = float(sys.argv[3])
socks = []
for i in range(count):
    s = socket.socket(); s.bind((f"127.0.1.{i % 16 + 1}", 0))
    try:
        s.connect(("127.0.0.1", port)); s.setblocking(False); s.send(b"GET /health HTTP/1.1\r\nHost: x\r\n"); socks.append(s)
    except OSError: s.close()
start = time.time(); answered = 0; probes = 0; lastsend = 0; reconnects = 0
def probe():
    try:
        p = socket.create_connection(("127.0.0.1", port), timeout=1); p.settimeout(1)
        p.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        ok = p.recv(100).startswith(b"HTTP/1.1 200"); p.close(); return ok
    except OSError: return False
while time.time() - start < duration:
    if time.time() - lastsend >= 2:
        lastsend = time.time()
        for idx, s in enumerate(socks):
            try: s.send(b"X")
            except OSError:
                # The attacker reconnects a socket the server dropped, as a real one would.
                s.close(); n = socket.socket(); n.bind((f"127.0.1.{idx % 16 + 1}", 0)); n.setblocking(False)
                try: n.connect(("127.0.0.1", port))
                except BlockingIOError: pass
                except OSError: pass
                socks[idx] = n; reconnects += 1
    if time.time() - start > 5:
        probes += 1; answered += probe()
    time.sleep(0.5)
print(f"port {port}: {count} tricklers, probes answered within 1 s {answered}/{probes}, reconnects {reconnects}")
