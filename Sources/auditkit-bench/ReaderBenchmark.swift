func runReaderBenchmark(arguments: [String]) throws {}
