import AuditKitTestSupport

/// libFuzzer's entry point: one input for FuzzTarget.report (see AuditKitTestSupport/FuzzTarget.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.report.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
