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

    /// `[--name VALUE]`, `[--flag]` or `[--name VALUE]...`, as usage lines show it.
    public var synopsis: String {
        "[" + key + (valueName.map { " " + $0 } ?? "") + "]" + (repeatable ? "..." : "")
    }

    /// The key: the first (long) name.
    public var key: String { names[0] }
}

/// A command's option as a typed declaration: its `spec` feeds the usage line, the help, the
/// completions, the manual page and the reference, and the command reads the parsed value through the
/// same value (`arguments[option]`), so a value is read only as the option that was declared.
public struct Option<Value>: Sendable {
    /// Names, value placeholder, help: what every generated text shows.
    public let spec: OptionSpec
    private let read: @Sendable (ParsedArguments) throws -> Value

    fileprivate init(_ spec: OptionSpec, read: @escaping @Sendable (ParsedArguments) throws -> Value) {
        self.spec = spec
        self.read = read
    }

    /// The option's value in `arguments`.
    /// - Throws: a usage error naming the option when its value is not what it declares.
    func value(in arguments: ParsedArguments) throws -> Value { try read(arguments) }

    /// The same option with another line of help (a command that says more about it); read alike.
    public func withHelp(_ help: String) -> Option {
        var spec = spec
        spec.help = help
        return Option(spec, read: read)
    }
}

extension Option where Value == Bool {
    /// A flag without a value, e.g. `--dry-run`: true when given.
    public static func flag(_ names: String..., help: String) -> Option {
        let spec = OptionSpec(names: names, valueName: nil, repeatable: false, help: help)
        return Option(spec) { $0.isFlagGiven(spec.key) }
    }
}

extension Option where Value == String? {
    /// An option with a free value, e.g. `--log PATH`: nil when not given.
    public static func text(_ names: String..., value: String, help: String) -> Option {
        let spec = OptionSpec(names: names, valueName: value, repeatable: false, help: help)
        return Option(spec) { $0.lastValue(spec.key) }
    }
}

extension Option where Value == [String] {
    /// A repeatable option, e.g. `--source DIR`: every value in the order given.
    public static func repeated(_ names: String..., value: String, help: String) -> Option {
        let spec = OptionSpec(names: names, valueName: value, repeatable: true, help: help)
        return Option(spec) { $0.allValues(spec.key) }
    }
}

extension Option where Value == Int? {
    /// A whole number within `range`, e.g. `--jobs N`: nil when not given.
    public static func integer(_ names: String..., value: String, in range: ClosedRange<Int>, help: String)
        -> Option
    {
        let spec = OptionSpec(names: names, valueName: value, repeatable: false, help: help)
        return Option(spec) { arguments in
            guard let text = arguments.lastValue(spec.key) else { return nil }
            guard let number = Int(text), range.contains(number) else {
                throw AuditError(
                    .usage,
                    "\(spec.key) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
            }
            return number
        }
    }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// An option whose value is one of the cases of `Value` (`--format text|json`), `fallback` when not
    /// given: usage, help and completions list the cases, and parsing refuses anything else.
    public static func choice(_ names: String..., default fallback: Value, help: String) -> Option {
        let values = Value.allCases.map(\.rawValue)
        let spec = OptionSpec(
            names: names, valueName: values.joined(separator: "|"), repeatable: false, help: help, choices: values)
        return Option(spec) { arguments in
            guard let text = arguments.lastValue(spec.key) else { return fallback }
            // The parser already refused values outside `choices`.
            return Value(rawValue: text) ?? fallback
        }
    }
}

/// What a command takes besides its options, with how many: the usage line shows `synopsis`, and the
/// tool checks the count before the command runs, so no command counts its operands by hand.
public struct Operands: Sendable {
    /// How many operands a command takes.
    public enum Count: Sendable {
        /// None.
        case none
        /// Exactly the named ones (`REPORT`; `OLD NEW`).
        case exactly([String])
        /// One or more of one kind (`REPORT...`).
        case oneOrMore(String)
        /// Any number of one kind, none included (`[REPORT|DIR...]`).
        case any(String)
        /// Several forms the command tells apart itself (`REPORT | --init`).
        case forms(String)
    }

