"""geopy's ArcGIS geocoder, unchanged, against `locator serve` on 127.0.0.1.

Usage: python geopy_client.py PORT
Prints one JSON object: what geopy returned for a geocode, a reverse geocode and a reverse
geocode at sea (which geopy turns into None on ArcGIS's "Unable to find address").
"""
import json
import sys

from geopy.geocoders import ArcGIS

port = sys.argv[1]
geocoder = ArcGIS(scheme="http", domain=f"127.0.0.1:{port}", timeout=10)
found = geocoder.geocode("Stockmann, Helsinki")
many = geocoder.geocode("coffee shop", exactly_one=False)
here = geocoder.reverse("60.1690, 24.9410")
sea = geocoder.reverse("0.0, -30.0")
print(json.dumps({
    "geocode": None if found is None else {"address": found.address, "lat": found.latitude, "lon": found.longitude},
    "many": 0 if many is None else len(many),
    "reverse": None if here is None else {"address": here.address, "lat": here.latitude, "lon": here.longitude},
    "sea": None if sea is None else sea.address,
}))
