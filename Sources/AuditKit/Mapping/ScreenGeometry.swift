/// The size of a screen in points, which rule regions such as "bottom 90 pt" are measured against.
public enum ScreenGeometry {
    /// The screen's size in points, from the first source that has one:
    /// 1. the full screenshot's declared size (`_axKeyImageWidth`/`Height`, in points; element rects
    ///    are given in the screenshot's points);
    /// 2. the display bounds in pixels divided by the screenshot scale (1 when the scale is missing);
    /// 3. the screenshot JPEG's pixel size (drawn at point size).
    /// Nil when the report has none of them.
    public static func size(of screen: Screen) -> (width: Double, height: Double)? {
        if let shot = screen.screenshot, let width = shot.declaredWidth, let height = shot.declaredHeight,
            width > 0, height > 0, width.isFinite, height.isFinite
        {
            return (width, height)
        }
        if let bounds = screen.displayBounds, bounds.width > 0, bounds.height > 0, bounds.width.isFinite,
            bounds.height.isFinite
        {
            let scale = screen.screenshotScale.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 1
            return (bounds.width / scale, bounds.height / scale)
        }
        if let shot = screen.screenshot, let width = shot.pixelWidth, let height = shot.pixelHeight, width > 0,
            height > 0
        {
            return (Double(width), Double(height))
        }
        return nil
    }
}