    /// How many, and named how.
    public let count: Count

    /// No operands.
    public static let none = Operands(count: .none)

    /// Exactly these operands, in this order.
    public static func exactly(_ names: String...) -> Operands { Operands(count: .exactly(names)) }

    /// One or more operands of the kind `name`.
    public static func oneOrMore(_ name: String) -> Operands { Operands(count: .oneOrMore(name)) }

    /// Any number of operands of the kind `name`.
    public static func any(_ name: String) -> Operands { Operands(count: .any(name)) }

    /// Several forms (`synopsis`) that the command checks itself.
    public static func forms(_ synopsis: String) -> Operands { Operands(count: .forms(synopsis)) }

    /// How the usage line shows them: `REPORT`, `OLD NEW`, `REPORT...`, `[REPORT|DIR...]`, or the forms.
    public var synopsis: String {
        switch count {
        case .none: return ""
        case .exactly(let names): return names.joined(separator: " ")
        case .oneOrMore(let name): return name + "..."
        case .any(let name): return "[" + name + "...]"
        case .forms(let synopsis): return synopsis
        }
    }

    /// Checks that `positional` has as many operands as declared.
    /// - Throws: a usage error saying what is missing or extra, for `command`.
    public func check(_ positional: [String], command: String) throws {
        switch count {
        case .none:
            if let first = positional.first {
                throw AuditError(.usage, "\(command) takes no arguments; got '\(first)'")
            }
        case .exactly(let names):
            if positional.count < names.count {
                throw AuditError(.usage, "missing " + names[positional.count...].joined(separator: " and "))
            }
            if positional.count > names.count {
                let what =
                    names.count == 1 ? "one \(names[0]) at a time" : "exactly \(names.joined(separator: " and "))"
                throw AuditError(.usage, "\(command) takes \(what); got \(positional.count) arguments")
            }
        case .oneOrMore(let name):
            if positional.isEmpty { throw AuditError(.usage, "missing \(name)") }
        case .any, .forms:
            break
        }
    }
}

/// The result of parsing a command's arguments against its `OptionSpec`s. Commands read options
/// through their `Option` declarations (`arguments[Self.format]`), never by name; an option the
/// command does not take reads as not given (the project's settings ask every command for `--out`).
public struct ParsedArguments: Sendable {
    /// Arguments that are not options, in order.
    public var positional: [String] = []
    /// Values per option key, in order given.
    fileprivate var values: [String: [String]] = [:]
    /// Flags given.
    fileprivate var flags: Set<String> = []

    /// The value of `option`.
    /// - Throws: a usage error naming the option when its value is not what it declares.
    public subscript<Value>(option: Option<Value>) -> Value {
        get throws { try option.value(in: self) }
    }

    /// Whether `flag` was given.
    public subscript(flag: Option<Bool>) -> Bool { isFlagGiven(flag.spec.key) }

    /// The value of `option`, nil when not given.
    public subscript(option: Option<String?>) -> String? { lastValue(option.spec.key) }

    /// Every value of the repeatable `option`, in the order given.
    public subscript(option: Option<[String]>) -> [String] { allValues(option.spec.key) }

    /// Whether the flag keyed `key` was given: the one reading of a flag, for the declarations and the subscripts.
    fileprivate func isFlagGiven(_ key: String) -> Bool { flags.contains(key) }

    /// The last value given for the option keyed `key`.
    fileprivate func lastValue(_ key: String) -> String? { values[key]?.last }

    /// Every value given for the option keyed `key`, in order.
    fileprivate func allValues(_ key: String) -> [String] { values[key] ?? [] }

    /// Whether `option` was given at all (its value may have a default).
    public func isGiven<Value>(_ option: Option<Value>) -> Bool {
        values[option.spec.key] != nil || flags.contains(option.spec.key)
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
