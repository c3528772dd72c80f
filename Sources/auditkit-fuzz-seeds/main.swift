// Writes the seed corpus of each fuzz target into OUTPUT/<target>/, one file per seed, generated
// from the test fixtures (AuditKitTestSupport's FuzzTarget.seeds). Scripts/fuzz runs it.
//
// usage: auditkit-fuzz-seeds OUTPUT [--root REPOSITORY] [TARGET...]
import AuditKitTestSupport
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())
var root: String?
if let index = arguments.firstIndex(of: "--root"), index + 1 < arguments.count {
    root = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}
guard let output = arguments.first, !output.hasPrefix("-") else {
    FileHandle.standardError.write(Data("usage: auditkit-fuzz-seeds OUTPUT [--root REPOSITORY] [TARGET...]\n".utf8))
    exit(64)
}
var targets: [FuzzTarget] = []
for name in arguments.dropFirst() {
    guard let target = FuzzTarget(rawValue: name) else {
        let known = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("auditkit-fuzz-seeds: no fuzz target '\(name)' (known: \(known))\n".utf8))
        exit(64)
    }
    targets.append(target)
}
for target in targets.isEmpty ? FuzzTarget.allCases : targets {
    let folder = (output as NSString).appendingPathComponent(target.rawValue)
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for seed in target.seeds(repositoryRoot: root) {
            try Data(seed.bytes).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(seed.name)))
        }
    } catch {
        FileHandle.standardError.write(Data("auditkit-fuzz-seeds: cannot write \(folder): \(error)\n".utf8))
        exit(73)
    }
}
