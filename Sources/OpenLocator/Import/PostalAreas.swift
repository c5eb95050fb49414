/// Postal areas made from the postcodes of the addresses and POIs a build writes: one area per
/// postcode and country ("00150" in Finland, named after the city most of its places give), at a representative point (the median of
/// its members' coordinates, which lies among them).
///
/// OSM has no postcode places in most of the world, but nearly every address there carries
/// `addr:postcode`, and so do OpenAddresses' rows: gathered, they let "00150", "00150
/// Helsinki" and "Helsinki 00150" find the area, as ArcGIS answers `Addr_type` Postal.
///
/// ```swift
/// var areas = PostalAreas()
/// areas.add(address)                  // every written place; those without a postcode are ignored
/// let places = areas.places()         // the areas, as gazetteer rows
/// ```
struct PostalAreas {
    /// The members of one area so far.
    private struct Area {
        var subregion: String
        var region: String
        var country: String
        var longitudes: [Double] = []
        var latitudes: [Double] = []
        /// How often each spelling of the code was seen ("SW1A 1AA", "SW1A1AA"): the most
        /// common one names the area.
        var spellings: [String: Int] = [:]
        /// How often each city was given: the most common one is the area's.
        var cities: [String: Int] = [:]

        mutating func add(_ place: PlaceRecord, spelling: String) {
            longitudes.append(place.longitude)
            latitudes.append(place.latitude)
            spellings[spelling, default: 0] += 1
            if !place.city.isEmpty { cities[place.city, default: 0] += 1 }
        }
    }

    private var areas: [String: Area] = [:]
    private static let primaryPostal = CategoryTree.world["Primary Postal"]!.code

    /// How many areas there are so far.
    var count: Int { areas.count }

    /// Adds a place to its postal area, if it has a postcode that looks like one.
    mutating func add(_ place: PlaceRecord) {
        guard !place.postal.isEmpty, place.addressType != .postal, place.addressType != .locality,
            let spelling = Self.postcode(place.postal)
        else { return }
        // One area per code and country: its places' city spellings vary ("Helsinki",
        // "Helsingin kaupunki", a stray "7"), so the most common one names its town.
        let key = "\(place.country)|\(Self.key(spelling))"
        areas[key, default: Area(subregion: place.subregion, region: place.region, country: place.country)].add(
            place, spelling: spelling)
    }

    /// The areas as gazetteer rows, in a stable order (by country and code).
    func places() -> [PlaceRecord] {
        areas.sorted { $0.key < $1.key }.map { key, area in
            let code = Self.mostCommon(area.spellings)!  // every area has a member
            let city = Self.mostCommon(area.cities) ?? ""
            let longitude = Self.median(area.longitudes), latitude = Self.median(area.latitudes)
            // A bigger area is likelier the one meant: 0.03 for one address, 0.1 from 500 on.
            let importance = 0.03 + 0.07 * min(1, Double(area.longitudes.count) / 500)
            // Where its members lie (one address has no extent of its own).
            let extent =
                area.longitudes.count > 1
                ? Envelope(
                    xmin: area.longitudes.min()!, ymin: area.latitudes.min()!, xmax: area.longitudes.max()!,
                    ymax: area.latitudes.max()!) : nil
            return Self.area(
                code: code, city: city, subregion: area.subregion, region: area.region, country: area.country,
                at: Coordinate(lon: longitude, lat: latitude), importance: importance, source: "postal:\(key)",
                extent: extent)
        }
    }

    /// A postal area's row, whichever source gives it (the addresses here, an OSM boundary,
    /// GeoNames' postal dump): named by its code, found by it written without its space too
    /// ("SW1A1AA", "1012AB"), as people type it.
    static func area(
        code: String, city: String, subregion: String = "", region: String = "", country: String = "",
        at location: Coordinate, importance: Double, source: String, extent: Envelope? = nil
    ) -> PlaceRecord {
        var place = PlaceRecord(
            name: code, addressType: .postal, category: primaryPostal, city: city, subregion: subregion,
            region: region, postal: code, country: country, longitude: location.lon, latitude: location.lat,
            importance: importance, source: source, alternateNames: key(code) == code ? [] : [key(code)])
        place.placeAddress = AddressFormat.placeAddress(of: place)
        place.extent = extent
        return place
    }

    /// The postcode as written, trimmed, when it looks like one: 2 to 10 letters and digits
    /// with at least one digit, in at most three groups split by a space or a hyphen ("00150",
    /// "SW1A 1AA", "1012 AB", "K1A 0B1", "12345-6789", "D02 X285"); nil for lists and notes
    /// ("00150;00160", "none").
    static func postcode(_ text: String) -> String? {
        let groups = text.split(whereSeparator: { $0 == " " || $0 == "-" })
        let characters = groups.joined()
        guard (1...3).contains(groups.count), (2...10).contains(characters.count),
            characters.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
            characters.contains(where: \.isNumber)
        else { return nil }
        return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ").uppercased()
    }

    /// The code without spaces or hyphens, for grouping spellings of one code.
    static func key(_ code: String) -> String { String(code.filter { $0 != " " && $0 != "-" }) }

    /// The key seen most often, the first in order among equals.
    private static func mostCommon(_ counts: [String: Int]) -> String? {
        counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// The postal areas a source gives (GeoNames' postal dump), which stand for the areas a build
/// would make of the same codes from its addresses.
struct GivenPostcodes {
    private var areas: [String: [(country: String, location: Point)]] = [:]
    /// How near a given area must be to stand for a made one of the same code whose country is
    /// unknown (a build without GeoNames' cities places no address in a country).
    static let sameAreaRadius = 50_000.0

    mutating func add(_ area: PlaceRecord) {
        areas[PostalAreas.key(area.postal), default: []].append((area.country, area.location))
    }

    /// Whether a given area has this made area's code, in its country (or, with no country
    /// known, within ``sameAreaRadius``).
    func contains(_ made: PlaceRecord) -> Bool {
        (areas[PostalAreas.key(made.postal)] ?? []).contains { given in
            made.country.isEmpty
                ? given.location.distance(to: made.location) <= Self.sameAreaRadius : given.country == made.country
        }
    }
}
