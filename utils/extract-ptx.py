#!/usr/bin/env python3
"""Writes the PTX embedded in the gpu.binary ops of an MLIR file.

`tuner-lower-gpu format=isa` (the default) leaves each kernel module as a
`gpu.binary` whose object holds the PTX text as an escaped MLIR string; this
un-escapes each into DIR/<binary name>.ptx (one PTX module per file, as
`ptxas -arch=sm_90` wants them) and prints the paths.

usage: extract-ptx.py in.mlir DIR
"""
import os
import re
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src = open(sys.argv[1]).read()
    binaries = re.findall(
        r'gpu\.binary @([\w$.]+)\s+\[#gpu\.object<#nvvm\.target<[^>]*>'
        r'[^\n]*?assembly = "((?:[^"\\]|\\.)*)"', src)
    if not binaries:
        sys.exit("extract-ptx: no gpu.binary with PTX (format=isa) in " +
                 sys.argv[1])
    os.makedirs(sys.argv[2], exist_ok=True)
    for name, text in binaries:
        # MLIR string escapes: \XX (hex), \\ and \".
        text = re.sub(r'\\([0-9A-Fa-f]{2})',
                      lambda m: chr(int(m.group(1), 16)), text)
        text = text.replace('\\\\', '\\').replace('\\"', '"')
        path = os.path.join(sys.argv[2], name + ".ptx")
        with open(path, 'w') as out:
            out.write(text)
        print(path)


if __name__ == '__main__':
    main()
