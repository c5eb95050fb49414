/// Reads an OpenAddresses CSV (`LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH`,
/// columns found by name in any order and case) as point addresses, streaming. (`UNIT` is
/// not kept: a gazetteer places buildings, not flats.)
///
/// A row needs a number, a street and coordinates on the globe; others are skipped and
/// reported by line. `CITY` falls back to `DISTRICT`; a country is filled in later from the
/// nearest GeoNames place, when the build has GeoNames data.
struct OpenAddressesReader: PlaceFileReader {
    private var csv: CSVReader
    private(set) var summary: SourceSummary
    private let lon, lat, number, street, city, district, region, postcode, id: Int?
    private let category = CategoryTree.world["Point Address"]!.code

    init(_ url: String) throws {
        let source = try ByteReader(path: url)
        csv = CSVReader(source)
        summary = SourceSummary(name: source.name, kind: "openaddresses", places: 0, skipped: 0, firstSkipped: [])
        guard let header = try csv.next() else {
            throw LocatorError(
                .invalidInput, "'\(source.name)' is empty: an OpenAddresses CSV starts with a header row")
        }
        let columns = CSVColumns(header.fields)
        lon = columns.position("lon", "longitude", "x")
        lat = columns.position("lat", "latitude", "y")
        number = columns.position("number", "housenumber", "house_number")
        street = columns.position("street")
        city = columns.position("city")
        district = columns.position("district")
        region = columns.position("region")
        postcode = columns.position("postcode", "postal", "zip")
        id = columns.position("id", "hash")
        guard lon != nil, lat != nil, number != nil, street != nil else {
            throw LocatorError(
                .invalidInput,
                "'\(source.name)' is not an OpenAddresses CSV: its header needs LON, LAT, NUMBER and STREET (found \(header.fields.prefix(12).joined(separator: ",").prefix(120)))"
            )
        }
    }

    mutating func next() throws -> PlaceRecord? {
        while let record = try csv.next() {
            let fields = record.fields
            func value(_ position: Int?) -> String { CSVColumns.value(fields, position) }
            let houseNumber = value(number), streetName = value(street)
            guard !houseNumber.isEmpty, !streetName.isEmpty else {
                summary.skip(SkippedRow(file: summary.name, line: record.line, reason: "no NUMBER or STREET"))
                continue
            }
            let coordinate: (lat: Double, lon: Double)
            switch checkedCoordinate(latitude: value(lat), longitude: value(lon)) {
            case .success(let found): coordinate = found
            case .failure(let problem):
                summary.skip(SkippedRow(file: summary.name, line: record.line, reason: problem.text))
                continue
            }
            let rowID = value(id)
            var place = PlaceRecord(
                name: "", addressType: .pointAddress, category: category, longitude: coordinate.lon,
                latitude: coordinate.lat, importance: 0.02,
                source: "openaddresses:\(summary.name):\(rowID.isEmpty ? String(record.line) : rowID)")
            place.houseNumber = houseNumber
            place.street = streetName
            place.city = value(city).isEmpty ? value(district) : value(city)
            place.neighborhood = value(city).isEmpty ? "" : value(district)
            place.region = value(region)
            place.postal = value(postcode)
            summary.places += 1
            return place
        }
        return nil
    }
}
