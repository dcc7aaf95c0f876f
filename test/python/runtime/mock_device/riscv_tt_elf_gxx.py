"""A stand-in for the sfpi RISC-V compiler that ttnn 0.81.1 lacks, for tt-metal's mock-device mode
(see the shared ttnn facts, docs/ttnn.md of the team's shared folder). It answers ``--version``, fails the precompiled-header step
(tt-metal then compiles without one) and writes small valid 32-bit RISC-V ELF files for compile
and link steps (plus the ``-MF`` dependency file). It compiles nothing: a mock device executes
nothing, so this only lets tt-metal's host side (program creation, runtime-argument checks, the
program cache) run on our descriptors. Every call's arguments are appended to
``$TTLANG_MOCK_COMPILER_LOG`` when set.
"""

import os
import struct
import sys


def write_elf(path: str, executable: bool) -> None:
    text = b"\x13\x00\x00\x00" * 4  # four RISC-V nops
    shstrtab = b"\0.text\0.symtab\0.strtab\0.rela.text\0.shstrtab\0"
    strtab = b"\0_start\0kernel_main\0"

    def symbol(name: int, value: int, size: int, info: int, shndx: int) -> bytes:
        return struct.pack("<IIIBBH", name, value, size, info, 0, shndx)

    symtab = symbol(0, 0, 0, 0, 0) + symbol(1, 0, 16, 0x12, 1) + symbol(8, 0, 16, 0x12, 1)
    rela = b""
    phnum = 1 if executable else 0
    off_text = 52 + 32 * phnum
    off_symtab = off_text + len(text)
    off_strtab = off_symtab + len(symtab)
    off_rela = off_strtab + len(strtab)
    off_shstrtab = off_rela + len(rela)
    off_sections = (off_shstrtab + len(shstrtab) + 3) & ~3
    header = b"\x7fELF" + bytes([1, 1, 1, 0]) + b"\0" * 8
    header += struct.pack(
        "<HHIIIIIHHHHHH", 2 if executable else 1, 243, 1, 0, 52 if executable else 0,
        off_sections, 0, 52, 32, phnum, 40, 6, 5,
    )
    program = struct.pack("<IIIIIIII", 1, off_text, 0, 0, len(text), len(text), 5, 4) if executable else b""

    def section(name, kind, flags, offset, size, link, info, align, entsize) -> bytes:
        return struct.pack("<IIIIIIIIII", name, kind, flags, 0, offset, size, link, info, align, entsize)

    sections = section(0, 0, 0, 0, 0, 0, 0, 0, 0)
    sections += section(1, 1, 6, off_text, len(text), 0, 0, 4, 0)  # .text
    sections += section(7, 2, 0, off_symtab, len(symtab), 3, 1, 4, 16)  # .symtab
    sections += section(15, 3, 0, off_strtab, len(strtab), 0, 0, 1, 0)  # .strtab
    sections += section(23, 4, 0x40, off_rela, len(rela), 2, 1, 4, 12)  # .rela.text
    sections += section(34, 3, 0, off_shstrtab, len(shstrtab), 0, 0, 1, 0)  # .shstrtab
    data = header + program + text + symtab + strtab + rela + shstrtab
    with open(path, "wb") as out:
        out.write(data + b"\0" * (off_sections - len(data)) + sections)


def main(args: list[str]) -> int:
    log = os.environ.get("TTLANG_MOCK_COMPILER_LOG")
    if log:
        with open(log, "a") as out:
            out.write(" ".join(args) + "\n")
    if "--version" in args:
        print("riscv-tt-elf-g++ (tenstorrent/sfpi:7.89.0) 15.1.0")
        return 0
    if "-o" not in args:
        return 0
    output = args[args.index("-o") + 1]
    if "c++-header" in args:
        return 1  # no precompiled header: tt-metal falls back to plain compiles
    if "-MF" in args:
        sources = [a for a in args if a.endswith((".cc", ".cpp", ".c"))]
        with open(args[args.index("-MF") + 1], "w") as out:
            out.write(f"{output}: {' '.join(sources)}\n")
    write_elf(output, executable="-c" not in args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
