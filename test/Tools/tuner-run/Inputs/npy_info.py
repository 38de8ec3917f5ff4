"""Prints a summary line per .npy file, parsing the header without NumPy:
`NAME: descr=D shape=S bytes=N`, where N is the size of the data after the
header (checked against the shape and the dtype's item size). With
--same A B, also checks that two files hold the same bytes."""

import ast
import os
import struct
import sys


def read(path):
    with open(path, "rb") as f:
        blob = f.read()
    assert blob[:6] == b"\x93NUMPY", "bad magic"
    assert blob[6:8] == b"\x01\x00", "not version 1.0"
    (length,) = struct.unpack("<H", blob[8:10])
    start = 10 + length
    assert start % 64 == 0, f"data at {start}, not 64-byte aligned"
    text = blob[10:start].decode("latin1")
    assert text.endswith("\n"), "header does not end with a newline"
    header = ast.literal_eval(text.strip())
    assert header["fortran_order"] is False
    count = 1
    for d in header["shape"]:
        count *= d
    itemsize = int(header["descr"][2:])
    data = blob[start:]
    assert len(data) == count * itemsize, \
        f"{len(data)} data bytes for {count} elements of {itemsize}"
    return header, data


def main():
    args = sys.argv[1:]
    if args[0] == "--same":
        a, b = read(args[1]), read(args[2])
        same = a == b
        print(f"{os.path.basename(args[1])} == {os.path.basename(args[2])}: "
              f"{same}")
        return
    for path in args:
        header, data = read(path)
        print(f"{os.path.basename(path)}: descr={header['descr']} "
              f"shape={header['shape']} bytes={len(data)}")


main()
