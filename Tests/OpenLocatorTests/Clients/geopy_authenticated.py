"""geopy's ArcGIS geocoder in authenticated mode, unchanged, against `locator serve` with an API
key behind nginx with TLS on 127.0.0.1 (geopy asks for https).

Usage: python geopy_authenticated.py PORT KEY CERTIFICATE
Only the domains are changed, and the self-signed certificate is trusted through geopy's own
`ssl_context`. geopy exchanges the key (as the password) for a token at
/sharing/generateToken, then sends it with each request. Prints one JSON object.
"""
import json
import ssl
import sys

from geopy.exc import GeocoderAuthenticationFailure, GeocoderServiceError
from geopy.geocoders import ArcGIS

port, key, certificate = sys.argv[1], sys.argv[2], sys.argv[3]
context = ssl.create_default_context(cafile=certificate)
domain = f"127.0.0.1:{port}"


def geocoder(password):
    return ArcGIS(username="openlocator", password=password, referer="https://example.org", scheme="https",
                  domain=domain, auth_domain=domain, ssl_context=context, timeout=10)


keyed = geocoder(key)
found = keyed.geocode("Stockmann, Helsinki")
here = keyed.reverse("60.1690, 24.9410")
try:
    geocoder("not-the-key").geocode("Stockmann")
    wrong = "answered"
except (GeocoderAuthenticationFailure, GeocoderServiceError) as error:
    wrong = type(error).__name__
print(json.dumps({
    "token": keyed.token,
    "geocode": None if found is None else {"address": found.address, "lat": found.latitude, "lon": found.longitude},
    "reverse": None if here is None else here.address,
    "wrongKey": wrong,
}))
