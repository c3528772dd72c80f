#!/usr/bin/env bash
# Builds auditkit in release mode (on Linux with the Swift runtime linked in) and installs it with
# its manual page and shell completions.
# Usage: Scripts/install.sh [PREFIX]   (default /usr/local; PREFIX=... in the environment works too)
#   PREFIX/bin/auditkit
#   PREFIX/share/man/man1/auditkit.1
#   PREFIX/share/bash-completion/completions/auditkit
#   PREFIX/share/zsh/site-functions/_auditkit
#   PREFIX/share/fish/vendor_completions.d/auditkit.fish
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
prefix="${1:-${PREFIX:-/usr/local}}"
# The Swift runtime and Foundation linked in: the binary needs no toolchain at run time, and it
# starts faster (no dynamic linking of libFoundation and ICU; see Documentation/Benchmarks.md).
static=""
if [ "$(uname -s)" = Linux ]; then static="--static-swift-stdlib"; fi
swift build -c release $static --product auditkit
binary="$(swift build -c release $static --show-bin-path)/auditkit"
install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 0755 "$binary" "$prefix/bin/auditkit"
"$binary" help --man > "$prefix/share/man/man1/auditkit.1"
"$binary" completions bash > "$prefix/share/bash-completion/completions/auditkit"
"$binary" completions zsh > "$prefix/share/zsh/site-functions/_auditkit"
"$binary" completions fish > "$prefix/share/fish/vendor_completions.d/auditkit.fish"
echo "installed auditkit $("$binary" --version | cut -d' ' -f2) under $prefix"
