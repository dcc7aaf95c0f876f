"""ODS-generated op classes of the ttlang dialects (``ttl``, ``ttnn``)."""
