extension TestType {
    /// The colour this test type has in every picture AuditKit draws (sheet labels, overlay
    /// boxes, legends): distinct hues dark enough for white text on them and for text on white.
    public var color: RGBAColor {
        switch self {
        case .contrast: return RGBAColor(rgb: 0xC62828)  // red
        case .hitRegion: return RGBAColor(rgb: 0xEF6C00)  // orange
        case .elementDescription: return RGBAColor(rgb: 0x1565C0)  // blue
        case .dynamicType: return RGBAColor(rgb: 0x6A1B9A)  // purple
        case .clippedText: return RGBAColor(rgb: 0x00838F)  // teal
        case .elementDetection: return RGBAColor(rgb: 0x2E7D32)  // green
        case .trait: return RGBAColor(rgb: 0xAD1457)  // pink
        case .parentChild: return RGBAColor(rgb: 0x4E342E)  // brown
        case .action: return RGBAColor(rgb: 0x9E7C00)  // dark yellow
        case .swipeOrder: return RGBAColor(rgb: 0x283593)  // indigo
        case .other: return RGBAColor(rgb: 0x546E7A)  // blue grey
        }
    }
}
