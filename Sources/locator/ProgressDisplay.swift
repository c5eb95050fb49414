import Foundation
@_spi(CLI) import OpenLocator

/// Batch progress on stderr: a bar redrawn in place on a terminal, otherwise a plain line
/// every 5 seconds (for logs), and a summary line at the end. `LOCATOR_PROGRESS=bar` or
/// `=lines` chooses either, wherever stderr goes. The text is ``BatchProgressText``'s.
final class ProgressDisplay {
    private let drawsBar: Bool
    private var lastDrawn: Date
    private var drawnBar = false

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        switch environment["LOCATOR_PROGRESS"] {
        case "bar": drawsBar = true
        case "lines": drawsBar = false
        default: drawsBar = isatty(2) == 1
        }
        // A log gets its first line 5 s in (a short batch only its summary); a bar shows at once.
        lastDrawn = drawsBar ? .distantPast : Date()
    }

    /// Redraws the bar (at most 10 times a second) or, for a log, writes a line every 5 s.
    func update(_ progress: BatchJob.Progress) {
        let now = Date()
        guard now.timeIntervalSince(lastDrawn) >= (drawsBar ? 0.1 : 5) else { return }
        lastDrawn = now
        if drawsBar {
            FileHandle.standardError.write(Data(("\r" + BatchProgressText.bar(progress) + "\u{1B}[K").utf8))
            drawnBar = true
        } else {
            Output.diagnostic(BatchProgressText.logLine(progress))
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
        Output.diagnostic(BatchProgressText.summary(summary, output: output))
    }

    private func clearBar() {
        if drawnBar { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawnBar = false
    }
}
