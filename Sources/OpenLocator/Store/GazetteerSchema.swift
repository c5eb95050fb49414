/// The gazetteer's tables. Bump ``version`` whenever the layout or the meaning of a column
/// changes: cached default gazetteers are rebuilt when it differs.
///
/// - `places`: one row per POI, address point, street or locality, with display text,
///   precomputed `place_addr`, the access point a router should take it from (`access_lon`,
///   `access_lat`: on the nearest street, NULL where none is near, which takes no room in the
///   row for the world's localities; `side`, of the street's direction, L or R), and the ICU-folded text the full-text index holds
///   (`search_name`, `search_alt_names`, `search_locality`), which searches score.
/// - `places_fts`: FTS5 over that folded text (columns `name`, `alt_names`, `locality`);
///   rowid = place id. Contentless (`content = ''`): the text is in `places` already, and
///   FTS5's own content table cost a second row insert per place (a third of a build's
///   full-text time). `columnsize = 0`: nothing ranks by bm25, so the per-row column sizes
///   are not kept (another B-tree insert less per place).
/// - `places_rtree`: a 3-D R*Tree (longitude, latitude, category code × ``categoryScale``),
///   packed in one pass by the build (``PackedRTree``). Category codes are a depth-first
///   numbering of the category tree, so "Food or any descendant" is one code range and the
///   R*Tree prunes by category and space at once.
/// - `street_segments`: an R*Tree of street line segments, for reverse geocoding onto streets.
/// - `place_extents`: where a street's segments or a postal area's members lie, for the extent
///   of an answer and for the crossings of two streets, found among the segments where both
///   boxes meet (``GazetteerBackend/crossings(of:and:db:)``).
/// - `suggest_prefixes`, `chains`: the most important places per 2–3 letter prefix, and names
///   many POIs share (see ``SuggestIndex``).
/// - `vocabulary_tails`: each word of 5+ letters without its first letter, so a typo in the
///   first letter ("Nelsinki", "elsinki") is found by a range scan too.
/// - `place_types`: the Type of a place where its category's name does not say it ("Tram Stop",
///   "Square", "Fountain": named things ArcGIS has no category of, `Gazetteer/osm-named-types.tsv`).
/// - `generic_words`: the generic words of place names by concept ("hotel": "hotel", "hotelli",
///   "hotell"; "square": "tori", "torget"), with the ArcGIS categories that explain each concept
///   ("Hotel;Motel;…"), from `Gazetteer/generic-words/` (``GenericWords``).
/// - `name_translations`: the names of streets and localities in other languages, by country
///   and name ("FIN", "sv", "Yrjönkatu" → "Georgsgatan"), for the address parts of answers in a
///   language (``PlaceLocalizer``); a place's own names in other languages are in `places.names`.
/// - `countries`, `regions`: each country's codes, name and languages, each GeoNames admin1
///   region's code and name, for qualifiers ("Rochester, MN", "Hamilton, New Zealand"; see
///   ``QualifierLexicon``).
/// - `coverage`: where each source has POIs and addresses, by cells of ``coverageCellDegrees``
///   with the extent of their places inside, so a category search far from all of them can say
///   where they are (``Coverage``).
/// - `place_keys`: each place's importance, longitude and latitude as 32-bit floats and its
///   category code, by id, in blocks of ``PlaceKeys/idsPerBlock`` ids, so a search can choose
///   among a word's full-text matches without reading their rows (``PlaceKeys``). Gazetteers of
///   schema 25 have none and read the rows instead; those of 26 have no category.
/// - `vocabulary`: every word of the full-text index with its document count, for typo
///   tolerance and word weights. (Querying FTS5's own `fts5vocab` counts a term's documents as it goes: 50 ms
///   a misspelt word at 1M places, against a B-tree range scan here.)
/// - `street_vocabulary`: every word of the streets' and address points' text (name,
///   alternate names, locality) with how many of them have it, so a street search for a word
///   no street has ("business", when "New York City Business Facility 4359" is also read as an
///   address) is answered without going through the places of its other words
///   (``StreetVocabulary``).
enum GazetteerSchema {
    static let version = 32

    /// The oldest gazetteers this version reads. Version 32 added `place_types` (without it every
    /// place's Type is its category's name) and `generic_words` (without it a
    /// search knows no generic words: "Hotelli Kämp" does not find "Hotel Kämp") and writes a
    /// place's names in a language first among its folded alternate names, ended by ";;" (without
    /// the mark, a name in a language counts as an alternate name). Version 31 added the house number to
    /// `places_by_street` and `places_by_numbered_name`, which only make a whole-address lookup
    /// fast (without the second, places named by an address are not looked for: the full-text
    /// readings find them when no address point is written so). Version 30 added the meta key
    /// ``localityIDsKey`` and writes places in Hilbert order (``SpatialOrder``), which only
    /// make searches faster. Version 29 added `street_vocabulary`, which
    /// only makes street searches for words no street has fast. Version 28 added `places_by_source`, which
    /// only makes a lookup by source id fast (without it, one scans the places). Version 27 added each place's category to
    /// `place_keys`, and 26 added the table, which only make searches faster (without them they
    /// read rows); version 25 added each place's access point on
    /// its street (`places.access_lon`, `access_lat`, `side`), which every answer reads; 24 added `place_extents` (23 had its
    /// streets' part as `street_extents`), which every intersection needs; 22 the places' names in other languages (`places.names`) and
    /// `name_translations`, which every row read and every answer in a language need.
    /// (Version 21 added postal areas; 20 the `regions` and `coverage` tables.)
    static let oldestReadableVersion = 25

