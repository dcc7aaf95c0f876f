"""The TT-Lang frontend: Python AST to TTL IR, and the compile API."""
