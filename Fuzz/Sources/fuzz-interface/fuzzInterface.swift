import AuditKitTestSupport

/// libFuzzer's entry point: one input for FuzzTarget.interface (see AuditKitTestSupport/FuzzTarget.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInterface(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.interface.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
