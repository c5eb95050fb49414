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

    init(_ url: String) throws {
        let source = try ByteReader(path: url)
        summary = SourceSummary(name: source.name, kind: "openaddresses", places: 0, skipped: 0, firstSkipped: [])
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
            while let record = try csv?.next() {
                let fields = record.fields
                func value(_ position: Int?) -> String { CSVColumns.value(fields, position) }
                let coordinate = checkedCoordinate(latitude: value(columns.lat), longitude: value(columns.lon))
                do {
                    let place = try address(
                        at: coordinate, line: record.line, number: value(columns.number),
                        street: value(columns.street), city: value(columns.city), district: value(columns.district),
                        region: value(columns.region), postcode: value(columns.postcode), id: value(columns.id))
                    summary.places += 1
                    return place
                } catch {
                    summary.skip(line: record.line, because: error.text)
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
            do {
                let place = try address(
                    at: coordinate, line: line, number: value("number"), street: value("street"),
                    city: value("city"), district: value("district"), region: value("region"),
                    postcode: value("postcode"), id: value("id").isEmpty ? value("hash") : value("id"))
                summary.places += 1
                return place
            } catch {
                summary.skip(line: line, because: error.text)
            }
        }
        return nil
    }

    /// The point address of one row; throws why there is none when it lacks a number, a
    /// street or a place on the globe. (Throwing, not returning an optional, hands the place
    /// on without copying it.)
    private func address(
        at coordinate: Result<(lat: Double, lon: Double), SkippedRowReason>, line: Int, number: String,
        street: String, city: String, district: String, region: String, postcode: String, id: String
    ) throws(SkippedRowReason) -> PlaceRecord {
        guard !number.isEmpty, !street.isEmpty else { throw SkippedRowReason("no NUMBER or STREET") }
        let location = try coordinate.get()
        var place = PlaceRecord(
            name: "", addressType: .pointAddress, category: category, longitude: location.lon,
            latitude: location.lat, importance: 0.02,
            source: "openaddresses:\(summary.name):\(id.isEmpty ? String(line) : id)")
        place.houseNumber = number
        place.street = street
        place.city = city.isEmpty ? district : city
        place.neighborhood = city.isEmpty ? "" : district
        place.region = region
        place.postal = postcode
        return place
    }
}
