import Foundation

/// The GeocodeServer responses, decoded tolerantly from any server (ArcGIS World, ArcGIS
/// Enterprise, `locator serve`): unknown fields are ignored, attribute values may be of any
/// JSON type, `score` and `Rank` may be numbers or strings, `extent` may be missing or "NaN".
///
/// ```swift
/// let response = try WireResponse.decode(FindAddressCandidatesResponse.self, from: data)
/// ```
enum WireResponse {
    /// Decodes `data` as `T`, or throws the server's own error when it sent one instead
    /// (ArcGIS servers often answer errors with HTTP 200 and an `error` body).
    static func decode<T: WireDecodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, json: try? JSONDecoder().decode(JSONValue.self, from: data))
    }

    /// ``decode(_:from:)`` for a body already parsed (`nil` when it was not JSON).
    static func decode<T: WireDecodable>(_ type: T.Type, json: JSONValue?) throws -> T {
        guard let json else { throw WireError.notJSON }
        if let error = ErrorResponse(json) { throw WireError.service(error) }
        guard let value = T(json) else { throw WireError.unexpectedShape(String(describing: T.self)) }
        return value
    }
}

/// A response type built from decoded JSON; `nil` when the JSON is not of that shape. Each
/// is `Decodable` too (through ``JSONValue``), for use with any `JSONDecoder`.
protocol WireDecodable: Decodable {
    init?(_ json: JSONValue)
}

extension WireDecodable {
    init(from decoder: any Decoder) throws {
        guard let value = Self(try JSONValue(from: decoder)) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a \(Self.self)"))
        }
        self = value
    }
}

/// Why a body could not be used.
enum WireError: Error {
    case notJSON
    case unexpectedShape(String)
    case service(ErrorResponse)
}

/// `{"error":{"code":498,"message":"Invalid token.","details":[],"messageCode":"GWM_0003"}}`.
struct ErrorResponse: WireDecodable, Sendable, Equatable {
    var code: Int
    var message: String
    var details: [String]
    var messageCode: String?

    init(code: Int, message: String, details: [String] = [], messageCode: String? = nil) {
        self.code = code
        self.message = message
        self.details = details
        self.messageCode = messageCode
    }

    init?(_ json: JSONValue) {
        guard let error = json["error"], case .object = error else { return nil }
        code = error["code"]?.integer ?? 500
        message = error["message"]?.text ?? ""
        if case .array(let items) = error["details"] ?? .null {
            details = items.compactMap(\.text)
        } else {
            details = []
        }
        messageCode = error["messageCode"]?.text
    }
}

/// One candidate of `findAddressCandidates` or one location of `geocodeAddresses`.
struct WireCandidate: Sendable {
    var address: String
    var location: Point?
    var score: Double
    var attributes: [String: AttributeValue]
    var extent: Envelope?

    init?(_ json: JSONValue, spatialReference: SpatialReference) {
        guard case .object = json else { return nil }
        address = json["address"]?.text ?? ""
        location = WireGeometry.point(json["location"], spatialReference: spatialReference)
        var attributes: [String: AttributeValue] = [:]
        if case .object(let members) = json["attributes"] ?? .null {
            for (key, value) in members { attributes[key] = Self.attribute(key, value) }
        }
        self.attributes = attributes
        score = json["score"]?.number ?? attributes["Score"]?.doubleValue ?? 0
        extent = WireGeometry.envelope(json["extent"], spatialReference: spatialReference)
    }

    /// Fields that are numbers in ArcGIS's schema, read as numbers even when sent as text
    /// (`"Rank":"8.04"`).
    static let numericFields: Set<String> = [
        "score", "rank", "distance", "x", "y", "displayx", "displayy", "xmin", "xmax", "ymin", "ymax", "resultid",
    ]

    static func attribute(_ key: String, _ value: JSONValue) -> AttributeValue {
        if numericFields.contains(key.lowercased()), let number = value.number { return .double(number) }
        return value.attributeValue
    }
}

/// `{"spatialReference":{…},"candidates":[…]}`.
struct FindAddressCandidatesResponse: WireDecodable, Sendable {
    var spatialReference: SpatialReference
    var candidates: [WireCandidate]

    init?(_ json: JSONValue) {
        guard case .array(let items) = json["candidates"] ?? .null else { return nil }
        spatialReference = WireGeometry.spatialReference(json["spatialReference"]) ?? .wgs84
        let sr = spatialReference
        candidates = items.compactMap { WireCandidate($0, spatialReference: sr) }
    }
}

