"""The map page of `locator serve` in a real browser: headless Chromium driven by selenium.

Starts `locator serve` on 127.0.0.1 (the default gazetteer; a gazetteer of hostile names; one
without Leaflet), loads the page and checks it against the JSON API of the same server, asked
here directly with urllib. Prints one JSON summary on stdout; every failed check is a line on
stderr and exit status 1.

    python map_page_browser.py --locator .build/debug/locator --gazetteer G --shots .build/map-page
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

SERVICE = "/arcgis/rest/services/World/GeocodeServer"
CATEGORIES = ["Coffee shop", "Gas station", "Food", "Hotel", "Parks and Outdoors"]
OUT_FIELDS = "PlaceName,Place_addr,Type,Addr_type,Distance,LongLabel"
# A name that runs script if any part of the page inserts it as HTML.
HOSTILE = '<img src=x onerror="window.__pwned=1">Café & <b>Bar</b>'

failures = []
# Chromium's network log as it is read (reading it empties the browser's copy).
network = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


class Server:
    """`locator serve --port 0` until stopped; the port read from its first stderr line."""

    def __init__(self, locator, *arguments):
        self.process = subprocess.Popen(
            [locator, "serve", "--port", "0", *arguments],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.warnings = []
        deadline = time.time() + 120
        while time.time() < deadline:
            line = self.process.stderr.readline()
            if not line:
                raise SystemExit(f"locator serve exited: {self.process.wait()}")
            if line.startswith("serving http://127.0.0.1:"):
                self.port = int(line.split(":")[2].split("/")[0])
                break
            self.warnings.append(line.strip())
        else:
            raise SystemExit("locator serve did not start")
        self.base = f"http://127.0.0.1:{self.port}"

    language = None  # the browser's, which the page sends as langCode

    def api(self, operation, **parameters):
        if self.language and operation != "suggest":
            parameters = {**parameters, "langCode": self.language}
        query = urllib.parse.urlencode({**parameters, "f": "json"})
        with urllib.request.urlopen(f"{self.base}{SERVICE}/{operation}?{query}", timeout=30) as response:
            return json.load(response)

    def get(self, path, **parameters):
        """A JSON answer of the server outside the ArcGIS service (the map's layers)."""
        with urllib.request.urlopen(f"{self.base}{path}?{urllib.parse.urlencode(parameters)}", timeout=30) as response:
            return json.load(response)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def browser(width, height):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--metrics-recording-only",
                     f"--window-size={width},{height}", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(60)
    resize(driver, width, height)
    return driver


def resize(driver, width, height, mobile=False):
    """The page's viewport exactly width × height CSS pixels (a phone's when mobile)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def wait(driver, script, what, timeout=30):
    """Waits until the JS expression `script` is truthy; a failure names `what`."""
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.05).until(
            lambda d: d.execute_script(f"return !!({script});"))
    except TimeoutException:
        raise SystemExit(f"timed out waiting for {what}; console: {console_errors(driver)}")


def settled(driver):
    """Waits for the page's last search to be answered and the map to stop moving."""
    wait(driver, "window.locatorPage && document.getElementById('status').className !== 'busy'", "an answer")
    wait(driver, "!window.locatorPage.map || !window.locatorPage.map.moving", "the map to stop moving")


def centre(driver):
    c = driver.execute_script("const c = window.locatorPage.centre(); return [c.lat, c.lng];")
    return {"lat": c[0], "lng": c[1]}


def location_text(point):
    return f"{point['lng']:.6f},{point['lat']:.6f}"


def shown(driver):
    """The page's markers and list items, in order."""
    return driver.execute_script("""
        const page = window.locatorPage;
        return {
          markers: page.map ? page.map.markers.map((m) => [m.getLatLng().lat, m.getLatLng().lng]) : [],
          items: [...document.querySelectorAll('#results li')].map((li) => ({
            name: li.querySelector('.result-name').textContent,
            address: li.querySelector('.result-address').textContent })),
          status: document.getElementById('status').textContent,
        };""")


def popup_text(driver, opened_before):
    """The text of the callout opened after `opened_before` callouts (a closing one may still
    be fading out in the page)."""
    wait(driver, f"window.locatorPage.map.calloutsOpened > {opened_before}", "a callout")
    return driver.execute_script("return window.locatorPage.map.calloutText();")


def click_map_at(driver, x, y):
    """A real mouse click at container pixel (x, y) of the map; returns how many callouts had
    opened before it."""
    opened = driver.execute_script("window.locatorPage.map.map.closePopup(); return window.locatorPage.map.calloutsOpened;")
    element = driver.find_element(By.ID, "map")
    size = element.size
    ActionChains(driver).move_to_element_with_offset(
        element, int(round(x - size["width"] / 2)), int(round(y - size["height"] / 2))).click().perform()
    return opened


def screenshot(driver, path, summary=None):
    """Saves a PNG of the window once Leaflet's callout has faded in."""
    time.sleep(0.4)
    driver.save_screenshot(path)
    if summary is not None:
        summary["screenshots"].append(path)


def expected_callout(attributes):
    name = attributes.get("PlaceName") or "Unknown"
    address = attributes.get("Place_addr") or "no address provided"
    return f"{name}\n{address}"


def pick_and_compare(driver, server, label):
    """Picks a category; its markers and list must be the JSON API's answer at the map's centre."""
    settled(driver)
    before = centre(driver)
    driver.find_element(By.CSS_SELECTOR, f'#categories button[data-label="{label}"]').click()
    settled(driver)
    answer = server.api("findAddressCandidates", singleLine=label, location=location_text(before),
                        outFields=OUT_FIELDS)
    candidates = answer["candidates"]
    page = shown(driver)
    check(len(page["markers"]) == len(candidates),
          f"{label}: {len(page['markers'])} markers, the API gives {len(candidates)}")
    check(len(page["items"]) == len(candidates), f"{label}: {len(page['items'])} list items, API {len(candidates)}")
    for index, (marker, candidate) in enumerate(zip(page["markers"], candidates)):
        if not check(abs(marker[0] - candidate["location"]["y"]) < 1e-7
                     and abs(marker[1] - candidate["location"]["x"]) < 1e-7,
                     f"{label}: marker {index} at {marker}, the API's result {index} at {candidate['location']}"):
            break
    for index, (item, candidate) in enumerate(zip(page["items"], candidates)):
        name = candidate["attributes"].get("PlaceName") or candidate["address"]
        if not check(item["name"] == name, f"{label}: list item {index} is {item['name']!r}, the API's {name!r}"):
            break
    pressed = driver.execute_script(
        "return [...document.querySelectorAll('#categories button')].filter(b => b.getAttribute('aria-pressed') === 'true').map(b => b.dataset.label);")
    check(pressed == [label], f"{label}: the picker shows {pressed} chosen")
    if not candidates:
        check(page["status"].startswith("No "), f"{label}: no results, but the status says {page['status']!r}")
    return candidates, answer


def first_marker_callout(driver, candidates, label):
    point = driver.execute_script(
        "const p = window.locatorPage.map.map.latLngToContainerPoint(window.locatorPage.map.markers[0].getLatLng());"
        "return [p.x, p.y];")
    opened = click_map_at(driver, point[0], point[1])
    text = popup_text(driver, opened)
    want = expected_callout(candidates[0]["attributes"])
    check(text == want, f"{label}: the first marker's callout reads {text!r}, expected {want!r}")
    selected = driver.execute_script(
        "const s = document.querySelector('#results li.selected'); return s ? s.dataset.index : null;")
    check(selected == "0", f"{label}: the list highlights {selected}, not the first result")
    return text


def suggestion_centres_map(driver, server):
    settled(driver)
    near = centre(driver)
    box = driver.find_element(By.ID, "search-text")
    box.clear()
    box.send_keys("stock")
    wait(driver, "document.querySelectorAll('#suggestions li').length > 0 && !document.getElementById('suggestions').hidden",
         "suggestions for 'stock'")
    first = driver.execute_script("return document.querySelector('#suggestions li').textContent;")
    api = server.api("suggest", text="stock", location=location_text(near), maxSuggestions=6)["suggestions"]
    check(api and first == api[0]["text"], f"the first suggestion is {first!r}, the API's {api[:1]}")
    driver.find_element(By.CSS_SELECTOR, "#suggestions li").click()
    settled(driver)
    found = server.api("findAddressCandidates", singleLine=api[0]["text"], magicKey=api[0]["magicKey"],
                       maxLocations=1, outFields=OUT_FIELDS)["candidates"]
    check(len(found) == 1, f"the suggestion's magicKey finds {len(found)} candidates")
    if found:
        shows_whole(driver, found[0], f"after choosing {first!r}")
    check(driver.find_element(By.ID, "search-text").get_attribute("value") == first,
          "the search box does not show the chosen suggestion")
    return first


def shows_whole(driver, candidate, label):
    """The map shows `candidate` as ArcGIS's samples zoom to a result: centred on its extent
    (the whole of it in view), or on its point when it has none."""
    view = driver.execute_script(
        "const m = window.locatorPage.map.map, b = m.getBounds(), c = m.getCenter();"
        "return {lat: c.lat, lng: c.lng, south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast()};")
    extent, location = candidate.get("extent"), candidate["location"]
    if extent:
        want = ((extent["ymin"] + extent["ymax"]) / 2, (extent["xmin"] + extent["xmax"]) / 2)
        inside = (view["south"] <= extent["ymin"] + 1e-6 and view["north"] >= extent["ymax"] - 1e-6
                  and view["west"] <= extent["xmin"] + 1e-6 and view["east"] >= extent["xmax"] - 1e-6)
        check(inside, f"{label}: the map shows {view}, not all of the extent {extent}")
    else:
        want = (location["y"], location["x"])
    check(abs(view["lat"] - want[0]) < 1e-5 and abs(view["lng"] - want[1]) < 1e-5,
          f"{label}: the map is centred on {view['lat']},{view['lng']}, the result on {want}")
    check(view["south"] <= location["y"] <= view["north"] and view["west"] <= location["x"] <= view["east"],
          f"{label}: the result at {location} is out of view")


def reverse_on_empty_spot(driver, server, shot):
    """Clicks the map away from any marker; the callout is the reverseGeocode answer there:
    first among central Helsinki's streets, then on the open Baltic ("No address found.")."""
    results = []
    size = driver.find_element(By.ID, "map").size
    for (lat, lon, zoom), (fx, fy) in [((60.1675, 24.9460, 17), (0.3, 0.7)), ((59.40, 21.20, 11), (0.5, 0.5))]:
        driver.execute_script(f"window.locatorPage.map.map.setView([{lat}, {lon}], {zoom}, {{animate: false}});")
        settled(driver)
        x, y = size["width"] * fx, size["height"] * fy
        near_marker = driver.execute_script(f"""
            const map = window.locatorPage.map.map;
            return window.locatorPage.map.markers.some((m) => map.latLngToContainerPoint(m.getLatLng())
              .distanceTo(L.point({x}, {y})) <= 14);""")
        check(not near_marker, f"the spot {x},{y} is by a marker")
        latlng = driver.execute_script(
            f"const p = window.locatorPage.map.map.containerPointToLatLng([{x}, {y}]); return [p.lat, p.lng];")
        opened = click_map_at(driver, x, y)
        text = popup_text(driver, opened)
        answer = server.api("reverseGeocode", location=f"{latlng[1]:.6f},{latlng[0]:.6f}")
        want = "No address found." if "error" in answer else expected_callout(answer["address"])
        check(text == want, f"a click at {latlng} shows {text!r}; reverseGeocode there gives {want!r}")
        results.append({"at": latlng, "callout": text})
    screenshot(driver, shot)
    check(results[-1]["callout"] == "No address found.", "the open sea has an address")
    check(results[0]["callout"] != "No address found.", "central Helsinki has no address")
    return results


def world_town(driver, server, shot):
    """Far from the extract: a GeoNames town is found and shown, and a category search there
    says plainly that this gazetteer has no such places near it, and where it has them."""
    settled(driver)
    near = centre(driver)
    box = driver.find_element(By.ID, "search-text")
    box.clear()
    box.send_keys("Nairobi\n")
    settled(driver)
    want = server.api("findAddressCandidates", singleLine="Nairobi", location=location_text(near),
                      outFields=OUT_FIELDS)["candidates"]
    page = shown(driver)
    check(want and page["markers"] and abs(page["markers"][0][0] - want[0]["location"]["y"]) < 1e-7
          and abs(page["markers"][0][1] - want[0]["location"]["x"]) < 1e-7,
          f"Nairobi: the first marker {page['markers'][:1]}, the API's {want[:1]}")
    check(want and abs(want[0]["location"]["y"] + 1.28) < 0.2 and abs(want[0]["location"]["x"] - 36.82) < 0.2,
          f"Nairobi is not first: {want[:1]}")
    if want:
        shows_whole(driver, want[0], "Nairobi")
    # The towns layer labels what GeoNames has here, the largest first, as /map/towns lists them.
    wait(driver, "window.locatorPage.map.layersDrawn", "the streets and towns around Nairobi")
    labels = driver.execute_script("return window.locatorPage.map.townLabels;")
    bounds = driver.execute_script("return window.locatorPage.map.map.getBounds().toBBoxString();")
    towns = server.get("/map/towns", bbox=",".join(f"{float(v):.5f}" for v in bounds.split(",")), limit=200)
    names = [f["properties"]["name"] for f in towns["features"]]
    check(labels and labels[0] == "Nairobi" and names[:1] == ["Nairobi"] and set(labels) <= set(names),
          f"town labels {labels[:5]}, /map/towns {names[:5]}")
    candidates, answer = pick_and_compare(driver, server, "Coffee shop")
    status = shown(driver)["status"]
    summary = (answer.get("coverage") or {}).get("summary", "")
    check(not candidates and summary and status == summary and "Helsinki" in status,
          f"coffee near Nairobi: {len(candidates)} results, status {status!r}, the API's summary {summary!r}")
    wait(driver, "document.querySelector('.street-note')", "the note that there are no streets here")
    street_note = driver.find_element(By.CSS_SELECTOR, ".street-note").text
    check(street_note.startswith("No streets here"), f"the street note reads {street_note!r}")
    screenshot(driver, shot)
    return {"status": status, "streetNote": street_note, "townLabels": labels}


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def network_log(driver):
    """Every network event so far."""
    network.extend(json.loads(entry["message"])["message"] for entry in driver.get_log("performance"))
    return network


def first_load(driver):
    """Requests and bytes on the wire (headers and bodies as sent) of the page's first load."""
    events = network_log(driver)
    urls = {e["params"]["requestId"]: e["params"]["request"]["url"] for e in events
            if e.get("method") == "Network.requestWillBeSent"}
    loaded = [(urls.get(e["params"]["requestId"], "?"), e["params"]["encodedDataLength"]) for e in events
              if e.get("method") == "Network.loadingFinished"]
    return {"requests": len(loaded), "bytes": int(sum(size for _, size in loaded)),
            "files": {url.split("?")[0].split(":", 2)[-1].split("/", 1)[-1]: int(size) for url, size in loaded}}


def foreign_requests(driver, base):
    """Every URL the page asked for that is not on its own server."""
    foreign = []
    for message in network_log(driver):
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if not (url.startswith(base + "/") or url.startswith("data:")):
                foreign.append(url)
    return foreign


def layout(driver, width):
    """What fits in the window: nothing wider than it, the map and list visible."""
    return driver.execute_script(f"""
        const rect = (id) => document.getElementById(id).getBoundingClientRect();
        const map = rect('map'), list = document.querySelector('aside').getBoundingClientRect();
        const search = rect('search-text');
        return {{ scrollWidth: document.documentElement.scrollWidth, map: [map.width, map.height, map.top],
                 list: [list.width, list.height, list.top], search: [search.left, search.right],
                 bodyHeight: document.body.getBoundingClientRect().height }};""")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--locator", required=True)
    parser.add_argument("--gazetteer", required=True)
    parser.add_argument("--shots", required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.shots, exist_ok=True)
    summary = {"categories": {}, "screenshots": []}

    server = Server(arguments.locator, "--gazetteer", arguments.gazetteer)
    driver = browser(1280, 800)
    try:
        driver.get(server.base + "/")
        wait(driver, "window.locatorPage && window.locatorPage.map", "the map")
        settled(driver)
        server.language = driver.execute_script("return navigator.language;")
        check(driver.title.startswith("OpenLocator"), f"title {driver.title!r}")
        attribution = driver.find_element(By.CSS_SELECTOR, ".leaflet-control-attribution").text
        check("© OpenStreetMap contributors" in attribution and "GeoNames" in attribution,
              f"attribution {attribution!r}")
        coverage = driver.execute_script("return window.locatorPage.map.coverage.getLayers().length;")
        check(coverage >= 1, "no coverage outline")
        wait(driver, "document.querySelector('canvas.leaflet-zoom-animated')", "the streets")
        wait(driver, "document.querySelectorAll('#results li').length > 0", "the first coffee shops")
        summary["firstLoad"] = first_load(driver)
        # The tutorial's default pick, searched on load.
        check(driver.execute_script("return window.locatorPage.category && window.locatorPage.category.label;")
              == "Coffee shop", "Coffee shop is not picked on load")
        for label in CATEGORIES[1:] + CATEGORIES[:1]:
            candidates, _ = pick_and_compare(driver, server, label)
            summary["categories"][label] = len(candidates)
            if candidates and label == "Coffee shop":
                summary["firstCallout"] = first_marker_callout(driver, candidates, label)
                shot = os.path.join(arguments.shots, "desktop-coffee-shop.png")
                screenshot(driver, shot, summary)
        check(summary["categories"]["Coffee shop"] > 0, "no coffee shop in central Helsinki")
        summary["suggestion"] = suggestion_centres_map(driver, server)
        shot = os.path.join(arguments.shots, "desktop-suggestion.png")
        screenshot(driver, shot, summary)
        shot = os.path.join(arguments.shots, "desktop-nairobi.png")
        summary["world"] = world_town(driver, server, shot)
        summary["screenshots"].append(shot)
        shot = os.path.join(arguments.shots, "desktop-no-address.png")
        summary["reverse"] = reverse_on_empty_spot(driver, server, shot)
        summary["screenshots"].append(shot)
        before = layout(driver, 1280)
        check(before["scrollWidth"] <= 1280 and before["map"][0] > 800, f"desktop layout {before}")

        # A phone: the whole page in 390 × 844, the map over the list.
        resize(driver, 390, 844, mobile=True)
        driver.get(server.base + "/")
        wait(driver, "window.locatorPage && window.locatorPage.map", "the map on a phone")
        settled(driver)
        candidates, _ = pick_and_compare(driver, server, "Food")
        phone = layout(driver, 390)
        check(phone["scrollWidth"] <= 390, f"the page is {phone['scrollWidth']} px wide on a 390 px phone")
        check(phone["map"][0] == 390 and phone["map"][1] >= 300, f"the phone's map is {phone['map']}")
        check(phone["list"][2] >= phone["map"][2] + phone["map"][1] - 1 and phone["list"][1] > 100,
              f"the phone's list {phone['list']} is not under the map {phone['map']}")
        check(phone["search"][0] >= 0 and phone["search"][1] <= 390, f"the search box {phone['search']} overflows")
        if check(candidates, "no Food near the centre on the phone"):
            summary["phoneCallout"] = first_marker_callout(driver, candidates, "Food (phone)")
        shot = os.path.join(arguments.shots, "phone-food.png")
        screenshot(driver, shot, summary)
        summary["layout"] = {"desktop": before, "phone": phone}
        summary["consoleErrors"] = console_errors(driver)
        check(not summary["consoleErrors"], f"console errors: {summary['consoleErrors']}")
        summary["foreignRequests"] = foreign_requests(driver, server.base)
        check(not summary["foreignRequests"], f"requests to other servers: {summary['foreignRequests']}")
    finally:
        driver.quit()
        server.stop()

    summary["hostile"] = hostile_names(arguments, os.path.join(arguments.shots, "hostile-name.png"))
    summary["screenshots"].append(os.path.join(arguments.shots, "hostile-name.png"))
    summary["withoutLeaflet"] = without_leaflet(arguments, os.path.join(arguments.shots, "no-leaflet.png"))
    summary["screenshots"].append(os.path.join(arguments.shots, "no-leaflet.png"))
    summary["failures"] = failures
    print(json.dumps(summary))
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


def hostile_names(arguments, shot):
    """A gazetteer whose place is named like markup: every view of it shows the text itself."""
    folder = tempfile.mkdtemp(prefix="map-page-")
    places = os.path.join(folder, "hostile.csv")
    with open(places, "w", encoding="utf-8") as file:
        file.write("name,category,lat,lon,street,house_number,city\n")
        quoted = HOSTILE.replace('"', '""')
        file.write(f'"{quoted}",Coffee Shop,60.1699,24.9384,"<script>alert(1)</script>katu",1,Helsinki\n')
    gazetteer = os.path.join(folder, "hostile.gazetteer")
    subprocess.run([arguments.locator, "build", "--places", places, "--out", gazetteer], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = Server(arguments.locator, "--gazetteer", gazetteer)
    driver = browser(1280, 800)
    try:
        driver.get(server.base + "/")
        wait(driver, "window.locatorPage && window.locatorPage.map", "the map")
        settled(driver)
        server.language = driver.execute_script("return navigator.language;")
        candidates, _ = pick_and_compare(driver, server, "Coffee shop")
        check(len(candidates) == 1, f"the hostile gazetteer gives {len(candidates)} coffee shops")
        item = driver.find_element(By.CSS_SELECTOR, "#results li .result-name").text if candidates else ""
        check(item == HOSTILE, f"the list shows {item!r}, not the name as text")
        callout = first_marker_callout(driver, candidates, "hostile") if candidates else ""
        box = driver.find_element(By.ID, "search-text")
        box.send_keys("<img")
        wait(driver, "document.querySelectorAll('#suggestions li').length > 0", "a suggestion for '<img'")
        suggestion = driver.execute_script("return document.querySelector('#suggestions li').textContent;")
        check(suggestion.startswith(HOSTILE), f"the suggestion shows {suggestion!r}")
        screenshot(driver, shot)
        injected = driver.execute_script(
            "return {pwned: window.__pwned === 1, images: document.querySelectorAll('#results img, .leaflet-popup img, #suggestions img').length,"
            " bold: document.querySelectorAll('#results b, .leaflet-popup b, #suggestions b').length};")
        check(not injected["pwned"] and injected["images"] == 0 and injected["bold"] == 0,
              f"the name became markup: {injected}")
        errors = console_errors(driver)
        check(not errors, f"console errors with hostile names: {errors}")
        return {"listItem": item, "callout": callout, "suggestion": suggestion, "injected": injected}
    finally:
        driver.quit()
        server.stop()


def without_leaflet(arguments, shot):
    """Leaflet missing: the page says how to get the map, and still searches and lists."""
    empty = tempfile.mkdtemp(prefix="no-leaflet-")
    server = Server(arguments.locator, "--gazetteer", arguments.gazetteer, "--leaflet", empty)
    check(any("libjs-leaflet" in line for line in server.warnings),
          f"locator serve without Leaflet says {server.warnings}")
    driver = browser(1280, 800)
    try:
        driver.get(server.base + "/")
        wait(driver, "window.locatorPage", "the page without Leaflet")
        settled(driver)
        server.language = driver.execute_script("return navigator.language;")
        notice = driver.find_element(By.ID, "notice").text
        check("apt install libjs-leaflet" in notice, f"the notice reads {notice!r}")
        check(not driver.find_element(By.ID, "map").is_displayed(), "an empty map is shown")
        items = driver.find_elements(By.CSS_SELECTOR, "#results li")
        view = driver.execute_script("return window.locatorPage.fallbackCentre;")
        answer = server.api("findAddressCandidates", singleLine="Coffee shop", location=location_text(view),
                            outFields=OUT_FIELDS)["candidates"]
        check(len(items) == len(answer) and len(items) > 0,
              f"without Leaflet the list has {len(items)} coffee shops, the API {len(answer)}")
        box = driver.find_element(By.ID, "search-text")
        box.send_keys("Mannerheimintie 10")
        box.submit()
        settled(driver)
        first = driver.find_element(By.CSS_SELECTOR, "#results li .result-name").text
        check("Mannerheimintie 10" in first, f"without Leaflet a search lists {first!r} first")
        attribution = driver.find_element(By.ID, "attribution").text
        check("© OpenStreetMap contributors" in attribution, f"the footer reads {attribution!r}")
        screenshot(driver, shot)
        errors = console_errors(driver)
        check(not errors, f"console errors without Leaflet: {errors}")
        return {"notice": notice, "items": len(items), "first": first}
    finally:
        driver.quit()
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
