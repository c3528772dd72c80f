import AuditKitTestSupport

/// libFuzzer's entry point: one input for FuzzTarget.jpeg (see AuditKitTestSupport/FuzzTarget.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJpeg(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.jpeg.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
