"""The one MLIR ``ir`` module, re-exported for the ODS-generated op classes (which import
``..ir`` relative to their package) and for compiler developers."""

from mlir.ir import *  # noqa: F401,F403
