#!/usr/bin/env bash
# Hostile load test of `locator serve` on loopback: wrk at c=64 on the category query, 500
# trickling sockets, 4,096 idle sockets and 4 parallel maximal geocodeAddresses requests at
# once (serve-hostile.py), while a probe asks /health every 50 ms with a 1 s timeout.
# Prints the probe's share answered within 1 s and wrk's figures.
# Run: bash Benchmarks/serve-hostile.sh [LOCATOR_BINARY] [SECONDS]   (needs wrk: apt-get install wrk)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/locator}
seconds=${2:-30}
command -v wrk >/dev/null || { echo "needs wrk: apt-get install wrk" >&2; exit 1; }
ulimit -n "$(ulimit -Hn)"
gazetteer=$(ls -t "${XDG_CACHE_HOME:-$HOME/.cache}"/openlocator/default-v20-*.gazetteer | head -1)
port=18310
"$binary" serve --port $port --gazetteer "$gazetteer" 2>/dev/null &
server=$!
trap 'kill -TERM $server 2>/dev/null; wait $server 2>/dev/null' EXIT
sleep 2
url="http://127.0.0.1:$port/arcgis/rest/services/World/GeocodeServer/findAddressCandidates?category=Coffee%20Shop&location=24.9384,60.1699&maxLocations=10&outFields=PlaceName,Place_addr,Distance&f=json"
wrk -t2 -c64 -d"$((seconds + 3))s" --latency "$url" > /tmp/serve-hostile-wrk.txt &
wrkpid=$!
python3 Benchmarks/serve-hostile.py $port "$seconds"
wait $wrkpid || true
awk '/Requests\/sec|Non-2xx|Socket errors|^ +99%|^ +50%/' /tmp/serve-hostile-wrk.txt
kill -0 $server 2>/dev/null && echo "server: still running" || echo "server: GONE"
