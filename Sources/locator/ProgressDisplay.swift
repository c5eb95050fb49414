import Foundation
import OpenLocator

/// Batch progress on stderr: a bar redrawn in place on a terminal, otherwise a plain line
/// every 5 seconds (for logs), and a summary line at the end.
final class ProgressDisplay {
    private let isTerminal = isatty(2) == 1
    /// A log gets its first line 5 s in (a short batch only its summary); a bar shows at once.
    private lazy var lastDrawn = isTerminal ? Date.distantPast : Date()
    private var drawnBar = false

    /// Redraws the bar (at most 10 times a second) or, off a terminal, logs a line every 5 s.
    func update(_ progress: BatchJob.Progress) {
        let now = Date()
        let interval = isTerminal ? 0.1 : 5
        guard now.timeIntervalSince(lastDrawn) >= interval else { return }
        lastDrawn = now
        if isTerminal {
            var line = "\r"
            if let fraction = Self.fraction(progress) {
                let width = 24
                let filled = Int((fraction * Double(width)).rounded(.down))
                line +=
                    "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
                line += String(format: "%3d%% ", Int(fraction * 100))
            }
            line += "\(Self.grouped(progress.rows)) rows  \(Self.grouped(Int(Self.rate(progress)))) rows/s"
            if let eta = Self.secondsLeft(progress) { line += "  ETA \(Self.duration(eta))" }
            FileHandle.standardError.write(Data((line + "\u{1B}[K").utf8))
            drawnBar = true
        } else {
            var line = "batch: \(Self.grouped(progress.rows)) rows"
            if let fraction = Self.fraction(progress) { line += " (\(Int(fraction * 100))%)" }
            line += ", \(Self.grouped(Int(Self.rate(progress)))) rows/s"
            if let eta = Self.secondsLeft(progress) { line += ", ETA \(Self.duration(eta))" }
            Output.diagnostic(line)
        }
    }

    /// A line that must not be drawn over (a warning).
    func note(_ text: String) {
        clearBar()
        Output.diagnostic(text)
    }

    /// The closing summary: rows, time, rate and counts by status.
    func finish(_ summary: BatchJob.Summary, output: String) {
        clearBar()
        let progress = summary.progress
        let counts = BatchMatch.Status.allCases.map { "\(Self.grouped(progress.counts[$0] ?? 0)) \($0.rawValue)" }
        var line = "batch: \(Self.grouped(progress.rowsThisRun)) rows in \(String(format: "%.1f", progress.seconds)) s"
        line += " (\(Self.grouped(Int(Self.rate(progress)))) rows/s): \(counts.joined(separator: ", "))"
        if summary.resumedRows > 0 { line += "; \(Self.grouped(summary.resumedRows)) done before" }
        if output != "-" { line += " -> \(URL(fileURLWithPath: output).lastPathComponent)" }
        Output.diagnostic(line)
    }

    private func clearBar() {
        if drawnBar { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawnBar = false
    }

    private static func fraction(_ progress: BatchJob.Progress) -> Double? {
        guard let total = progress.totalBytes, total > 0 else { return nil }
        return min(1, Double(progress.bytesRead) / Double(total))
    }

    private static func rate(_ progress: BatchJob.Progress) -> Double {
        progress.seconds > 0 ? Double(progress.rowsThisRun) / progress.seconds : 0
    }

    /// Seconds left, from the share of the input read so far.
    private static func secondsLeft(_ progress: BatchJob.Progress) -> Double? {
        guard let fraction = fraction(progress), fraction > 0, fraction < 1, progress.seconds > 0 else { return nil }
        return progress.seconds * (1 - fraction) / fraction
    }

    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0, i % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600
            ? "\(s / 3600)h\(String(format: "%02d", s % 3600 / 60))m" : "\(s / 60):\(String(format: "%02d", s % 60))"
    }
}
