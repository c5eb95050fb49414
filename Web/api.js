// The page's requests, all to the server that served it: the GeocodeServer operations and the
// map's own endpoints. A `token` in the page's address is passed on (for `--api-key` servers).
"use strict";

const LocatorAPI = (() => {
  const token = new URLSearchParams(window.location.search).get("token");
  // Answers in the browser's language where the gazetteer has the names ("sv-FI": Helsingfors).
  const language = navigator.language || undefined;
  let service = "/arcgis/rest/services/World/GeocodeServer";

  /** An error the server or the network gave, as one line for the status text. */
  class APIError extends Error {}

  function url(path, parameters) {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(parameters)) {
      if (value !== undefined && value !== null) query.set(name, String(value));
    }
    if (token) query.set("token", token);
    return `${path}?${query}`;
  }

  /** GETs JSON; throws APIError with the server's message for an ArcGIS error body. */
  async function get(path, parameters, signal) {
    let response;
    try {
      response = await fetch(url(path, parameters), { signal, headers: { Accept: "application/json" } });
    } catch (error) {
      if (error.name === "AbortError") throw error;
      throw new APIError("The server did not answer; is locator serve still running?");
    }
    let body;
    try {
      body = await response.json();
    } catch (error) {
      throw new APIError(`The server answered ${response.status} without JSON.`);
    }
    if (body && body.error) {
      const details = (body.error.details || []).filter(Boolean);
      const error = new APIError(details.length ? details.join(" ") : body.error.message);
      error.code = body.error.code;
      throw error;
    }
    return body;
  }

  /** "west,south,east,north" in degrees, as the map layers take a box. */
  function bbox(bounds) {
    return [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()].map((v) => v.toFixed(5)).join(",");
  }

  /** "lon,lat" with six decimals (about 0.1 m). */
  function point(latlng) {
    return `${latlng.lng.toFixed(6)},${latlng.lat.toFixed(6)}`;
  }

  return {
    APIError,
    /** What the page is told first: coverage, view, attribution, Leaflet (MapInfo.swift). */
    info: () => get("/map/info", {}).then((info) => {
      service = info.service || service;
      return info;
    }),
    /** findAddressCandidates for a text near a point, as the tutorial's geocode(forSearchText:using:). */
    find: (text, near) =>
      get(`${service}/findAddressCandidates`, {
        singleLine: text, location: near ? point(near) : undefined, langCode: language,
        outFields: "PlaceName,Place_addr,Type,Addr_type,Distance,LongLabel", f: "json",
      }),
    /** findAddressCandidates for a suggestion the user chose. */
    findSuggestion: (suggestion) =>
      get(`${service}/findAddressCandidates`, {
        singleLine: suggestion.text, magicKey: suggestion.magicKey, maxLocations: 1, langCode: language,
        outFields: "PlaceName,Place_addr,Type,Addr_type,LongLabel", f: "json",
      }),
    suggest: (text, near, signal) =>
      get(`${service}/suggest`, { text, location: near ? point(near) : undefined, maxSuggestions: 6, f: "json" }, signal),
    reverse: (latlng) => get(`${service}/reverseGeocode`, { location: point(latlng), langCode: language, f: "json" }),
    /** The gazetteer's streets in a box (MapStreets.swift), as GeoJSON. */
    streets: (bounds, zoom, signal) => get("/map/streets", { bbox: bbox(bounds), zoom }, signal),
    /** The most populous towns in a box (MapTowns.swift), as GeoJSON points. */
    towns: (bounds, limit, signal) => get("/map/towns", { bbox: bbox(bounds), limit }, signal),
  };
})();
