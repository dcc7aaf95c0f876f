"""Host builds of kernels: each kernel's C++ compiled, unchanged, by the host C++ compiler
against the emulated TT-Metal kernel API (``include/`` beside this file) into a shared object
that links the emulator runtime (``libttlang_emu.so``).

Builds are cached on disk by a hash of everything that shapes them (source, compile-time
arguments, definitions, the headers of the emulated API and of the kernel's include paths, the
compiler and its flags), so a second process does not recompile. Concurrent processes are
safe: each writes its object under a unique name and renames it into place atomically.

Beside each object lies the SHA-256 of its bytes (``<key>.sha256``); an object is loaded only
once its digest matches (checked once per process), so a truncated, emptied or replaced object
is rebuilt, never loaded (a damaged shared object can kill the process that maps it). A cache
directory that cannot be used is a ``KernelCacheError``.
"""

from __future__ import annotations

import hashlib
import os
import pathlib
import re
import shutil
import subprocess
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from ttlang.cache_root import cache_root
from ttlang.emu.errors import KernelBuildError, KernelCacheError

HERE = pathlib.Path(__file__).resolve().parent
API_INCLUDE = HERE / "include"
RUNTIME_LIBRARY = HERE / "libttlang_emu.so"

# Kernels are glue around runtime calls; -O1 compiles fast and runs them fast enough.
# -g1: line tables, so a fault or a hang names its source line (source_lines.py).
# -fno-gnu-unique: an inline variable (C++17) of a kernel or of a header it includes stays the
# kernel's own; as STB_GNU_UNIQUE, glibc would bind one copy for the whole process, shared by
# every kernel and core and outside the per-processor data swap.
_FLAGS = ("-std=c++17", "-O1", "-g1", "-fPIC", "-shared", "-w", "-fno-rtti", "-fno-gnu-unique")
_LINK = ("-Wl,--no-undefined", "-Wl,-z,now")


@dataclass(frozen=True)
class KernelBuild:
    """Everything that determines one kernel's host build."""

    name: str  # for messages
    source: str
    compile_time_args: tuple[int, ...]
    named_compile_time_args: tuple[tuple[str, int], ...]
    defines: tuple[tuple[str, str], ...]
    include_paths: tuple[str, ...]
    role: str  # "data_movement_0" | "data_movement_1" | "compute"
    arch: str
    fp32_dest_acc_en: bool = False
    math_approx_mode: bool = False
    math_fidelity: int = 4

    def arguments(self, banks: tuple[int, int]) -> list[str]:
        """Compiler definitions for this build (without the source and output)."""
        dram_banks, l1_banks = banks
        args = [
            "-DKERNEL_BUILD",
            "-DTTLEMU=1",
            f"-DARCH_{'BLACKHOLE' if self.arch == 'blackhole' else 'WORMHOLE'}",
            f"-DNUM_DRAM_BANKS={dram_banks}",
            f"-DNUM_L1_BANKS={l1_banks}",
            "-DKERNEL_COMPILE_TIME_ARGS=" + ",".join(str(int(v)) for v in self.compile_time_args),
        ]
        if self.named_compile_time_args:
            pairs = ",".join(f'{{"{name}",{int(value)}}}' for name, value in self.named_compile_time_args)
            args.append(f"-DKERNEL_COMPILE_TIME_ARG_MAP={pairs}")
        if self.role == "compute":
            args += [
                "-DCOMPILE_FOR_TRISC",
                f"-DTTLEMU_DST_ACCUM_MODE={int(self.fp32_dest_acc_en)}",
                f"-DTTLEMU_APPROX={int(self.math_approx_mode)}",
                f"-DTTLEMU_MATH_FIDELITY={self.math_fidelity}",
            ]
        else:
            processor = "BRISC" if self.role == "data_movement_0" else "NCRISC"
            args += [f"-DCOMPILE_FOR_{processor}", f"-DNOC_INDEX={0 if processor == 'BRISC' else 1}"]
        args += [f"-D{name}={value}" for name, value in self.defines]
        args += [f"-I{API_INCLUDE}"] + [f"-I{path}" for path in self.include_paths]
        return args


def _tree_fingerprint(directory: pathlib.Path, digest: hashlib._Hash) -> None:
    """Names, sizes and modification times of the headers under ``directory``."""
    if not directory.is_dir():
        digest.update(f"missing:{directory}".encode())
        return
    for path in sorted(directory.rglob("*")):
        if path.is_file():
            stat = path.stat()
            digest.update(f"{path.relative_to(directory)}:{stat.st_size}:{stat.st_mtime_ns};".encode())