/// `{"spatialReference":{…},"locations":[…]}` (batch; unmatched records have score 0 and no location).
struct GeocodeAddressesResponse: WireDecodable, Sendable {
    var spatialReference: SpatialReference
    var locations: [WireCandidate]

    init?(_ json: JSONValue) {
        guard case .array(let items) = json["locations"] ?? .null else { return nil }
        spatialReference = WireGeometry.spatialReference(json["spatialReference"]) ?? .wgs84
        let sr = spatialReference
        locations = items.compactMap { WireCandidate($0, spatialReference: sr) }
    }
}

/// `{"address":{…},"location":{"x","y","spatialReference"}}`.
struct ReverseGeocodeResponse: WireDecodable, Sendable {
    var address: [String: AttributeValue]
    var location: Point?

    init?(_ json: JSONValue) {
        guard case .object(let members) = json["address"] ?? .null else { return nil }
        address = Dictionary(
            members.map { ($0.0, WireCandidate.attribute($0.0, $0.1)) }, uniquingKeysWith: { a, _ in a })
        location = WireGeometry.point(json["location"], spatialReference: .wgs84)
    }
}

/// `{"suggestions":[{"text","magicKey","isCollection"}]}`.
struct SuggestResponse: WireDecodable, Sendable {
    var suggestions: [SuggestResult]

    init?(_ json: JSONValue) {
        guard case .array(let items) = json["suggestions"] ?? .null else { return nil }
        suggestions = items.compactMap { item in
            guard let text = item["text"]?.text else { return nil }
            var isCollection = false
            if case .bool(let flag) = item["isCollection"] ?? .null { isCollection = flag }
            if item["isCollection"]?.text == "true" { isCollection = true }
            return SuggestResult(label: text, isCollection: isCollection, magicKey: item["magicKey"]?.text ?? "")
        }
    }
}

/// The root resource (`GeocodeServer?f=json`): what the service is and can do.
struct ServiceInfoResponse: WireDecodable, Sendable {
    var description: String
    var capabilities: [String]
    var singleLineFieldName: String
    var spatialReference: SpatialReference
    var copyright: String?
    var addressFields: [LocatorAttribute] = []
    var candidateFields: [LocatorAttribute] = []
    /// `locatorProperties`, each value as text.
    var properties: [String: String] = [:]
    /// The names of the top-level categories ("Address", "POI", …).
    var rootCategories: [String] = []
    var suggestedBatchSize: Int? { Self.whole(properties["SuggestedBatchSize"]) }
    var maxBatchSize: Int? { Self.whole(properties["MaxBatchSize"]) }

    init?(_ json: JSONValue) {
        guard case .object = json else { return nil }
        guard json["capabilities"] != nil || json["candidateFields"] != nil || json["singleLineAddressField"] != nil
        else { return nil }
        description = json["serviceDescription"]?.text ?? ""
        capabilities = (json["capabilities"]?.text ?? "").split(separator: ",").map {
            $0.trimmedSpaces
        }
        singleLineFieldName = json["singleLineAddressField"]?["name"]?.text ?? "SingleLine"
        spatialReference = WireGeometry.spatialReference(json["spatialReference"]) ?? .wgs84
        copyright = json["copyrightText"]?.text
        addressFields = Self.fields(json["addressFields"])
        candidateFields = Self.fields(json["candidateFields"])
        if case .object(let members) = json["locatorProperties"] ?? .null {
            for (name, value) in members { properties[name] = value.text ?? "" }
        }
        if case .array(let roots) = json["categories"] ?? .null {
            rootCategories = roots.compactMap { $0["name"]?.text }
        }
    }

    /// A property's whole number ("150", "150.0"), as ``JSONValue/integer`` reads one.
    private static func whole(_ text: String?) -> Int? {
        text.flatMap { JSONValue.string($0).integer }
    }

    /// A service's field list (`addressFields`, `candidateFields`) as locator attributes.
    private static func fields(_ json: JSONValue?) -> [LocatorAttribute] {
        guard case .array(let items) = json ?? .null else { return [] }
        return items.compactMap { item in
            guard let name = item["name"]?.text, !name.isEmpty else { return nil }
            let type = LocatorAttribute.FieldType(esriName: item["type"]?.text ?? "")
            let required = if case .bool(true) = item["required"] ?? .null { true } else { false }
            return LocatorAttribute(name: name, displayName: item["alias"]?.text, type: type, isRequired: required)
        }
    }
}
