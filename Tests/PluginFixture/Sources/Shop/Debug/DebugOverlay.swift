// A debug harness the project's scan settings (auditkit.scan.json) exclude: no warning for its size.
struct DebugOverlay {
    var body: Text { Text("FPS").font(.system(size: 9)) }
}
