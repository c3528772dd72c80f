import AuditKit

/// `Issue` of AuditKit, named so tests that import Testing (which has its own `Issue`) can build one.
typealias ReportIssue = Issue

/// `SourceLocation` of AuditKit, named so tests that import Testing (which has its own) can use it.
typealias CodeLocation = SourceLocation
