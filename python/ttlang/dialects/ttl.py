"""Op classes of the ``ttl`` dialect."""

from ttlang.dialects._ttl_ops_gen import *  # noqa: F401,F403
