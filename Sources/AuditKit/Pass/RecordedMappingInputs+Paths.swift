import Foundation

extension RecordedMappingInputs {
    /// The inputs with paths as given from the working folder, recorded for a history file at
    /// `historyPath`: each made relative to its folder (`LogPaths.link(to:from:)`).
    public init(rules: String?, sources: [String], target: String?, historyPath: String) {
        let folder = PathName.parent(historyPath)
        func recorded(_ path: String) -> String { LogPaths.link(to: path, from: folder.isEmpty ? "." : folder) }
        self.init(rules: rules.map(recorded), sources: sources.map(recorded), target: target)
    }
}
