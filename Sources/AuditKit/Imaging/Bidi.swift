import CHarfBuzz

/// The Unicode Bidirectional Algorithm (UAX #9) for one line of element text, at the level of
/// runs: enough to put Hebrew and Arabic right to left, numbers inside them left to right, and
/// punctuation between them where a reader expects it. No C library does this part: HarfBuzz
/// shapes a run in a direction it is given, but does not find the runs.
///
/// What is implemented, by rule: the paragraph level from the first strong character (P2, P3);
/// the weak-type rules W1–W7 (marks take the class before them, European digits after Arabic
/// letters become Arabic numbers, a single separator between two numbers joins them, terminators
/// such as `%` next to digits join them, European digits after left-to-right text are
/// left-to-right); neutrals between two strong directions take that direction, others the
/// paragraph's (N1, N2); implicit levels (I1, I2); trailing white space at the paragraph level
/// (L1); and reordering by reversing runs from the highest level down (L2). Mirroring of brackets
/// in right-to-left runs is HarfBuzz's.
///
/// What is left out: explicit embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069)
/// are treated as boundary-neutral characters, and bracket pairs (N0) are resolved as plain
/// neutrals. The bidi class of a letter comes from its script's direction (HarfBuzz knows each
/// code point's script), of a digit or mark from its general category, and of punctuation from
/// short lists of separators and terminators; Swift's Unicode properties do not expose the class.
enum Bidi {
    /// Bidi classes, collapsed to those the rules above distinguish.
    enum Class: UInt8 {
        case leftToRight, rightToLeft, arabicLetter, europeanNumber, arabicNumber
        case europeanSeparator, commonSeparator, europeanTerminator, nonspacingMark
        case whitespace, otherNeutral

        /// L, R or AL: a strong class.
        var isStrong: Bool { self == .leftToRight || self == .rightToLeft || self == .arabicLetter }
    }

    /// The embedding level of each scalar and the paragraph's level (0 left to right, 1 right to
    /// left); odd levels run right to left.
    struct Levels {
        var levels: [UInt8]
        var paragraph: UInt8
    }

