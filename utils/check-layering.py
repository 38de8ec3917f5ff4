#!/usr/bin/env python3
"""Checks that #includes between the project's parts point one way, as the
table utils/layering.txt says: a file may include headers of its own layer or
of lower ones, never of a higher one, and none that a `forbid` entry names,
except where an `exception` entry (known debt) allows it. Prints each
violation and a summary.

Usage:
  check-layering.py <source root>                  check the includes
  check-layering.py <source root> --diagram        print the layer diagram
  check-layering.py <source root> --check-doc FILE check that FILE's diagram
                                                   (between the markers) is
                                                   the table's
"""
import os
import re
import sys

TABLE = os.path.join("utils", "layering.txt")
BEGIN = "<!-- begin layering: utils/check-layering.py --diagram -->"
END = "<!-- end layering -->"


class Layer:
    def __init__(self, name, summary):
        self.name = name
        self.summary = summary
        self.files = []
        self.headers = []
        self.notes = []


def read_table(path):
    """(layers lowest first, forbidden pairs, exceptions) of the table."""
    layers, forbidden, exceptions = [], [], []
    for n, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        where = f"{path}:{n}"
        if word == "layer":
            name, _, summary = rest.partition(":")
            layers.append(Layer(name.strip(), summary.strip()))
        elif word in ("files", "headers", "note"):
            if not layers:
                sys.exit(f"{where}: '{word}' outside a layer")
            if word == "note":
                layers[-1].notes.append(rest.strip())
            else:
                getattr(layers[-1], word).extend(rest.split())
        elif word == "forbid":
            pair = rest.split()
            if len(pair) != 2:
                sys.exit(f"{where}: 'forbid FILES HEADERS' expected")
            forbidden.append(tuple(pair))
        elif word == "exception":
            head, _, why = rest.partition(": ")
            pair = head.split()
            if len(pair) != 2 or not why.strip():
                sys.exit(f"{where}: 'exception FILE HEADER: WHY' expected")
            exceptions.append((pair[0], pair[1], why.strip()))
        else:
            sys.exit(f"{where}: unknown entry '{word}'")
    return layers, forbidden, exceptions


def longest_match(layers, text, field):
    """(layer index, prefix length) of the longest prefix matching text."""
    best = (None, 0)
    for i, layer in enumerate(layers):
        for p in getattr(layer, field):
            if text.startswith(p) and (best[0] is None or len(p) > best[1]):
                best = (i, len(p))
    return best


def check(root, layers, forbidden, exceptions):
    include = re.compile(r'^\s*#\s*include\s+"(Tuner/[^"]+)"')
    violations = checked = 0
    used = set()
    for top in ("include", "lib", "tools"):
        for dirpath, _, files in sorted(os.walk(os.path.join(root, top))):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                own, _ = longest_match(layers, rel, "files")
                if own is None:
                    continue
                checked += 1
                for n, line in enumerate(open(path, encoding="utf-8"), 1):
                    m = include.match(line)
                    if not m:
                        continue
                    inc = m.group(1)
                    excused = [i for i, (f, h, _) in enumerate(exceptions)
                               if f == rel and h == inc]
                    if excused:
                        used.update(excused)
                        continue
                    target, length = longest_match(layers, inc, "headers")
                    # A layer's prefix longer than a forbid's wins (as
                    # Measure/MeasureError.h, in support, for the database).
                    for where, what in forbidden:
                        if (rel.startswith(where) and inc.startswith(what)
                                and len(what) >= length):
                            violations += 1
                            print(f"{rel}:{n}: must not include {inc}")
                    if target is not None and target > own:
                        violations += 1
                        print(f"{rel}:{n}: {layers[own].name} includes "
                              f"{layers[target].name} header {inc}")
    for i, (f, h, _) in enumerate(exceptions):
        if i not in used:
            violations += 1
            print(f"{TABLE}: exception {f} {h} is no longer needed: "
                  "remove it")
    print(f"{checked} files checked, {len(used)} known exceptions, "
          f"{violations} layering violations")
    return violations


def diagram(layers, exceptions):
    """The layer diagram of docs/Design.md, highest layer first."""
    width = max(len(layer.name) for layer in layers) + 2
    out = ["```"]
    for i, layer in enumerate(reversed(layers)):
        if i:
            out.append("   ▼")
        out.append(f" {layer.name.ljust(width)}{layer.summary}")
        out.extend(" " * (width + 3) + note for note in layer.notes)
    out.append("```")
    out.append("")
    if not exceptions:
        out.append(f"No known exceptions (`{TABLE}` would list them).")
        return "\n".join(out) + "\n"
    out.append(f"Known exceptions ({len(exceptions)}, listed in "
               f"`{TABLE}` with their reasons):")
    out.append("")
    out.extend(f"- `{f}` → `{h}`" for f, h, _ in exceptions)
    return "\n".join(out) + "\n"


def check_doc(doc, expected):
    text = open(doc, encoding="utf-8").read()
    begin, end = text.find(BEGIN), text.find(END)
    if begin < 0 or end < begin:
        print(f"{doc}: no layering diagram between '{BEGIN}' and '{END}'")
        return 1
    found = text[begin + len(BEGIN):end].strip("\n") + "\n"
    if found != expected:
        print(f"{doc}: the layering diagram disagrees with {TABLE}; "
              "paste the output of 'check-layering.py <root> --diagram'")
        return 1
    print(f"{doc}: layering diagram matches {TABLE}")
    return 0


def main():
    root = sys.argv[1]
    layers, forbidden, exceptions = read_table(os.path.join(root, TABLE))
    if sys.argv[2:3] == ["--diagram"]:
        sys.stdout.write(diagram(layers, exceptions))
        return 0
    if sys.argv[2:3] == ["--check-doc"]:
        return check_doc(sys.argv[3], diagram(layers, exceptions))
    return 1 if check(root, layers, forbidden, exceptions) else 0


sys.exit(main())
