import Foundation

/// Builds a gazetteer file from OSM PBF extracts, GeoNames files, OpenAddresses CSVs and your
/// own places (CSV or GeoJSON), all combined into one.
///
/// ```swift
/// var builder = GazetteerBuilder(osm: [pbf], geoNames: [cities], categoryMapping: mappingURL)
/// builder.openAddressesFiles = [URL(fileURLWithPath: "fi/countrywide.csv")]
/// let report = try builder.build(to: URL(fileURLWithPath: "helsinki.gazetteer")) { print($0) }
/// ```
///
/// GeoNames dumps, OpenAddresses and place files are streamed a chunk at a time into the
/// database, so files of any size fit in bounded memory (of GeoNames, only a compact
/// ``LocalityIndex`` stays, to place the other sources in). OSM files keep node locations,
/// way node lists and address points on disk (``OSMGeometryStore``, ``AddressPointSpool``);
/// their POIs, localities and streets are held until written. Rows that cannot be read are
/// counted and reported by line (``Report/sources``), not fatal; a build left with no place at
/// all throws, saying why per source, instead of writing an empty gazetteer. The database is
/// written to a temporary file beside the target and renamed into place only when complete,
/// so a failed or interrupted build never leaves a half-written gazetteer.
public struct GazetteerBuilder: Sendable {
    /// OSM PBF files to import.
    public var osmFiles: [URL]
    /// GeoNames files: dumps (`cities500.txt[.gz]`), `admin1CodesASCII.txt`, `countryInfo.txt`, or
    /// the `lat,lon,name,admin1,admin2,cc` CSV.
    public var geoNamesFiles: [URL]
    /// The OSM tag → category rules (`Gazetteer/osm-categories.tsv`).
    public var categoryMapping: URL
    /// OpenAddresses CSVs (`LON,LAT,NUMBER,STREET,…`).
    public var openAddressesFiles: [URL] = []
    /// GeoNames postal-code dumps (`allCountries.txt` of the `zip` export, or a country's file):
    /// each row a postal area. Where they give a code, the areas a build makes from its
    /// addresses' postcodes are left out.
    public var geoNamesPostalFiles: [URL] = []
    /// GeoNames alternate names with their languages (`alternateNamesV2.txt`), for the places
    /// of ``geoNamesFiles``: names in a language for answers in it, and names that find them.
    public var geoNamesAlternateNamesFiles: [URL] = []
    /// The generic words of place names in each language (``GenericWords``): by default the
    /// tables in `generic-words/` beside ``categoryMapping``.
    public var genericWordFiles: [URL]
    /// The rules for named OSM things the category mapping leaves out, with a Type of their own
    /// (squares, tram stops, fountains): by default `osm-named-types.tsv` beside
    /// ``categoryMapping``, when there is one; `nil` leaves such things out.
    public var namedTypesFile: URL?
    /// Your own places: CSV (`name,category,lat,lon,…`) or GeoJSON (by the `.geojson`/`.json` name).
    public var placeFiles: [URL] = []
    /// Places given directly, added after the files' places.
    public var places: [GazetteerPlace] = []
    /// How many places a build sorts in memory at a time (``SpatialOrder``); small in tests.
    var spatialRunLength = SpatialOrder.runLength

    /// What a build made.
    public struct Report: Sendable {
        /// Places written, by `Addr_type`.
        public var counts: [String: Int]
        /// The size of the gazetteer file in bytes.
        public var fileSize: Int64
        /// Wall-clock seconds the build took.
        public var seconds: Double
        /// What each source file gave, with the rows left out.
        public var sources: [SourceSummary] = []
    }

    /// Makes a builder for the given inputs.
    public init(osm: [URL], geoNames: [URL], categoryMapping: URL) {
        osmFiles = osm
        geoNamesFiles = geoNames
        self.categoryMapping = categoryMapping
        genericWordFiles = GenericWords.files(besideMapping: categoryMapping)
        let namedTypes = categoryMapping.deletingLastPathComponent().appendingPathComponent("osm-named-types.tsv")
        namedTypesFile = FileManager.default.isReadableFile(atPath: namedTypes.path) ? namedTypes : nil
    }

