import Foundation

/// Request parameters as a GeocodeServer receives them: names in any case (`SingleLine`,
/// `singleLine`, `outSr`), values as text; the first of a repeated name wins.
package struct WireParameters: Sendable, Equatable {
    package private(set) var pairs: [(name: String, value: String)]
    /// Lowercased name → index of its first occurrence, built once: a lookup is O(1) however
    /// many parameters a request carries.
    private var firstIndex: [String: Int] = [:]

    package init(_ pairs: [(String, String)]) {
        self.pairs = pairs.map { (name: $0.0, value: $0.1) }
        for (index, pair) in self.pairs.enumerated() where firstIndex[pair.name.lowercased()] == nil {
            firstIndex[pair.name.lowercased()] = index
        }
    }

    /// Parses a query string or a form body (`a=1&b=x%20y`, `+` as space).
    package init(formEncoded text: String) {
        self.init(
            text.split(separator: "&").compactMap { part in
                let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                func decode(_ s: Substring) -> String { Self.percentDecoded(s) }
                guard let name = pieces.first, !name.isEmpty else { return nil }
                return (decode(name), pieces.count > 1 ? decode(pieces[1]) : "")
            })
    }

    /// `+` as a space and `%XX` as its byte; a malformed escape is kept as written, and bytes
    /// that are not UTF-8 become U+FFFD.
    package static func percentDecoded(_ text: Substring) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let input = Array(text.utf8)
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: return c - 48
            case 65...70: return c - 55
            case 97...102: return c - 87
            default: return nil
            }
        }
        var i = 0
        while i < input.count {
            let byte = input[i]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), i + 2 < input.count, let high = hex(input[i + 1]),
                let low = hex(input[i + 2])
            {
                bytes.append(high << 4 | low)
                i += 2
            } else {
                bytes.append(byte)
            }
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func == (a: WireParameters, b: WireParameters) -> Bool {
        a.pairs.map(\.name) == b.pairs.map(\.name) && a.pairs.map(\.value) == b.pairs.map(\.value)
    }

    /// The value of a parameter, its name in any case; `nil` when absent.
    package subscript(name: String) -> String? {
        firstIndex[name.lowercased()].map { pairs[$0].value }
    }

    /// A non-empty value, trimmed.
    package func nonEmpty(_ name: String) -> String? {
        guard let value = self[name]?.trimmedSpaces, !value.isEmpty else { return nil }
        return value
    }

    /// The parameters form-encoded, in order: `f=json&singleLine=caf%C3%A9`.
    package var formEncoded: String {
        pairs.map { "\(Self.escape($0.name))=\(Self.escape($0.value))" }.joined(separator: "&")
    }

    /// Percent-encodes everything but unreserved characters (RFC 3986), so `+`, `&`, `=` and
    /// `,` inside values survive any server's decoding.
    package static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// A point parameter: "x,y" in WGS84, or JSON `{"x","y","spatialReference"}`.
    package func point(_ name: String) throws -> Point? {
        guard let value = nonEmpty(name) else { return nil }
        if value.hasPrefix("{") {
            let json = try? JSONDecoder().decode(JSONValue.self, from: Data(value.utf8))
            let sr = try Self.spatialReference(json?["spatialReference"], of: name) ?? .wgs84
            guard let point = WireGeometry.point(json, spatialReference: sr), point.isValid else {
                if !sr.isBuiltIn, json?["x"]?.number != nil, json?["y"]?.number != nil {
                    throw LocatorError.invalidParameter("\(name) lies outside what \(sr) covers")
                }
                throw LocatorError.invalidParameter("\(name) must be x,y or a JSON point")
            }
            return point
        }
        let numbers = value.split(separator: ",").map { Double($0.trimmedSpaces) }
        guard numbers.count == 2, let x = numbers[0], let y = numbers[1] else {
            throw LocatorError.invalidParameter("\(name) must be x,y (longitude,latitude) or a JSON point")
        }
        let point = Point(x: x, y: y)
        guard point.isValid else {
            throw LocatorError.invalidParameter("\(name) is not a valid location: longitude \(x), latitude \(y)")
        }
        return point
    }

    /// An envelope parameter: "xmin,ymin,xmax,ymax" in WGS84, or a JSON envelope.
    package func envelope(_ name: String) throws -> Envelope? {
        guard let value = nonEmpty(name) else { return nil }
        let envelope: Envelope?
        if value.hasPrefix("{") {
            let json = try? JSONDecoder().decode(JSONValue.self, from: Data(value.utf8))
            envelope = WireGeometry.envelope(
                json, spatialReference: try Self.spatialReference(json?["spatialReference"], of: name) ?? .wgs84)
        } else {
            let numbers = value.split(separator: ",").compactMap { Double($0.trimmedSpaces) }
            envelope =
                numbers.count == 4
                ? Envelope(xmin: numbers[0], ymin: numbers[1], xmax: numbers[2], ymax: numbers[3]) : nil
        }
        guard let envelope, envelope.isValid else {
            throw LocatorError.invalidParameter("\(name) must be xmin,ymin,xmax,ymax or a JSON envelope")
        }
        return envelope
    }

    /// A spatial reference parameter: a WKID or JSON `{"wkid":…}`, any EPSG or ESRI one PROJ
    /// knows besides the built-in 4326 and 3857 (102100).
    package func spatialReference(_ name: String) throws -> SpatialReference? {
        guard let value = nonEmpty(name) else { return nil }
        if let wkid = Int(value.trimmedSpaces) { return try Self.spatialReference(wkid: wkid, of: name) }
        let json = try? JSONDecoder().decode(JSONValue.self, from: Data(value.utf8))
        guard let json, case .object = json, let sr = try Self.spatialReference(json, of: name) else {
            throw LocatorError.invalidParameter(
                "\(name) must be a WKID such as 4326, 3857 or 3067, or JSON such as {\"wkid\":3067}")
        }
        return sr
    }

    /// The spatial reference of a JSON `{"wkid":…}` or `{"latestWkid":…}` (`nil` when it names
    /// none); a WKID neither built in nor known to PROJ is an error naming it.
    static func spatialReference(_ json: JSONValue?, of name: String) throws -> SpatialReference? {
        guard let json else { return nil }
        if let sr = WireGeometry.spatialReference(json) { return sr }
        guard let wkid = json["latestWkid"]?.integer ?? json["wkid"]?.integer else { return nil }
        return try spatialReference(wkid: wkid, of: name)
    }

    private static func spatialReference(wkid: Int, of name: String) throws -> SpatialReference {
        guard let sr = SpatialReference(wkid: wkid) else {
            throw LocatorError.invalidParameter(
                "\(name): WKID \(wkid) is not a spatial reference this server knows (4326, 3857, or an EPSG or ESRI code of PROJ's)"
                    + SpatialReference.missingPROJ)
        }
        return sr
    }

    /// A whole number in `range`; with `clampingAbove`, one above it is taken as its upper
    /// bound, as ArcGIS takes `maxLocations=100` as 50.
    package func integer(_ name: String, in range: ClosedRange<Int>, clampingAbove: Bool = false) throws -> Int? {
        guard let value = nonEmpty(name) else { return nil }
        if clampingAbove, let number = Int(value), number > range.upperBound { return range.upperBound }
        guard let number = Int(value), range.contains(number) else {
            throw LocatorError.invalidParameter(
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A positive distance in metres.
    package func distance(_ name: String) throws -> Double? {
        guard let value = nonEmpty(name) else { return nil }
        guard let metres = Double(value), metres.isFinite, metres > 0 else {
            throw LocatorError.invalidParameter(
                "\(name) must be a positive number of metres, got '\(value.prefix(40))'")
        }
        return metres
    }

    /// A true/false flag (ArcGIS `forStorage=true`); absent is false.
    package func flag(_ name: String) throws -> Bool {
        guard let value = nonEmpty(name) else { return false }
        switch value.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw LocatorError.invalidParameter("\(name) must be true or false, got '\(value.prefix(40))'")
        }
    }

    /// A true/false flag that is `defaultValue` when absent (ArcGIS `matchOutOfRange`, true).
    package func flag(_ name: String, default defaultValue: Bool) throws -> Bool {
        nonEmpty(name) == nil ? defaultValue : try flag(name)
    }

    /// ArcGIS `locationType`: `rooftop` or `street`; `nil` when absent.
    package func locationType() throws -> GeocodeParameters.LocationType? {
        guard let value = nonEmpty("locationType") else { return nil }
        guard let type = GeocodeParameters.LocationType(name: value) else {
            throw LocatorError.invalidParameter("locationType must be rooftop or street, got '\(value.prefix(40))'")
        }
        return type
    }

    /// The values ArcGIS `preferredLabelValues` takes: one kind of city name, one of street name.
    package static let labelValues = ["postalCity", "localCity", "matchedCity", "primaryStreet", "matchedStreet"]

    /// ArcGIS `preferredLabelValues`, checked: each a value of ``labelValues`` (any case), at
    /// most one city and one street kind. The gazetteer keeps one city and one street name per
    /// place, so every choice labels alike; an unknown value is an error, as on ArcGIS.
    package func preferredLabelValues() throws -> [String] {
        let values = list("preferredLabelValues")
        var cities = 0
        var streets = 0
        for value in values {
            guard let known = Self.labelValues.first(where: { $0.lowercased() == value.lowercased() }) else {
                throw LocatorError.invalidParameter(
                    "preferredLabelValues takes \(Self.labelValues.joined(separator: ", ")); got '\(value.prefix(40))'")
            }
            if known.hasSuffix("City") { cities += 1 } else { streets += 1 }
        }
        guard cities <= 1, streets <= 1 else {
            throw LocatorError.invalidParameter(
                "preferredLabelValues takes at most one city value and one street value")
        }
        return values
    }

    /// A comma-separated list ("Coffee Shop,Hotel"), blanks dropped.
    package func list(_ name: String) -> [String] {
        (self[name] ?? "").split(separator: ",").map { $0.trimmedSpaces }.filter { !$0.isEmpty }
    }
}

/// ArcGIS's address input, as findAddressCandidates' parameters and geocodeAddresses' record
/// attributes give it: `SingleLine`, or the multiline fields joined.
enum AddressInput {
    /// The multiline fields in the order they are joined: ``LocatorTask/searchValueFields`` but
    /// `PostalExt` (the data's postcodes have no extension).
    static let fields = LocatorTask.searchValueFields.filter { $0 != "PostalExt" }

    /// The text to search: `SingleLine` when it has any, else the non-blank fields joined by
    /// ", ", so an empty `SingleLine` sent beside the fields (as some forms do) hides nothing.
    /// - Parameter value: a field's value by its name, in any case; `nil` when absent.
    static func text(_ value: (String) -> String?) -> String {
        func given(_ name: String) -> String? {
            guard let text = value(name)?.trimmedSpaces, !text.isEmpty else { return nil }
            return text
        }
        return given("SingleLine") ?? fields.compactMap(given).joined(separator: ", ")
    }
}

/// `findAddressCandidates`: what is sent (``parameters``, exact names) and what a server reads
/// (``init(_:)``, any case).
package struct FindAddressCandidatesRequest: Sendable, Equatable {
    package var singleLine = ""
    package var magicKey: String?
    package var categories: [String] = []
    package var outFields: [String] = []
    package var maxLocations: Int?
    package var outSR: SpatialReference?
    package var searchExtent: Envelope?
    package var location: Point?
    package var sourceCountry: String?
    /// How far from `location` a category search looks, in metres (OpenLocator's own; ArcGIS's
    /// `distance` only boosts candidates inside its radius and never filters).
    package var maxDistance: Double?
    /// The language to write answers in ("sv", "en-GB").
    package var langCode: String?
    /// Whether the results will be stored (sent only when true, as ArcGIS clients do).
    package var forStorage = false
    /// ArcGIS `distance`: metres around `location` whose candidates rank first (a boost).
    package var distance: Double?
    /// ArcGIS `locationType`: rooftop (the default) or street.
    package var locationType: GeocodeParameters.LocationType?
    /// ArcGIS `matchOutOfRange` (default true): whether house numbers beyond the street's are answered.
    package var matchOutOfRange = true
    /// ArcGIS `preferredLabelValues`, checked and echoed (the data has one city and street name).
    package var preferredLabelValues: [String] = []

    package init() {}

    package init(_ parameters: WireParameters) throws {
        singleLine = AddressInput.text { parameters[$0] }
        magicKey = parameters.nonEmpty("magicKey")
        categories = parameters.list("category")
        outFields = parameters.list("outFields")
        maxLocations = try parameters.integer(
            "maxLocations", in: 1...GeocodeParameters.maxResultsLimit, clampingAbove: true)
        outSR = try parameters.spatialReference("outSR")
        searchExtent = try parameters.envelope("searchExtent")
        location = try parameters.point("location")
        sourceCountry = parameters.nonEmpty("sourceCountry") ?? parameters.nonEmpty("countryCode")
        maxDistance = try parameters.distance("maxDistance")
        langCode = parameters.nonEmpty("langCode")
        forStorage = try parameters.flag("forStorage")
        distance = try parameters.distance("distance")
        if distance != nil, location == nil {
            throw LocatorError.invalidParameter(
                "distance needs location: it ranks the candidates within that many metres of it first")
        }
        locationType = try parameters.locationType()
        matchOutOfRange = try parameters.flag("matchOutOfRange", default: true)
        preferredLabelValues = try parameters.preferredLabelValues()
    }

    package var parameters: WireParameters {
        var pairs: [(String, String)] = [("f", "json"), ("singleLine", singleLine)]
        if let magicKey { pairs.append(("magicKey", magicKey)) }
        if !categories.isEmpty { pairs.append(("category", categories.joined(separator: ","))) }
        if !outFields.isEmpty { pairs.append(("outFields", outFields.joined(separator: ","))) }
        if let maxLocations { pairs.append(("maxLocations", String(maxLocations))) }
        if let outSR { pairs.append(("outSR", String(outSR.esriWKID))) }
        if let searchExtent { pairs.append(("searchExtent", WireGeometry.parameter(searchExtent))) }
        if let location { pairs.append(("location", WireGeometry.parameter(location))) }
        if let sourceCountry { pairs.append(("sourceCountry", sourceCountry)) }
        if let maxDistance { pairs.append(("maxDistance", AttributeValue.double(maxDistance).description)) }
        if let langCode { pairs.append(("langCode", langCode)) }
        if forStorage { pairs.append(("forStorage", "true")) }
        if let distance { pairs.append(("distance", AttributeValue.double(distance).description)) }
        if let locationType { pairs.append(("locationType", locationType.rawValue)) }
        if !matchOutOfRange { pairs.append(("matchOutOfRange", "false")) }
        if !preferredLabelValues.isEmpty {
            pairs.append(("preferredLabelValues", preferredLabelValues.joined(separator: ",")))
        }
        return WireParameters(pairs)
    }
}

/// `reverseGeocode`.
package struct ReverseGeocodeRequest: Sendable, Equatable {
    package var location = Point(x: 0, y: 0)
    package var featureTypes: [String] = []
    package var outFields: [String] = []
    package var outSR: SpatialReference?
    /// Metres (a legacy parameter ArcGIS World ignores; `locator serve` honours it).
    package var distance: Double?
    /// The language to write the answer in.
    package var langCode: String?
    /// Whether the answer will be stored.
    package var forStorage = false
    /// ArcGIS `returnIntersection`: true answers the nearest street intersection.
    package var returnIntersection = false
    /// ArcGIS `locationType`: rooftop (the default) or street.
    package var locationType: GeocodeParameters.LocationType?
    /// ArcGIS `preferredLabelValues`, checked.
    package var preferredLabelValues: [String] = []

    /// The most metres `distance` may be.
    package static let maxDistance = 50_000.0

    package init(location: Point) { self.location = location }

    package init(_ parameters: WireParameters) throws {
        guard let location = try parameters.point("location") else {
            throw LocatorError.invalidParameter("location is required: x,y (longitude,latitude)")
        }
        self.location = location
        featureTypes = parameters.list("featureTypes")
        outFields = parameters.list("outFields")
        outSR = try parameters.spatialReference("outSR")
        distance = try parameters.distance("distance")
        if let distance, distance > Self.maxDistance {
            throw LocatorError.invalidParameter("distance must be at most 50000 metres, got \(distance)")
        }
        langCode = parameters.nonEmpty("langCode")
        forStorage = try parameters.flag("forStorage")
        returnIntersection = try parameters.flag("returnIntersection")
        locationType = try parameters.locationType()
        preferredLabelValues = try parameters.preferredLabelValues()
    }

    package var parameters: WireParameters {
        var pairs: [(String, String)] = [("f", "json"), ("location", WireGeometry.parameter(location))]
        if !featureTypes.isEmpty { pairs.append(("featureTypes", featureTypes.joined(separator: ","))) }
        if !outFields.isEmpty { pairs.append(("outFields", outFields.joined(separator: ","))) }
        if let outSR { pairs.append(("outSR", String(outSR.esriWKID))) }
        if let distance { pairs.append(("distance", AttributeValue.double(distance).description)) }
        if let langCode { pairs.append(("langCode", langCode)) }
        if forStorage { pairs.append(("forStorage", "true")) }
        if returnIntersection { pairs.append(("returnIntersection", "true")) }
        if let locationType { pairs.append(("locationType", locationType.rawValue)) }
        if !preferredLabelValues.isEmpty {
            pairs.append(("preferredLabelValues", preferredLabelValues.joined(separator: ",")))
        }
        return WireParameters(pairs)
    }
}

/// `suggest`.
package struct SuggestRequest: Sendable, Equatable {
    package var text = ""
    package var location: Point?
    package var categories: [String] = []
    package var searchExtent: Envelope?
    package var maxSuggestions: Int?
    package var countryCode: String?
    /// ArcGIS `preferredLabelValues`, checked (suggestions are labelled alike whatever it says).
    package var preferredLabelValues: [String] = []
    /// ArcGIS `returnCollections` (default true): whether categories and chains are suggested.
    package var returnCollections = true

    package init(text: String) { self.text = text }

    package init(_ parameters: WireParameters) throws {
        text = parameters["text"] ?? ""
        location = try parameters.point("location")
        categories = parameters.list("category")
        searchExtent = try parameters.envelope("searchExtent")
        maxSuggestions = try parameters.integer(
            "maxSuggestions", in: 1...SuggestParameters.maxResultsLimit, clampingAbove: true)
        countryCode = parameters.nonEmpty("countryCode")
        preferredLabelValues = try parameters.preferredLabelValues()
        returnCollections = try parameters.flag("returnCollections", default: true)
    }

    package var parameters: WireParameters {
        var pairs: [(String, String)] = [("f", "json"), ("text", text)]
        if let location { pairs.append(("location", WireGeometry.parameter(location))) }
        if !categories.isEmpty { pairs.append(("category", categories.joined(separator: ","))) }
        if let searchExtent { pairs.append(("searchExtent", WireGeometry.parameter(searchExtent))) }
        if let maxSuggestions { pairs.append(("maxSuggestions", String(maxSuggestions))) }
        if let countryCode { pairs.append(("countryCode", countryCode)) }
        if !preferredLabelValues.isEmpty {
            pairs.append(("preferredLabelValues", preferredLabelValues.joined(separator: ",")))
        }
        if !returnCollections { pairs.append(("returnCollections", "false")) }
        return WireParameters(pairs)
    }
}

/// `geocodeAddresses`: a batch of records, each with an id and a single-line address (or
/// multifield parts joined), sent as `addresses={"records":[{"attributes":{…}}]}`.
package struct GeocodeAddressesRequest: Sendable, Equatable {
    package struct Record: Sendable, Equatable {
        /// `OBJECTID`, echoed as `ResultID`.
        package var id: Int
        /// `SingleLine`, or the multifield parts (`Address`, `City`, `Postal`, …) joined (``AddressInput``).
        package var text: String

        package init(id: Int, text: String) {
            self.id = id
            self.text = text
        }
    }

    /// The most records one request may hold (ArcGIS World's `MaxBatchSize`).
    package static let maxRecords = 1000

    package var records: [Record] = []
    package var categories: [String] = []
    package var outFields: [String] = []
    package var outSR: SpatialReference?
    package var searchExtent: Envelope?
    package var sourceCountry: String?
    /// Where to prefer matches near: an OpenLocator extension (ArcGIS ignores it).
    package var location: Point?
    /// The language to write answers in.
    package var langCode: String?
    /// Whether the answers will be stored.
    package var forStorage = false
    /// ArcGIS `locationType`: rooftop (the default) or street.
    package var locationType: GeocodeParameters.LocationType?
    /// ArcGIS `matchOutOfRange` (default true).
    package var matchOutOfRange = true
    /// ArcGIS `preferredLabelValues`, checked.
    package var preferredLabelValues: [String] = []

    package init(records: [Record]) { self.records = records }

    package init(_ parameters: WireParameters) throws {
        guard let text = parameters.nonEmpty("addresses") else {
            throw LocatorError.invalidParameter(
                #"addresses is required: {"records":[{"attributes":{"OBJECTID":1,"SingleLine":"…"}}]}"#)
        }
        guard let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)),
            case .array(let items) = json["records"] ?? .null
        else {
            throw LocatorError.invalidParameter(#"addresses must be JSON: {"records":[{"attributes":{…}}]}"#)
        }
        guard items.count <= Self.maxRecords else {
            throw LocatorError.invalidParameter(
                "addresses holds \(items.count) records; at most \(Self.maxRecords) are allowed per request")
        }
        records = try items.enumerated().map { index, item in
            guard let attributes = item["attributes"], case .object(let members) = attributes else {
                throw LocatorError.invalidParameter("addresses record \(index + 1) has no attributes object")
            }
            let id = attributes["OBJECTID"]?.integer ?? index + 1
            let text = AddressInput.text { name in members.first { $0.0.lowercased() == name.lowercased() }?.1.text }
            return Record(id: id, text: text)
        }
        categories = parameters.list("category")
        outFields = parameters.list("outFields")
        outSR = try parameters.spatialReference("outSR")
        searchExtent = try parameters.envelope("searchExtent")
        sourceCountry = parameters.nonEmpty("sourceCountry")
        location = try parameters.point("location")
        langCode = parameters.nonEmpty("langCode")
        forStorage = try parameters.flag("forStorage")
        locationType = try parameters.locationType()
        matchOutOfRange = try parameters.flag("matchOutOfRange", default: true)
        preferredLabelValues = try parameters.preferredLabelValues()
    }

    package var parameters: WireParameters {
        let records = JSONValue.object([
            (
                "records",
                .array(
                    self.records.map { record in
                        .object([
                            (
                                "attributes",
                                .object([
                                    ("OBJECTID", .number(Double(record.id))), ("SingleLine", .string(record.text)),
                                ])
                            )
                        ])
                    })
            )
        ])
        var pairs: [(String, String)] = [("f", "json"), ("addresses", records.serialized())]
        if !categories.isEmpty { pairs.append(("category", categories.joined(separator: ","))) }
        if !outFields.isEmpty { pairs.append(("outFields", outFields.joined(separator: ","))) }
        if let outSR { pairs.append(("outSR", String(outSR.esriWKID))) }
        if let searchExtent { pairs.append(("searchExtent", WireGeometry.parameter(searchExtent))) }
        if let sourceCountry { pairs.append(("sourceCountry", sourceCountry)) }
        if let location { pairs.append(("location", WireGeometry.parameter(location))) }
        if let langCode { pairs.append(("langCode", langCode)) }
        if forStorage { pairs.append(("forStorage", "true")) }
        if let locationType { pairs.append(("locationType", locationType.rawValue)) }
        if !matchOutOfRange { pairs.append(("matchOutOfRange", "false")) }
        if !preferredLabelValues.isEmpty {
            pairs.append(("preferredLabelValues", preferredLabelValues.joined(separator: ",")))
        }
        return WireParameters(pairs)
    }
}
