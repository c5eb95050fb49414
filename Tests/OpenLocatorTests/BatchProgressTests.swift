import Foundation
import Testing

@testable import OpenLocator

/// `locator batch`'s progress: the input bytes its share counts (row by row, not a block at a
/// time).
@Suite struct BatchProgressTests {
    // MARK: The bytes the share counts

    /// A CSV input's rows: after each, the bytes consumed are exactly those up to its end (line
    /// break included), however the file is cut into blocks; at the end, the whole file.
    @Test(arguments: [1, 7, 1 << 20])
    func eachRowAddsItsOwnBytes(blockSize: Int) throws {
        let header = "\u{FEFF}id,address\r\n"
        let rows = ["1,\"Mannerheimintie 10, Helsinki\"\r\n", "2,\"two\nlines\"\n", "\n", "3,last"]
        let url = try Fixtures.temporaryDirectory().appendingPathComponent("in.csv")
        try Data((header + rows.joined()).utf8).write(to: url)
        var input = try BatchInput(path: url.path, blockSize: blockSize)
        #expect(input.consumedBytes == Int64(header.utf8.count))
        var ends: [Int64] = []
        while try input.next() != nil { ends.append(input.consumedBytes) }
        let size = Int64((header + rows.joined()).utf8.count)
        // (The blank line is no row: it is counted with the row after it.)
        #expect(ends == [Int64(header.utf8.count + rows[0].utf8.count), size - 7, size])
        #expect(input.source.size == size)
    }

    /// Rows read ahead to find the columns (JSON lines up to the first object; a CSV file's
    /// first line without a header) count only when they are handed out.
    @Test func rowsReadAheadCountWhenHandedOut() throws {
        let folder = try Fixtures.temporaryDirectory()
        let lines = ["[1]\n", "\n", "{\"a\":1}\n", "{\"a\":22}\n"]
        let jsonl = folder.appendingPathComponent("in.jsonl")
        try Data(lines.joined().utf8).write(to: jsonl)
        var json = try BatchInput(path: jsonl.path)
        #expect(json.consumedBytes == 0)
        var ends: [Int64] = []
        while try json.next() != nil { ends.append(json.consumedBytes) }
        #expect(ends == [4, 13, 22])

        let csv = folder.appendingPathComponent("in.csv")
        try Data("a,1\nb,2\n".utf8).write(to: csv)
        var headless = try BatchInput(path: csv.path, hasHeader: false)
        #expect(headless.consumedBytes == 0)
        ends = []
        while try headless.next() != nil { ends.append(headless.consumedBytes) }
        #expect(ends == [4, 8])
    }

    /// A gzip file's share counts compressed bytes (its size is the compressed size): it grows
    /// with the rows, within a block too, and ends at the file's size.
    @Test(arguments: [1, 64, 1 << 20])
    func aCompressedInputsShareGrowsRowByRow(blockSize: Int) throws {
        let folder = try Fixtures.temporaryDirectory()
        let plain = folder.appendingPathComponent("in.csv")
        let text =
            "id,address\n" + (0..<3000).map { "\($0),\"Street \($0 * 7919 % 10007), Town \($0 % 97)\"\n" }.joined()
        try Data(text.utf8).write(to: plain)
        let gzipped = try Fixtures.gzip(plain)
        var input = try BatchInput(path: gzipped.path, blockSize: blockSize)
        let size = try #require(input.source.size)
        var ends: [Int64] = []
        while try input.next() != nil { ends.append(input.consumedBytes) }
        #expect(ends.count == 3000)
        #expect(zip(ends, ends.dropFirst()).allSatisfy { $0 <= $1 }, "never goes back")
        #expect(ends.allSatisfy { $0 <= size })
        #expect(input.consumedBytes == size, "the end, with gzip's trailer")
        // Half the rows are about half the file (it all fits one block at 1 MiB).
        let half = Double(ends[1499]) / Double(size)
        #expect(half > 0.3 && half < 0.7, "\(half)")
    }
}
