import AuditKit

/// One option a command accepts.
public struct OptionSpec: Sendable {
    /// All spellings, long first: `["--output", "-o"]`. The first is the key used to look values up.
    public var names: [String]
    /// The value's placeholder in help (`PATH`); nil for a flag that takes no value.
    public var valueName: String?
    /// Whether the option may be given more than once.
    public var repeatable: Bool
    /// One line of help.
    public var help: String
    /// The values the option accepts, when it is a choice (`text`, `json`); empty for a free value.
    public var choices: [String] = []

    /// A flag without a value, e.g. `--dry-run`.
    public static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: nil, repeatable: false, help: help)
    }

    /// An option with a value, e.g. `--log PATH`.
    public static func option(_ names: String..., value: String, repeatable: Bool = false, help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: value, repeatable: repeatable, help: help)
    }

    /// An option whose value is one of the cases of `type` (`--format text|json`): usage, help and
    /// completions list the cases, and parsing refuses anything else.
    public static func choice<T: RawRepresentable & CaseIterable>(_ names: String..., of type: T.Type, help: String)
        -> OptionSpec where T.RawValue == String
    {
        let values = T.allCases.map(\.rawValue)
        return OptionSpec(
            names: names, valueName: values.joined(separator: "|"), repeatable: false, help: help, choices: values)
    }

    /// `[--name VALUE]`, `[--flag]` or `[--name VALUE]...`, as usage lines show it.
    public var synopsis: String {
        "[" + key + (valueName.map { " " + $0 } ?? "") + "]" + (repeatable ? "..." : "")
    }

    /// The key: the first (long) name.
    public var key: String { names[0] }
}

/// The result of parsing a command's arguments against its `OptionSpec`s.
public struct ParsedArguments: Sendable {
    /// Arguments that are not options, in order.
    public var positional: [String] = []
    /// Values per option key, in order given.
    public var values: [String: [String]] = [:]
    /// Flags given.
    public var flags: Set<String> = []

    /// The last value given for `key` (`--format`), if any.
    public func value(_ key: String) -> String? { values[key]?.last }

    /// Every value given for a repeatable option.
    public func all(_ key: String) -> [String] { values[key] ?? [] }

    /// Whether the flag `key` was given.
    public func has(_ key: String) -> Bool { flags.contains(key) }

    /// The value of `key` as an integer within `range`.
    /// - Throws: a usage error naming the option when it is not a whole number in range.
    public func integer(_ key: String, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
        guard let text = value(key) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw AuditError(
                .usage, "\(key) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
        }
        return number
    }

    /// The value of `key` as one of the cases of `T` (e.g. an output format), or `fallback` when absent.
    /// - Throws: a usage error listing the accepted values.
    public func choice<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T) throws -> T
    where T.RawValue == String {
        guard let text = value(key) else { return fallback }
        guard let chosen = T(rawValue: text) else {
            let accepted = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw AuditError(.usage, "\(key) must be one of \(accepted), got '\(text)'")
        }
        return chosen
    }
}

/// Parses `arguments` against `specs`: `--name value`, `--name=value`, `-o value`, flags, `--` to end
/// options; a negative number such as `-1` is a positional argument. `--help`/`-h` are reported through `wantsHelp`.
/// - Throws: a usage error for an unknown option, a missing value, or a repeated single option.
public func parseArguments(_ arguments: [String], specs: [OptionSpec]) throws -> (ParsedArguments, wantsHelp: Bool) {
    var parsed = ParsedArguments()
    var wantsHelp = false
    var index = 0
    var onlyPositional = false
    func spec(for name: String) -> OptionSpec? { specs.first { $0.names.contains(name) } }
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        let isNegativeNumber = argument.count > 1 && argument.dropFirst().allSatisfy(\.isASCII) && Int(argument) != nil
        if onlyPositional || argument == "-" || !argument.hasPrefix("-") || isNegativeNumber {
            parsed.positional.append(argument)
            continue
        }
        if argument == "--" {
            onlyPositional = true
            continue
        }
        if argument == "--help" || argument == "-h" {
            wantsHelp = true
            continue
        }
        var name = argument
        var inlineValue: String?
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        }
        guard let option = spec(for: name) else {
            let suggestion = closest(to: name, among: specs.flatMap(\.names) + ["--help"])
            throw AuditError(.usage, "unknown option '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
        }
        if option.valueName == nil {
            if inlineValue != nil { throw AuditError(.usage, "\(option.key) takes no value") }
            parsed.flags.insert(option.key)
            continue
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else if index < arguments.count {
            value = arguments[index]
            index += 1
        } else {
            throw AuditError(.usage, "\(option.key) needs a value (\(option.valueName!))")
        }
        if !option.choices.isEmpty, !option.choices.contains(value) {
            let suggestion = closest(to: value, among: option.choices)
            throw AuditError(
                .usage,
                "\(option.key) must be one of \(option.choices.joined(separator: ", ")), got '\(value)'"
                    + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
        }
        if !option.repeatable, parsed.values[option.key] != nil {
            throw AuditError(.usage, "\(option.key) given more than once")
        }
        parsed.values[option.key, default: []].append(value)
    }
    return (parsed, wantsHelp)
}

/// The candidate nearest to `word` by edit distance, when it is close enough to be a typo (at most
/// two edits, and fewer than half the word), as swift-argument-parser suggests.
func closest(to word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= min(2, max(1, word.count / 2)) }
    return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
}

/// Levenshtein distance between `a` and `b`, by characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
