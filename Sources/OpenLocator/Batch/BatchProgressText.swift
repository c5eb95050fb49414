import Foundation

/// What `locator batch` says of its progress: the bar a terminal redraws in place, the line a
/// log gets every few seconds, and the closing summary. Text only (the caller decides when and
/// where to write it), so each state can be tested.
///
/// ```swift
/// BatchProgressText.bar(progress)
/// // "[##########..............]  42% 512 rows  1,024 rows/s  ETA 0:01"
/// ```
@_spi(CLI)
public enum BatchProgressText {
    /// How many `#` a full bar has.
    static let barWidth = 24

    /// The bar: its share of the input, rows, rate and time left. Without the input's size (a
    /// pipe) there is no share to show: rows and rate only, saying so.
    public static func bar(_ progress: BatchJob.Progress) -> String {
        var line = ""
        if let fraction = progress.fraction {
            let filled = Int((fraction * Double(barWidth)).rounded(.down))
            line +=
                "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "] "
            line += String(format: "%3d%% ", Int(fraction * 100))
        }
        line += "\(grouped(progress.rows)) rows  \(grouped(Int(progress.rowsPerSecond))) rows/s"
        if let eta = progress.secondsLeft { line += "  ETA \(duration(eta))" }
        if progress.totalBytes == nil { line += "  (input size unknown)" }
        return line
    }

    /// A line for a log: rows, share, rate and time left.
    public static func logLine(_ progress: BatchJob.Progress) -> String {
        var line = "batch: \(grouped(progress.rows)) rows"
        if let fraction = progress.fraction { line += " (\(Int(fraction * 100))%)" }
        line += ", \(grouped(Int(progress.rowsPerSecond))) rows/s"
        if let eta = progress.secondsLeft { line += ", ETA \(duration(eta))" }
        return line
    }

    /// The closing line: rows, time, rate, counts by status and where they went (`output`,
    /// "-" for standard output).
    public static func summary(_ summary: BatchJob.Summary, output: String) -> String {
        let progress = summary.progress
        let counts = BatchMatch.Status.allCases.map { "\(grouped(progress.counts[$0] ?? 0)) \($0.rawValue)" }
        var line = "batch: \(grouped(progress.rowsThisRun)) rows in \(String(format: "%.1f", progress.seconds)) s"
        line += " (\(grouped(Int(progress.rowsPerSecond))) rows/s): \(counts.joined(separator: ", "))"
        if summary.resumedRows > 0 { line += "; \(grouped(summary.resumedRows)) done before" }
        if output != "-" { line += " -> \(URL(fileURLWithPath: output).lastPathComponent)" }
        return line
    }

    /// A count with thousands separated: 1,234,567.
    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0, i % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }

    /// Seconds as m:ss, or as 1h05m from an hour on.
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600
            ? "\(s / 3600)h\(String(format: "%02d", s % 3600 / 60))m" : "\(s / 60):\(String(format: "%02d", s % 60))"
    }
}

extension BatchJob.Progress {
    /// The share of the input done, 0 to 1; `nil` when its size is unknown (a pipe).
    public var fraction: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, Double(bytesRead) / Double(totalBytes))
    }

    /// Rows this run geocoded a second.
    public var rowsPerSecond: Double { seconds > 0 ? Double(rowsThisRun) / seconds : 0 }

    /// Seconds left at this run's pace through the input's bytes; `nil` before there is a pace,
    /// once the input is done, or when its size is unknown.
    public var secondsLeft: Double? {
        let doneThisRun = bytesRead - bytesAtStart
        guard let totalBytes, bytesRead < totalBytes, doneThisRun > 0, seconds > 0 else { return nil }
        return seconds * Double(totalBytes - bytesRead) / Double(doneThisRun)
    }
}
