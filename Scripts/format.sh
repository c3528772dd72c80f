#!/usr/bin/env bash
# Formats (or with --lint, checks) the Swift sources with the toolchain's swift-format and .swift-format.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--lint" ]; then
    exec swift format lint --strict --recursive Sources Tests Plugins Package.swift
fi
exec swift format format --in-place --recursive Sources Tests Plugins Package.swift
