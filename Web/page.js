// The Find places page: the search box with suggestions, the tutorial's five categories, the
// result list and the callouts. Everything shown is set as text (textContent), never as HTML.
"use strict";

/** The tutorial's picker: the label is the search text; each has its marker colour. */
const CATEGORIES = [
  { label: "Coffee shop", colour: "#8b4513" },
  { label: "Gas station", colour: "#f28c28" },
  { label: "Food", colour: "#7b3fa0" },
  { label: "Hotel", colour: "#1f6fd1" },
  { label: "Parks and Outdoors", colour: "#2e8b3a" },
];
/** Markers of a free-text search. */
const SEARCH_COLOUR = "#c2185b";

const $ = (id) => document.getElementById(id);

/** An element with text (never HTML) and an optional class. */
function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** "35 m", "1.2 km", "" when unknown. */
function formatDistance(metres) {
  if (typeof metres !== "number" || !isFinite(metres)) return "";
  return metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(metres < 10000 ? 1 : 0)} km`;
}

/** "1 result", "50 results". */
function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** The tutorial's callout: PlaceName (or "Unknown") over Place_addr (or "no address provided"). */
function calloutFor(attributes) {
  const box = element("div", null, "callout");
  const name = typeof attributes.PlaceName === "string" && attributes.PlaceName ? attributes.PlaceName : "Unknown";
  const address = typeof attributes.Place_addr === "string" && attributes.Place_addr
    ? attributes.Place_addr : "no address provided";
  box.append(element("strong", name, "callout-title"), element("span", address, "callout-detail"));
  return box;
}

const page = {
  map: null,        // BaseMap, or null without Leaflet
  fallbackCentre: null,
  results: [],
  category: null,
  searches: 0,      // a counter, so a slow answer never replaces a newer one

  centre() { return this.map ? this.map.center() : this.fallbackCentre; },

  status(text, kind) {
    const line = $("status");
    line.textContent = text || "";
    line.className = kind || "";
  },

  /** Runs one search; `describe(results)` words the status line. */
  async run(request, colour, describe, { zoomToFirst = false } = {}) {
    // A category search shows all its results; a text search or suggestion zooms to the best
    // one (its extent: a town whole, a street or a shop close up), as ArcGIS's samples do.
    const ticket = ++this.searches;
    this.status("Searching…", "busy");
    try {
      const answer = await request();
      if (ticket !== this.searches) return;
      const results = answer.candidates || [];
      this.results = results;
      this.showList(results, colour);
      if (this.map) {
        this.map.callout(null);
        this.map.show(results, colour, { fit: !zoomToFirst });
        if (zoomToFirst && results.length) this.map.zoomTo(results[0]);
      }
      // An empty category search says where the gazetteer has places instead.
      this.status(results.length ? describe(results) : (answer.coverage && answer.coverage.summary) || "Nothing found.",
        results.length ? "" : "empty");
    } catch (error) {
      if (ticket !== this.searches) return;
      this.status(error.message, "error");
    }
  },

  pick(category) {
    this.category = category;
    for (const button of $("categories").children) {
      button.setAttribute("aria-pressed", String(button.dataset.label === category.label));
    }
    this.run(() => LocatorAPI.find(category.label, this.centre()), category.colour,
      (results) => `${plural(results.length, "result")} for ${category.label} near the map's centre`);
  },

  searchText(text) {
    if (!text.trim()) return;
    this.clearPick();
    this.run(() => LocatorAPI.find(text, this.centre()), SEARCH_COLOUR,
      (results) => `${plural(results.length, "result")} for “${text}”`, { zoomToFirst: true });
  },

  chooseSuggestion(suggestion) {
    this.clearPick();
    $("search-text").value = suggestion.text;
    this.run(() => LocatorAPI.findSuggestion(suggestion), SEARCH_COLOUR, () => suggestion.text,
      { zoomToFirst: true });
  },

  clearPick() {
    this.category = null;
    for (const button of $("categories").children) button.setAttribute("aria-pressed", "false");
  },

  showList(results, colour) {
    const list = $("results");
    list.replaceChildren();
    results.forEach((result, index) => {
      const a = result.attributes || {};
      const item = element("li", null, "result");
      item.dataset.index = String(index);
      item.tabIndex = 0;
      const swatch = element("span", null, "swatch");
      swatch.style.backgroundColor = colour;
      const title = element("span", a.PlaceName || result.address, "result-name");
      const meta = element("span", [a.Type || a.Addr_type, formatDistance(a.Distance)].filter(Boolean).join(" · "),
        "result-meta");
      const address = element("span", a.Place_addr || a.LongLabel || "", "result-address");
      item.append(swatch, title, meta, address);
      item.addEventListener("click", () => this.select(index));
      item.addEventListener("keydown", (event) => { if (event.key === "Enter") this.select(index); });
      list.append(item);
    });
  },

  /** Highlights result `index` in the list and on the map, with its callout. */
  select(index, { scroll = false } = {}) {
    for (const item of $("results").children) item.classList.toggle("selected", item.dataset.index === String(index));
    const item = $("results").children[index];
    if (scroll && item) item.scrollIntoView({ block: "nearest" });
    if (this.map) {
      this.map.highlight(index);
      const result = this.results[index];
      if (result) this.map.callout(this.map.markerLatLng(index), calloutFor(result.attributes || {}));
    }
  },

  /** A click on the map: a marker's callout, or what reverseGeocode finds there. */
  async clicked(latlng, markerIndex) {
    if (markerIndex >= 0) { this.select(markerIndex, { scroll: true }); return; }
    for (const item of $("results").children) item.classList.remove("selected");
    this.map.highlight(-1);
    const ticket = ++this.searches;
    try {
      const answer = await LocatorAPI.reverse(latlng);
      if (ticket !== this.searches) return;
      this.map.callout(latlng, calloutFor(answer.address || {}));
      this.status("");
    } catch (error) {
      if (ticket !== this.searches) return;
      if (error.code === 400 && /unable to find address/i.test(error.message)) {
        this.map.callout(latlng, element("div", "No address found.", "callout"));
      } else {
        this.status(error.message, "error");
      }
    }
  },
};

