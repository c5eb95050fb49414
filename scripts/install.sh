#!/usr/bin/env bash
# Installs `locator` into PREFIX (default /usr/local) so that it runs from any folder on a
# machine without this checkout or the Swift toolchain: a release build with the Swift runtime
# linked in, the default gazetteer's sources in PREFIX/share/openlocator, the manual page and
# the bash, zsh and fish completions and the map page's files. Needs only Debian's libsqlite3
# and libicu at run time (and libjs-leaflet for the map page's map).
#
#   scripts/install.sh                 # into /usr/local
#   scripts/install.sh "$HOME/.local"  # or anywhere
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${1:-/usr/local}"
scratch="${OPENLOCATOR_BUILD_PATH:-.build}"
build=(swift build -c release --static-swift-stdlib --product locator --scratch-path "$scratch")
"${build[@]}"
bin="$("${build[@]}" --show-bin-path)"

install -D -m 755 "$bin/locator" "$prefix/bin/locator"
data="$prefix/share/openlocator"
install -d "$data/sources" "$data/generic-words"
install -m 644 Gazetteer/osm-categories.tsv Gazetteer/osm-named-types.tsv Gazetteer/LICENSE-DATA.md "$data/"
install -m 644 Gazetteer/sources/* "$data/sources/"
install -m 644 Gazetteer/generic-words/* "$data/generic-words/"
# The map page of `locator serve` (Leaflet itself comes from Debian's libjs-leaflet).
install -d "$data/web"
install -m 644 Web/* "$data/web/"
install -D -m 644 LICENSE "$prefix/share/doc/openlocator/LICENSE"

# The manual page and completions come from the installed program itself.
staged="$(mktemp -d)"
trap 'rm -rf "$staged"' EXIT
"$prefix/bin/locator" man >"$staged/locator.1"
install -D -m 644 "$staged/locator.1" "$prefix/share/man/man1/locator.1"
"$prefix/bin/locator" completions bash >"$staged/locator.bash"
install -D -m 644 "$staged/locator.bash" "$prefix/share/bash-completion/completions/locator"
"$prefix/bin/locator" completions zsh >"$staged/_locator"
install -D -m 644 "$staged/_locator" "$prefix/share/zsh/site-functions/_locator"
"$prefix/bin/locator" completions fish >"$staged/locator.fish"
install -D -m 644 "$staged/locator.fish" "$prefix/share/fish/vendor_completions.d/locator.fish"
echo "installed $prefix/bin/locator ($("$prefix/bin/locator" --version)); data in $data"
