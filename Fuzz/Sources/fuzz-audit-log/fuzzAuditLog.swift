import AuditKitTestSupport

/// libFuzzer's entry point: one input for FuzzTarget.auditLog (see AuditKitTestSupport/FuzzTarget.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAuditLog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.auditLog.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
