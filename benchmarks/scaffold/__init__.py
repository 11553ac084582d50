"""Scaffold benchmarks: what each library itself costs, measured through the bundled server over real HTTP.

Each module has ``run(libraries, quick, log) -> dict`` (plain data, kept in
``results.json``) and ``render(result) -> str`` (its section of RESULTS.md).
"""
