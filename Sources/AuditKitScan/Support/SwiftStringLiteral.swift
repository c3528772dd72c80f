/// A string literal found in Swift source, with the context the matcher needs.
public struct SwiftStringLiteral: Sendable, Hashable {
    /// A piece of the literal's value.
    public enum Segment: Sendable, Hashable {
        /// Literal text, escapes decoded, multi-line indentation removed.
        case text(String)
        /// An interpolation `\(...)`, whose value is unknown.
        case interpolation
    }

    /// The value, in order.
    public var segments: [Segment]
    /// Zero-based byte offset of the literal's first delimiter character in the file.
    public var offset: Int
    /// One-based line of the literal's start.
    public var line: Int
    /// One-based byte column of the literal's start.
    public var column: Int
    /// Whether it is a `"""` literal.
    public var isMultiline: Bool
    /// The number of `#` around a raw literal (0 for a plain one).
    public var rawDelimiterCount: Int
    /// The function, initialiser or modifier whose argument list holds the literal directly,
    /// e.g. `Text`, `navigationTitle`, `String`; nil outside an argument list.
    public var call: String?
    /// The argument label in front of the literal (`localized` in `String(localized: "x")`), if any.
    public var argumentLabel: String?
    /// Zero-based position of the argument in the call.
    public var argumentIndex: Int
    /// The name a declaration or assignment gives the literal (`title` in `static let title = "x"` or
    /// `label.text = "x"`).
    public var assignedTo: String?
    /// Enclosing type declarations, outermost first (extensions count under their extended name).
    public var enclosingTypes: [String]
    /// Whether the literal is inside `#Preview { }` or a `PreviewProvider`.
    public var inPreview: Bool
    /// The member (`var`, `func`, `let`, `case`) of the innermost type whose body holds the literal
    /// (`title` for a literal returned by `var title: LocalizedStringKey { … }`), if any.
    public var member: String?
    /// The member declared directly in a type body whose initial value holds the literal (`title` in
    /// `static let title = L10n.tr("Localizable", "room.title")`), if any; the initial value ends with its
    /// statement.
    public var initializedMember: String?
    /// The call whose closure most tightly holds the literal (`tabItem` for `.tabItem { Label("Home", …) }`,
    /// `VStack` for a literal in `VStack { … }`), if any.
    public var closureCall: String?
    /// Whether the literal is a control's label that is not shown: the first argument of a `Picker`,
    /// `Toggle`, `DatePicker`, `Stepper`, `ColorPicker` or `Slider` whose statement (or an enclosing
    /// container's) has `.labelsHidden()`, or, for a `Picker`, `.pickerStyle(.segmented)`; also any literal
    /// inside content that is off screen until opened (`Menu { … }` content, `ToolbarTitleMenu`,
    /// `.contextMenu`, `.confirmationDialog`, `.swipeActions`).
    public var isHiddenLabel: Bool = false
    /// When `call` only wraps text (`String(localized:)`, `LocalizedStringKey`, `LocalizedStringResource`,
    /// `NSLocalizedString`): the call whose argument the wrapper is (`Tab` in `Tab(String(localized: "Home"))`).
    public var outerCall: String?
    /// The argument label of the wrapper in `outerCall`, if any.
    public var outerArgumentLabel: String?
    /// For a value the index put where code names a constant (`A11yID.pay` set as an accessibility
    /// identifier, `static let pay = "checkout.pay"` elsewhere): the constant's qualified name. Nil for
    /// a literal written in the code.
    public var resolvedFrom: String?
    /// How many parentheses, brackets, braces and interpolations enclose the literal (`Package.swift`'s
    /// targets are less deeply nested than the `.target(name:)` dependencies inside them).
    public var nesting = 0

    /// Calls that only turn a literal into localized text for another call.
    public static let textWrappers: Set<String> = [
        "String", "LocalizedStringKey", "LocalizedStringResource", "NSLocalizedString",
    ]

    /// Creates a literal record.
    public init(
        segments: [Segment], offset: Int, line: Int, column: Int, isMultiline: Bool = false,
        rawDelimiterCount: Int = 0, call: String? = nil, argumentLabel: String? = nil, argumentIndex: Int = 0,
        assignedTo: String? = nil, enclosingTypes: [String] = [], inPreview: Bool = false
    ) {
        self.segments = segments
        self.offset = offset
        self.line = line
        self.column = column
        self.isMultiline = isMultiline
        self.rawDelimiterCount = rawDelimiterCount
        self.call = call
        self.argumentLabel = argumentLabel
        self.argumentIndex = argumentIndex
        self.assignedTo = assignedTo
        self.enclosingTypes = enclosingTypes
        self.inPreview = inPreview
    }