/** Suggestions as you type (the server's suggest; a choice is found by its magicKey). */
function wireSuggestions() {
  const input = $("search-text");
  const list = $("suggestions");
  let timer = null;
  let request = null;
  let shown = [];
  let active = -1;

  function close() {
    list.hidden = true;
    list.replaceChildren();
    shown = [];
    active = -1;
    input.setAttribute("aria-expanded", "false");
  }
  function mark(index) {
    active = index;
    [...list.children].forEach((item, i) => item.setAttribute("aria-selected", String(i === index)));
  }
  function choose(index) {
    const suggestion = shown[index];
    close();
    if (suggestion) page.chooseSuggestion(suggestion);
  }
  async function update() {
    const text = input.value.trim();
    if (request) request.abort();
    if (text.length < 2) { close(); return; }
    request = new AbortController();
    try {
      const answer = await LocatorAPI.suggest(text, page.centre(), request.signal);
      if (input.value.trim() !== text) return;
      shown = answer.suggestions || [];
      list.replaceChildren(...shown.map((suggestion, index) => {
        const item = element("li", suggestion.text, "suggestion");
        item.setAttribute("role", "option");
        item.id = `suggestion-${index}`;
        // mousedown, not click: the input's blur would close the list first.
        item.addEventListener("mousedown", (event) => { event.preventDefault(); choose(index); });
        return item;
      }));
      list.hidden = shown.length === 0;
      input.setAttribute("aria-expanded", String(shown.length > 0));
      active = -1;
    } catch (error) {
      if (error.name !== "AbortError") page.status(error.message, "error");
    }
  }
  input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(update, 120); });
  input.addEventListener("keydown", (event) => {
    if (list.hidden) return;
    if (event.key === "ArrowDown") { event.preventDefault(); mark(Math.min(active + 1, shown.length - 1)); }
    else if (event.key === "ArrowUp") { event.preventDefault(); mark(Math.max(active - 1, 0)); }
    else if (event.key === "Escape") close();
    else if (event.key === "Enter" && active >= 0) { event.preventDefault(); choose(active); }
  });
  input.addEventListener("blur", () => setTimeout(close, 100));
  $("search").addEventListener("submit", (event) => {
    event.preventDefault();
    close();
    page.searchText(input.value);
  });
}

async function start() {
  const picker = $("categories");
  for (const category of CATEGORIES) {
    const button = element("button", null, "category");
    button.type = "button";
    button.dataset.label = category.label;
    button.setAttribute("aria-pressed", "false");
    const swatch = element("span", null, "swatch");
    swatch.style.backgroundColor = category.colour;
    button.append(swatch, document.createTextNode(category.label));
    button.addEventListener("click", () => page.pick(category));
    picker.append(button);
  }
  wireSuggestions();

  let info;
  try {
    info = await LocatorAPI.info();
  } catch (error) {
    page.status(error.code === 499 || error.code === 498
      ? "This server needs a token: open this page as /?token=YOUR-KEY." : error.message, "error");
    return;
  }
  $("attribution").textContent = info.attribution;
  const view = info.view;
  page.fallbackCentre = view ? { lat: (view.ymin + view.ymax) / 2, lng: (view.xmin + view.xmax) / 2 } : { lat: 0, lng: 0 };
  if (info.leaflet) {
    try {
      await BaseMap.loadLeaflet();
      page.map = BaseMap.create($("map"), info, (latlng, index) => page.clicked(latlng, index));
      document.body.classList.add("has-map");
    } catch (error) {
      page.map = null;
    }
  }
  if (!page.map) {
    document.body.classList.add("no-map");
    const notice = $("notice");
    notice.textContent = "The map needs Leaflet: on Debian, run 'sudo apt install libjs-leaflet' and restart " +
      "locator serve (or give it --leaflet DIR). Search and the list work without it; places are found near " +
      "the centre of the gazetteer's coverage.";
    notice.hidden = false;
  }
  window.locatorPage = page;
  // The tutorial's default pick, searched once the map has its first view.
  page.pick(CATEGORIES[0]);
}

document.addEventListener("DOMContentLoaded", start);
