#!/usr/bin/env python3
"""Size and time of the map page's layers: streets (`GET /map/streets`) at three zoom levels,
and towns (`GET /map/towns`, 200 a view) for the world, Europe and the window at zoom 13.

Starts `locator serve` (the release build unless --locator says otherwise) on 127.0.0.1 over
the default gazetteer, asks for the box a 1280 x 800 window shows around central Helsinki at
each zoom (padded 15 % a side, as the page asks), on one kept-alive connection, and prints the
bytes and the median and 95th-percentile milliseconds per request.

    swift build -c release && python3 Benchmarks/map-layers.py [--requests 200]
"""

import argparse
import http.client
import json
import math
import statistics
import subprocess
import time

CENTRE = (60.1699, 24.9384)  # lat, lon
WINDOW = (1280, 800)  # CSS pixels


def box(zoom):
    """The page's request box at `zoom`: the window's extent in Web Mercator, padded 15 %."""
    degrees_per_pixel = 360 / (256 * 2**zoom)
    half_width = WINDOW[0] / 2 * degrees_per_pixel * 1.3
    half_height = WINDOW[1] / 2 * degrees_per_pixel * math.cos(math.radians(CENTRE[0])) * 1.3
    return (CENTRE[1] - half_width, CENTRE[0] - half_height, CENTRE[1] + half_width, CENTRE[0] + half_height)


def measure(connection, target, requests):
    """Milliseconds of each of `requests` GETs of `target` (sorted), and the last body."""
    times = []
    body = b""
    for _ in range(requests):
        start = time.perf_counter()
        connection.request("GET", target)
        response = connection.getresponse()
        body = response.read()
        times.append((time.perf_counter() - start) * 1000)
        if response.status != 200:
            raise SystemExit(f"{target}: HTTP {response.status}")
    return sorted(times), body


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--locator", default=".build/release/locator")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--zooms", default="13,15,17")
    arguments = parser.parse_args()
    server = subprocess.Popen([arguments.locator, "serve", "--port", "0"], stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        while True:
            line = server.stderr.readline()
            if not line:
                raise SystemExit("locator serve did not start")
            if line.startswith("serving http://127.0.0.1:"):
                port = int(line.split(":")[2].split("/")[0])
                break
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        print(f"{'zoom':>4} {'box (degrees)':>17} {'bytes':>8} {'streets':>7} {'pieces':>7} {'p50 ms':>7} {'p95 ms':>7}")
        for zoom in [int(z) for z in arguments.zooms.split(",")]:
            west, south, east, north = box(zoom)
            target = f"/map/streets?bbox={west:.5f},{south:.5f},{east:.5f},{north:.5f}&zoom={zoom}"
            times, body = measure(connection, target, arguments.requests)
            answer = json.loads(body)
            pieces = sum(len(f["geometry"]["coordinates"]) for f in answer["features"])
            print(f"{zoom:>4} {east - west:>8.4f} x {north - south:<7.4f} {len(body):>8} {len(answer['features']):>7} "
                  f"{pieces:>7} {statistics.median(times):>7.2f} {times[int(len(times) * 0.95)]:>7.2f}")
        print()
        print(f"{'towns in':>22} {'bytes':>8} {'towns':>7} {'p50 ms':>7} {'p95 ms':>7}")
        west, south, east, north = box(13)
        for label, bbox in [("the world", (-180, -90, 180, 90)), ("Europe", (-25, 34, 45, 72)),
                            ("zoom 13, Helsinki", (west, south, east, north))]:
            target = "/map/towns?bbox=" + ",".join(f"{v:.5f}" for v in bbox) + "&limit=200"
            times, body = measure(connection, target, arguments.requests)
            answer = json.loads(body)
            print(f"{label:>22} {len(body):>8} {len(answer['features']):>7} "
                  f"{statistics.median(times):>7.2f} {times[int(len(times) * 0.95)]:>7.2f}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