    /// Whether the literal has interpolations.
    public var hasInterpolation: Bool { segments.contains(.interpolation) }

    /// The member of its innermost type that other code reaches the literal's text by: the one whose body
    /// (`var title: String { … }`, `func members(_ n: Int) -> String { … }`) or initial value
    /// (`static let title = …`) holds it.
    public var declaringMember: String? { member ?? initializedMember }

    /// The value with each interpolation written as `\(…)`, for display.
    public var displayText: String {
        segments.map { segment in
            switch segment {
            case .text(let text): return text
            case .interpolation: return "\\(…)"
            }
        }.joined()
    }

    /// The value when it has no interpolation.
    public var plainText: String? {
        if segments.isEmpty { return "" }
        guard segments.count == 1, case .text(let text) = segments[0] else { return nil }
        return text
    }

    /// The call as people write it: `Text`, `String(localized:)`, `.navigationTitle` is `navigationTitle`.
    public var callDescription: String? {
        guard let call else { return nil }
        if let argumentLabel { return "\(call)(\(argumentLabel):)" }
        return call
    }
}

/// A type declaration or extension found in Swift source.
public struct SwiftTypeDeclaration: Sendable, Hashable {
    /// The name, qualified by enclosing types (`HomeView.Row`); an extension uses the extended name.
    public var name: String
    /// The names after `:` (superclass and protocols), as written, last path component only.
    public var inheritedTypes: [String]
    /// Whether this is an `extension`.
    public var isExtension: Bool
    /// One-based line of the declaration keyword.
    public var line: Int
    /// One-based byte column of the declaration keyword.
    public var column: Int
    /// One-based line of the body's closing brace; nil when the file ends before it.
    public var endLine: Int?

    /// Creates a declaration record.
    public init(
        name: String, inheritedTypes: [String], isExtension: Bool, line: Int, column: Int, endLine: Int? = nil
    ) {
        self.name = name
        self.inheritedTypes = inheritedTypes
        self.isExtension = isExtension
        self.line = line
        self.column = column
        self.endLine = endLine
    }

    /// Whether `line` is inside the declaration, from its keyword to its closing brace.
    public func contains(line target: Int) -> Bool {
        target >= line && target <= (endLine ?? Int.max)
    }

    /// The last component of `name` (`Row` for `HomeView.Row`).
    public var simpleName: Substring {
        // Most names have no dot: no split (a split walks characters and makes an array).
        name.utf8.contains(UInt8(ascii: ".")) ? name.split(separator: ".").last ?? Substring(name) : Substring(name)
    }
}

/// A member (`let`, `var`, `func`, `case`) declared directly in a type body.
public struct SwiftMemberDeclaration: Sendable, Hashable {
    /// `Type.member`, e.g. `HomeWidgetKind.titleColor`.
    public var qualifiedName: String
    /// One-based line of the member's name.
    public var line: Int
    /// One-based byte column of the member's name.
    public var column: Int
    /// Whether the type, not a value of it, has the member: `static` or `class`, or an enum's `case`.
    public var isStatic: Bool

    /// Creates a member record.
    public init(qualifiedName: String, line: Int, column: Int, isStatic: Bool = false) {
        self.qualifiedName = qualifiedName
        self.line = line
        self.column = column
        self.isStatic = isStatic
    }
}

/// A constant holding one number written in place, declared at file level or as a `static let` of a type
/// (`static let bottomToolbarIconSize: CGFloat = 18` in `enum DS { enum Spacing { … } }`), so a font size
/// named in another file can be followed to its number.
public struct SwiftNumericConstant: Sendable, Hashable {
    /// The types it is declared in, outermost first, as the lexer names them (an extension by the name it
    /// extends, `DS.Spacing`); empty at file level.
    public var enclosingTypes: [String]
    /// Its name.
    public var name: String
    /// Its value (`-0.5` for `= -0.5`).
    public var value: Double
    /// One-based line of its name.
    public var line: Int

    /// Creates a record.
    public init(enclosingTypes: [String], name: String, value: Double, line: Int) {
        self.enclosingTypes = enclosingTypes
        self.name = name
        self.value = value
        self.line = line
    }
}

/// A place where code creates a type by name: `HomeIncomeTile(`, `Row {`, `Header<Content>(`, `Tile.init(`.
public struct SwiftTypeReference: Sendable, Hashable {
    /// The type's name as written (last component).
    public var name: String
    /// Enclosing type declarations of the place, outermost first.
    public var enclosingTypes: [String]
    /// Whether the creation sits in a presentation (`.sheet`, `.fullScreenCover`, `.popover`,
    /// `.inspector`, `.navigationDestination`, or a `NavigationLink`'s destination) rather than being a child.
    public var isPresentation: Bool
    /// One-based line of the name.
    public var line: Int
    /// The member (`var body`, `private var header`) whose body holds the place, if any.
    public var member: String?

