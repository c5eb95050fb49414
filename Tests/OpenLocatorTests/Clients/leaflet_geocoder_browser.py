"""leaflet-control-geocoder's Nominatim and Photon providers, unchanged, in headless Chromium
against `locator serve` on 127.0.0.1.

The control's JavaScript comes from PyPI's `folium-offline` wheel (which ships it for offline
maps), Leaflet from Debian's `libjs-leaflet`. A page served here on 127.0.0.1 makes both
providers with only their URLs pointed at the server, calls each one's geocode and reverse,
and types into each one's search box. Prints one JSON summary on stdout.

    python leaflet_geocoder_browser.py PORT
"""

import ast
import http.server
import importlib.util
import json
import os
import sys
import tempfile
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

CONTROL = "https://unpkg.com/leaflet-control-geocoder/dist/Control.Geocoder"
LEAFLET = "/usr/share/javascript/leaflet"


def wheel_resources():
    """The control's JS and CSS as folium-offline keeps them: string constants in its
    `elements.py`, read with `ast` (importing it would need numpy and branca)."""
    folder = importlib.util.find_spec("offlinefolium").submodule_search_locations[0]
    path = os.path.join(folder, "elements.py")
    found = {}
    for node in ast.parse(open(path, encoding="utf-8").read()).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript):
            key = node.targets[0].slice
            if isinstance(key, ast.Constant) and key.value in (CONTROL + ".js", CONTROL + ".css"):
                found[key.value] = ast.literal_eval(node.value)
    return found[CONTROL + ".js"], found[CONTROL + ".css"]


def page(port):
    js, css = wheel_resources()
    leaflet_js = open(os.path.join(LEAFLET, "leaflet.js"), encoding="utf-8").read()
    leaflet_css = open(os.path.join(LEAFLET, "leaflet.css"), encoding="utf-8").read()
    base = f"http://127.0.0.1:{port}"
    return f"""<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<style>{leaflet_css}</style><style>{css}</style></head>
<body><div id="map" style="width:800px;height:600px"></div>
<script>{leaflet_js}</script><script>{js}</script>
<script>
const map = L.map('map').setView([60.1699, 24.9384], 14);
window.providers = {{
  nominatim: L.Control.Geocoder.nominatim({{serviceUrl: '{base}/'}}),
  photon: L.Control.Geocoder.photon({{serviceUrl: '{base}/photon/api/', reverseUrl: '{base}/photon/reverse/'}}),
}};
window.marked = {{}};
for (const [name, geocoder] of Object.entries(window.providers)) {{
  const control = L.Control.geocoder({{geocoder, defaultMarkGeocode: false, collapsed: false}})
    .on('markgeocode', e => {{
      window.marked[name] = {{name: e.geocode.name, lat: e.geocode.center.lat, lon: e.geocode.center.lng}};
    }})
    .addTo(map);
  control.getContainer().id = 'control-' + name;
}}
</script></body></html>"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def serve(folder):
    handler = lambda *a, **k: QuietHandler(*a, directory=folder, **k)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


CALLS = """
const done = arguments[arguments.length - 1];
const here = L.latLng(60.1687, 24.9416);
const scale = map.options.crs.scale(18);
const simple = r => r.map(x => ({name: x.name, lat: x.center.lat, lon: x.center.lng,
  bbox: [x.bbox.getSouth(), x.bbox.getWest(), x.bbox.getNorth(), x.bbox.getEast()]}));
(async () => {
  const out = {};
  for (const [name, geocoder] of Object.entries(window.providers)) {
    out[name] = {
      geocode: simple(await geocoder.geocode('Stockmann')),
      reverse: simple(await geocoder.reverse(here, scale)),
      nothing: simple(await geocoder.geocode('qqxqzv')),
    };
  }
  return out;
})().then(done, e => done({error: String(e)}));
"""


def main():
    port = int(sys.argv[1])
    folder = tempfile.mkdtemp()
    with open(os.path.join(folder, "index.html"), "w", encoding="utf-8") as f:
        f.write(page(port))
    server = serve(folder)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--window-size=1000,800"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.set_page_load_timeout(60)
        driver.set_script_timeout(60)
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/index.html")
        summary = {"calls": driver.execute_async_script(CALLS), "typed": {}}
        # Typed into each control's box, as a person would: Enter, then the first alternative
        # when there are several (one result is taken at once).
        for name in ("nominatim", "photon"):
            box = driver.find_element(By.CSS_SELECTOR, f"#control-{name} input")
            box.send_keys("Mannerheimintie 10", Keys.ENTER)
            wait = WebDriverWait(driver, 30)
            wait.until(lambda d: d.execute_script(f"return !!window.marked.{name}") or
                       d.find_elements(By.CSS_SELECTOR, f"#control-{name} .leaflet-control-geocoder-alternatives li a"))
            if not driver.execute_script(f"return !!window.marked.{name}"):
                first = driver.find_elements(By.CSS_SELECTOR, f"#control-{name} .leaflet-control-geocoder-alternatives li a")[0]
                first.click()
                wait.until(lambda d: d.execute_script(f"return !!window.marked.{name}"))
            summary["typed"][name] = driver.execute_script(f"return window.marked.{name}")
        summary["consoleErrors"] = [entry["message"] for entry in driver.get_log("browser")
                                    if entry["level"] == "SEVERE"]
        print(json.dumps(summary))
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
