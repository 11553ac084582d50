"""Benchmarks: task generators with scorers and scaffold benchmarks (``python -m benchmarks``)."""
