"""The generated op classes import their support code relative to their package; this module
forwards those imports to the one `mlir` package so there is exactly one MLIR runtime."""

from mlir.dialects._ods_common import *  # noqa: F401,F403
from mlir.dialects._ods_common import _cext  # noqa: F401
