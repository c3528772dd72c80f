if CommandLine.arguments.count < 2 || CommandLine.arguments.contains("mapping") { runMappingBenchmark() }
