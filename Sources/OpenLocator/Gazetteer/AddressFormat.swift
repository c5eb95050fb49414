/// How addresses are written in a country: house number before the street ("380 New York
/// St", US, UK, France, ...) or after it ("Mannerheimintie 10", most of Europe).
enum AddressFormat {
    /// ISO3 codes of countries that write the house number first.
    static let numberFirstCountries: Set<String> = [
        "USA", "CAN", "GBR", "IRL", "AUS", "NZL", "FRA", "LUX", "ZAF", "IND", "SGP", "MYS", "PHL", "ISR",
        "SAU", "ARE", "THA", "NGA", "KEN", "GHA", "PAK", "LKA", "JAM", "MLT",
    ]

    /// "Mannerheimintie 10" or "380 New York St"; just the street without a number.
    static func streetAddress(number: String, street: String, country: String) -> String {
        guard !number.isEmpty else { return street }
        guard !street.isEmpty else { return number }
        return writesNumberFirst(country) ? "\(number) \(street)" : "\(street) \(number)"
    }

    /// The place address ArcGIS calls `Place_addr` of a street address made already ("the
    /// nearest street"): see ``placeAddress(number:street:postal:city:region:country:)``.
    static func placeAddress(streetAddress: String, postal: String, city: String, region: String, country: String)
        -> String
    {
        placeAddress(number: "", street: streetAddress, postal: postal, city: city, region: region, country: country)
    }

    /// The place address ArcGIS calls `Place_addr`: "Mannerheimintie 10, 00100 Helsinki" or
    /// "380 New York St, Redlands, California, 92373", the empty parts left out; written at
    /// once into one string (a build writes every address's this way).
    static func placeAddress(
        number: String, street: String, postal: String, city: String, region: String, country: String
    ) -> String {
        let length =
            number.utf8.count + street.utf8.count + postal.utf8.count + city.utf8.count + region.utf8.count + 8
        // Laid out in bytes on the stack, and made a string once (appending to a string part by
        // part cost a build's reading thread a tenth of its time).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { address in
            var written = 0
            func add(_ part: String, after separator: StaticString) {
                guard !part.isEmpty else { return }
                if written > 0 {
                    put(UnsafeBufferPointer(start: separator.utf8Start, count: separator.utf8CodeUnitCount))
                }
                if part.utf8.withContiguousStorageIfAvailable(put) == nil {
                    Array(part.utf8).withUnsafeBufferPointer(put)
                }
            }
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                _ = UnsafeMutableBufferPointer(rebasing: address[written...]).initialize(fromContentsOf: bytes)
                written += bytes.count
            }
            if writesNumberFirst(country) {
                add(number, after: " ")
                add(street, after: " ")
                add(city, after: ", ")
                add(region, after: ", ")
                add(postal, after: ", ")
            } else {
                add(street, after: " ")
                add(number, after: " ")
                add(postal, after: ", ")
                add(city, after: postal.isEmpty ? ", " : " ")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: address[..<written]), as: UTF8.self)
        }
    }

    /// A place's `Place_addr` from its parts: its own address, else `nearestStreet` (a POI
    /// without one) and its postcode and city; a locality's name, city and region.
    static func placeAddress(of place: PlaceRecord, nearestStreet: String = "") -> String {
        switch place.addressType {
        case .poi, .pointAddress, .streetAddress, .streetAddressExt:
            if !place.street.isEmpty {
                return placeAddress(
                    number: place.houseNumber, street: place.street, postal: place.postal, city: place.city,
                    region: place.region, country: place.country)
            }
            return placeAddress(
                streetAddress: nearestStreet, postal: place.postal, city: place.city, region: place.region,
                country: place.country)
        case .streetName, .streetIntersection:
            return placeAddress(
                streetAddress: place.street, postal: place.postal, city: place.city, region: place.region,
                country: place.country)
        case .postal:
            return placeAddress(
                streetAddress: "", postal: place.postal.isEmpty ? place.name : place.postal, city: place.city,
                region: place.region, country: place.country)
        case .locality:
            return String(
                joiningNonEmpty: place.name, place.city == place.name ? "" : place.city, place.region, separator: ", ")
        }
    }

    /// The street a POI without an address of its own was given from the nearest street, read
    /// back from its `Place_addr` ("Kaivokatu" of "Kaivokatu, 00100 Helsinki"); "" for none.
    static func nearestStreet(in place: PlaceRecord) -> String {
        guard place.street.isEmpty, place.addressType == .poi else { return "" }
        let rest = placeAddress(of: place)
        if rest.isEmpty { return place.placeAddress }
        guard place.placeAddress.hasSuffix(", " + rest) else { return "" }
        return String(place.placeAddress.dropLast(rest.count + 2))
    }

    /// Whether the country (ISO3) writes the house number first. (No set lookup for the codes
    /// that cannot be one, an unknown country's "" above all.)
    private static func writesNumberFirst(_ country: String) -> Bool {
        country.utf8.count == 3 && numberFirstCountries.contains(country)
    }
}
