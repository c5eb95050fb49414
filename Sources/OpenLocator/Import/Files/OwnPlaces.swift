/// Your own places as a ``GazetteerPlace`` from named fields, shared by the CSV and GeoJSON
/// readers: `name` and `category` (an ArcGIS category of any level) are required; address
/// fields, `phone`, `url` and `importance` (0 to 1) are optional, under their usual names.
enum OwnPlaceFields {
    /// A field of a place, by the names it goes by.
    enum Field: Int, CaseIterable {
        case name, category, houseNumber, street, postal, city, importance, phone, url, region

        /// Its names, in order of preference.
        var names: [String] {
            switch self {
            case .name: ["name", "title"]
            case .category: ["category", "type"]
            case .houseNumber: ["house_number", "housenumber", "addr:housenumber", "number"]
            case .street: ["street", "addr:street"]
            case .postal: ["postal", "postcode", "zip", "addr:postcode"]
            case .city: ["city", "addr:city", "town"]
            case .importance: ["importance"]
            case .phone: ["phone"]
            case .url: ["url", "website"]
            case .region: ["region", "state"]
            }
        }
    }
    static let latitude = ["lat", "latitude", "y"]
    static let longitude = ["lon", "lng", "longitude", "x"]

    /// The place a row's fields describe; throws why there is none.
    static func place(
        latitude: Double, longitude: Double, value: (Field) -> String, source: String
    ) throws(SkippedRowReason) -> PlaceRecord {
        let category = value(.category)
        guard !category.isEmpty else { throw SkippedRowReason("no category") }
        var own = GazetteerPlace(
            name: value(.name), category: category, latitude: latitude, longitude: longitude,
            houseNumber: value(.houseNumber), street: value(.street), postal: value(.postal), city: value(.city))
        let importance = value(.importance)
        if !importance.isEmpty {
            guard let number = plainDecimal(importance) ?? Double(importance), (0...1).contains(number) else {
                throw SkippedRowReason("importance '\(importance.prefix(20))' is not a number from 0 to 1")
            }
            own.importance = number
        }
        return try own.record(source: source, phone: value(.phone), url: value(.url), region: value(.region))
    }
}

/// Your own places from a CSV with a header: `name`, `category`, `lat`/`latitude`,
/// `lon`/`longitude`, and optional address columns (see ``OwnPlaceFields``).
struct OwnPlacesCSVReader: PlaceFileReader {
    private var csv: CSVReader
    private(set) var summary: SourceSummary
    private let latitude, longitude: Int?
    /// Each ``OwnPlaceFields/Field``'s column, by its raw value: found once, from the header.
    private let positions: [Int?]
    /// What each place's `source` starts with: "places:depots.csv:".
    private let sourcePrefix: String

    init(_ path: String) throws {
        let source = try ByteReader(path: path)
        // Semicolons (spreadsheets with a decimal comma), tabs or bars, UTF-8 or Windows-1252.
        csv = try CSVReader(guessingFormatOf: source)
        summary = SourceSummary(name: source.name, kind: "places", places: 0, skipped: 0, firstSkipped: [])
        sourcePrefix = "places:\(source.name):"
        guard let header = try csv.next() else {
            throw LocatorError(.invalidInput, "'\(source.name)' is empty: a CSV of places starts with a header row")
        }
        let columns = CSVColumns(header.fields)
        latitude = columns.position(OwnPlaceFields.latitude)
        longitude = columns.position(OwnPlaceFields.longitude)
        positions = OwnPlaceFields.Field.allCases.map { columns.position($0.names) }
        guard latitude != nil, longitude != nil, positions[OwnPlaceFields.Field.category.rawValue] != nil else {
            throw LocatorError(
                .invalidInput, "'\(source.name)' needs columns name, category, lat and lon (or latitude, longitude)")
        }
    }

    mutating func next() throws -> PlaceRecord? {
        while let fields = try csv.nextFields() {
            let positions = positions
            func value(_ field: OwnPlaceFields.Field) -> String { CSVColumns.value(fields, positions[field.rawValue]) }
            do {
                let coordinate = try CSVColumns.coordinate(fields, latitude: latitude, longitude: longitude).get()
                let place = try OwnPlaceFields.place(
                    latitude: coordinate.lat, longitude: coordinate.lon, value: value,
                    source: sourcePrefix + String(fields.line))
                summary.places += 1
                return place
            } catch {
                summary.skip(line: fields.line, because: error.text)
            }
        }
        return nil
    }
}

/// Your own places from GeoJSON (a FeatureCollection, or one Feature per line): each feature's
/// `properties` give `name`, `category` and optional address fields (see ``OwnPlaceFields``);
/// a Point is the place, another geometry its bounding box's centre.
struct OwnPlacesGeoJSONReader: PlaceFileReader {
    private var features: GeoJSONFeatureReader
    private(set) var summary: SourceSummary

    init(_ path: String) throws {
        let source = try ByteReader(path: path)
        features = GeoJSONFeatureReader(source)
        summary = SourceSummary(name: source.name, kind: "places", places: 0, skipped: 0, firstSkipped: [])
    }

    mutating func next() throws -> PlaceRecord? {
        while let (feature, line) = try features.next(skippingBadInto: &summary) {
            guard let (lon, lat) = Self.position(feature["geometry"]) else {
                summary.skip(line: line, because: "no geometry with coordinates")
                continue
            }
            let properties = feature["properties"]
            func value(_ field: OwnPlaceFields.Field) -> String {
                field.names.lazy.compactMap { properties?[$0]?.text?.oneLine }.first { !$0.isEmpty } ?? ""
            }
            do {
                let coordinate = try checkedCoordinate(latitude: lat, longitude: lon).get()
                let place = try OwnPlaceFields.place(
                    latitude: coordinate.lat, longitude: coordinate.lon, value: value,
                    source: "places:\(summary.name):\(line)")
                summary.places += 1
                return place
            } catch {
                summary.skip(line: line, because: error.text)
            }
        }
        return nil
    }

    /// A Point's position, or the centre of any other geometry's bounding box.
    static func position(_ geometry: JSONValue?) -> (lon: Double, lat: Double)? {
        var (minLon, minLat, maxLon, maxLat) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        func visit(_ value: JSONValue, depth: Int) {
            guard depth < 8, case .array(let items) = value else { return }
            if items.count >= 2, let lon = items[0].number, let lat = items[1].number {
                (minLon, maxLon) = (min(minLon, lon), max(maxLon, lon))
                (minLat, maxLat) = (min(minLat, lat), max(maxLat, lat))
            } else {
                for item in items { visit(item, depth: depth + 1) }
            }
        }
        guard let coordinates = geometry?["coordinates"] else { return nil }
        visit(coordinates, depth: 0)
        guard minLon.isFinite, minLat.isFinite else { return nil }
        return ((minLon + maxLon) / 2, (minLat + maxLat) / 2)
    }
}