    /// How often, at most, a long stage says how far it has got, in seconds.
    public var progressInterval: TimeInterval = 5

    /// Builds the gazetteer at `output`, calling `progress` with one line per stage and,
    /// during a long one, a line every ``progressInterval`` seconds on how far it has got.
    /// - Throws: ``LocatorError`` (`invalidInput` for a bad source file, `buildFailed` otherwise);
    ///   the target file is then left as it was.
    @discardableResult
    public func build(to output: URL, progress report: (String) -> Void = { _ in }) throws -> Report {
        let started = Date()
        var lastLine = started
        func progress(_ stage: String) {
            lastLine = Date()
            report(String(format: "[%5.1f s] ", lastLine.timeIntervalSince(started)) + stage)
        }
        func ongoing(_ detail: @autoclosure () -> String) {
            if Date().timeIntervalSince(lastLine) >= progressInterval { progress("  " + detail()) }
        }
        guard
            !osmFiles.isEmpty || !geoNamesFiles.isEmpty || !openAddressesFiles.isEmpty || !placeFiles.isEmpty
                || !places.isEmpty || !geoNamesPostalFiles.isEmpty
        else {
            throw LocatorError(
                .invalidInput,
                "nothing to build from: give at least one --osm, --geonames, --geonames-postal, --openaddresses or --places file"
            )
        }
        // Never replace a source, or a file that is not a gazetteer, with the new gazetteer.
        for input in osmFiles + geoNamesFiles + geoNamesPostalFiles + geoNamesAlternateNamesFiles + openAddressesFiles
            + placeFiles + [categoryMapping]
        where isSameFile(input.path, output.path) {
            throw LocatorError(
                .invalidParameter,
                "the output '\(output.lastPathComponent)' is one of the input files; write the gazetteer somewhere else"
            )
        }
        if FileManager.default.fileExists(atPath: output.path), !Self.isGazetteer(output) {
            throw LocatorError(
                .invalidParameter,
                "'\(output.lastPathComponent)' exists and is not a gazetteer; remove it first or choose another output")
        }
        // Open every file first, so a missing or unreadable one fails the build before any work.
        // (A file that turns out malformed stops the build where it is found.)
        for url in osmFiles where !FileManager.default.isReadableFile(atPath: url.path) {
            throw LocatorError(.invalidInput, "cannot read OSM file '\(url.lastPathComponent)': no such readable file")
        }
        var geoNames = GeoNamesImporter()
        try geoNames.readCompanions(among: geoNamesFiles + geoNamesPostalFiles)
        let dumps = geoNamesFiles.filter { !GeoNamesImporter.isCompanion($0) }
        let enclosing = dumps.isEmpty ? EnclosingTowns.none : try EnclosingTowns(dumps: dumps)
        let geoNamesReaders: [any PlaceFileReader] = try dumps.map { try geoNames.placeReader(for: $0, enclosing: enclosing) }
        // The alternate names of the dumps' populated places, the only ones kept.
        var alternates: [GeoNamesAlternateNames] = []
        if !geoNamesAlternateNamesFiles.isEmpty {
            progress("reading the ids of GeoNames places for their alternate names")
            var ids: Set<Int64> = []
            for url in geoNamesFiles where !GeoNamesImporter.isCompanion(url) {
                ids.formUnion(try GeoNamesImporter.populatedPlaceIDs(in: url))
            }
            alternates = try geoNamesAlternateNamesFiles.map { try GeoNamesAlternateNames($0, keeping: ids) }
        }
        let postalReaders = try geoNamesPostalFiles.map { try GeoNamesPostalReader($0, countries: geoNames.countries) }
        var streamed: [any PlaceFileReader] = try openAddressesFiles.map { try OpenAddressesReader($0.path) }
        streamed += try placeFiles.map { url -> any PlaceFileReader in
            // (by the name without a compression suffix: "depots.geojson.gz" is GeoJSON)
            var name = url.lastPathComponent.lowercased()
            for suffix in [".gz", ".zip"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
            return name.hasSuffix(".geojson") || name.hasSuffix(".json") || name.hasSuffix(".geojsonl")
                || name.hasSuffix(".geojsons")
                ? try OwnPlacesGeoJSONReader(url.path) : try OwnPlacesCSVReader(url.path)
        }
        let mapping = try OSMCategoryMapping(contentsOf: categoryMapping)
        let namedTypes = try namedTypesFile.map { try OSMCategoryMapping(contentsOf: $0) }
        let genericWords = try GenericWords.entries(in: genericWordFiles)

        let directory = output.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(output.lastPathComponent).\(UUID().uuidString).partial")
        UnfinishedBuilds.shared.insert(temporary)
        defer { UnfinishedBuilds.shared.remove(temporary) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw LocatorError(.buildFailed, "cannot create the folder for '\(output.lastPathComponent)'")
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        // Held until the build ends; files of killed builds of this output hold no lock.
        let lock = try BuildLock(path: temporary.path)
        defer { withExtendedLifetime(lock) {} }
        BuildLock.removeStale(in: directory, of: output.lastPathComponent)
        var counts: [String: Int] = [:]
        var summaries: [SourceSummary] = []
        let countryNames = Dictionary(
            geoNames.countries.values.map { ($0.iso3, $0.name) }, uniquingKeysWith: { a, _ in a })
        // Each country's languages by ISO3 ("FIN": fi, sv, smn), and English, the world's: its
        // places' names in them are names of their own ("Cologne" is Köln before Cologne,
        // Lombardy; ``SearchText/appendAlternateNames(of:exceptNameAt:ownLanguages:to:)``).
        var countryLanguages: [String: Set<String>] = [:]
        for (iso2, country) in geoNames.countries {
            countryLanguages[country.iso3] = Set(
                (geoNames.countryLanguages[iso2] ?? "").split(separator: ",").map {
                    String($0.prefix { $0 != "-" }).lowercased()
                } + ["en"])
        }
        let localityParts = { (place: PlaceRecord, parts: inout [String], languages: inout Set<String>) in
            Self.localityParts(of: place, countryNames, into: &parts)
            languages = countryLanguages[place.country] ?? []
        }
        do {
            let writer = try GazetteerWriter(path: temporary.path)
            try writer.connection.transaction {
                // GeoNames first, streamed: only a compact index of the localities stays, to
                // place the other sources in.
                nonisolated(unsafe) var localities = LocalityIndex()
                nonisolated(unsafe) var translations = NameTranslations()
                nonisolated(unsafe) var countriesAndRegions = CountriesAndRegions()
                for reader in geoNamesReaders {
                    progress("reading and writing GeoNames \(reader.summary.name)")
                    writer.beginSource(reader.summary.name)
                    summaries.append(
                        try Self.stream(
                            reader, into: writer, localityParts: localityParts, counts: &counts,
                            written: { ongoing("\(reader.summary.name): \($0) places written") }
                        ) { place in
                            for names in alternates { names.apply(to: &place) }
                            localities.add(place)
                            translations.add(place)
                            countriesAndRegions.add(place)
                            return true
                        })
                }
                // The countries and regions the towns lie in, as places of their own.
                let regions = countriesAndRegions.places(
                    countries: geoNames.countries, populations: geoNames.countryPopulations,
                    languages: geoNames.countryLanguages)
                if !regions.isEmpty {
                    progress("writing \(regions.count) countries and regions")
                    nonisolated(unsafe) var remaining = regions.makeIterator()
                    try Self.write(
                        { remaining.next() }, into: writer, localityParts: localityParts, counts: &counts,
                        written: { ongoing("\($0) countries and regions written") })
                }

                summaries += alternates.map(\.summary)
                var osm = OSMImporter(mapping: mapping, namedTypes: namedTypes, directory: directory)
                var osmCounts: [Int] = []  // places and streets of each file, without address points
                for url in osmFiles {
                    progress("reading OSM \(url.lastPathComponent)")
                    let before = osm.places.count + osm.streets.count
                    try osm.read(url) { fraction, found in
                        ongoing(
                            "\(url.lastPathComponent): \(Int(fraction * 100))% read, \(found) places and addresses so far"
                        )
                    }
                    osmCounts.append(osm.places.count + osm.streets.count - before)
                }
                let given = try places.enumerated().map { try $0.element.record(index: $0.offset) }
                // One copy of the places at a time, and the address points (most of a
                // country) on disk until they are written.
                var (osmPlaces, streets, streetSegments, addressPoints, areas) = osm.takeResults()
                let anyInMemory = !osmPlaces.isEmpty || !given.isEmpty || !streets.isEmpty
                if anyInMemory { progress("addressing \(osmPlaces.count + given.count) places") }
                let enricher = try PlaceEnricher(
                    localities: localities, areas: areas, streets: streets, segments: streetSegments)
                for var duplicate in DuplicatePlaces.removeLocalities(alsoIn: localities, from: &osmPlaces) {
                    try enricher.enrich(&duplicate)
                    translations.add(duplicate)
                }
                DuplicatePlaces.mergePOIs(in: &osmPlaces)
                osmPlaces += given
                // Postcodes of what is written make the postal areas, written last, except where
                // an OSM boundary or GeoNames' postal dump gives the area.
                nonisolated(unsafe) var postalAreas = PostalAreas()
                nonisolated(unsafe) var givenPostcodes = GivenPostcodes()
                for index in osmPlaces.indices {
                    try enricher.enrich(&osmPlaces[index])
                    postalAreas.add(osmPlaces[index])
                    translations.add(osmPlaces[index])
                    if osmPlaces[index].addressType == .postal { givenPostcodes.add(osmPlaces[index]) }
                }
                for index in streets.indices {
                    try enricher.enrich(&streets[index])
                    translations.add(streets[index])
                }
                // (Their ids follow space, as the streamed sources' do: see ``SpatialOrder``. The
                // streets come last, in their order, which their segments are numbered by.)
                osmPlaces = SpatialOrder.sorted(osmPlaces) + streets
                if anyInMemory { progress("folding and writing \(osmPlaces.count) places") }
                writer.beginSource(
                    osmFiles.isEmpty ? "your places" : osmFiles.map(\.lastPathComponent).joined(separator: " + "))
                nonisolated(unsafe) var remaining = osmPlaces.makeIterator()
                try Self.write(
                    { remaining.next() }, into: writer, localityParts: localityParts, counts: &counts,
                    written: { ongoing("\($0) of \(osmPlaces.count) places written") })
                // The streets were written last, with consecutive ids (the places table is only
                // ever appended to).
                let firstStreetID = writer.lastPlaceID - Int64(streets.count) + 1
                var extents = [Envelope?](repeating: nil, count: streets.count)
                try streetSegments?.forEach { segment in
                    try writer.insertStreetSegment(
                        placeID: firstStreetID + Int64(segment.street), from: segment.a, to: segment.b)
                    extents[segment.street] = Self.enclosing(segment.a, segment.b, and: extents[segment.street])
                }
                for (street, extent) in extents.enumerated() {
                    if let extent { try writer.insertExtent(placeID: firstStreetID + Int64(street), extent) }
                }
                streets = []

                // Other sources leave out the addresses these have.
                nonisolated(unsafe) var knownAddresses = AddressKeys()
                if !streamed.isEmpty { osmPlaces.forEach { knownAddresses.add($0) } }
                // (The iterator holds the array's buffer too: both go, so the places are freed.)
                (osmPlaces, remaining) = ([], [PlaceRecord]().makeIterator())
                var osmAddressCounts: [Int: Int] = [:]
                if let addressPoints, addressPoints.count > 0 {
                    progress("merging and writing \(addressPoints.count) OSM address points")
                    writer.beginSource(osmFiles.map(\.lastPathComponent).joined(separator: " + "))
                    nonisolated(unsafe) var merged = addressPoints.merged()
                    // (merged in hash order)
                    nonisolated(unsafe) var ordered = SpatialOrder(runLength: spatialRunLength, spillingTo: directory) {
                        try merged.next()
                    }
                    try ordered.sort { ongoing("\($0) addresses merged and sorted") }
                    let remember = !streamed.isEmpty
                    try Self.write(
                        { try ordered.next() }, into: writer, localityParts: localityParts, counts: &counts,
                        written: { ongoing("\($0) addresses written") }
                    ) {
                        if remember { knownAddresses.add($0) }
                        try enricher.enrich(&$0)
                        postalAreas.add($0)
                        return true
                    }
                    osmAddressCounts = merged.countsPerFile
                }
                for (index, url) in osmFiles.enumerated() {
                    summaries.append(
                        SourceSummary(
                            name: url.lastPathComponent, kind: "osm",
                            places: osmCounts[index] + osmAddressCounts[index, default: 0], skipped: 0,
                            firstSkipped: []))
                }

                for reader in streamed {
                    progress("reading and writing \(reader.summary.name)")
                    writer.beginSource(reader.summary.name)
                    nonisolated(unsafe) var duplicates = 0
                    // (In spatial order: addresses and own places are a country's bulk, often in no
                    // order of place, and their ids then follow space.)
                    var summary = try Self.stream(
                        reader, into: writer, localityParts: localityParts, counts: &counts,
                        inSpatialOrder: (directory, spatialRunLength),
                        sorted: { ongoing("\(reader.summary.name): \($0) places read and sorted") },
                        written: { ongoing("\(reader.summary.name): \($0) places written") }
                    ) { place in
                        if knownAddresses.contains(place) {
                            duplicates += 1
                            return false
                        }
                        try enricher.enrich(&place)
                        postalAreas.add(place)
                        return true
                    }
                    summary.places -= duplicates
                    summary.duplicates = duplicates
                    summaries.append(summary)
                }
                // GeoNames' postal areas, then those of the addresses that no source gives.
                for reader in postalReaders {
                    progress("reading and writing GeoNames postal codes \(reader.summary.name)")
                    writer.beginSource(reader.summary.name)
                    summaries.append(
                        try Self.stream(
                            reader, into: writer, localityParts: localityParts, counts: &counts,
                            written: { ongoing("\(reader.summary.name): \($0) postal areas written") }
                        ) { place in
                            givenPostcodes.add(place)
                            return true
                        })
                }
                let madeAreas = postalAreas.places().filter { !givenPostcodes.contains($0) }
                if !madeAreas.isEmpty {
                    progress("writing \(madeAreas.count) postal areas")
                    writer.beginSource("postal areas")
                    nonisolated(unsafe) var areas = madeAreas.makeIterator()
                    try Self.write(
                        { areas.next() }, into: writer, localityParts: localityParts, counts: &counts,
                        written: { ongoing("\($0) postal areas written") })
                }
                // An empty gazetteer answers nothing: say why instead of writing one.
                guard counts.values.contains(where: { $0 > 0 }) else {
                    throw LocatorError(.invalidInput, Self.nothingToWrite(summaries))
                }
                try translations.write(to: writer.connection)
                try writer.insertGenericWords(genericWords)
                for (iso2, country) in geoNames.countries.sorted(by: { $0.key < $1.key }) {
                    try writer.insertCountry(
                        iso2: iso2, iso3: country.iso3, name: country.name,
                        languages: geoNames.countryLanguages[iso2] ?? "")
                }
                for (key, name) in geoNames.admin1Names.sorted(by: { $0.key < $1.key }) {
                    let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else { continue }
                    try writer.insertRegion(country: parts[0], code: parts[1], name: name)
                }
                try writer.setMeta("schema_version", String(GazetteerSchema.version))
                try writer.setMeta("sources", SourceSummary.metaText(summaries))
                try writer.setMeta("build_date", ISO8601DateFormatter().string(from: Date()))
                try writer.setMeta(
                    "attribution",
                    Attribution.lines(
                        osm: !osmFiles.isEmpty, geoNames: !geoNamesFiles.isEmpty || !geoNamesPostalFiles.isEmpty,
                        openAddresses: !openAddressesFiles.isEmpty
                    ).joined(separator: "\n"))
            }
            try writer.finish { progress("indexing: \($0)") }
            progress("done")
        } catch let error as SQLiteError {
            throw LocatorError(
                .buildFailed, "writing the gazetteer failed: \(error.reason) (SQLite error \(error.code))")
        }
        // rename(2) replaces the target atomically: readers see the old file or the new one.
        guard rename(temporary.path, output.path) == 0 else {
            throw LocatorError(
                .buildFailed, "cannot move the finished gazetteer into place as '\(output.lastPathComponent)'")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? NSNumber)?.int64Value ?? 0
        return Report(counts: counts, fileSize: size, seconds: Date().timeIntervalSince(started), sources: summaries)
    }

    /// Streams one source file into the gazetteer (see ``write(_:into:localityParts:counts:written:prepare:)``)
    /// and returns the file's summary.
    /// With `inSpatialOrder`, the places are written in Hilbert order (``SpatialOrder``, sorting
    /// that many at a time in memory and spilling to the folder), so their ids follow space;
    /// `sorted` is told how many are read and sorted while the file is read, before any is
    /// written.
    private static func stream(
        _ reader: any PlaceFileReader, into writer: GazetteerWriter, localityParts: @escaping LocalityParts,
        counts: inout [String: Int], inSpatialOrder: (folder: URL, runLength: Int)? = nil,
        sorted: (Int) -> Void = { _ in }, written: (Int) -> Void,
        prepare: @escaping (inout PlaceRecord) throws -> Bool
    ) throws -> SourceSummary {
        nonisolated(unsafe) var reader = reader
        guard let (folder, runLength) = inSpatialOrder else {
            try write(
                { try reader.next() }, into: writer, localityParts: localityParts, counts: &counts, written: written,
                prepare: prepare)
            return reader.summary
        }
        nonisolated(unsafe) var ordered = SpatialOrder(runLength: runLength, spillingTo: folder) { try reader.next() }
        try ordered.sort(spilled: sorted)
        try write(
            { try ordered.next() }, into: writer, localityParts: localityParts, counts: &counts, written: written,
            prepare: prepare)
        return reader.summary
    }

    /// Writes places into the gazetteer as `next` gives them: a background thread reads the
    /// next chunk, passes each place through `prepare` (which completes it in place, or drops
    /// it by returning `false`), folds its text and lays the rows out as a ``PlaceRowChunk``,
    /// while this thread writes the chunk before and then calls `written` with the number
    /// written so far. (ICU's transliterators lock shared data on every call, so folding on
    /// more threads does not go faster: 400,000 GeoNames alternate names folded in 1.2–1.5 s on
    /// one thread and 1.7–1.9 s split over two. Overlapping folding with SQLite's work does. A
    /// third stage, folding on a thread of its own, made a 2.35M-row GeoNames build slower:
    /// 32–35 s against 38 s, with a quarter more CPU.)
    private static func write(
        _ next: @escaping () throws -> PlaceRecord?, into writer: GazetteerWriter,
        localityParts: @escaping LocalityParts, counts: inout [String: Int], written: (Int) -> Void,
        prepare: @escaping (inout PlaceRecord) throws -> Bool = { _ in true }
    ) throws {
        var total = 0
        nonisolated(unsafe) let (next, prepare) = (next, prepare)
        nonisolated(unsafe) var textBytes = 0  // of the chunk before, to make room at once
        nonisolated(unsafe) var locality: [String] = []  // (one array for every place's parts)
        nonisolated(unsafe) var languages: Set<String> = []
        try ChunkPipeline.run(
            produce: { () throws -> PlaceRowChunk? in
                var chunk = PlaceRowChunk(places: chunkSize, textBytes: textBytes + textBytes / 8)
                while chunk.count < chunkSize, var place = try next() {
                    guard try prepare(&place) else { continue }
                    localityParts(place, &locality, &languages)
                    chunk.append(place, locality: locality, ownLanguages: languages)
                }
                textBytes = chunk.text.count
                return chunk.isEmpty ? nil : chunk
            },
            consume: { chunk in
                for (type, count) in try writer.insert(chunk) { counts[type.rawValue, default: 0] += count }
                total += chunk.count
                written(total)
            })
    }

    /// The box around a segment and `box`.
    private static func enclosing(_ a: Coordinate, _ b: Coordinate, and box: Envelope?) -> Envelope {
        let segment = Envelope(
            xmin: min(a.lon, b.lon), ymin: min(a.lat, b.lat), xmax: max(a.lon, b.lon), ymax: max(a.lat, b.lat))
        return box.map { $0.union(segment) } ?? segment
    }

    /// Why a build found no place to write, source by source: "no places to write: bad.csv: 3
    /// rows skipped (bad.csv line 2: the coordinates are not numbers)".
    static func nothingToWrite(_ summaries: [SourceSummary]) -> String {
        guard !summaries.isEmpty else {
            return
                "no places to write: none of the inputs is a file of places (GeoNames' countryInfo and admin1 tables only describe them)"
        }
        let reasons = summaries.map { source in
            var parts: [String] = []
            if source.skipped > 0 {
                parts.append(
                    "\(source.skipped) \(source.skipped == 1 ? "row" : "rows") skipped"
                        + (source.firstSkipped.first.map { " (\($0))" } ?? ""))
            }
            if source.duplicates > 0 { parts.append("\(source.duplicates) places already in other sources") }
            return "\(source.name): \(parts.isEmpty ? "no places" : parts.joined(separator: ", "))"
        }
        return "no places to write: \(reasons.joined(separator: "; "))"
    }

    /// How many places a build reads and folds ahead of the writer at a time.
    private static let chunkSize = 8192

    /// Whether a file is a gazetteer (of any schema version), which a build may replace.
    private static func isGazetteer(_ url: URL) -> Bool {
        guard let connection = try? SQLiteConnection(path: url.path) else { return false }
        var found = false
        try? connection.statement("SELECT 1 FROM meta WHERE key = 'schema_version'").forEachRow { _ in found = true }
        return found
    }

    /// Puts the words that place a place in `parts`, in place of what it held (a build fills
    /// one array for every place rather than allocating one each time), and its country's
    /// languages in `languages`.
    typealias LocalityParts = (_ place: PlaceRecord, _ parts: inout [String], _ languages: inout Set<String>) -> Void

    /// The words that place a place, the empty ones left out: neighbourhood, city, the city's
    /// other names, postcode, region, country name and code.
    private static func localityParts(
        of place: PlaceRecord, _ countryNames: [String: String], into parts: inout [String]
    ) {
        parts.removeAll(keepingCapacity: true)
        parts.appendUnlessEmpty(place.neighborhood)
        parts.appendUnlessEmpty(place.city)
        for alias in place.localityAliases { parts.appendUnlessEmpty(alias) }
        parts.appendUnlessEmpty(place.postal)
        parts.appendUnlessEmpty(place.region)
        if !place.country.isEmpty { parts.appendUnlessEmpty(countryNames[place.country] ?? "") }
        parts.appendUnlessEmpty(place.country)
    }

    /// Deletes the temporary files of builds still running in this process. Call it when the
    /// process is interrupted (the `locator` CLI does on SIGINT and SIGTERM), so an
    /// interrupted build leaves nothing behind.
    public static func removeUnfinishedFiles() {
        UnfinishedBuilds.shared.removeAll()
    }
}

/// The temporary files of builds in progress. `@unchecked Sendable`: `files` is only touched under `lock`.
final class UnfinishedBuilds: @unchecked Sendable {
    static let shared = UnfinishedBuilds()
    private let lock = NSLock()
    private var files: Set<URL> = []

    func insert(_ url: URL) { lock.withLock { _ = files.insert(url) } }
    func remove(_ url: URL) { lock.withLock { _ = files.remove(url) } }

    func removeAll() {
        let pending = lock.withLock { files }
        for url in pending { try? FileManager.default.removeItem(at: url) }
    }
}

extension [String] {
    /// Appends `text` unless it is empty.
    fileprivate mutating func appendUnlessEmpty(_ text: String) {
        if !text.isEmpty { append(text) }
    }
}
