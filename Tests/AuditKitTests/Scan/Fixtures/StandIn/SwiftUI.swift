// A stand-in for the part of SwiftUI the fix fixtures use, so that what `scan --fix` writes can be type-checked
// on a machine without Apple's SDK (`FixTypeCheck`): the declarations have SwiftUI's names and shapes, their
// bodies do nothing. A rewrite that would not compile against SwiftUI (a stored property in an enum or an
// extension, a `@ScaledMetric` read from a `static` member, an unknown name) does not compile here either.
@_exported import Foundation

public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { return fatalError() }
}

/// A view whose body is never asked for.
public protocol PrimitiveView: View where Body == Never {}
extension PrimitiveView {
    public var body: Never { return fatalError() }
}

public struct AnyView: PrimitiveView {
    public init<V: View>(_ view: V) {}
}

public struct EmptyView: PrimitiveView {
    public init() {}
}

@resultBuilder public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> AnyView {
        AnyView(EmptyView())
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> AnyView { AnyView(EmptyView()) }
    public static func buildEither<Content: View>(first: Content) -> AnyView { AnyView(first) }
    public static func buildEither<Content: View>(second: Content) -> AnyView { AnyView(second) }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

public struct Text: PrimitiveView {
    public init(_ content: String) {}
    public init(verbatim content: String) {}
    public func font(_ font: Font?) -> Text { self }
    public func fontWeight(_ weight: Font.Weight?) -> Text { self }
    public func bold() -> Text { self }
}

public struct Image: PrimitiveView {
    public init(systemName: String) {}
    public init(_ name: String) {}
    public enum Scale: Sendable { case small, medium, large }
    public func resizable() -> Image { self }
}

public struct Label: PrimitiveView {
    public init(_ title: String, systemImage: String) {}
    public init<Title: View, Icon: View>(
        @ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon
    ) {}
}

public struct Button: PrimitiveView {
    public init(_ title: String, action: @escaping () -> Void) {}
    public init<Label: View>(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {}
}

public enum HorizontalAlignment: Sendable { case leading, center, trailing }
public enum VerticalAlignment: Sendable { case top, center, bottom, firstTextBaseline }
public struct Alignment: Sendable {
    public static let leading = Alignment()
    public static let center = Alignment()
    public static let trailing = Alignment()
    public static let top = Alignment()
    public static let bottom = Alignment()
}

public struct HStack: PrimitiveView {
    public init<Content: View>(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {}
}

public struct VStack: PrimitiveView {
    public init<Content: View>(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {}
}

public struct ZStack: PrimitiveView {
    public init<Content: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}

public struct Group: PrimitiveView {
    public init<Content: View>(@ViewBuilder content: () -> Content) {}
}

public struct Spacer: PrimitiveView {
    public init(minLength: CGFloat? = nil) {}
}

public struct ForEach: PrimitiveView {
    public init<Data: RandomAccessCollection, ID: Hashable, Content: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {}
    public init<Content: View>(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {}
}

public struct Circle: PrimitiveView {
    public init() {}
}

public struct Color: PrimitiveView, ShapeStyle {
    public static let primary = Color()
    public static let secondary = Color()
    public static let accentColor = Color()
    public static let red = Color()
    public static let yellow = Color()
    public static let gray = Color()
    public static let white = Color()
    public static let blue = Color()
    public static let clear = Color()
}

public protocol ShapeStyle {}
extension ShapeStyle where Self == Color {
    public static var yellow: Color { Color() }
    public static var secondary: Color { Color() }
    public static var primary: Color { Color() }
    public static var white: Color { Color() }
    public static var red: Color { Color() }
    public static var blue: Color { Color() }
}

public struct ToolbarItem: PrimitiveView {
    public init<Content: View>(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

public struct ToolbarItemGroup: PrimitiveView {
    public init<Content: View>(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

public enum ToolbarItemPlacement: Sendable { case automatic, primaryAction, topBarTrailing, bottomBar }

public struct Font: Sendable, Hashable {
    public enum TextStyle: Sendable, Hashable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }
    public struct Weight: Sendable, Hashable {
        public static let ultraLight = Weight()
        public static let thin = Weight()
        public static let light = Weight()
        public static let regular = Weight()
        public static let medium = Weight()
        public static let semibold = Weight()
        public static let bold = Weight()
        public static let heavy = Weight()
        public static let black = Weight()
    }
    public enum Design: Sendable, Hashable { case `default`, serif, rounded, monospaced }

    public static let largeTitle = Font()
    public static let title = Font()
    public static let title2 = Font()
    public static let title3 = Font()
    public static let headline = Font()
    public static let subheadline = Font()
    public static let body = Font()
    public static let callout = Font()
    public static let footnote = Font()
    public static let caption = Font()
    public static let caption2 = Font()

    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font { Font() }
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font { Font() }
    public static func custom(_ name: String, size: CGFloat) -> Font { Font() }
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font { Font() }
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { Font() }
    public func weight(_ weight: Weight) -> Font { self }
    public func bold() -> Font { self }
    public func italic() -> Font { self }
}

@propertyWrapper public struct ScaledMetric<Value: BinaryFloatingPoint>: Sendable where Value: Sendable {
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { self.wrappedValue = wrappedValue }
    public var wrappedValue: Value
}

@propertyWrapper public struct State<Value> {
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public var wrappedValue: Value
}

public struct Binding<Value> {
    public static func constant(_ value: Value) -> Binding<Value> { Binding() }
}

public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = AnyView
    @ViewBuilder func body(content: Content) -> Body
}

public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

extension View {
    public func font(_ font: Font?) -> AnyView { AnyView(self) }
    public func fontWeight(_ weight: Font.Weight?) -> AnyView { AnyView(self) }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> AnyView {
        AnyView(self)
    }
    public func frame(maxWidth: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> AnyView {
        AnyView(self)
    }
    public func padding(_ length: CGFloat? = nil) -> AnyView { AnyView(self) }
    public func lineLimit(_ number: Int?) -> AnyView { AnyView(self) }
    public func minimumScaleFactor(_ factor: CGFloat) -> AnyView { AnyView(self) }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> AnyView { AnyView(self) }
    public func imageScale(_ scale: Image.Scale) -> AnyView { AnyView(self) }
    public func opacity(_ opacity: Double) -> AnyView { AnyView(self) }
    public func tracking(_ tracking: CGFloat) -> AnyView { AnyView(self) }
    public func background<V: View>(_ view: V) -> AnyView { AnyView(self) }
    public func overlay<V: View>(@ViewBuilder content: () -> V) -> AnyView { AnyView(self) }
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> AnyView { AnyView(self) }
    public func accessibilityLabel(_ label: String) -> AnyView { AnyView(self) }
    public func modifier<M: ViewModifier>(_ modifier: M) -> AnyView { AnyView(self) }
}