    /// The `meta` key saying where the localities lie among the ids: "first-last" (every
    /// locality's id is in that range, with other places' between them too), empty for a file
    /// of none. The locality fallback's full-text lookup reads only that stretch of a word's
    /// list: GeoNames is written first, so its towns are the first ids, and a common word
    /// ("business", 10 % of 20M places) no longer costs its whole list. Files of schema 29
    /// and older lack it and read the whole list.
    static let localityIDsKey = "locality_ids"

    /// The size of a coverage cell, in degrees of latitude and longitude.
    static let coverageCellDegrees = 0.25

    /// How a build writes a new database file: no journal and no syncing (an unfinished file
    /// is deleted, never opened), SQLite's default page size, and a page cache of
    /// `cacheKiB` KiB.
    static func buildSettings(cacheKiB: Int) -> String {
        "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 4096; PRAGMA cache_size = \(-cacheKiB);"
    }

    /// How far apart, in the R*Tree's third dimension, consecutive category codes lie.
    ///
    /// A build packs the tree itself (``PackedRTree``) with category-pure leaves, so a query
    /// for one category never reads another's entries. The spread matters for trees SQLite
    /// grows by inserts (gazetteers of schema 13, and anything inserted later): its R*Tree
    /// splits nodes along the dimension with the smallest margins, and with codes 1000 units
    /// apart (against at most 360 degrees of space) it splits by category first too. With
    /// codes one unit apart, nodes mixed all categories and a search for a rare category
    /// scanned every place in its growing box (17 ms reverse geocodes at 1M places).
    static let categoryScale = 1000.0

    /// The extent of an entry in the category dimension. SQLite's R*Tree chooses where to
    /// insert by volume growth; with zero thickness every one-category node has zero volume,
    /// whatever its spatial size, and insertion stops clustering by space.
    static let categoryThickness = 1.0

    static let create = """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE categories(
            code INTEGER PRIMARY KEY, name TEXT NOT NULL, level INTEGER NOT NULL,
            last_descendant INTEGER NOT NULL);
        CREATE TABLE countries(
            iso2 TEXT PRIMARY KEY, iso3 TEXT NOT NULL, name TEXT NOT NULL, languages TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE regions(
            country TEXT NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY(country, code)) WITHOUT ROWID;
        CREATE TABLE generic_words(concept TEXT NOT NULL, word TEXT NOT NULL, categories TEXT NOT NULL);
        CREATE TABLE place_types(place_id INTEGER PRIMARY KEY, type TEXT NOT NULL);
        CREATE TABLE name_translations(
            country TEXT NOT NULL, language TEXT NOT NULL, name TEXT NOT NULL, translated TEXT NOT NULL,
            PRIMARY KEY(country, language, name)) WITHOUT ROWID;
        CREATE TABLE coverage(
            source TEXT NOT NULL, kind TEXT NOT NULL, cell INTEGER NOT NULL, places INTEGER NOT NULL,
            min_lon REAL NOT NULL, min_lat REAL NOT NULL, max_lon REAL NOT NULL, max_lat REAL NOT NULL,
            PRIMARY KEY(source, kind, cell)) WITHOUT ROWID;
        CREATE TABLE places(
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            addr_type TEXT NOT NULL,
            category INTEGER NOT NULL,
            house_number TEXT NOT NULL,
            street TEXT NOT NULL,
            neighborhood TEXT NOT NULL,
            city TEXT NOT NULL,
            subregion TEXT NOT NULL,
            region TEXT NOT NULL,
            postal TEXT NOT NULL,
            country TEXT NOT NULL,
            place_addr TEXT NOT NULL,
            phone TEXT NOT NULL,
            url TEXT NOT NULL,
            lon REAL NOT NULL,
            lat REAL NOT NULL,
            importance REAL NOT NULL,
            population INTEGER NOT NULL,
            source TEXT NOT NULL,
            names TEXT NOT NULL,
            side TEXT NOT NULL,
            access_lon REAL,
            access_lat REAL,
            search_name TEXT NOT NULL,
            search_alt_names TEXT NOT NULL,
            search_locality TEXT NOT NULL);
        CREATE VIRTUAL TABLE places_rtree USING rtree(
            id, min_lon, max_lon, min_lat, max_lat, min_category, max_category);
        CREATE VIRTUAL TABLE places_fts USING fts5(
            name, alt_names, locality, tokenize = 'unicode61 remove_diacritics 0', detail = 'column',
            columnsize = 0, content = '');
        CREATE TABLE suggest_prefixes(
            prefix TEXT NOT NULL, id INTEGER NOT NULL, importance REAL NOT NULL, PRIMARY KEY(prefix, id)
        ) WITHOUT ROWID;
        CREATE TABLE chains(name_key TEXT PRIMARY KEY, name TEXT NOT NULL, places INTEGER NOT NULL) WITHOUT ROWID;
        CREATE VIRTUAL TABLE street_segments USING rtree(
            id, min_lon, max_lon, min_lat, max_lat, +place_id, +lon1, +lat1, +lon2, +lat2);
        CREATE TABLE place_extents(
            place_id INTEGER PRIMARY KEY, min_lon REAL NOT NULL, min_lat REAL NOT NULL, max_lon REAL NOT NULL,
            max_lat REAL NOT NULL);
        CREATE TABLE place_keys(block INTEGER PRIMARY KEY, keys BLOB NOT NULL);
        CREATE TABLE vocabulary(term TEXT PRIMARY KEY, documents INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE vocabulary_tails(tail TEXT NOT NULL, term TEXT NOT NULL, PRIMARY KEY(tail, term)) WITHOUT ROWID;
        CREATE TABLE street_vocabulary(term TEXT PRIMARY KEY, documents INTEGER NOT NULL) WITHOUT ROWID;
        """

