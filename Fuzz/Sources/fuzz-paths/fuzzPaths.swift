import AuditKitTestSupport

/// libFuzzer's entry point: one input for FuzzTarget.paths (see AuditKitTestSupport/FuzzTarget.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPaths(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.paths.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