    /// Creates a reference record.
    public init(name: String, enclosingTypes: [String], isPresentation: Bool, line: Int, member: String? = nil) {
        self.name = name
        self.enclosingTypes = enclosingTypes
        self.isPresentation = isPresentation
        self.line = line
        self.member = member
    }
}

/// A name that starts a statement inside a member's body (`header` in `var body: some View { VStack {
/// header; content } }`): where a view's body composes its own members, so the order the body shows them in
/// is known (`SourceIndex.memberPaths`). Only lower-case names not preceded by a dot; which are members is
/// for the reader to say.
public struct SwiftMemberUse: Sendable, Hashable {
    /// The name used.
    public var name: String
    /// Enclosing type declarations of the place, outermost first.
    public var enclosingTypes: [String]
    /// The member whose body holds the place.
    public var member: String
    /// One-based line of the name.
    public var line: Int

    /// Creates a record.
    public init(name: String, enclosingTypes: [String], member: String, line: Int) {
        self.name = name
        self.enclosingTypes = enclosingTypes
        self.member = member
        self.line = line
    }
}

/// A name that a text-bearing call receives as an argument (`title` in `Text(title)` or
/// `Label(tab.title, systemImage: …)`), so literals given to that name count as shown text.
public struct SwiftForwardedName: Sendable, Hashable {
    /// The receiving call (`Text`, `Label`, `Tab`, ...).
    public var call: String
    /// The call whose closure holds the receiving call (`tabItem`), if any.
    public var closureCall: String?
    /// The last component of the argument (`title` for `tab.title`, `label` for `kind.label(…)`).
    public var name: String
    /// Enclosing type declarations of the call, outermost first.
    public var enclosingTypes: [String]
    /// The member (`var label: some View`) whose body holds the call, if any.
    public var member: String?

    /// Creates a record.
    public init(call: String, closureCall: String?, name: String, enclosingTypes: [String], member: String? = nil) {
        self.call = call
        self.closureCall = closureCall
        self.name = name
        self.enclosingTypes = enclosingTypes
        self.member = member
    }
}

/// A dotted name, not a literal, where code shows a text or sets an accessibility identifier:
/// `L10n.Screen.Room.title` in `Text(L10n.Screen.Room.title)`, `L10n.members` in `Label(L10n.members(n), …)`,
/// `.welcomeTitle` in `Text(.welcomeTitle)`, `A11yID.pay` in `.accessibilityIdentifier(A11yID.pay)`,
/// `A11yID.pay.rawValue` in `button.accessibilityIdentifier = A11yID.pay.rawValue`, and `L10n.Home.title` at
/// `Text(title)` after `let title = L10n.Home.title` in an enclosing body (a local given a qualified name,
/// outside type bodies, while its scope lasts); a design system's argument (`.default(title: L10n.about)`,
/// `details: .title(L10n.standard)`), a value's member a call receives (`Text(filter.localizedName)`), and a
/// qualified name a member gives as its value (`return L10n.filterUnreads`, `case .past: L10n.past`,
/// `var title: String { L10n.title }`, with no call and no property). Texts kept behind
/// generated accessors, constants and catalog symbols, and identifiers kept in constants shared with UI
/// tests, reach the screen this way; the index resolves the name to the declaration's literals and puts
/// them at `place`.
public struct SwiftSymbolReference: Sendable, Hashable {
    /// The dotted name as written, without spaces and without the arguments of a call (`A11yID.pay.rawValue`,
    /// `.pay`, `L10n.members` for `L10n.members(n)`).
    public var path: String
    /// Where the name is, as a literal there would be: its offset, line, column, call, argument label (or
    /// the property it is assigned to), enclosing types and the rest of the context, with no segments.
    public var place: SwiftStringLiteral

    /// Creates a record.
    public init(path: String, place: SwiftStringLiteral) {
        self.path = path
        self.place = place
    }

    /// Zero-based byte offset of the name's first byte.
    public var offset: Int { place.offset }
    /// One-based line of the name's start.
    public var line: Int { place.line }

    /// Whether it is assigned (`view.accessibilityIdentifier = …`, `label.text = …`) rather than an argument.
    public var isAssignment: Bool { place.assignedTo != nil }

