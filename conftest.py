"""Command-line options of the test suite (here, at the rootdir, so that `pytest --family ...` works
without naming test/python; the fixtures live in test/python/conftest.py)."""


def pytest_addoption(parser):
    parser.addoption("--family", action="append", default=[],
                     help="op-model calibration tests (-m calibration): only this family (repeatable)")
