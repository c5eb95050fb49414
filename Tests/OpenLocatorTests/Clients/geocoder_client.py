"""The `geocoder` package (PyPI, unchanged) against `locator serve`: its arcgis provider,
which asks the legacy `find` operation, with only the URL changed. Prints JSON."""
import json
import sys

import geocoder

url = sys.argv[1]


def ask(text):
    g = geocoder.arcgis(text, url=url, timeout=10)
    return {"ok": bool(g.ok), "address": g.address, "latlng": g.latlng}


print(json.dumps({
    "stockmann": ask("Stockmann, Helsinki"),
    "street": ask("Mannerheimintie 10, Helsinki"),
    "nothing": ask("qqqzzzxxyy"),
}))
