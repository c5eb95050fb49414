import Foundation

/// Geocodes a file of addresses into a file of matches: every input row once, in order, with
/// the input's fields and the match's (`match_addr`, `lat`, `lon`, `score`, `addr_type`,
/// `place_name`, `status`). With ``Options/reverse`` set, each row is a point instead, and
/// what lies there is written (`distance` in metres in place of `score`). Rows are read,
/// geocoded and written a chunk at a time, so memory stays flat for any file and the output
/// is valid after every chunk. ``cancel()`` stops after
/// the chunk in hand; a later run with `resume` continues from the last whole row written.
///
/// ```swift
/// var options = BatchJob.Options()
/// options.parameters.preferredSearchLocation = Point(latitude: 60.17, longitude: 24.94)
/// let job = BatchJob(task: task, input: "addresses.csv", output: "matched.csv", options: options)
/// let summary = try await job.run { progress in print(progress.rows) }
/// ```
public final class BatchJob: @unchecked Sendable {
    public struct Options: Sendable {
        /// Columns whose values, joined by ", ", are the address; empty picks the obvious one.
        /// Reverse geocoding: the latitude and longitude columns, or one column of "LAT,LON".
        public var columns: [String] = []
        /// Reverse geocode each row's point with these parameters (`featureTypes`,
        /// `maxDistance`, …) instead of geocoding an address; `parameters` is then unused.
        public var reverse: ReverseGeocodeParameters?
        /// Search options for every row (`preferredSearchLocation`, `categories`, `minScore`, …):
        /// a class, so copies of these options share it; the job reads it once when it starts.
        public var parameters = GeocodeParameters()
        /// The output format; `nil` follows the output file's name.
        public var format: BatchOutput.Format?
        /// Continue an earlier run's output instead of starting it afresh.
        public var resume = false
        /// Rows geocoded between writes.
        public var chunkSize = 512
        /// Whether a CSV input's first line names its columns; without, they are `column_1`, …
        /// and the first line is a row.
        public var hasHeader = true

        public init() {}
    }

    /// How far a run has come.
    public struct Progress: Sendable {
        /// Rows written, including those an earlier run wrote (when resuming).
        public var rows: Int
        /// Rows this run geocoded.
        public var rowsThisRun: Int
        /// Input bytes up to the end of the last row written (``BatchInput/consumedBytes``), so
        /// it moves row by row; and the input's size when known (not for a pipe).
        public var bytesRead: Int64
        public var totalBytes: Int64?
        /// ``bytesRead`` when this run started: the header's, and the rows an earlier run wrote.
        public var bytesAtStart: Int64 = 0
        /// Seconds since this run started.
        public var seconds: Double
        /// Rows of this run by status.
        public var counts: [BatchMatch.Status: Int] = [:]
        /// Problems with single rows met since the last report ("line 7: …").
        public var warnings: [String] = []
    }

    /// What a run did.
    public struct Summary: Sendable {
        public var progress: Progress
        /// Rows an earlier run had written (skipped by this one).
        public var resumedRows: Int
        /// Whether ``cancel()`` stopped the run before the input's end.
        public var cancelled: Bool
    }

    private let task: LocatorTask
    private let inputPath: String
    private let outputPath: String
    private let options: Options
    private let lock = NSLock()
    private var cancelRequested = false

    /// - Parameters:
    ///   - input: a CSV (with a header row) or JSON-lines file; "-" reads standard input.
    ///   - output: the file to write; "-" writes standard output (no resuming then).
    public init(task: LocatorTask, input: String, output: String, options: Options = Options()) {
        self.task = task
        inputPath = input
        outputPath = output
        self.options = options
    }

    /// Stops the run after the chunk being geocoded is written. Safe from any thread.
    public func cancel() { lock.withLock { cancelRequested = true } }

    private var isCancelled: Bool { lock.withLock { cancelRequested } }

