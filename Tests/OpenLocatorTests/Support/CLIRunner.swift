import Foundation

/// Runs the real `locator` binary built next to the tests.
enum CLI {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built `locator` executable.
    static let executable: URL = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            Fixtures.repositoryRoot.appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("locator") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    /// Runs `locator` with arguments and returns its exit status and output.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // A COLUMNS the shell exported would cut tables; a test sets it when it means to.
        var inherited = ProcessInfo.processInfo.environment
        inherited["COLUMNS"] = nil
        process.environment = inherited.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while the process runs, so a large output cannot block it.
        nonisolated(unsafe) var errorData = Data()
        let finished = DispatchSemaphore(value: 0)
        Thread {
            errorData = err.fileHandleForReading.readDataToEndOfFile()
            finished.signal()
        }.start()
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        finished.wait()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self))
    }
}
