// The map itself (Leaflet, served from Debian's libjs-leaflet by locator serve): the streets
// and towns drawn from the gazetteer, the coverage outline, the result markers and the callout.
"use strict";

const BaseMap = (() => {
  /** Loads Leaflet's CSS and JS from the server; resolves when `L` is there. */
  function loadLeaflet() {
    return new Promise((resolve, reject) => {
      const css = document.createElement("link");
      css.rel = "stylesheet";
      css.href = "/map/leaflet/leaflet.css";
      document.head.appendChild(css);
      const script = document.createElement("script");
      script.src = "/map/leaflet/leaflet.js";
      script.onload = () => (window.L ? resolve() : reject(new Error("Leaflet did not load")));
      script.onerror = () => reject(new Error("Leaflet did not load"));
      document.head.appendChild(script);
    });
  }

  /** Pixels within which a click picks a marker, as the tutorial's identify tolerance. */
  const tapTolerance = 12;

  /**
   * The map in `element`, opened on `info.view`. `onClick(latlng, markerIndex)` is called for
   * every click on the map: with the index of the marker within `tapTolerance` pixels, if any.
   */
  function create(element, info, onClick) {
    const map = L.map(element, { minZoom: 2, maxZoom: 19, worldCopyJump: true, zoomControl: true });
    map.attributionControl.setPrefix(false);
    map.attributionControl.addAttribution(textOnly(info.attribution));
    if (info.tiles) L.tileLayer(info.tiles, { maxZoom: 19 }).addTo(map);
    const streetRenderer = L.canvas({ padding: 0.3 });
    const coverage = L.geoJSON(info.coverage, {
      interactive: false,
      style: (feature) => ({
        color: feature.properties.kind === "POI" ? "#5c6b7a" : "#9aa7b3",
        weight: 1.5, dashArray: "6 4", fill: false,
      }),
    }).addTo(map);
    if (info.view) {
      map.fitBounds([[info.view.ymin, info.view.xmin], [info.view.ymax, info.view.xmax]], { maxZoom: 16 });
    } else {
      map.setView([20, 0], 2);
    }

    let streets = null;
    let streetsRequest = null;
    let streetsTimer = null;
    // A line under the map when the streets cannot all be drawn, or there are none here.
    const streetNote = L.control({ position: "bottomleft" });
    streetNote.onAdd = () => L.DomUtil.create("div", "street-note");
    function note(text) {
      if (!text) { streetNote.remove(); return; }
      streetNote.addTo(map);
      streetNote.getContainer().textContent = text;
    }

    async function drawStreets() {
      if (streetsRequest) streetsRequest.abort();
      const bounds = map.getBounds().pad(0.15);
      const west = Math.max(-180, bounds.getWest()), east = Math.min(180, bounds.getEast());
      const south = Math.max(-90, bounds.getSouth()), north = Math.min(90, bounds.getNorth());
      const tooLarge = east - west > info.streets.maxSpan || north - south > info.streets.maxSpan || west >= east;
      if (tooLarge) {
        if (streets) streets.remove();
        streets = null;
        note("Zoom in to see streets");
        return;
      }
      streetsRequest = new AbortController();
      try {
        const box = L.latLngBounds([south, west], [north, east]);
        const data = await LocatorAPI.streets(box, map.getZoom(), streetsRequest.signal);
        const layer = L.geoJSON(data, {
          interactive: false,
          renderer: streetRenderer,
          style: { color: "#8a8f96", weight: map.getZoom() >= 16 ? 2 : 1, opacity: 0.9 },
        });
        if (streets) streets.remove();
        streets = layer.addTo(map);
        streets.bringToBack();
        note(data.truncated ? "Only the longest streets are drawn here; zoom in for all"
          : data.features.length ? null
          : data.piecesInBox ? null : "No streets here in this gazetteer; the dashed outline shows where it has them");
      } catch (error) {
        if (error.name !== "AbortError") console.warn("streets:", error.message);
      }
    }
    // The layers of the view shown, redrawn a moment after each move; `layersDrawn` says
    // whether they are those of the view now (what a test waits on).
    const towns = townLayer(map);
    let layersDrawn = false;
    let layerGeneration = 0;
    function drawLayers() {
      const generation = ++layerGeneration;
      Promise.all([drawStreets(), towns.draw()]).then(() => {
        if (generation === layerGeneration) layersDrawn = true;
      });
    }
    map.on("movestart", () => { layersDrawn = false; });
    map.on("moveend", () => {
      layersDrawn = false;
      clearTimeout(streetsTimer);
      streetsTimer = setTimeout(drawLayers, 150);
    });
    drawLayers();

    // Whether the map is moving (a pan or zoom under way), and the callouts opened so far:
    // what a test waits on, instead of guessing how long an animation takes. A search's new
    // view is set without animation: Leaflet starts an animated zoom on the next frame, so
    // `moving` would say false for a moment after the answer while the map is still to move.
    let moving = false;
    map.on("movestart", () => { moving = true; });
    map.on("moveend", () => { moving = false; });
    let callouts = 0;
    let current = null;

    let markers = [];
    let selected = -1;
    const markerStyle = (colour, chosen) => ({
      radius: chosen ? 8 : 5, color: "#fff", weight: chosen ? 3 : 2, fillColor: colour, fillOpacity: 1,
    });

    map.on("click", (event) => {
      let nearest = -1;
      let best = tapTolerance + 1e-9;
      const at = map.latLngToContainerPoint(event.latlng);
      markers.forEach((marker, index) => {
        const d = map.latLngToContainerPoint(marker.getLatLng()).distanceTo(at);
        if (d < best) { best = d; nearest = index; }  // on a tie, the first result
      });
      onClick(event.latlng, nearest);
    });

    return {
      map,
      get markers() { return markers; },
      get moving() { return moving; },
      get calloutsOpened() { return callouts; },
      get layersDrawn() { return layersDrawn; },
      /** The town labels drawn now, largest town first. */
      get townLabels() { return towns.labels; },
      /** The open callout's text, lines joined by "\n"; null when none is open. */
      calloutText() {
        return current && map.hasLayer(current) ? current.getElement().querySelector(".leaflet-popup-content").innerText.trim() : null;
      },
      coverage,
      center: () => map.getCenter(),
      /** Replaces the markers with one per result, in `colour`, and fits them into view. */
      show(results, colour, { fit = true } = {}) {
        markers.forEach((marker) => marker.remove());
        selected = -1;
        markers = results.map((result, index) =>
          L.circleMarker([result.location.y, result.location.x], {
            ...markerStyle(colour, false), className: `result-marker result-marker-${index}`,
          }).addTo(map));
        markers.forEach((marker) => (marker.options.baseColour = colour));
        if (fit && markers.length) {
          map.fitBounds(L.featureGroup(markers).getBounds().pad(0.15), { maxZoom: 17, animate: false });
        }
      },
      /** Makes marker `index` stand out (and the one before it plain again). */
      highlight(index) {
        if (markers[selected]) markers[selected].setStyle(markerStyle(markers[selected].options.baseColour, false));
        selected = index;
        if (markers[index]) {
          markers[index].setStyle(markerStyle(markers[index].options.baseColour, true));
          markers[index].bringToFront();
        }
      },
      /** Shows `content` (an element) in a callout at `latlng`; `null` closes it. */
      callout(latlng, content) {
        if (!content) { map.closePopup(); current = null; return; }
        current = L.popup({ maxWidth: 280, autoPanPadding: [16, 16] }).setLatLng(latlng).setContent(content).openOn(map);
        callouts += 1;
      },
      /** Shows `result` whole: its extent when it has one, else its point close up. */
      zoomTo(result) {
        const e = result.extent;
        if (e && e.xmax > e.xmin && e.ymax > e.ymin) {
          map.fitBounds([[e.ymin, e.xmin], [e.ymax, e.xmax]], { maxZoom: 17, animate: false });
        } else {
          map.setView([result.location.y, result.location.x], Math.max(map.getZoom(), 16), { animate: false });
        }
      },
      markerLatLng: (index) => markers[index] && markers[index].getLatLng(),
    };
  }

  /**
   * The most populous towns in view as dots, the largest labelled where their names do not
   * overlap: something to read wherever the gazetteer has no streets (GeoNames has the world).
   */
  function townLayer(map) {
    map.createPane("towns").style.zIndex = 350;  // above the streets, below the results
    map.getPane("towns").style.pointerEvents = "none";
    const renderer = L.canvas({ pane: "towns", padding: 0.1 });
    let group = null;
    let request = null;
    let labels = [];

    function radius(population) { return population >= 1e6 ? 4 : population >= 1e5 ? 3 : 2; }

    async function draw() {
      if (request) request.abort();
      request = new AbortController();
      const bounds = map.getBounds();
      const box = L.latLngBounds(
        [Math.max(-90, bounds.getSouth()), Math.max(-180, bounds.getWest())],
        [Math.min(90, bounds.getNorth()), Math.min(180, bounds.getEast())]);
      try {
        const data = await LocatorAPI.towns(box, 200, request.signal);
        const layer = L.layerGroup();
        const placed = [];
        const size = map.getSize();
        const maxLabels = size.x < 600 ? 15 : 40;
        labels = [];
        for (const feature of data.features) {
          const [lon, lat] = feature.geometry.coordinates;
          const { name, population } = feature.properties;
          L.circleMarker([lat, lon], {
            renderer, pane: "towns", interactive: false, radius: radius(population),
            color: "#fff", weight: 1, fillColor: "#3d4852", fillOpacity: 0.85,
          }).addTo(layer);
          if (labels.length >= maxLabels) continue;
          // Greedy placement, largest first: a label that would overlap one placed is left out.
          const at = map.latLngToContainerPoint([lat, lon]);
          const width = 7 * name.length + 8, height = 16;
          const rect = { x1: at.x + 4, y1: at.y - height / 2, x2: at.x + 4 + width, y2: at.y + height / 2 };
          if (rect.x2 > size.x || rect.y1 < 0 || rect.y2 > size.y) continue;
          if (placed.some((r) => r.x1 < rect.x2 && rect.x1 < r.x2 && r.y1 < rect.y2 && rect.y1 < r.y2)) continue;
          placed.push(rect);
          labels.push(name);
          const element = document.createElement("span");
          element.textContent = name;
          L.marker([lat, lon], {
            pane: "towns", interactive: false, keyboard: false,
            icon: L.divIcon({ className: "town-label", html: element, iconSize: null, iconAnchor: [-5, 8] }),
          }).addTo(layer);
        }
        if (group) group.remove();
        group = layer.addTo(map);
      } catch (error) {
        if (error.name !== "AbortError") console.warn("towns:", error.message);
      }
    }

    return { draw, get labels() { return labels; } };
  }

  /** Text for Leaflet's attribution, which is inserted as HTML: escaped. */
  function textOnly(text) {
    const span = document.createElement("span");
    span.textContent = text;
    return span.innerHTML;
  }

  return { loadLeaflet, create };
})();
