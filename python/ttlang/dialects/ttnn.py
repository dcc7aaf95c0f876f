"""Op classes and enums of the ``ttnn`` dialect."""

from ttlang.dialects._ttnn_enum_gen import *  # noqa: F401,F403
from ttlang.dialects._ttnn_ops_gen import *  # noqa: F401,F403
