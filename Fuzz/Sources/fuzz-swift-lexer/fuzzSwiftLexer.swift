import AuditKitTestSupport

/// libFuzzer's entry point: one input for FuzzTarget.swiftLexer (see AuditKitTestSupport/FuzzTarget.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwiftLexer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.swiftLexer.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
