"""The program cache: structure key -> program template.

Lookups compare the full key (dict equality), never only a hash. The 64-bit hash handed to ttnn
as ``custom_program_hash`` is derived from the key on a miss; because ttnn's own program cache
compares hashes only, the cache refuses to hand out one hash for two different keys (it re-salts
on a collision), so ttnn can never reuse a program for a different structure.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from ttlang.runtime.materializer import ProgramTemplate

_HASH_MASK = (1 << 63) - 1


def canonical(obj: Any) -> str:
    """A deterministic text of a key (frozensets sorted), stable across processes."""
    if isinstance(obj, frozenset):
        return "{" + ",".join(sorted(canonical(item) for item in obj)) + "}"
    if isinstance(obj, tuple):
        return "(" + ",".join(canonical(item) for item in obj) + ")"
    return repr(obj)


def digest(text: str, salt: int = 0) -> int:
    data = f"{salt}:{text}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little") & _HASH_MASK


class ProgramCache:
    def __init__(self) -> None:
        self._entries: dict[Any, ProgramTemplate] = {}
        self._hash_owner: dict[int, Any] = {}
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    def lookup(self, key: Any) -> ProgramTemplate | None:
        entry = self._entries.get(key)
        if entry is not None:
            self.hits += 1
        return entry

    def count_hit(self) -> None:
        """A hit found in front of the cache (the operation runtime's dispatch memo matched a
        structure whose template this cache holds)."""
        self.hits += 1

    def insert(self, key: Any, build: Callable[[int], ProgramTemplate]) -> ProgramTemplate:
        """Builds and stores the template of ``key`` (a miss)."""
        self.misses += 1
        text = canonical(key)
        salt = 0
        program_hash = digest(text)
        while self._hash_owner.get(program_hash, key) != key:
            salt += 1
            program_hash = digest(text, salt)
        template = build(program_hash)
        self._entries[key] = template
        self._hash_owner[program_hash] = key
        return template
