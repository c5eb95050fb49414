import Foundation
import Testing

@_spi(CLI) @testable import OpenLocator

/// `locator batch`'s progress: the text of the bar in each state, the input bytes its share
/// counts (row by row, not a block at a time), and the bar the real binary draws.
@Suite struct BatchProgressTests {
    static func progress(
        rows: Int, thisRun: Int? = nil, bytes: Int64, atStart: Int64 = 0, total: Int64?, seconds: Double
    ) -> BatchJob.Progress {
        BatchJob.Progress(
            rows: rows, rowsThisRun: thisRun ?? rows, bytesRead: bytes, totalBytes: total, bytesAtStart: atStart,
            seconds: seconds)
    }

    @Test func theBarShowsShareRowsRateAndTimeLeft() {
        // At the start: past the header, nothing geocoded yet, so no rate and no ETA.
        let start = Self.progress(rows: 0, bytes: 16, atStart: 16, total: 40_000, seconds: 0)
        #expect(BatchProgressText.bar(start) == "[........................]   0% 0 rows  0 rows/s")
        // A quarter in after 2 s: 6 s left at that pace.
        let quarter = Self.progress(rows: 512, bytes: 10_000, total: 40_000, seconds: 2)
        #expect(BatchProgressText.bar(quarter) == "[######..................]  25% 512 rows  256 rows/s  ETA 0:06")
        // A byte short of the end is not 100 %.
        let almost = Self.progress(rows: 1499, bytes: 39_999, total: 40_000, seconds: 3)
        #expect(BatchProgressText.bar(almost).contains("]  99% 1,499 rows  499 rows/s  ETA 0:00"))
        // Done: full, and no ETA.
        let done = Self.progress(rows: 1500, bytes: 40_000, total: 40_000, seconds: 3)
        #expect(BatchProgressText.bar(done) == "[########################] 100% 1,500 rows  500 rows/s")
        // Hours.
        let slow = Self.progress(rows: 10, bytes: 1_000, total: 1_000_000, seconds: 10)
        #expect(BatchProgressText.bar(slow).hasSuffix("  ETA 2h46m"))
    }

    @Test func aResumedRunsTimeLeftIsAtItsOwnPace() {
        // Half the input was done before; this run did a quarter in 5 s, so 5 s are left (not
        // the 1.7 s three quarters in 5 s would give).
        let resumed = Self.progress(
            rows: 3000, thisRun: 1000, bytes: 30_000, atStart: 20_000, total: 40_000, seconds: 5)
        #expect(BatchProgressText.bar(resumed) == "[##################......]  75% 3,000 rows  200 rows/s  ETA 0:05")
        #expect(BatchProgressText.logLine(resumed) == "batch: 3,000 rows (75%), 200 rows/s, ETA 0:05")
    }

    @Test func withoutTheInputsSizeRowsAndRateAreShownAndSaySo() {
        let piped = Self.progress(rows: 1024, bytes: 30_000, total: nil, seconds: 2)
        #expect(BatchProgressText.bar(piped) == "1,024 rows  512 rows/s  (input size unknown)")
        #expect(BatchProgressText.logLine(piped) == "batch: 1,024 rows, 512 rows/s")
        #expect(piped.fraction == nil && piped.secondsLeft == nil)
    }

    @Test func theSummaryCountsStatusesAndNamesTheOutput() {
        var progress = Self.progress(rows: 1500, thisRun: 1000, bytes: 40_000, total: 40_000, seconds: 2.04)
        progress.counts = [.matched: 900, .tied: 1, .unmatched: 99]
        let summary = BatchJob.Summary(progress: progress, resumedRows: 500, cancelled: false)
        #expect(
            BatchProgressText.summary(summary, output: "/tmp/x/out.csv")
                == "batch: 1,000 rows in 2.0 s (490 rows/s): 900 matched, 1 tied, 99 unmatched; 500 done before -> out.csv"
        )
    }

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

    // MARK: The real binary

    /// `count` points (`lat,lon`), each line as long as the others, after `prefix`.
    static func pointsFile(count: Int, prefix: String = "") throws -> (url: URL, header: Int, row: Int) {
        let url = try Fixtures.temporaryDirectory().appendingPathComponent("points.csv")
        let rows = (0..<count).map {
            String(format: "%.5f,%.5f\n", 60.16 + Double($0 % 100) * 0.0002, 24.93 + Double($0 / 100) * 0.0005)
        }
        try Data((prefix + "lat,lon\n" + rows.joined()).utf8).write(to: url)
        return (url, "lat,lon\n".utf8.count, rows[0].utf8.count)
    }

    /// Runs `locator batch - --reverse` (or a file) with the bar forced on, reading stdin from
    /// `standardInput`; returns its stderr.
    static func batchStderr(_ input: String, standardInput: Any) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = CLI.executable
        let out = try Fixtures.temporaryDirectory().appendingPathComponent("out.csv")
        process.arguments = ["batch", input, "--reverse", "--out", out.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["LOCATOR_PROGRESS": "bar"]) { $1 }
        let errors = Pipe()
        process.standardInput = standardInput
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()  // (its stderr is a few lines)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// 1,100 rows are three chunks (512, 512, 76): the first report is always drawn, so the
    /// first bar shows the share of 512 rows, below 100 %, with an ETA; the same from stdin
    /// redirected from a file (read from where it stands), and from a pipe rows only.
    @Test func theBinaryDrawsTheShareOfTheInputAndRowsFromAPipe() throws {
        let (url, header, row) = try Self.pointsFile(count: 1100)
        let share = Double(header + 512 * row) / Double(header + 1100 * row)
        let percent = Int(share * 100)
        #expect(percent < 100)
        let expected = "\r[\(String(repeating: "#", count: Int(share * 24)))."

        let fromFile = try Self.batchStderr(url.path, standardInput: FileHandle.nullDevice)
        // Standard input a file a script has read a long line of: its size is what is left
        // (counting the whole file would show 23 %).
        let skipped = String(repeating: "x", count: 19_999) + "\n"
        let withLine = try Self.pointsFile(count: 1100, prefix: skipped).url
        let stdin = try FileHandle(forReadingFrom: withLine)
        try stdin.seek(toOffset: UInt64(skipped.utf8.count))
        let fromStdinFile = try Self.batchStderr("-", standardInput: stdin)
        for outcome in [fromFile, fromStdinFile] {
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let first = try #require(outcome.stderr.split(separator: "\u{1B}[K").first.map(String.init))
            #expect(first.hasPrefix(expected), "\(first)")
            #expect(first.contains("] \(String(format: "%3d", percent))% 512 rows  "), "\(first)")
            #expect(first.contains("  ETA "), "\(first)")
            // The bar is wiped before the summary.
            #expect(outcome.stderr.contains("\r\u{1B}[Kbatch: 1,100 rows in"), "\(outcome.stderr)")
        }

        let pipe = Pipe()
        pipe.fileHandleForWriting.write(try Data(contentsOf: url))  // (~20 KB: the pipe holds it)
        try pipe.fileHandleForWriting.close()
        let piped = try Self.batchStderr("-", standardInput: pipe)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stderr.hasPrefix("\r512 rows  "), "\(piped.stderr)")
        #expect(piped.stderr.contains(" rows/s  (input size unknown)\u{1B}[K"), "\(piped.stderr)")
        #expect(!piped.stderr.contains("%") && !piped.stderr.contains("ETA"), "\(piped.stderr)")
    }
}
