/// Streams the lines of a file (LF or CRLF ends), for JSON lines and line-based formats.
///
/// ```swift
/// var lines = LineReader(try ByteReader(path: "rows.jsonl"))
/// while let line = try lines.next() { print(line.number, line.bytes.count) }
/// ```
public struct LineReader {
    /// One line without its line break, and its 1-based number.
    public struct Line {
        public var bytes: [UInt8]
        public var number: Int
        /// Whether a line break ended it (the last line of a file may lack one).
        public var terminated: Bool
    }

    private let source: ByteReader
    private var block: [UInt8] = []
    private var position = 0
    private var number = 0
    /// Bytes of the input up to the end of the last line returned.
    public private(set) var offset: Int64 = 0

    /// The longest line read, in bytes: a longer one (a file of one 1 GB line) is an error
    /// naming it, not a gigabyte in memory.
    public static let maxLineBytes = 1 << 20

    public init(_ source: ByteReader) { self.source = source }

    static func tooLong(_ name: String, line: Int) -> LocatorError {
        LocatorError(.invalidInput, "\(name): line \(line) is longer than 1 MB; is this the right file?")
    }

    /// The next line, or `nil` at the end.
    public mutating func next() throws -> Line? {
        var line: [UInt8] = []
        while true {
            if position == block.count {
                guard let next = try source.nextBlock() else {
                    guard !line.isEmpty else { return nil }
                    number += 1
                    if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
                    return Line(bytes: line, number: number, terminated: false)
                }
                block = next
                position = 0
            }
            if let end = block[position...].firstIndex(of: 0x0A) {
                line.append(contentsOf: block[position..<end])
                offset += Int64(end - position + 1)
                position = end + 1
                if line.last == 0x0D { line.removeLast() }
                number += 1
                if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }  // a BOM
                return Line(bytes: line, number: number, terminated: true)
            }
            line.append(contentsOf: block[position...])
            offset += Int64(block.count - position)
            position = block.count
            if line.count > Self.maxLineBytes { throw Self.tooLong(source.name, line: number + 1) }
        }
    }
}