    /// Whether it sets an accessibility identifier rather than a text.
    public var setsIdentifier: Bool {
        place.call == "accessibilityIdentifier" || place.assignedTo == "accessibilityIdentifier"
    }
}

/// One significant token of Swift code as the lexer saw it: an identifier or keyword, a number, one
/// punctuation byte, or a whole string literal (interpolations included).
public struct SwiftToken: Sendable, Hashable {
    /// What kind of token it is.
    public enum Kind: UInt8, Sendable, Hashable {
        /// An identifier or keyword (`#Preview` and `@`-less attribute names included).
        case identifier
        /// The digits of a number up to a `.` (`17.5` is the numbers `17` and `5` around a `.`).
        case number
        /// One byte of punctuation, in `byte`.
        case punctuation
        /// A whole string literal, from its first delimiter to its last.
        case string
        /// Anything else (a regular expression literal, a lone `#`).
        case other
    }

    /// The kind.
    public var kind: Kind
    /// The punctuation byte for `.punctuation`, else 0.
    public var byte: UInt8
    /// Whether the token is inside `#Preview { }` or a type conforming to `PreviewProvider`.
    public var inPreview: Bool
    /// Zero-based byte offset of its first byte.
    public var start: Int
    /// Zero-based byte offset just past its last byte.
    public var end: Int

    /// Creates a token record.
    public init(kind: Kind, byte: UInt8 = 0, inPreview: Bool = false, start: Int, end: Int) {
        self.kind = kind
        self.byte = byte
        self.inPreview = inPreview
        self.start = start
        self.end = end
    }

    /// Whether this is the punctuation byte `ascii`.
    public func isPunctuation(_ ascii: Unicode.Scalar) -> Bool { kind == .punctuation && byte == UInt8(ascii: ascii) }
}

/// What the lexer found in one Swift file.
public struct SwiftFileScan: Sendable {
    /// String literals in file order (including those nested in interpolations).
    public var literals: [SwiftStringLiteral]
    /// Type declarations and extensions in file order.
    public var types: [SwiftTypeDeclaration]
    /// Members declared directly in type bodies, in file order.
    public var members: [SwiftMemberDeclaration]
    /// Places that create a type by name (capitalised name before `(`, `{`, `<…>(` or `.init(`), in file order.
    public var typeReferences: [SwiftTypeReference] = []
    /// Names that text-bearing calls (`SwiftLexer.textBearingCalls`) receive as arguments, in file order.
    public var forwardedNames: [SwiftForwardedName] = []
    /// Lower-case names that start a statement inside a member's body, in file order.
    public var memberUses: [SwiftMemberUse] = []
    /// Dotted names (not literals) that show a text or set an accessibility identifier, in file order.
    public var symbolReferences: [SwiftSymbolReference] = []
    /// Where an interpolation nested deeper than `SwiftLexer.maxInterpolationDepth` starts, when one
    /// does; the lexer skipped the rest of the file from there.
    public var nestingLimit: NestingLimit?
    /// Significant tokens outside string interpolations, in file order; only filled by
    /// `SwiftLexer.scan(_:recordingTokens:)` with `recordingTokens` true.
    public var tokens: [SwiftToken] = []
    /// Byte ranges of the `//` comments outside string interpolations (from the slashes to the end of
    /// the line, without the newline); only filled when recording tokens.
    public var lineComments: [Range<Int>] = []
    /// Byte offsets of every newline (`\n`) in the file; only filled when recording tokens.
    public var newlineOffsets: [Int] = []
    /// The constants declared holding one number written in place (`SwiftNumericConstant`), in file order;
    /// only filled when recording tokens.
    public var numericConstants: [SwiftNumericConstant] = []
    /// Where the first type declaration nested deeper than `SwiftLexer.maxTypeDepth` starts, when one
    /// does; such declarations are read as plain braces (their qualified names would grow with the depth).
    public var typeNestingLimit: NestingLimit?

    /// Where the lexer stopped because string interpolations nest too deeply.
    public struct NestingLimit: Sendable, Hashable {
        /// Zero-based byte offset of the `\(` that goes too deep.
        public var offset: Int
        /// Its one-based line.
        public var line: Int
        /// Its one-based byte column.
        public var column: Int

        /// Creates a record.
        public init(offset: Int, line: Int, column: Int) {
            self.offset = offset
            self.line = line
            self.column = column
        }
    }

    /// Creates a scan result.
    public init(
        literals: [SwiftStringLiteral] = [], types: [SwiftTypeDeclaration] = [],
        members: [SwiftMemberDeclaration] = []
    ) {
        self.literals = literals
        self.types = types
        self.members = members
    }
}
