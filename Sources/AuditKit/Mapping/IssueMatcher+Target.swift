extension IssueMatcher {
    /// The target a report was most likely taken from, when the sources hold two or more non-test targets:
    /// an app target before any other, then the one whose files hold a candidate for the most warnings, then
    /// the one built for the report's device (`platformHint(device:)`), then by name. Test targets are never
    /// chosen; nil when no target's files explain any warning.
    func chooseTarget(_ candidates: [[RankedCandidate]], device: String?) -> AuditedTarget? {
        guard let index else { return nil }
        var seen = Set<String>()
        let choices = index.targets.filter { !$0.isTest && seen.insert($0.name).inserted }
        guard choices.count >= 2 else { return nil }
        var explained: [String: Int] = [:]
        for list in candidates {
            var names = Set<String>()
            for candidate in list where candidate.literal >= 0 && !candidate.isShortPattern {
                names.formUnion(index.targetsOfFile[index.literals[candidate.literal].file] ?? [])
            }
            for name in names { explained[name, default: 0] += 1 }
        }
        let platform = Self.platformHint(device: device)
        func fits(_ target: BuildTarget) -> Bool {
            guard let platform, let own = target.platform else { return false }
            return own.split(separator: " ").contains { $0 == platform || $0 == "auto" }
        }
        func key(_ target: BuildTarget) -> (Int, Int, Int) {
            let count = explained[target.name] ?? 0
            return (count > 0 && target.isApp ? 1 : 0, count, fits(target) ? 1 : 0)
        }
        var best = choices[0]
        for target in choices.dropFirst() {
            let (a, b) = (key(target), key(best))
            if a > b || (a == b && target.name < best.name) { best = target }
        }
        let count = explained[best.name] ?? 0
        guard count > 0 else { return nil }
        let warnings = "\(count) of \(candidates.count) warning\(candidates.count == 1 ? "" : "s")"
        var reason = "its files explain " + warnings
        if best.isApp { reason = "the app target whose files explain " + warnings }
        let tied = choices.filter { $0.name != best.name && key($0).0 == key(best).0 && key($0).1 == count }
        if !tied.isEmpty {
            reason +=
                fits(best) && tied.allSatisfy({ !fits($0) })
                ? ", as many as \(tied.map(\.name).joined(separator: ", ")); built for the report's device"
                : ", as many as \(tied.map(\.name).joined(separator: ", ")); first by name"
        }
        return AuditedTarget(name: best.name, choice: .automatic, reason: reason)
    }

    /// The SDK (`iphoneos`, `macosx`, `watchos`, `xros`, `appletvos`) of a report's device name, if it tells.
    static func platformHint(device: String?) -> String? {
        guard let device = device?.lowercased() else { return nil }
        if device.contains("watch") { return "watchos" }
        if device.contains("vision") { return "xros" }
        if device.contains("iphone") || device.contains("ipad") || device.contains("ipod") { return "iphoneos" }
        if device.contains("apple tv") || device.contains("appletv") { return "appletvos" }
        if device.contains("mac") { return "macosx" }
        return nil
    }
}
