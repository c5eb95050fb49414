import OpenLocator

/// Command-line arguments taken apart the way swift-argument-parser does: `--name value`,
/// `--name=value`, repeatable options, flags and positionals. Values may start with `-`
/// (`--near -33.87,151.21`).
struct CommandLineArguments {
    /// What a command accepts.
    struct Spec {
        var options: Set<String> = []
        var repeatable: Set<String> = []
        var flags: Set<String> = []
        var maxPositionals = 0
    }

    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []
    /// For each positional, the option given last before it (`--osm a.pbf b.pbf`: "osm" for
    /// b.pbf), so commands can take several files after one flag.
    private(set) var positionalOptions: [String?] = []

    /// Parses `arguments` against `spec`.
    /// - Throws: ``UsageError`` for an unknown option, a missing value or too many positionals.
    init(_ arguments: [String], spec: Spec) throws {
        var index = 0
        var onlyPositionals = false
        var lastOption: String?
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "--" {
                if argument == "--", !onlyPositionals { onlyPositionals = true; continue }
                if argument.hasPrefix("-"), argument.count > 1, !onlyPositionals, Double(argument) == nil,
                    !argument.contains(",")
                {
                    throw UsageError("unknown option '\(argument)'")
                }
                positionals.append(argument)
                positionalOptions.append(lastOption)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("'--\(name)' takes no value") }
                flags.insert(name)
            } else if spec.options.contains(name) || spec.repeatable.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("missing value for '--\(name)'") }
                    value = arguments[index]
                    index += 1
                }
                if values[name] != nil, !spec.repeatable.contains(name) {
                    throw UsageError("'--\(name)' was given more than once")
                }
                values[name, default: []].append(value)
                lastOption = name
            } else {
                let known = spec.options.union(spec.repeatable).union(spec.flags).union(["help"]).sorted()
                let hint = DidYouMean.closest(to: name, among: known).map { "; did you mean '--\($0)'?" } ?? ""
                throw UsageError("unknown option '--\(name.prefix(40))'\(hint)")
            }
        }
        if positionals.count > spec.maxPositionals {
            throw UsageError("unexpected argument '\(positionals[spec.maxPositionals].prefix(60))'")
        }
    }

    /// The value of a single-valued option.
    func value(_ name: String) -> String? { values[name]?.last }
    /// All values of a repeatable option.
    func all(_ name: String) -> [String] { values[name] ?? [] }
    /// Whether a flag was given.
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// A mistake in how the command was called: exit 64 with a one-line hint.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The machine's state stopped the command (a port in use), not how it was called: exit 1,
/// with no hint to read the help.
struct RuntimeError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
