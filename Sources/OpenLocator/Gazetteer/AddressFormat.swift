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
        return numberFirstCountries.contains(country) ? "\(number) \(street)" : "\(street) \(number)"
    }

    /// The place address ArcGIS calls `Place_addr`: "Mannerheimintie 10, 00100 Helsinki" or
    /// "380 New York St, Redlands, California, 92373".
    static func placeAddress(streetAddress: String, postal: String, city: String, region: String, country: String)
        -> String
    {
        if numberFirstCountries.contains(country) {
            return [streetAddress, city, region, postal].filter { !$0.isEmpty }.joined(separator: ", ")
        }
        let locality = [postal, city].filter { !$0.isEmpty }.joined(separator: " ")
        return [streetAddress, locality].filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
