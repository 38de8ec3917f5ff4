#!/usr/bin/env python3
"""Counts the SASS instructions of each kernel of cubins that say how a
kernel moves its operands (docs/GPU.md, "Tensor cores"): tensor-core MMAs
(HMMA), ldmatrix (LDSM), cp.async (LDGSTS), local memory (LDL, STL: spills
or indexed register arrays), 2-byte shared and global loads (LDS.U16,
LDG.E.U16: operands moved element by element), 16-byte shared loads
(LDS.128), f32 FMAs (FFMA), 16-byte global loads and stores (LDG.E.128,
STG.E.128), 4-byte global loads (LDG.E.32: `LDG.E` with no size, which
is 32 bits), Hopper's warpgroup MMAs (HGMMA) and TMA loads (UTMALDG). One
line per kernel:

    <kernel>: HMMA 64 LDSM 16 LDGSTS 32 LDL 0 STL 0 LDS.U16 0 LDG.E.U16 0 LDS.128 0 FFMA 0 LDG.E.128 0 STG.E.128 0 LDG.E.32 0 HGMMA 0 UTMALDG 0

Instructions predicated on `!PT` (never executed: padding) are not counted.

Usage: sass-stats.py [--cuobjdump PATH] CUBIN...
"""
import argparse
import re
import shutil
import subprocess
import sys

# Name in the report -> how the mnemonic starts (up to a '.' or the end),
# or, ending in '$', the whole mnemonic.
COUNTED = [("HMMA", "HMMA"), ("LDSM", "LDSM"), ("LDGSTS", "LDGSTS"),
           ("LDL", "LDL"), ("STL", "STL"), ("LDS.U16", "LDS.U16"),
           ("LDG.E.U16", "LDG.E.U16"), ("LDS.128", "LDS.128"),
           ("FFMA", "FFMA"), ("LDG.E.128", "LDG.E.128"),
           ("STG.E.128", "STG.E.128"), ("LDG.E.32", "LDG.E$"),
           ("HGMMA", "HGMMA"), ("UTMALDG", "UTMALDG")]


def count(sass):
    """{kernel: {name: count}} from cuobjdump -sass output."""
    kernels, current = {}, None
    for line in sass.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            current = kernels.setdefault(m.group(1), {n: 0 for n, _ in COUNTED})
            continue
        m = re.match(r"\s*/\*[0-9a-f]+\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)",
                     line)
        if not m or current is None or (m.group(1) or "").startswith("@!PT"):
            continue
        op = m.group(2)
        for name, prefix in COUNTED:
            if prefix.endswith("$"):
                if op == prefix[:-1]:
                    current[name] += 1
            elif op == prefix or op.startswith(prefix + "."):
                current[name] += 1
    return kernels


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cuobjdump", default=shutil.which("cuobjdump"))
    ap.add_argument("cubins", nargs="+")
    args = ap.parse_args()
    if not args.cuobjdump:
        sys.exit("sass-stats.py: no cuobjdump (--cuobjdump or PATH)")
    for cubin in args.cubins:
        sass = subprocess.run([args.cuobjdump, "-sass", cubin], check=True,
                              capture_output=True, text=True).stdout
        for kernel, counts in count(sass).items():
            print(f"{kernel}: " + " ".join(f"{n} {c}" for n, c in
                                           counts.items()))


if __name__ == "__main__":
    main()