    /// The secondary indexes of `places`, each one statement. A build keeps the first two up
    /// while it inserts, as long as their keys arrive in order, and makes the others after the
    /// bulk insert (faster than maintaining them row by row; see ``InOrderIndexes``).
    static let categoryIndex = "CREATE INDEX places_by_category ON places(category, importance DESC);\n"
    /// `places_by_country` holds the places that have a country: a filter never asks for none
    /// (``SearchFilter`` repeats the index's condition, so SQLite knows it may use it). Files of
    /// addresses or your own places usually have no country column, and sorting a million such
    /// keys, all empty, took 0.65 s at the end of a build.
    static let countryIndex = "CREATE INDEX places_by_country ON places(country, category) WHERE country <> '';\n"
    /// `places_by_street` holds point addresses only, by street, city and house number: the
    /// queries that use it (the numbers on a street, a street and number written whole) ask for
    /// nothing else, and POIs, a country's other millions, would only make it bigger and slower
    /// to build. With the number in the index, a street and number is found without reading the
    /// street's other points.
    static let streetIndex =
        "CREATE INDEX places_by_street ON places(lower(street), city, house_number) WHERE addr_type = 'PointAddress';\n"

    /// `places_by_numbered_name` holds the places other than address points whose folded name
    /// has a digit, by that name: a text that is an address ("Korkeavuorenkatu 30") also finds
    /// the stop or building named so without the full-text search (``WholeAddressStage``).
    /// A query must repeat both conditions for SQLite to use it.
    static let numberedNameIndex =
        "CREATE INDEX places_by_numbered_name ON places(search_name) WHERE \(numberedNameCondition);\n"
    static let numberedNameCondition = "addr_type <> 'PointAddress' AND search_name GLOB '*[0-9]*'"

    /// `places_by_locality_name` holds localities by their folded name, for the locality
    /// fallback's exact lookup ("Rochester Public Library" → Rochester): a common name's
    /// full-text matches are mostly streets and shops named after it.
    static let localityNameIndex =
        "CREATE INDEX places_by_locality_name ON places(search_name) WHERE addr_type = 'Locality';\n"

    /// `places_by_source` finds a place by where it came from ("osm:node/123",
    /// "geonames:658225"), for Nominatim's `/lookup` and ``LocatorTask/places(withSourceIDs:using:)``.
    static let sourceIndex = "CREATE INDEX places_by_source ON places(source);\n"

    /// Merges the full-text index's segments into one, once all its rows are in.
    static let fullTextMerge = "INSERT INTO places_fts(places_fts) VALUES('optimize');"

    /// Fills `vocabulary` and `vocabulary_tails` from the finished full-text index.
    static let vocabulary = """
        CREATE VIRTUAL TABLE temp.index_terms USING fts5vocab(main, places_fts, 'row');
        INSERT INTO vocabulary SELECT term, doc FROM temp.index_terms;
        INSERT INTO vocabulary_tails
            SELECT substr(term, 2), term FROM vocabulary WHERE length(term) >= 5 AND term NOT GLOB '*[^a-z]*';
        DROP TABLE temp.index_terms;
        """

    /// The query planner's statistics, made last, when every table and index is complete.
    static let statistics = """
        PRAGMA analysis_limit = 1000;
        ANALYZE;
        """
}
