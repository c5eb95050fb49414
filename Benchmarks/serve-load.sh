#!/usr/bin/env bash
# Load test of `locator serve` on loopback with wrk (apt-get install wrk): category-near-point
# and address queries at 1, 16 and 64 connections, each run 3 times for 6 s; prints the median
# requests/s and its run's p99 latency. The client shares the machine's cores with the server.
# Run: bash Benchmarks/serve-load.sh   (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "needs wrk: apt-get install wrk" >&2; exit 1; }
swift build -c release --product locator >/dev/null
gazetteer=$(swift run -c release locator info 2>/dev/null >/dev/null; ls -t "${XDG_CACHE_HOME:-$HOME/.cache}"/openlocator/default-*.gazetteer | head -1)
port=18300
.build/release/locator serve --port $port --gazetteer "$gazetteer" 2>/dev/null &
server=$!
trap 'kill -TERM $server 2>/dev/null; wait $server 2>/dev/null' EXIT
sleep 2
base="http://127.0.0.1:$port/arcgis/rest/services/World/GeocodeServer/findAddressCandidates"
declare -A queries=(
    ["category top-10"]="$base?category=Coffee%20Shop&location=24.9384,60.1699&maxLocations=10&outFields=PlaceName,Place_addr,Distance&f=json"
    ["category top-1"]="$base?category=Coffee%20Shop&location=24.9384,60.1699&maxLocations=1&outFields=PlaceName,Place_addr,Distance&f=json"
    ["address"]="$base?singleLine=Mannerheimintie%2010%2C%20Helsinki&maxLocations=1&f=json"
)
for name in "category top-10" "category top-1" "address"; do
    for connections in 1 16 64; do
        threads=$([ "$connections" -eq 1 ] && echo 1 || echo 2)
        runs=()
        for _ in 1 2 3; do
            out=$(wrk -t"$threads" -c"$connections" -d6s --latency "${queries[$name]}")
            rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
            p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
            runs+=("$rps $p99")
        done
        median=$(printf '%s\n' "${runs[@]}" | sort -n | sed -n 2p)
        printf '%-16s c=%-3s  %s req/s  p99 %s   (runs: %s)\n' "$name" "$connections" ${median} "$(printf '%s ' "${runs[@]%% *}")"
    done
done
