"""The on-disk cache of compilations, so a later process skips the C++ pipeline.

Everything after the frontend is a pure function of three things: the TTL IR text the frontend
wrote (with the Python locations of every op), the target, and the compiler itself. The frontend
is cheap pure Python and always runs, so the cache key is exactly those three; captured values,
closures and module constants are already folded into the text, and nothing else can change
the result.

- The compiler's identity is the size, modification and change times of the files that make
  it (the ``_ttlang`` extension, the MLIR bindings' C API library, and ttlang's Python modules):
  a rebuild or reinstall changes them, and the change time cannot be set back by hand.
- An entry stores its full key and a lookup compares it whole (the file name is only a
  digest of it), so two keys never share an entry.
- An entry is the SHA-256 of its payload, then the payload (the pickled key and compilation);
  a lookup unpickles only a payload whose digest matches, so a truncated, mutated or foreign
  entry is a miss (and is overwritten), never a different compilation or an exception.
- Entries are written to a temporary file and renamed into place, so concurrent processes
  never read a half-written entry. A directory that cannot be written makes the cache a no-op, never an error.
- Only successful compilations are stored: an invalid program reports its error every time.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pathlib
import pickle
import tempfile
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ttlang.cache_root import cache_root

if TYPE_CHECKING:
    from ttlang.backend import BackendOutput

# Bumped when the stored layout changes (not needed for compiler changes: the fingerprint has them).
_FORMAT = 3
_MAGIC = b"ttlang-compile-cache\0"
_DIGEST_BYTES = hashlib.sha256().digest_size
_SKIPPED_DIRS = frozenset({"__pycache__", "include"})


@functools.cache
def compiler_fingerprint() -> str:
    """A digest of the stat signatures of every file the compiler is made of (once per process:
    about 60 ``stat`` calls)."""
    import mlir._mlir_libs  # noqa: PLC0415 - only its location
    from ttlang import _ttlang  # noqa: PLC0415

    digest = hashlib.sha256()
    for path in (_ttlang.__file__, os.path.join(os.path.dirname(mlir._mlir_libs.__file__), "libMLIRPythonCAPI.so")):
        try:
            _add_signature(digest, path, os.stat(path))
        except OSError:
            digest.update(f"missing {path}\0".encode())
    _add_python_files(digest, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return digest.hexdigest()


def _add_signature(digest: hashlib._Hash, path: str, stat: os.stat_result) -> None:
    digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}:{stat.st_ctime_ns}\0".encode())


def _add_python_files(digest: hashlib._Hash, directory: str) -> None:
    with os.scandir(directory) as scan:
        entries = sorted(scan, key=lambda e: e.name)
    for entry in entries:
        if entry.is_dir():
            if entry.name not in _SKIPPED_DIRS:
                _add_python_files(digest, entry.path)
        elif entry.name.endswith(".py"):
            _add_signature(digest, entry.path, entry.stat())


@dataclass(frozen=True)
class CompileCache:
    """Compiled modules on disk in ``directory``. ``CompileCache.default()`` is
    ``~/.cache/ttlang/compile``; pass ``compile_cache=None`` to compile without it."""

    directory: pathlib.Path

    def __post_init__(self) -> None:
        # Accepts any path-like (``CompileCache("/tmp/c")``) and keeps a Path.
        object.__setattr__(self, "directory", pathlib.Path(self.directory))

    @staticmethod
    def default() -> CompileCache:
        return CompileCache(cache_root() / "compile")

    def _key(self, text: str, target: str) -> tuple[int, str, str, str]:
        return (_FORMAT, compiler_fingerprint(), target, text)

    def _path(self, key: tuple[int, str, str, str]) -> pathlib.Path:
        digest = hashlib.sha256(repr(key[:3]).encode())
        digest.update(key[3].encode())
        return self.directory / f"{digest.hexdigest()[:40]}.pickle"

    def load(self, text: str, target: str) -> BackendOutput | None:
        """The stored compilation of ``text`` for ``target``, or None."""
        key = self._key(text, target)
        try:
            entry = self._path(key).read_bytes()
        except OSError:
            return None
        payload = _verified_payload(entry)
        if payload is None:
            return None
        try:
            stored_key, module = pickle.loads(payload)
        except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError, ImportError,
                IndexError):
            return None  # an intact entry of another ttlang's classes
        return module if stored_key == key else None

    def store(self, text: str, target: str, module: BackendOutput) -> None:
        key = self._key(text, target)
        payload = pickle.dumps((key, module), protocol=pickle.HIGHEST_PROTOCOL)
        blob = _MAGIC + hashlib.sha256(payload).digest() + payload
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=self.directory, suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(blob)
                os.replace(temporary, self._path(key))
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            return


def _verified_payload(entry: bytes) -> bytes | None:
    """The payload of a stored entry whose digest matches it, else None."""
    header = len(_MAGIC) + _DIGEST_BYTES
    if len(entry) < header or not entry.startswith(_MAGIC):
        return None
    payload = entry[header:]
    return payload if hashlib.sha256(payload).digest() == entry[len(_MAGIC):header] else None
