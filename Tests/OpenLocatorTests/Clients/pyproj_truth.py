"""The truth for SpatialReferenceProjTests: pyproj (PyPI, its own PROJ) transforms WGS84 points.

Reads {"wkid": [[lon, lat], ...], ...} as JSON on stdin and prints
{"pyproj": version, "proj": version, "results": {"wkid": [[x, y], ...], ...}}, each point from
EPSG:4326 to EPSG:wkid with x = easting (or longitude), y = northing (or latitude).
"""

import json
import sys

import pyproj
from pyproj import Transformer

asked = json.load(sys.stdin)
results = {}
for wkid, points in asked.items():
    transformer = Transformer.from_crs("EPSG:4326", f"EPSG:{wkid}", always_xy=True)
    results[wkid] = [list(transformer.transform(lon, lat)) for lon, lat in points]
json.dump({"pyproj": pyproj.__version__, "proj": pyproj.proj_version_str, "results": results}, sys.stdout)
