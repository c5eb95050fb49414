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

    /// The place address ArcGIS calls `Place_addr`: "Mannerheimintie 10, 00100 Helsinki" or
    /// "380 New York St, Redlands, California, 92373".
    static func placeAddress(streetAddress: String, postal: String, city: String, region: String, country: String)
        -> String
    {
        if writesNumberFirst(country) {
            return String(joiningNonEmpty: streetAddress, city, region, postal, separator: ", ")
        }
        return String(
            joiningNonEmpty: streetAddress, String(joiningNonEmpty: postal, city, separator: " "), separator: ", ")
    }

    /// Whether the country (ISO3) writes the house number first. (No set lookup for the codes
    /// that cannot be one, an unknown country's "" above all.)
    private static func writesNumberFirst(_ country: String) -> Bool {
        country.utf8.count == 3 && numberFirstCountries.contains(country)
    }
}
