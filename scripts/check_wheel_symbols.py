"""Checks that a built ttlang wheel needs no newer C and C++ runtime than ttnn itself.

Usage: check_wheel_symbols.py WHEEL

A wheel runs wherever its manylinux tag says; ttlang is only useful beside ttnn, so the bar is
ttnn's own: for each versioned runtime (GLIBC, GLIBCXX, CXXABI, GCC), the newest version any
ELF file of the installed ttnn wheel asks for. Every ELF file in WHEEL must ask for nothing newer,
and the wheel's platform tag must be a manylinux tag no newer than ttnn's. (libgcc_s's GCC_*
versions are left to `auditwheel repair`'s policy check: every manylinux libgcc_s has them.)
Prints what each file needs and exits 1 naming every symbol that is too new.
"""

from __future__ import annotations

import dataclasses
import io
import re
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

from elftools.elf.elffile import ELFFile
from elftools.elf.gnuversions import GNUVerNeedSection

RUNTIMES = ("GLIBC", "GLIBCXX", "CXXABI")
_VERSION = re.compile(r"^(GLIBC|GLIBCXX|CXXABI)_(\d+(?:\.\d+)*)$")


@dataclasses.dataclass(frozen=True)
class Needed:
    """One versioned symbol requirement of one ELF file."""

    runtime: str
    version: tuple[int, ...]
    symbol: str

    @property
    def label(self) -> str:
        return f"{self.runtime}_{'.'.join(map(str, self.version))}"


def _requirements(elf: ELFFile) -> Iterator[Needed]:
    """Every undefined dynamic symbol's required version (the .gnu.version_r entries it names)."""
    verneed = next((s for s in elf.iter_sections() if isinstance(s, GNUVerNeedSection)), None)
    if verneed is None:
        return
    names: dict[int, str] = {}
    for _, auxiliaries in verneed.iter_versions():
        for aux in auxiliaries:
            names[aux["vna_other"]] = aux.name
    versym = elf.get_section_by_name(".gnu.version")
    dynsym = elf.get_section_by_name(".dynsym")
    if versym is None or dynsym is None:
        return
    for index, symbol in enumerate(dynsym.iter_symbols()):
        if symbol["st_shndx"] != "SHN_UNDEF":
            continue
        label = names.get(versym.get_symbol(index)["ndx"])
        match = _VERSION.match(label or "")
        if match:
            version = tuple(int(part) for part in match.group(2).split("."))
            yield Needed(match.group(1), version, symbol.name)


def _elf_files_in_wheel(wheel: Path) -> Iterator[tuple[str, ELFFile]]:
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            data = archive.read(name)
            if data[:4] == b"\x7fELF":
                yield name, ELFFile(io.BytesIO(data))


def _elf_files_in_trees(roots: list[Path]) -> Iterator[tuple[str, ELFFile]]:
    for path in sorted(p for root in roots for p in root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as file:
                if file.read(4) == b"\x7fELF":
                    yield str(path), ELFFile(file)


def newest_needed(files: Iterator[tuple[str, ELFFile]]) -> dict[str, tuple[int, ...]]:
    newest: dict[str, tuple[int, ...]] = {}
    for _, elf in files:
        for need in _requirements(elf):
            newest[need.runtime] = max(newest.get(need.runtime, ()), need.version)
    return newest


def _ttnn_site() -> tuple[Path, str]:
    """The installed ttnn package's folder and its wheel's platform tag (its WHEEL file)."""
    import importlib.metadata

    distribution = importlib.metadata.distribution("ttnn")
    wheel_file = distribution.read_text("WHEEL") or ""
    tag = next(line.split(":", 1)[1].strip() for line in wheel_file.splitlines()
               if line.startswith("Tag:"))
    root = Path(str(distribution.locate_file("ttnn")))
    return root, tag.rsplit("-", 1)[1]


def _manylinux_glibc(platform_tag: str) -> tuple[int, int] | None:
    match = re.match(r"^manylinux_(\d+)_(\d+)_", platform_tag)
    return (int(match.group(1)), int(match.group(2))) if match else None


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    wheel = Path(argv[1])
    ttnn_root, ttnn_platform = _ttnn_site()
    # ttnn.libs: the libraries auditwheel grafted into ttnn's wheel, needed with it.
    bar = newest_needed(_elf_files_in_trees([ttnn_root, ttnn_root.parent / "ttnn.libs"]))
    print("ttnn " + ttnn_platform + " needs at most: "
          + ", ".join(f"{r}_{'.'.join(map(str, bar[r]))}" for r in RUNTIMES if r in bar))
    problems: list[str] = []
    for name, elf in _elf_files_in_wheel(wheel):
        needs = list(_requirements(elf))
        newest = {r: max((n.version for n in needs if n.runtime == r), default=None)
                  for r in RUNTIMES}
        print(f"  {name}: " + ", ".join(f"{r}_{'.'.join(map(str, v))}"
                                         for r, v in newest.items() if v))
        for need in needs:
            if need.runtime in bar and need.version > bar[need.runtime]:
                problems.append(f"{name}: {need.symbol} needs {need.label}")
    wheel_platform = wheel.stem.rsplit("-", 1)[1]
    ours, theirs = _manylinux_glibc(wheel_platform), _manylinux_glibc(ttnn_platform)
    if ours is None or theirs is None or ours > theirs:
        problems.append(f"platform tag {wheel_platform}: not a manylinux tag at most ttnn's "
                        f"({ttnn_platform})")
    for problem in problems:
        print("check_wheel_symbols: too new: " + problem)
    print("check_wheel_symbols: " + ("FAIL" if problems else f"OK ({wheel_platform})"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
