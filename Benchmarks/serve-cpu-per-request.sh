#!/bin/bash
# Server CPU time per request of `locator serve` for a top-10 category query: utime+stime of
# the server (from /proc/PID/stat) over a 6 s `wrk -t1 -c16` run, divided by the requests
# answered. Steadier than requests/s on a shared machine; compare two binaries in paired runs.
# Usage: bash Benchmarks/serve-cpu-per-request.sh [BINARY] [PORT] [GAZETTEER]
BIN=${1:-.build/release/locator}; PORT=${2:-18410}
G=${3:-$(ls -t "${XDG_CACHE_HOME:-$HOME/.cache}"/openlocator/default-*.gazetteer 2>/dev/null | head -1)}
[ -n "$G" ] || { echo "no default gazetteer in \${XDG_CACHE_HOME:-~/.cache}/openlocator; run 'swift run locator info' or pass one" >&2; exit 1; }
$BIN serve --port $PORT --gazetteer $G 2>/dev/null &
PID=$!
sleep 2
kill -0 $PID 2>/dev/null || { echo "$BIN serve did not start (does it read this gazetteer's schema?)" >&2; exit 1; }
S="http://127.0.0.1:$PORT/arcgis/rest/services/World/GeocodeServer/findAddressCandidates?category=Coffee%20Shop&location=24.9384,60.1699&maxLocations=10&outFields=PlaceName,Place_addr,Distance&f=json"
wrk -t1 -c16 -d2s "$S" >/dev/null
T0=$(awk '{print $14+$15}' /proc/$PID/stat)
OUT=$(wrk -t1 -c16 -d6s "$S")
T1=$(awk '{print $14+$15}' /proc/$PID/stat)
REQ=$(echo "$OUT" | awk '/requests in/ {print $1}')
RPS=$(echo "$OUT" | awk '/Requests\/sec/ {print $2}')
echo "$BIN: $(( (T1-T0) * 10000 / REQ )) us CPU/request (ticks $((T1-T0)), $REQ requests, $RPS req/s)"
kill -TERM $PID; wait $PID 2>/dev/null
