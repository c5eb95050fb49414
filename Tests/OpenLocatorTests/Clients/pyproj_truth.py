"""The truth for SpatialReferenceProjTests: pyproj (PyPI, its own PROJ) transforms WGS84 points.

Reads {"wkid": [[lon, lat], ...], ..., "identify_esri": [code, ...]} as JSON on stdin and prints
{"pyproj": version, "proj": version, "results": {"wkid": [[x, y], ...], ...}, "epsg": {"code": n}},
each point from EPSG:4326 to EPSG:wkid (or to "ESRI:code" when the key names its authority) with
x = easting (or longitude), y = northing (or latitude), and for each ESRI code the EPSG code of
the same CRS (pyproj's to_epsg, which wants PROJ's confidence 70: the same definition), or null when there is none.
"""

import json
import sys

import pyproj
from pyproj import CRS, Transformer

asked = json.load(sys.stdin)
identify = asked.pop("identify_esri", [])
results = {}
for wkid, points in asked.items():
    target = wkid if ":" in wkid else f"EPSG:{wkid}"
    transformer = Transformer.from_crs("EPSG:4326", target, always_xy=True)
    results[wkid] = [list(transformer.transform(lon, lat)) for lon, lat in points]
epsg = {str(code): CRS.from_authority("ESRI", str(code)).to_epsg() for code in identify}
json.dump(
    {"pyproj": pyproj.__version__, "proj": pyproj.proj_version_str, "results": results, "epsg": epsg}, sys.stdout
)
