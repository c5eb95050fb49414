#!/usr/bin/env python3
"""Memory of `locator serve` over one gazetteer after a load that reads all of it, for two
builds side by side in the same run (e.g. before and after a change), from
/proc/PID/smaps_rollup: RSS (counts a file page once per mapping, so once per connection),
PSS (each page once), private dirty and anonymous bytes (the process's own memory: heap and
SQLite's page caches; the rest is the file in the kernel's page cache, shared and
reclaimable), and the requests per second of the load.

The load: eight kept-alive clients asking reverseGeocode and a category search at
deterministic random points over the gazetteer's extent, so the R*Tree and place pages of
the whole file are read. Each build serves in turn, twice, in the order A B A B.

    python3 Benchmarks/serve-memory.py --gazetteer syn5m.gazetteer \\
        --build before=/tmp/locator-before --build after=.build/release/locator [--requests 20000]
"""

import argparse
import http.client
import random
import subprocess
import threading
import time

SERVICE = "/arcgis/rest/services/World/GeocodeServer"


def start(locator, gazetteer, workers):
    server = subprocess.Popen([locator, "serve", "--port", "0", "--gazetteer", gazetteer, "--workers", str(workers)],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    while True:
        line = server.stderr.readline()
        if not line:
            raise SystemExit(f"{locator} serve did not start")
        if line.startswith("serving http://127.0.0.1:"):
            threading.Thread(target=lambda: server.stderr.read(), daemon=True).start()
            return server, int(line.split(":")[2].split("/")[0])


def load(port, requests, clients, extent, seed):
    """Sends `requests` in all from `clients` threads; returns requests per second."""
    xmin, ymin, xmax, ymax = extent
    errors = []

    def client(index):
        rng = random.Random(seed * 1000 + index)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        for n in range(requests // clients):
            x, y = rng.uniform(xmin, xmax), rng.uniform(ymin, ymax)
            if n % 2:
                target = f"{SERVICE}/reverseGeocode?location={x:.5f},{y:.5f}&f=json"
            else:
                target = (f"{SERVICE}/findAddressCandidates?category=Coffee%20Shop&location={x:.5f},{y:.5f}"
                          f"&maxLocations=10&outFields=PlaceName,Place_addr,Distance&f=json")
            connection.request("GET", target)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                errors.append(response.status)

    start_time = time.perf_counter()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise SystemExit(f"{len(errors)} requests failed, e.g. HTTP {errors[0]}")
    return requests / (time.perf_counter() - start_time)


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            parts = line.split()
            if len(parts) >= 3 and parts[2] == "kB":
                fields[parts[0].rstrip(":")] = int(parts[1]) * 1024
    return fields["Rss"], fields["Pss"], fields.get("Private_Dirty", 0), fields.get("Anonymous", 0)


def extent(gazetteer):
    import sqlite3
    db = sqlite3.connect(f"file:{gazetteer}?mode=ro", uri=True)
    row = db.execute("SELECT min(min_lon), min(min_lat), max(max_lon), max(max_lat) FROM places_rtree").fetchone()
    db.close()
    return row


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gazetteer", required=True)
    parser.add_argument("--build", action="append", required=True, help="NAME=PATH of a locator binary")
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--workers", type=int, default=8)
    arguments = parser.parse_args()
    builds = [b.split("=", 1) for b in arguments.build]
    box = extent(arguments.gazetteer)
    print(f"{'build':>8} {'round':>5} {'req/s':>8} {'RSS MB':>8} {'PSS MB':>8} {'dirty MB':>9} {'anon MB':>8}")
    for round_number in (1, 2):
        for name, locator in builds:
            server, port = start(locator, arguments.gazetteer, arguments.workers)
            try:
                rate = load(port, arguments.requests, 8, box, round_number)
                rss, pss, dirty, anonymous = memory(server.pid)
            finally:
                server.terminate()
                server.wait()
            mb = 1024 * 1024
            print(f"{name:>8} {round_number:>5} {rate:>8.0f} {rss / mb:>8.1f} {pss / mb:>8.1f} {dirty / mb:>9.1f} "
                  f"{anonymous / mb:>8.1f}")


if __name__ == "__main__":
    main()