    /// The bidi class of one code point (see the type's documentation for how it is derived).
    static func bidiClass(of value: UInt32) -> Class {
        switch value {
        case 0x0030...0x0039, 0x00B2, 0x00B3, 0x00B9, 0x06F0...0x06F9, 0x2070, 0x2074...0x2079, 0x2080...0x2089,
            0xFF10...0xFF19, 0x1D7CE...0x1D7FF:
            return .europeanNumber
        case 0x0660...0x0669, 0x066B, 0x066C, 0x10E60...0x10E7E:
            return .arabicNumber
        case 0x002B, 0x002D, 0x207A, 0x207B, 0x208A, 0x208B, 0x2212, 0xFB29, 0xFE62, 0xFE63, 0xFF0B, 0xFF0D:
            return .europeanSeparator
        case 0x002C, 0x002E, 0x002F, 0x003A, 0x00A0, 0x060C, 0x202F, 0x2044, 0xFE50, 0xFE52, 0xFE55, 0xFF0C,
            0xFF0E, 0xFF0F, 0xFF1A:
            return .commonSeparator
        case 0x0023...0x0025, 0x00B0, 0x00B1, 0x066A, 0x2030...0x2034, 0x212E, 0x2213, 0xFE5F, 0xFE69, 0xFE6A,
            0xFF03...0xFF05:
            return .europeanTerminator
        case 0x200E: return .leftToRight
        case 0x200F: return .rightToLeft
        case 0x061C: return .arabicLetter
        case 0x0009, 0x0020, 0x1680, 0x2000...0x200A, 0x2028, 0x205F, 0x3000:
            return .whitespace
        default: break
        }
        guard let scalar = Unicode.Scalar(value) else { return .otherNeutral }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            // Format characters (ZWJ, ZWNJ, the explicit embeddings) are boundary neutrals (X9);
            // taking the class before them, as marks do, keeps an emoji ZWJ sequence in one run.
            return .nonspacingMark
        case .currencySymbol:
            return .europeanTerminator
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark,
            .letterNumber, .decimalNumber, .otherNumber:
            let script = hb_unicode_script(hb_unicode_funcs_get_default(), value)
            guard hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL else {
                // Letters of left-to-right scripts, and digits of scripts other than Latin and
                // Arabic (Devanagari, Thai…), which UAX #9 classes as L.
                return scalar.properties.generalCategory == .otherNumber ? .otherNeutral : .leftToRight
            }
            return script == HB_SCRIPT_ARABIC || script == HB_SCRIPT_SYRIAC || script == HB_SCRIPT_THAANA
                ? .arabicLetter : .rightToLeft
        default:
            return .otherNeutral
        }
    }

    /// Whether any code point in `values` is right to left (R, AL or AN): when none is, every
    /// level is 0 and the algorithm can be skipped.
    static func needsBidi(_ values: UnsafeBufferPointer<UInt32>) -> Bool {
        for value in values where value >= 0x0590 {
            switch bidiClass(of: value) {
            case .rightToLeft, .arabicLetter, .arabicNumber: return true
            default: continue
            }
        }
        return false
    }

    /// Resolves the levels of one line of code points.
    static func levels(of values: UnsafeBufferPointer<UInt32>) -> Levels {
        let count = values.count
        var classes = values.map(bidiClass(of:))
        // P2, P3: the paragraph level is that of the first strong character.
        let firstStrong = classes.first(where: \.isStrong)
        let paragraph: UInt8 = firstStrong == nil || firstStrong == .leftToRight ? 0 : 1
        let embedding: Class = paragraph == 0 ? .leftToRight : .rightToLeft
        guard count > 0 else { return Levels(levels: [], paragraph: paragraph) }

        // W1: a mark takes the class of the character before it (at the start, the embedding's).
        for index in 0..<count where classes[index] == .nonspacingMark {
            classes[index] = index == 0 ? embedding : classes[index - 1]
        }
        // W2: a European number after an Arabic letter (with only weak characters between) is an
        // Arabic number. W3: Arabic letters are then right to left.
        var lastStrong = embedding
        for index in 0..<count {
            switch classes[index] {
            case .leftToRight, .rightToLeft, .arabicLetter: lastStrong = classes[index]
            case .europeanNumber where lastStrong == .arabicLetter: classes[index] = .arabicNumber
            default: break
            }
        }
        for index in 0..<count where classes[index] == .arabicLetter { classes[index] = .rightToLeft }
        // W4: one separator between two numbers of the same kind joins them.
        if count >= 3 {
            for index in 1..<(count - 1) {
                let before = classes[index - 1], after = classes[index + 1]
                switch classes[index] {
                case .europeanSeparator where before == .europeanNumber && after == .europeanNumber:
                    classes[index] = .europeanNumber
                case .commonSeparator
                where before == after && (before == .europeanNumber || before == .arabicNumber):
                    classes[index] = before
                default: break
                }
            }
        }
        // W5: terminators next to European numbers are European numbers.
        var index = 0
        while index < count {
            guard classes[index] == .europeanTerminator else {
                index += 1
                continue
            }
            var end = index
            while end < count, classes[end] == .europeanTerminator { end += 1 }
            let touchesNumber =
                (index > 0 && classes[index - 1] == .europeanNumber)
                || (end < count && classes[end] == .europeanNumber)
            if touchesNumber {
                for position in index..<end { classes[position] = .europeanNumber }
            }
            index = end
        }
        // W6: remaining separators and terminators are neutral. W7: European numbers after
        // left-to-right text (or at the start of a left-to-right paragraph) are left to right.
        lastStrong = embedding
        for index in 0..<count {
            switch classes[index] {
            case .europeanSeparator, .commonSeparator, .europeanTerminator: classes[index] = .otherNeutral
            case .leftToRight, .rightToLeft: lastStrong = classes[index]
            case .europeanNumber where lastStrong == .leftToRight: classes[index] = .leftToRight
            default: break
            }
        }
        // N1, N2: a run of neutrals between two characters of the same direction (numbers count as
        // right to left) takes that direction; otherwise the paragraph's.
        func direction(_ value: Class) -> Class? {
            switch value {
            case .leftToRight: return .leftToRight
            case .rightToLeft, .europeanNumber, .arabicNumber: return .rightToLeft
            default: return nil
            }
        }
        index = 0
        while index < count {
            guard direction(classes[index]) == nil else {
                index += 1
                continue
            }
            var end = index
            while end < count, direction(classes[end]) == nil { end += 1 }
            let before = index > 0 ? direction(classes[index - 1])! : embedding
            let after = end < count ? direction(classes[end])! : embedding
            let resolved = before == after ? before : embedding
            for position in index..<end { classes[position] = resolved }
            index = end
        }
        // I1, I2: implicit levels.
        var levels = [UInt8](repeating: paragraph, count: count)
        for index in 0..<count {
            switch (paragraph, classes[index]) {
            case (0, .rightToLeft): levels[index] = 1
            case (0, .europeanNumber), (0, .arabicNumber): levels[index] = 2
            case (1, .leftToRight), (1, .europeanNumber), (1, .arabicNumber): levels[index] = 2
            default: break
            }
        }
        // L1: white space at the end of the line is at the paragraph level.
        var trailing = count - 1
        while trailing >= 0, bidiClass(of: values[trailing]) == .whitespace {
            levels[trailing] = paragraph
            trailing -= 1
        }
        return Levels(levels: levels, paragraph: paragraph)
    }

    /// L2: the visual order of runs given each run's level, left to right, as indices into
    /// `runLevels`: from the highest level down to the lowest odd one, every maximal sequence of
    /// runs at that level or above is reversed.
    static func visualOrder(runLevels: [UInt8]) -> [Int] {
        var order = Array(runLevels.indices)
        guard let highest = runLevels.max(), highest > 0 else { return order }
        let lowestOdd = (runLevels.min() ?? 0) | 1
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < order.count {
                guard runLevels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, runLevels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order
    }
}
