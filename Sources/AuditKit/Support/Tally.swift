extension Dictionary where Key == String, Value == Int {
    /// The name counted most, with its count; ties go to the name first in order, so the answer does
    /// not depend on the dictionary's order. Nil for an empty tally.
    func mostCommon() -> (name: String, count: Int)? {
        self.max { ($0.value, $1.key) < ($1.value, $0.key) }.map { ($0.key, $0.value) }
    }
}
