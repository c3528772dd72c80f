print("auditkit-bench: no benchmarks yet")
