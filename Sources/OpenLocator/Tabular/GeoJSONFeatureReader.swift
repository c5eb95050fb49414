/// Streams the features of a GeoJSON file one at a time, in bounded memory: the members of a
/// FeatureCollection's `features` array, or top-level Feature objects one after another
/// (GeoJSON text sequences and newline-delimited GeoJSON). Each feature is cut out by
/// matching braces outside strings, then parsed alone.
///
/// ```swift
/// var features = GeoJSONFeatureReader(try ByteReader(path: "shops.geojson"))
/// while let (feature, line) = try features.next() { … }
/// ```
public struct GeoJSONFeatureReader {
    private let source: ByteReader
    private var block: [UInt8] = []
    private var position = 0
    private var line = 1
    /// Nesting depth of objects and arrays at the current byte.
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// Whether the reader is inside a top-level object's `features` array.
    private var inFeatures = false
    /// Whether the current top-level object had a `features` array (a collection, not a feature).
    private var hadFeatures = false
    /// The bytes of a top-level object so far (small, unless it is a lone large Feature).
    private var topLevel: [UInt8] = []
    /// The last string at depth 1 that was a member name ("features" switches mode).
    private var lastKey: [UInt8] = []
    private var keyStart: Int?

    public init(_ source: ByteReader) { self.source = source }

    /// A feature that is not valid JSON, with the line it starts on.
    public struct BadFeature: Error {
        public let line: Int
        public let reason: String
        /// Whether nothing more can be read after it (a truncated file, unbalanced brackets).
        public var endsReading = false
    }

    /// The largest feature (or top-level object) read, in bytes: a longer one ends reading
    /// with a ``BadFeature`` rather than holding it all in memory.
    public static let maxFeatureBytes = 16 << 20

    /// The next feature object and the line it starts on; `nil` at the end. A feature that is
    /// not JSON is returned as a ``BadFeature`` error, after which reading can go on.
    public mutating func next() throws -> (feature: JSONValue, line: Int)? {
        var feature: [UInt8] = []
        var featureLine = 0
        var collectingFeature = false
        while true {
            if position == block.count {
                guard let next = try source.nextBlock() else {
                    guard depth == 0, !inString else {
                        depth = 0
                        inString = false
                        throw BadFeature(
                            line: featureLine, reason: "the file ends inside a feature (truncated?)", endsReading: true)
                    }
                    return nil
                }
                block = next
                position = 0
            }
            let byte = block[position]
            position += 1
            if byte == 0x0A { line += 1 }
            let collectingTop = depth >= 1 && !inFeatures
            if collectingFeature { feature.append(byte) }
            if collectingTop || (depth == 0 && byte == UInt8(ascii: "{")) { topLevel.append(byte) }
            if feature.count > Self.maxFeatureBytes || topLevel.count > Self.maxFeatureBytes {
                throw BadFeature(
                    line: featureLine, reason: "a feature longer than \(Self.maxFeatureBytes >> 20) MB",
                    endsReading: true)
            }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 1, !inFeatures, let start = keyStart {
                        lastKey = Array(topLevel[start..<(topLevel.count - 1)])
                        keyStart = nil
                    }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                if depth == 1, !inFeatures { keyStart = topLevel.count }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if inFeatures, depth == 3, byte == UInt8(ascii: "{") {
                    collectingFeature = true
                    feature = [byte]
                    featureLine = line
                } else if depth == 2, !inFeatures, byte == UInt8(ascii: "["), lastKey == Array("features".utf8) {
                    inFeatures = true
                    hadFeatures = true
                    topLevel.removeLast()  // the array is streamed, not kept
                } else if depth == 1 {
                    featureLine = line
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if inFeatures, collectingFeature, depth == 2 {
                    return try parse(feature, line: featureLine)
                }
                if inFeatures, depth == 1 {
                    inFeatures = false
                    topLevel.append(contentsOf: Array("[]".utf8))  // keep the object well-formed
                }
                if depth == 0 {
                    defer {
                        topLevel = []
                        hadFeatures = false
                    }
                    // A top-level object without a features array is a feature itself.
                    if !topLevel.isEmpty, !hadFeatures {
                        return try parse(topLevel, line: featureLine)
                    }
                }
                if depth < 0 {
                    depth = 0
                    throw BadFeature(line: line, reason: "unbalanced brackets", endsReading: true)
                }
            default:
                break
            }
        }
    }

    private func parse(_ bytes: [UInt8], line: Int) throws -> (feature: JSONValue, line: Int) {
        do {
            return (try JSONValue.parse(bytes), line)
        } catch {
            throw BadFeature(line: line, reason: error.description)
        }
    }
}
