"""Test helpers that are useful outside the test suite too (e.g. the real-header kernel check)."""
