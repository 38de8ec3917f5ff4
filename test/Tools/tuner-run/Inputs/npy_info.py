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
    assert blob[6:8] in (b"\x01\x00", b"\x02\x00"), "not version 1.0/2.0"
    field = "<H" if blob[6] == 1 else "<I"
    begin = 8 + struct.calcsize(field)
    (length,) = struct.unpack(field, blob[8:begin])
    start = begin + length
    assert start % 64 == 0, f"data at {start}, not 64-byte aligned"
    text = blob[begin:start].decode("latin1")
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


FORMATS = {"<f4": "f", "<f8": "d", "<f2": "e", "<u2": "H", "<i4": "i",
           "<u4": "I", "<i8": "q", "<u8": "Q", "|b1": "?", "|i1": "b",
           "|u1": "B", "<i2": "h", "<c8": "ff", "<c16": "dd"}


def write(path, descr, shape, values, version=1, fortran=False):
    dims = tuple(int(d) for d in shape.split(",") if d)
    header = repr({"descr": descr, "fortran_order": fortran, "shape": dims})
    lengths = {1: "<H", 2: "<I"}
    preamble = 8 + struct.calcsize(lengths[version])
    header += " " * ((64 - (preamble + len(header) + 1) % 64) % 64) + "\n"
    kind = FORMATS[descr]
    cast = float if kind[0] in "fde" else int
    expanded = []
    for v in values:
        if ".." in v:
            low, high = v.split("..")
            expanded += range(int(low), int(high))
        else:
            expanded.append(v)
    values = expanded
    if len(kind) == 2:  # complex: "a+bj" values, real and imaginary parts
        data = b"".join(struct.pack("<" + kind, complex(v).real,
                                    complex(v).imag) for v in values)
    else:
        data = b"".join(struct.pack("<" + kind, cast(v)) for v in values)
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY" + bytes([version, 0]) +
                struct.pack(lengths[version], len(header)) +
                header.encode("latin1") + data)


def main():
    args = sys.argv[1:]
    if args[0] in ("--write", "--write2", "--fortran"):
        write(args[1], args[2], args[3], args[4:],
              version=2 if args[0] == "--write2" else 1,
              fortran=args[0] == "--fortran")
        return
    if args[0] == "--values":
        header, data = read(args[1])
        kind = FORMATS[header["descr"]]
        count = len(data) // struct.calcsize(kind)
        values = struct.unpack("<" + kind * count, data)
        if len(kind) == 2:
            values = ["%.6g%+.6gj" % (values[i], values[i + 1])
                      for i in range(0, len(values), 2)]
        else:
            values = list(values)
        print(values if len(kind) == 1 else "[" + ", ".join(values) + "]")
        return
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
