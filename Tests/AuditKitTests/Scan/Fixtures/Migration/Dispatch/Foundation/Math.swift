import Foundation

/// The value a fraction `t` of the way from `a` to `b`.
func lerp(_ a: CGFloat, _ b: CGFloat, _ t: CGFloat) -> CGFloat { a + (b - a) * t }
