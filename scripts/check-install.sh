#!/usr/bin/env bash
# Checks that an installed `locator` works on its own: installs into a temporary prefix, then,
# in a private mount namespace where this checkout and the Swift toolchain are hidden under
# empty folders, runs `find` from / with a fresh cache and compares the answer with the
# checkout's own build; then `serve` there, whose map page must be the checkout's Web/ files.
# Needs root (for unshare --mount), as CI has.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout="$PWD"
toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"
work="$(mktemp -d /tmp/openlocator-install-XXXXXX)"
trap 'rm -rf "$work"' EXIT
OPENLOCATOR_BUILD_PATH="${OPENLOCATOR_BUILD_PATH:-$checkout/.build/static}" scripts/install.sh "$work/prefix" >"$work/install.log"
tail -n 1 "$work/install.log"
if ldd "$work/prefix/bin/locator" | grep -q "$toolchain"; then
    echo "the installed locator links the toolchain's libraries:" >&2
    ldd "$work/prefix/bin/locator" >&2
    exit 1
fi
query=(find "coffee shop" --near 60.1699,24.9384 --format json)
expected="$(swift run -q locator "${query[@]}")"
mkdir -p "$work/cache"
actual="$(unshare --mount sh -c '
    mount -t tmpfs none "$1" && mount -t tmpfs none "$2" &&
    cd / && env -i PATH=/usr/bin:/bin HOME="$3" XDG_CACHE_HOME="$3" "$4/bin/locator" "$5" "$6" "$7" "$8" "$9" "${10}"
' check "$checkout" "$toolchain" "$work/cache" "$work/prefix" "${query[@]}")"
if [ "$actual" != "$expected" ]; then
    echo "the installed locator answered differently:" >&2
    diff <(echo "$expected") <(echo "$actual") >&2 || true
    exit 1
fi
echo "installed locator: same answer as the checkout's, with the checkout and toolchain hidden ($(echo "$actual" | grep -c '"PlaceName"') results)"

# An output spatial reference through PROJ: the installed binary finds Debian's libproj and proj.db.
query=(find "Stockmann Helsinki" --max 1 --sr 3067 --format json)
expected="$(swift run -q locator "${query[@]}")"
actual="$(unshare --mount sh -c '
    mount -t tmpfs none "$1" && mount -t tmpfs none "$2" &&
    cd / && env -i PATH=/usr/bin:/bin HOME="$3" XDG_CACHE_HOME="$3" "$4/bin/locator" "$5" "$6" "$7" "$8" "$9" "${10}" "${11}" "${12}"
' check "$checkout" "$toolchain" "$work/cache" "$work/prefix" "${query[@]}")"
if [ "$actual" != "$expected" ] || ! grep -q '"wkid": *3067' <<<"$actual"; then
    echo "the installed locator answered --sr 3067 differently:" >&2
    diff <(echo "$expected") <(echo "$actual") >&2 || true
    exit 1
fi
echo "installed locator: --sr 3067 through PROJ answers as the checkout's"

# The map page: the installed server reads it from share/openlocator/web.
unshare --mount sh -c '
    mount -t tmpfs none "$1" && mount -t tmpfs none "$2" && cd / &&
    env -i PATH=/usr/bin:/bin HOME="$3" XDG_CACHE_HOME="$3" "$4/bin/locator" serve --port 0 2>"$3/serve.log" &
    server=$!
    for _ in $(seq 100); do grep -q "^serving" "$3/serve.log" 2>/dev/null && break; sleep 0.1; done
    port=$(sed -n "s|^serving http://127.0.0.1:\([0-9]*\)/.*|\1|p" "$3/serve.log")
    curl -sf "http://127.0.0.1:$port/" -o "$3/index.html"; curl -sf "http://127.0.0.1:$port/map/page.js" -o "$3/page.js"
    kill "$server"; wait "$server" || true
' check "$checkout" "$toolchain" "$work/cache" "$work/prefix"
for file in index.html page.js; do
    if ! cmp -s "Web/$file" "$work/cache/$file"; then
        echo "the installed locator serve does not serve Web/$file at the map page:" >&2
        cat "$work/cache/serve.log" >&2
        exit 1
    fi
done
echo "installed locator serve: the map page is the checkout's Web/ files"
