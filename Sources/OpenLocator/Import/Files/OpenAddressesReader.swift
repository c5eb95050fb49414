/// Reads OpenAddresses point addresses, streaming, in either of the project's formats:
///
/// - the CSV of its collections (`LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH`,
///   columns found by name in any order and case);
/// - the GeoJSON of its current downloads (`.geojson`, usually gzipped): a Feature per line
///   with a Point and `number`, `street`, `unit`, `city`, `district`, `region`, `postcode`,
///   `id` and `hash` properties (a FeatureCollection reads too).
///
/// The format is told from the first bytes, not the name. (`unit` is not kept: a gazetteer
/// places buildings, not flats.) A row needs a number, a street and coordinates on the globe;
/// others are skipped and reported by line. `city` falls back to `district`; a country is
/// filled in later from the nearest GeoNames place, when the build has GeoNames data.
struct OpenAddressesReader: PlaceFileReader {
    /// Where the CSV's columns are.
    private struct Columns {
        let lon, lat, number, street, city, district, region, postcode, id: Int?
    }

    /// One of the two, by the file's format. (Optionals rather than an enum with payloads, so
    /// reading mutates the reader in place instead of copying its buffers.)
    private var csv: CSVReader?
    private var columns: Columns?
    private var features: GeoJSONFeatureReader?
    private(set) var summary: SourceSummary
    private let category = CategoryTree.world["Point Address"]!.code
    /// What each place's `source` starts with: "openaddresses:countrywide.csv:".
    private let sourcePrefix: String

    init(_ url: String) throws {
        let source = try ByteReader(path: url)
        summary = SourceSummary(name: source.name, kind: "openaddresses", places: 0, skipped: 0, firstSkipped: [])
        sourcePrefix = "openaddresses:\(source.name):"
        if try source.startsWithJSONObject() {
            features = GeoJSONFeatureReader(source)
            return
        }
        // The delimiter is told from the header (a CSV re-saved from a spreadsheet may have
        // semicolons); the text stays UTF-8, as OpenAddresses writes it. (Guessing the encoding
        // from the first block would read a whole file as Windows-1252 for one stray byte.)
        var csv = CSVReader(source, delimiter: CSVReader.delimiter(guessedFrom: try source.peekFirstBlock() ?? []))
        guard let header = try csv.next() else {
            throw LocatorError(
                .invalidInput, "'\(source.name)' is empty: an OpenAddresses CSV starts with a header row")
        }
        let names = CSVColumns(header.fields)
        let columns = Columns(
            lon: names.position("lon", "longitude", "x"), lat: names.position("lat", "latitude", "y"),
            number: names.position("number", "housenumber", "house_number"), street: names.position("street"),
            city: names.position("city"), district: names.position("district"), region: names.position("region"),
            postcode: names.position("postcode", "postal", "zip"), id: names.position("id", "hash"))
        guard columns.lon != nil, columns.lat != nil, columns.number != nil, columns.street != nil else {
            throw LocatorError(
                .invalidInput,
                "'\(source.name)' is not an OpenAddresses CSV or GeoJSON: a CSV header needs LON, LAT, NUMBER and STREET (found \(header.fields.prefix(12).joined(separator: ",").prefix(120)))"
            )
        }
        (self.csv, self.columns) = (csv, columns)
    }

    mutating func next() throws -> PlaceRecord? {
        if let columns {
            while let fields = try csv?.nextFields() {
                func value(_ position: Int?) -> String { CSVColumns.value(fields, position) }
                let (number, street) = (value(columns.number), value(columns.street))
                let coordinate = CSVColumns.coordinate(fields, latitude: columns.lat, longitude: columns.lon)
                switch Self.checked(number: number, street: street, at: coordinate) {
                case .failure(let reason):
                    summary.skip(line: fields.line, because: reason.text)
                case .success(let location):
                    summary.places += 1
                    return address(
                        at: location, line: fields.line, number: number, street: street, city: value(columns.city),
                        district: value(columns.district), region: value(columns.region),
                        postcode: value(columns.postcode), id: value(columns.id))
                }
            }
            return nil
        }
        while let (feature, line) = try features?.next(skippingBadInto: &summary) {
            let properties = feature["properties"]
            func value(_ name: String) -> String { properties?[name]?.text?.oneLine ?? "" }
            let coordinate: Result<(lat: Double, lon: Double), SkippedRowReason> =
                feature["geometry"]?["type"]?.text == "Point"
                ? OwnPlacesGeoJSONReader.position(feature["geometry"]).map {
                    checkedCoordinate(latitude: $0.lat, longitude: $0.lon)
                } ?? .failure(SkippedRowReason("the Point has no coordinates"))
                : .failure(SkippedRowReason("no Point geometry"))
            let (number, street) = (value("number"), value("street"))
            switch Self.checked(number: number, street: street, at: coordinate) {
            case .failure(let reason):
                summary.skip(line: line, because: reason.text)
            case .success(let location):
                summary.places += 1
                return address(
                    at: location, line: line, number: number, street: street, city: value("city"),
                    district: value("district"), region: value("region"), postcode: value("postcode"),
                    id: value("id").isEmpty ? value("hash") : value("id"))
            }
        }
        return nil
    }

    /// Where a row's address is, or why it has none: it lacks a number, a street or a place
    /// on the globe.
    private static func checked(
        number: String, street: String, at coordinate: Result<(lat: Double, lon: Double), SkippedRowReason>
    ) -> Result<(lat: Double, lon: Double), SkippedRowReason> {
        guard !number.isEmpty, !street.isEmpty else { return .failure(SkippedRowReason("no NUMBER or STREET")) }
        return coordinate
    }

    /// The point address of a row that has one (see ``checked(number:street:at:)``).
    private func address(
        at location: (lat: Double, lon: Double), line: Int, number: String, street: String, city: String,
        district: String, region: String, postcode: String, id: String
    ) -> PlaceRecord {
        PlaceRecord(
            name: "", addressType: .pointAddress, category: category, houseNumber: number, street: street,
            neighborhood: city.isEmpty ? "" : district, city: city.isEmpty ? district : city, region: region,
            postal: postcode, longitude: location.lon, latitude: location.lat, importance: 0.02,
            source: sourcePrefix + (id.isEmpty ? String(line) : id))
    }
}
