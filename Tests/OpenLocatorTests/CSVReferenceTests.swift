import Foundation
import Testing

@testable import OpenLocator

/// The CSV reader scans runs of plain bytes in place; these check it against the simplest
/// reading of RFC 4180, one byte at a time, on random text full of quotes, delimiters, line
/// ends and partial byte-order marks, cut into blocks of every awkward size.
@Suite struct CSVReferenceTests {
    /// A record as both readers give it: fields, first line, how it ended, and the bytes
    /// consumed up to its end (what `locator batch --resume` relies on).
    struct Read: Equatable, CustomStringConvertible {
        var fields: [String]
        var line: Int
        var terminated: Bool
        var unterminatedQuote: Bool
        var offset: Int64
        var description: String { "\(fields) line \(line) \(terminated) \(unterminatedQuote) @\(offset)" }
    }

    /// RFC 4180 one byte at a time: the reader as it was before it scanned runs.
    static func reference(_ bytes: [UInt8]) -> [Read] {
        var reads: [Read] = []
        var position = 0
        var line = 1
        var markPossible = true
        while true {
            var fields: [String] = []
            var field: [UInt8] = []
            let firstLine = line
            var inQuotes = false
            var quoted = false  // a field of the record was quoted: `""` alone is a record
            var sawAnything = false
            var ended = false
            func endField() {
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll()
            }
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                sawAnything = true
                if markPossible {
                    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
                    if byte == mark[field.count] {
                        field.append(byte)
                        if field.count == mark.count {
                            field.removeAll()
                            markPossible = false
                        }
                        continue
                    }
                    markPossible = false
                }
                if inQuotes {
                    if byte == UInt8(ascii: "\"") {
                        if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                            position += 1
                            field.append(byte)
                        } else {
                            inQuotes = false
                        }
                    } else {
                        if byte == 0x0A { line += 1 }
                        field.append(byte)
                    }
                } else if byte == UInt8(ascii: "\""), field.isEmpty {
                    inQuotes = true
                    quoted = true
                } else if byte == UInt8(ascii: ",") {
                    endField()
                } else if byte == 0x0A {
                    line += 1
                    if field.last == 0x0D { field.removeLast() }
                    endField()
                    ended = true
                    break
                } else {
                    field.append(byte)
                }
            }
            if !ended {
                guard sawAnything else { return reads }
                if field.last == 0x0D, !inQuotes { field.removeLast() }
                endField()
            }
            let blank = fields.count == 1 && fields[0].isEmpty && !quoted
            if !blank {
                reads.append(
                    Read(
                        fields: fields, line: firstLine, terminated: ended, unterminatedQuote: !ended && inQuotes,
                        offset: Int64(position)))
            }
            if !ended { return reads }
        }
    }

    static func read(_ bytes: [UInt8], blockSize: Int) throws -> [Read] {
        var reader = CSVReader(try ByteReader(path: TabularTests.file(bytes), blockSize: blockSize))
        var reads: [Read] = []
        while let record = try reader.next() {
            reads.append(
                Read(
                    fields: record.fields, line: record.line, terminated: record.terminated,
                    unterminatedQuote: record.unterminatedQuote, offset: reader.offset))
        }
        return reads
    }

    @Test func scanningRunsReadsAsOneByteAtATime() throws {
        var random = SplitMix64(seed: 42)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("Mannerheimintie".utf8), Array("ö".utf8), [0x22], [0x22, 0x22], [0x2C], [0x2C],
            [0x0A], [0x0D, 0x0A], [0x0D], [0xEF, 0xBB, 0xBF], [0xEF, 0xBB], Array(" ".utf8), Array("10".utf8),
        ]
        var compared = 0
        for round in 0..<400 {
            var bytes: [UInt8] = []
            if round % 3 == 0 { bytes += [0xEF, 0xBB, 0xBF].prefix(Int.random(in: 1...3, using: &random)) }
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
            let expected = Self.reference(bytes)
            for blockSize in [1, 2, 3, 5, 64] {
                let found = try Self.read(bytes, blockSize: blockSize)
                #expect(found == expected, "block size \(blockSize), input \(bytes)")
                compared += found.count
            }
        }
        #expect(compared > 5_000)  // the inputs held records, not just blank lines
    }
}