def _file_digest(directory: pathlib.Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(directory.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(directory)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


class KernelCache:
    """Host builds on disk (``directory``) and loaded in this process."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        if directory is None:
            directory = cache_root() / "emu"
        self.directory = pathlib.Path(directory)
        self._compiler = shutil.which("c++") or shutil.which("g++")
        self._known: dict[KernelBuild, pathlib.Path] = {}
        self._lock = threading.Lock()
        self._api_digest: str | None = None

    def _environment_digest(self) -> str:
        if self._api_digest is None:
            compiler = subprocess.run(
                [self._compiler or "c++", "--version"], capture_output=True, text=True
            ).stdout
            digest = hashlib.sha256()
            digest.update(_file_digest(API_INCLUDE).encode())
            digest.update(compiler.encode())
            digest.update(" ".join(_FLAGS + _LINK).encode())
            self._api_digest = digest.hexdigest()
        return self._api_digest

    def key(self, build: KernelBuild, banks: tuple[int, int]) -> str:
        digest = hashlib.sha256()
        digest.update(self._environment_digest().encode())
        digest.update(build.source.encode())
        digest.update("\0".join(build.arguments(banks)).encode())
        for path in build.include_paths:
            _tree_fingerprint(pathlib.Path(path), digest)
        return digest.hexdigest()[:40]

    def libraries(self, builds: Sequence[KernelBuild], banks: tuple[int, int]) -> list[pathlib.Path]:
        """The host shared object of each build, compiling (in parallel) what is not cached."""
        with self._lock:
            result: list[pathlib.Path | None] = [self._known.get(b) for b in builds]
            missing: dict[str, tuple[KernelBuild, pathlib.Path]] = {}
            for index, build in enumerate(builds):
                if result[index] is not None:
                    continue
                path = self.directory / f"{self.key(build, banks)}.so"
                result[index] = path
                if not _intact(path):
                    missing.setdefault(path.stem, (build, path))
            if missing:
                self._compile(list(missing.items()), banks)
            for build, path in zip(builds, result):
                self._known[build] = path  # type: ignore[assignment]
            return result  # type: ignore[return-value]

    def _compile(self, jobs: list[tuple[str, tuple[KernelBuild, pathlib.Path]]], banks: tuple[int, int]) -> None:
        if self._compiler is None:
            raise KernelBuildError(
                "no host C++ compiler (c++ / g++) found: the emulated device compiles kernels on the host",
                "", (), "",
            )
        running = []
        for key, (build, path) in jobs:
            source = self.directory / f"{key}.cpp"
            unique = f"{os.getpid()}.{threading.get_ident()}"
            self._write(source, build.source.encode(), unique)
            output = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.so.tmp")
            command = [
                self._compiler, *_FLAGS, *build.arguments(banks), str(source), "-o", str(output),
                f"-L{HERE}", "-lttlang_emu", f"-Wl,-rpath,{HERE}", *_LINK,
            ]
            running.append((build, path, output, subprocess.Popen(
                command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
            )))
        failure = None
        for build, path, output, process in running:
            diagnostics, _ = process.communicate()
            if process.returncode != 0:
                output.unlink(missing_ok=True)
                failure = failure or _build_error(build, diagnostics)
                continue
            self._write(_digest_path(path), _sha256(output).encode(), unique)
            self._replace(output, path)
        if failure is not None:
            raise failure

    def _write(self, path: pathlib.Path, data: bytes, unique: str) -> None:
        """Writes ``path`` whole (a temporary file renamed into place)."""
        temporary = path.with_name(f"{path.name}.{unique}.tmp")
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(data)
        except OSError as err:
            raise self._unusable(err) from None
        self._replace(temporary, path)

    def _replace(self, source: pathlib.Path, target: pathlib.Path) -> None:
        try:
            os.replace(source, target)
        except OSError as err:
            source.unlink(missing_ok=True)
            raise self._unusable(err) from None

    def _unusable(self, err: OSError) -> KernelCacheError:
        return KernelCacheError(
            f"the emulator's kernel build cache {self.directory} cannot be used "
            f"({err.strerror or err}): pass open_device(cache_dir=...) a writable directory",
            self.directory,
        )


def _digest_path(library: pathlib.Path) -> pathlib.Path:
    return library.with_suffix(".sha256")


def _sha256(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _intact(library: pathlib.Path) -> bool:
    """True when ``library`` exists and matches its recorded digest."""
    try:
        return _digest_path(library).read_text() == _sha256(library)
    except (OSError, UnicodeDecodeError):
        return False


_UNDECLARED = re.compile(r"[‘'`]([A-Za-z_][A-Za-z0-9_:]*)[’'`] (?:was not declared|is not a member|has not been declared)")
_UNDEFINED = re.compile(r"undefined reference to [‘'`]([^’'`(]+)")


def _build_error(build: KernelBuild, diagnostics: str) -> KernelBuildError:
    names = tuple(dict.fromkeys(_UNDECLARED.findall(diagnostics) + _UNDEFINED.findall(diagnostics)))
    if names:
        what = ", ".join(f"'{n}'" for n in names)
        message = (
            f"kernel '{build.name}' calls {what}, which the emulated TT-Metal kernel API does not "
            "provide (docs/emulator.md lists what it emulates)"
        )
    else:
        message = f"kernel '{build.name}' does not compile against the emulated TT-Metal kernel API"
    errors = [line for line in diagnostics.splitlines() if "error" in line][:8]
    if errors:
        message += "\n" + "\n".join(errors)
    return KernelBuildError(message, build.name, names, diagnostics)
