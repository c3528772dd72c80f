import AuditKitTestSupport

/// libFuzzer's entry point: one input for FuzzTarget.strings (see AuditKitTestSupport/FuzzTarget.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrings(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.strings.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
