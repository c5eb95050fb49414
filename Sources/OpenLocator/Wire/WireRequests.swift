import Foundation

/// Request parameters as a GeocodeServer receives them: names in any case (`SingleLine`,
/// `singleLine`, `outSr`), values as text; the first of a repeated name wins.
struct WireParameters: Sendable, Equatable {
    private(set) var pairs: [(name: String, value: String)]

    init(_ pairs: [(String, String)]) { self.pairs = pairs.map { (name: $0.0, value: $0.1) } }

    /// Parses a query string or a form body (`a=1&b=x%20y`, `+` as space).
    init(formEncoded text: String) {
        self.init(
            text.split(separator: "&").compactMap { part in
                let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                func decode(_ s: Substring) -> String {
                    String(s).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s)
                }
                guard let name = pieces.first, !name.isEmpty else { return nil }
                return (decode(name), pieces.count > 1 ? decode(pieces[1]) : "")
            })
    }

    static func == (a: WireParameters, b: WireParameters) -> Bool {
        a.pairs.map(\.name) == b.pairs.map(\.name) && a.pairs.map(\.value) == b.pairs.map(\.value)
    }

    /// The value of a parameter, its name in any case; `nil` when absent.
    subscript(name: String) -> String? {
        let lowered = name.lowercased()
        return pairs.first { $0.name.lowercased() == lowered }?.value
    }

    /// A non-empty value, trimmed.
    func nonEmpty(_ name: String) -> String? {
        guard let value = self[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// The parameters form-encoded, in order: `f=json&singleLine=caf%C3%A9`.
    var formEncoded: String {
        pairs.map { "\(Self.escape($0.name))=\(Self.escape($0.value))" }.joined(separator: "&")
    }

    /// Percent-encodes everything but unreserved characters (RFC 3986), so `+`, `&`, `=` and
    /// `,` inside values survive any server's decoding.
    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// A point parameter: "x,y" in WGS84, or JSON `{"x","y","spatialReference"}`.
    func point(_ name: String) throws -> Point? {
        guard let value = nonEmpty(name) else { return nil }
        if value.hasPrefix("{") {
            let json = try? JSONDecoder().decode(JSONValue.self, from: Data(value.utf8))
            let sr = WireGeometry.spatialReference(json?["spatialReference"]) ?? .wgs84
            guard let point = WireGeometry.point(json, spatialReference: sr), point.isValid else {
                throw LocatorError.invalidParameter("\(name) must be x,y or a JSON point")
            }
            return point
        }
        let numbers = value.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
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
    func envelope(_ name: String) throws -> Envelope? {
        guard let value = nonEmpty(name) else { return nil }
        let envelope: Envelope?
        if value.hasPrefix("{") {
            let json = try? JSONDecoder().decode(JSONValue.self, from: Data(value.utf8))
            envelope = WireGeometry.envelope(
                json, spatialReference: WireGeometry.spatialReference(json?["spatialReference"]) ?? .wgs84)
        } else {
            let numbers = value.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            envelope =
                numbers.count == 4
                ? Envelope(xmin: numbers[0], ymin: numbers[1], xmax: numbers[2], ymax: numbers[3]) : nil
        }
        guard let envelope, envelope.isValid else {
            throw LocatorError.invalidParameter("\(name) must be xmin,ymin,xmax,ymax or a JSON envelope")
        }
        return envelope
    }

    /// A spatial reference parameter: a WKID or JSON `{"wkid":…}`.
    func spatialReference(_ name: String) throws -> SpatialReference? {
        guard let value = nonEmpty(name) else { return nil }
        let wkid =
            Int(value)
            ?? (try? JSONDecoder().decode(JSONValue.self, from: Data(value.utf8)))
            .flatMap { WireGeometry.spatialReference($0)?.wkid }
        guard let wkid, let sr = SpatialReference(wkid: wkid) else {
            throw LocatorError.invalidParameter("\(name) must be 4326, 3857 or 102100")
        }
        return sr
    }

    /// An integer parameter within a range.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = nonEmpty(name) else { return nil }
        guard let number = Int(value), range.contains(number) else {
            throw LocatorError.invalidParameter(
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A comma-separated list ("Coffee Shop,Hotel"), blanks dropped.
    func list(_ name: String) -> [String] {
        (self[name] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// `findAddressCandidates`: what is sent (``parameters``, exact names) and what a server reads
/// (``init(_:)``, any case).
struct FindAddressCandidatesRequest: Sendable, Equatable {
    var singleLine = ""
    var magicKey: String?
    var categories: [String] = []
    var outFields: [String] = []
    var maxLocations: Int?
    var outSR: SpatialReference?
    var searchExtent: Envelope?
    var location: Point?
    var sourceCountry: String?

    init() {}

    init(_ parameters: WireParameters) throws {
        singleLine = parameters["singleLine"] ?? parameters["address"] ?? ""
        magicKey = parameters.nonEmpty("magicKey")
        categories = parameters.list("category")
        outFields = parameters.list("outFields")
        maxLocations = try parameters.integer("maxLocations", in: 1...GeocodeParameters.maxResultsLimit)
        outSR = try parameters.spatialReference("outSR")
        searchExtent = try parameters.envelope("searchExtent")
        location = try parameters.point("location")
        sourceCountry = parameters.nonEmpty("sourceCountry") ?? parameters.nonEmpty("countryCode")
    }

    var parameters: WireParameters {
        var pairs: [(String, String)] = [("f", "json"), ("singleLine", singleLine)]
        if let magicKey { pairs.append(("magicKey", magicKey)) }
        if !categories.isEmpty { pairs.append(("category", categories.joined(separator: ","))) }
        if !outFields.isEmpty { pairs.append(("outFields", outFields.joined(separator: ","))) }
        if let maxLocations { pairs.append(("maxLocations", String(maxLocations))) }
        if let outSR { pairs.append(("outSR", String(outSR.esriWKID))) }
        if let searchExtent { pairs.append(("searchExtent", WireGeometry.parameter(searchExtent))) }
        if let location { pairs.append(("location", WireGeometry.parameter(location))) }
        if let sourceCountry { pairs.append(("sourceCountry", sourceCountry)) }
        return WireParameters(pairs)
    }
}

/// `reverseGeocode`.
struct ReverseGeocodeRequest: Sendable, Equatable {
    var location = Point(x: 0, y: 0)
    var featureTypes: [String] = []
    var outFields: [String] = []
    var outSR: SpatialReference?
    /// Metres (a legacy parameter ArcGIS World ignores; `locator serve` honours it).
    var distance: Double?

    init(location: Point) { self.location = location }

    init(_ parameters: WireParameters) throws {
        guard let location = try parameters.point("location") else {
            throw LocatorError.invalidParameter("location is required: x,y (longitude,latitude)")
        }
        self.location = location
        featureTypes = parameters.list("featureTypes")
        outFields = parameters.list("outFields")
        outSR = try parameters.spatialReference("outSR")
        distance = parameters.nonEmpty("distance").flatMap(Double.init)
    }

    var parameters: WireParameters {
        var pairs: [(String, String)] = [("f", "json"), ("location", WireGeometry.parameter(location))]
        if !featureTypes.isEmpty { pairs.append(("featureTypes", featureTypes.joined(separator: ","))) }
        if !outFields.isEmpty { pairs.append(("outFields", outFields.joined(separator: ","))) }
        if let outSR { pairs.append(("outSR", String(outSR.esriWKID))) }
        if let distance { pairs.append(("distance", AttributeValue.double(distance).description)) }
        return WireParameters(pairs)
    }
}

/// `suggest`.
struct SuggestRequest: Sendable, Equatable {
    var text = ""
    var location: Point?
    var categories: [String] = []
    var searchExtent: Envelope?
    var maxSuggestions: Int?
    var countryCode: String?

    init(text: String) { self.text = text }

    init(_ parameters: WireParameters) throws {
        text = parameters["text"] ?? ""
        location = try parameters.point("location")
        categories = parameters.list("category")
        searchExtent = try parameters.envelope("searchExtent")
        maxSuggestions = try parameters.integer("maxSuggestions", in: 1...SuggestParameters.maxResultsLimit)
        countryCode = parameters.nonEmpty("countryCode")
    }

    var parameters: WireParameters {
        var pairs: [(String, String)] = [("f", "json"), ("text", text)]
        if let location { pairs.append(("location", WireGeometry.parameter(location))) }
        if !categories.isEmpty { pairs.append(("category", categories.joined(separator: ","))) }
        if let searchExtent { pairs.append(("searchExtent", WireGeometry.parameter(searchExtent))) }
        if let maxSuggestions { pairs.append(("maxSuggestions", String(maxSuggestions))) }
        if let countryCode { pairs.append(("countryCode", countryCode)) }
        return WireParameters(pairs)
    }
}

/// `geocodeAddresses`: a batch of records, each with an id and a single-line address (or
/// multifield parts joined), sent as `addresses={"records":[{"attributes":{…}}]}`.
struct GeocodeAddressesRequest: Sendable, Equatable {
    struct Record: Sendable, Equatable {
        /// `OBJECTID`, echoed as `ResultID`.
        var id: Int
        /// `SingleLine`, or the multifield parts (`Address`, `City`, `Postal`, …) joined by ", ".
        var text: String
    }

    /// The most records one request may hold (ArcGIS World's `MaxBatchSize`).
    static let maxRecords = 1000

    var records: [Record] = []
    var categories: [String] = []
    var outFields: [String] = []
    var outSR: SpatialReference?
    var searchExtent: Envelope?
    var sourceCountry: String?

    init(records: [Record]) { self.records = records }

    init(_ parameters: WireParameters) throws {
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
            let id = attributes["OBJECTID"]?.number.map { Int($0) } ?? index + 1
            let single = attributes["SingleLine"]?.text
            let parts = ["Address", "Address2", "Address3", "Neighborhood", "City", "Subregion", "Region", "Postal"]
                .compactMap { name in members.first { $0.0.lowercased() == name.lowercased() }?.1.text }
                .filter { !$0.isEmpty }
            return Record(id: id, text: single ?? parts.joined(separator: ", "))
        }
        categories = parameters.list("category")
        outFields = parameters.list("outFields")
        outSR = try parameters.spatialReference("outSR")
        searchExtent = try parameters.envelope("searchExtent")
        sourceCountry = parameters.nonEmpty("sourceCountry")
    }

    var parameters: WireParameters {
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
        return WireParameters(pairs)
    }
}
