import AuditKitTestSupport

/// libFuzzer's entry point: one input for FuzzTarget.baseline (see AuditKitTestSupport/FuzzTarget.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBaseline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.baseline.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
