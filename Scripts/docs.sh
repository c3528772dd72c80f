#!/usr/bin/env bash
# Builds the AuditKit DocC catalog with the toolchain's docc, treating every warning as an error.
# Usage: Scripts/docs.sh [OUTPUT_DIR]   (default .build/docs; open OUTPUT_DIR/index.html through a web server)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
out="${1:-.build/docs}"
# The module is built as the README's test command builds it (nothing to do after that command), and its
# symbol graph is read from the built module with swift-symbolgraph-extract: a second build with the
# symbol-graph flags cost 40 s of CI for the same graph.
swift build -Xswiftc -warnings-as-errors --target AuditKit >/dev/null
bin="$(swift build -Xswiftc -warnings-as-errors --show-bin-path)"
graphs=.build/docs-symbol-graphs
rm -rf "$graphs"
mkdir -p "$graphs"
# AuditKit imports the C modules: their module maps (the generated one of CAuditImaging is in the build
# folder) and the system libraries' headers.
clang_args=()
for map in "$PWD"/Sources/C*/module.modulemap "$bin/CAuditImaging.build/module.modulemap"; do
    clang_args+=(-Xcc "-fmodule-map-file=$map")
done
for flag in $(pkg-config --cflags-only-I freetype2 harfbuzz fontconfig libpng libjpeg zlib libcrypto); do
    clang_args+=(-Xcc "$flag")
done
triple="$(swift -print-target-info | sed -n 's/^ *"triple": *"\(.*\)",*$/\1/p' | head -1)"
# AuditKitScan (the scanner, AuditError, the project, storyboards) is AuditKit's as its callers see it
# (`@_exported import`): its symbols are documented in AuditKit's catalog.
swift symbolgraph-extract -module-name AuditKit -I "$bin/Modules" -target "$triple" \
    -experimental-allowed-reexported-modules=AuditKitScan \
    -minimum-access-level public -output-dir "$graphs" "${clang_args[@]}"
docc convert Sources/AuditKit/AuditKit.docc --additional-symbol-graph-dir "$graphs" --output-path "$out" \
    --fallback-display-name AuditKit --fallback-bundle-identifier AuditKit --warnings-as-errors
echo "docs: built $out with no warnings"
