import AuditKitTestSupport

/// libFuzzer's entry point: one input for FuzzTarget.xcstrings (see AuditKitTestSupport/FuzzTarget.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXcstrings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.xcstrings.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
