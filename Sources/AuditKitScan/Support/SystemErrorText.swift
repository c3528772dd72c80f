import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns an error from Foundation or the system into the short reason a person reads after a path
/// (`no such file or directory`, `permission denied`), never `NSCocoaErrorDomain error 512`.
public enum SystemErrorText {
    /// The reason for `error`: the POSIX error underneath a Foundation error when there is one, else a
    /// sentence for the common Cocoa file errors, else the error's own description.
    public static func reason(_ error: any Error) -> String {
        if let auditError = error as? AuditError { return auditError.message }
        let nsError = error as NSError
        if let posix = posixCode(of: nsError) { return String(cString: strerror(posix)).lowercased() }
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or directory"
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
            case NSFileWriteOutOfSpaceError: return "no space left on the device"
            case NSFileWriteVolumeReadOnlyError: return "the volume is read-only"
            case NSFileWriteFileExistsError: return "a file with that name exists"
            case NSFileReadCorruptFileError: return "the file is damaged"
            case NSFileReadInapplicableStringEncodingError: return "the file is not text in the expected encoding"
            case NSFileReadTooLargeError: return "the file is too large"
            default: return "the file cannot be read or written"
            }
        }
        return "\(error)"
    }

    private static func posixCode(of error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError { return posixCode(of: underlying) }
        return nil
    }
}