    /// Runs the batch, calling `progress` after each chunk.
    /// - Throws: ``LocatorError``: `invalidInput` for unreadable files or an output that is not
    ///   this batch's, `invalidParameter` for columns the input lacks, or the search's errors.
    @discardableResult
    public func run(progress report: (Progress) -> Void = { _ in }) async throws -> Summary {
        let started = Date()
        var input = try BatchInput(path: inputPath, hasHeader: options.hasHeader)
        let search = try Search(options, columns: input.columns)
        let names = BatchOutput.OutputNames(avoiding: input.columns, reverse: options.reverse != nil)
        let header = input.columns + names.names
        let format = options.format ?? BatchOutput.Format(fileName: outputPath)
        if options.resume, outputPath == "-" {
            throw LocatorError.invalidParameter("resuming needs an output file, not standard output")
        }
        let done =
            options.resume
            ? try BatchOutput.completedRows(
                at: outputPath, format: format, expectedHeader: header, delimiter: input.delimiter) : nil
        // What this output is made from, so a later --resume can refuse another input or options.
        let fingerprint = try ResumeFingerprint(
            input: inputPath,
            options: "\(search.fingerprint)|format=\(format.rawValue)\(options.hasHeader ? "" : "|no-header")")
        if outputPath != "-" {
            if done != nil {
                try fingerprint.check(beside: outputPath)
            } else {
                try fingerprint.save(beside: outputPath)
            }
        }
        let output = try BatchOutput(
            path: outputPath, format: format, truncate: done == nil, delimiter: input.delimiter)
        if let done {
            try output.resume(rows: done.rows, length: done.length)
            for _ in 0..<done.rows where try input.next() == nil {
                throw LocatorError(
                    .invalidInput,
                    "'\(output.name)' holds \(done.rows) rows, more than the input has: it is not this input's output")
            }
        } else {
            try output.begin(columns: header)
        }
        let resumed = done?.rows ?? 0
        var progress = Progress(
            rows: resumed, rowsThisRun: 0, bytesRead: input.consumedBytes, totalBytes: input.source.size,
            bytesAtStart: input.consumedBytes, seconds: 0, counts: [:], warnings: input.takeWarnings())
        var cancelled = false
        while true {
            var chunk: [BatchRecord] = []
            while chunk.count < max(1, options.chunkSize), let record = try input.next() { chunk.append(record) }
            guard !chunk.isEmpty else { break }
            if isCancelled {
                cancelled = true  // the chunk read is left for a resumed run
                break
            }
            var warnings: [String] = []
            let matches = try await search.matches(chunk, task: task, warnings: &warnings)
            input.addWarnings(warnings)
            try output.append(Array(zip(chunk, matches)), columns: input.columns, names: names)
            progress.rows += chunk.count
            progress.rowsThisRun += chunk.count
            for match in matches { progress.counts[match.status, default: 0] += 1 }
            progress.bytesRead = input.consumedBytes
            progress.seconds = Date().timeIntervalSince(started)
            progress.warnings += input.takeWarnings()
            report(progress)
            progress.warnings = []
        }
        try output.finish()
        progress.seconds = Date().timeIntervalSince(started)
        progress.warnings += input.takeWarnings()
        return Summary(progress: progress, resumedRows: resumed, cancelled: cancelled)
    }
}

extension BatchJob {
    /// What a batch asks of each row: an address geocoded, or a point reverse geocoded.
    private enum Search {
        case geocode(BatchQueryColumns, GeocodeParameters)
        case reverse(BatchPointColumns, ReverseGeocodeParameters)

        /// The fields the output shows, asked for when the caller names none: building every
        /// field of every match is wasted work.
        static let shownFields = ["Addr_type", "PlaceName"]

        init(_ options: Options, columns: [String]) throws {
            // Copies, so the caller's parameters stay as they are.
            if let reverse = options.reverse {
                let parameters = ReverseGeocodeParameters(reverse.snapshot)
                if parameters.resultAttributeNames.isEmpty { parameters.addResultAttributeNames(Self.shownFields) }
                self = .reverse(try BatchPointColumns(options.columns, available: columns), parameters)
            } else {
                let parameters = GeocodeParameters(options.parameters.snapshot)
                if parameters.resultAttributeNames.isEmpty { parameters.addResultAttributeNames(Self.shownFields) }
                self = .geocode(try BatchQueryColumns(options.columns, available: columns), parameters)
            }
        }

        /// What shapes each row, for ``ResumeFingerprint``.
        var fingerprint: String {
            switch self {
            case .geocode(let columns, let parameters):
                return "columns=\(columns.names.joined(separator: ","))|\(String(describing: parameters.snapshot))"
            case .reverse(let columns, let parameters):
                return
                    "reverse|columns=\(columns.names.joined(separator: ","))|\(String(describing: parameters.snapshot))"
            }
        }

        /// The match of each record, in order; rows whose point cannot be read are unmatched,
        /// with a warning each.
        func matches(_ records: [BatchRecord], task: LocatorTask, warnings: inout [String]) async throws
            -> [BatchMatch]
        {
            switch self {
            case .geocode(let columns, let parameters):
                return try await task.geocode(batch: records.map(columns.text), using: parameters)
            case .reverse(let columns, let parameters):
                var points: [Point] = []
                var rows: [Int] = []
                for (index, record) in records.enumerated() {
                    switch columns.point(of: record) {
                    case .success(let point):
                        points.append(point)
                        rows.append(index)
                    case .failure(let problem):
                        warnings.append("line \(record.line): \(problem); written as unmatched")
                    }
                }
                var matches = Array(repeating: BatchMatch(result: nil, status: .unmatched), count: records.count)
                for (row, match) in zip(rows, try await task.reverseGeocode(batch: points, parameters: parameters)) {
                    matches[row] = match
                }
                return matches
            }
        }
    }
}
