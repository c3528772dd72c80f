/// The audit's test categories, plus `other` for anything the Inspector adds later.
public enum TestType: Sendable, Hashable {
    /// Contrast.
    case contrast
    /// Hit Region.
    case hitRegion
    /// Element Description.
    case elementDescription
    /// Dynamic Type.
    case dynamicType
    /// Clipped Text.
    case clippedText
    /// Element Detection.
    case elementDetection
    /// Trait.
    case trait
    /// Parent/Child.
    case parentChild
    /// Action.
    case action
    /// Swipe Order.
    case swipeOrder
    /// A category this version does not know; carries the name as found.
    case other(String)

    /// The ten known categories in the Inspector's order.
    public static let known: [TestType] = [
        .contrast, .hitRegion, .elementDescription, .dynamicType, .clippedText,
        .elementDetection, .trait, .parentChild, .action, .swipeOrder,
    ]

    /// The English name the Inspector shows, e.g. "Dynamic Type"; `other` gives its own name.
    public var displayName: String {
        switch self {
        case .contrast: return "Contrast"
        case .hitRegion: return "Hit Region"
        case .elementDescription: return "Element Description"
        case .dynamicType: return "Dynamic Type"
        case .clippedText: return "Clipped Text"
        case .elementDetection: return "Element Detection"
        case .trait: return "Trait"
        case .parentChild: return "Parent/Child"
        case .action: return "Action"
        case .swipeOrder: return "Swipe Order"
        case .other(let name): return name.isEmpty ? "Other" : name
        }
    }

    /// A stable machine key, e.g. `dynamic-type`, used in JSON output, rule files and fingerprints.
    /// `other` gives `other:` followed by its name.
    public var key: String {
        switch self {
        case .contrast: return "contrast"
        case .hitRegion: return "hit-region"
        case .elementDescription: return "element-description"
        case .dynamicType: return "dynamic-type"
        case .clippedText: return "clipped-text"
        case .elementDetection: return "element-detection"
        case .trait: return "trait"
        case .parentChild: return "parent-child"
        case .action: return "action"
        case .swipeOrder: return "swipe-order"
        case .other(let name): return "other:" + name
        }
    }

    /// The test type for a machine key (`dynamic-type`) or an English display name (`Dynamic Type`),
    /// case-insensitively; anything else is `other`.
    public init(key: String) {
        let lowered = key.lowercased()
        if let match = TestType.known.first(where: { $0.key == lowered || $0.displayName.lowercased() == lowered }) {
            self = match
        } else if lowered.hasPrefix("other:") {
            self = .other(String(key.dropFirst(6)))
        } else {
            self = .other(key)
        }
    }
}

extension TestType: Codable {
    /// Decodes from the `key` string.
    public init(from decoder: any Decoder) throws {
        self.init(key: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes as the `key` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(key)
    }
}

extension TestType {
    /// The one order every output lists test types in: the Inspector's (`known`), then the types it
    /// does not know by key; each type once.
    public static func ordered(_ types: some Sequence<TestType>) -> [TestType] {
        let present = Set(types)
        return known.filter(present.contains) + present.filter { !known.contains($0) }.sorted { $0.key < $1.key }
    }

    /// Where the type stands in `ordered(_:)` among the known types (`known.count` for another type,
    /// which then sorts by key): for sorting things that carry a type, stably.
    public var rank: Int { Self.known.firstIndex(of: self) ?? Self.known.count }
}
