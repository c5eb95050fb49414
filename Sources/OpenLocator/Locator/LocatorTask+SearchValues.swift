extension LocatorTask {
    /// The address fields ``geocode(forSearchValues:using:)`` reads, in the order they are
    /// joined: ArcGIS's multiline address fields.
    public static let searchValueFields = [
        "Address", "Address2", "Address3", "Neighborhood", "City", "Subregion", "Region", "Postal", "PostalExt",
        "CountryCode",
    ]

    /// Finds an address given in fields, as ArcGIS's multiline geocode and
    /// `findAddressCandidates` with `address=`, `city=`…: the fields joined in
    /// ``searchValueFields`` order ("Mannerheimintie 10, Helsinki"), `PostalExt` after `Postal`,
    /// and `CountryCode` as the country filter (unless `parameters` has one). Field names are
    /// read in any case.
    ///
    /// ```swift
    /// let found = try await task.geocode(forSearchValues: ["Address": "Mannerheimintie 10", "City": "Helsinki"])
    /// ```
    /// - Returns: the results, best first; empty when every field is empty.
    /// - Throws: ``LocatorError`` `invalidParameter` naming a field that is not an address field.
    public func geocode(
        forSearchValues searchValues: [String: String], using parameters: GeocodeParameters = GeocodeParameters()
    ) async throws -> [GeocodeResult] {
        var byField: [String: String] = [:]
        for (key, value) in searchValues {
            guard let field = Self.searchValueFields.first(where: { $0.lowercased() == key.lowercased() }) else {
                throw LocatorError.invalidParameter(
                    "unknown search value field '\(key.prefix(40))'; use \(Self.searchValueFields.joined(separator: ", "))"
                )
            }
            byField[field] = value.trimmedSpaces
        }
        let parameters = GeocodeParameters(parameters.snapshot)  // the caller's stay as they are
        if let country = byField["CountryCode"], !country.isEmpty, parameters.countryCode == nil {
            parameters.countryCode = country
        }
        if let extension_ = byField["PostalExt"], !extension_.isEmpty, let postal = byField["Postal"], !postal.isEmpty {
            byField["Postal"] = postal + "-" + extension_
        }
        let text = Self.searchValueFields.filter { !["PostalExt", "CountryCode"].contains($0) }
            .compactMap { byField[$0] }.filter { !$0.isEmpty }.joined(separator: ", ")
        guard !text.isEmpty else { return [] }
        return try await geocode(forSearchText: text, using: parameters)
    }
}
