#!/usr/bin/env bash
# Builds the AuditKit DocC catalog with the toolchain's docc, treating every warning as an error.
# Usage: Scripts/docs.sh [OUTPUT_DIR]   (default .build/docs; open OUTPUT_DIR/index.html through a web server)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
out="${1:-.build/docs}"
# A scratch folder of its own, so the symbol-graph flags do not invalidate the normal build. The graphs
# stay beside it: a build with nothing to compile emits none, so they must not be deleted before it
# (every compile of the module rewrites them).
graphs=.build-docs/symbol-graphs
mkdir -p "$graphs"
swift build --scratch-path .build-docs --target AuditKit \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
docc convert Sources/AuditKit/AuditKit.docc --additional-symbol-graph-dir "$graphs" --output-path "$out" \
    --fallback-display-name AuditKit --fallback-bundle-identifier AuditKit --warnings-as-errors
echo "docs: built $out with no warnings"
