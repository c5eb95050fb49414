"""geopy's Nominatim and Photon geocoders, unchanged, against `locator serve` on 127.0.0.1.

Usage: python geopy_open_dialects.py PORT
Only the domain is changed: Nominatim at http://127.0.0.1:PORT, Photon at
http://127.0.0.1:PORT/photon. Prints one JSON object of what geopy returned.
"""
import json
import sys

from geopy.geocoders import Nominatim, Photon

port = sys.argv[1]
nominatim = Nominatim(user_agent="openlocator-tests", scheme="http", domain=f"127.0.0.1:{port}", timeout=10)
photon = Photon(scheme="http", domain=f"127.0.0.1:{port}/photon", timeout=10)


def one(location):
    if location is None:
        return None
    return {"address": location.address, "lat": location.latitude, "lon": location.longitude, "raw": location.raw}


def many(locations):
    return [one(location) for location in (locations or [])]


print(json.dumps({
    "nominatim": {
        "stockmann": one(nominatim.geocode("Stockmann, Helsinki", addressdetails=True)),
        "portland": many(nominatim.geocode("Portland", exactly_one=False, country_codes="us", limit=5)),
        "structured": one(nominatim.geocode({"street": "Mannerheimintie 10", "city": "Helsinki"})),
        "bounded": many(nominatim.geocode(
            "cafe", exactly_one=False, limit=40, viewbox=[(60.160, 24.930), (60.175, 24.950)], bounded=True)),
        "swedish": one(nominatim.geocode("Helsinki", language="sv")),
        "reverse": one(nominatim.reverse("60.1687, 24.9416")),
        "london": one(nominatim.reverse("51.5074, -0.1278", zoom=10)),
        "sea": one(nominatim.reverse("0.0, -30.0")),
    },
    "photon": {
        "stockmann": one(photon.geocode("Stockmann")),
        "cafes": many(photon.geocode(
            "cafe", exactly_one=False, limit=5, location_bias=(60.1699, 24.9384), osm_tag="amenity:cafe")),
        "reverse": many(photon.reverse("60.1687, 24.9416", exactly_one=False, limit=3)),
        "sea": one(photon.reverse("0.0, -30.0")),
    },
}))
