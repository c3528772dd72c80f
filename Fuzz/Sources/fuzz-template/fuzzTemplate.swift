import AuditKitTestSupport

/// libFuzzer's entry point: one input for FuzzTarget.template (see AuditKitTestSupport/FuzzTarget.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.template.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
