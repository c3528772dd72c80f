import AuditKitTestSupport

/// libFuzzer's entry point: one input for FuzzTarget.rules (see AuditKitTestSupport/FuzzTarget.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRules(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.rules.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
