import AuditCLI
import Foundation

exit(AuditKitCLI.main(Array(CommandLine.arguments.dropFirst())))
