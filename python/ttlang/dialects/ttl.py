"""Op classes and enums of the ``ttl`` dialect."""

from ttlang.dialects._ttl_enum_gen import *  # noqa: F401,F403
from ttlang.dialects._ttl_ops_gen import *  # noqa: F401,F403
