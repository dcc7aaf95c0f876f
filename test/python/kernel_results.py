"""What every real-header kernel check asserts of its results."""

from __future__ import annotations

from collections.abc import Sequence

from ttlang.testing.kernel_check import KernelCheckResult


def assert_pass_without_warnings(results: Sequence[KernelCheckResult]) -> None:
    """Every kernel build passed (the failures' summaries otherwise) and printed no kernel warning."""
    failures = [r.summary() for r in results if not r.ok]
    assert not failures, "\n".join(failures)
    assert [w for r in results for w in r.kernel_warnings] == []
