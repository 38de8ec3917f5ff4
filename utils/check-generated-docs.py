#!/usr/bin/env python3
"""Fails when a reference page generated from TableGen (build/docs) differs
from its committed copy under docs/. Fix with `ninja -C build tuner-update-docs`.

usage: check-generated-docs.py BUILD_DOCS_DIR SOURCE_DOCS_DIR"""
import filecmp
import os
import sys


def main():
    generated, committed = sys.argv[1], sys.argv[2]
    stale = []
    count = 0
    for root, _, files in os.walk(generated):
        for name in files:
            if not name.endswith(".md"):
                continue
            count += 1
            rel = os.path.relpath(os.path.join(root, name), generated)
            mine = os.path.join(committed, rel)
            if not os.path.exists(mine) or not filecmp.cmp(
                    os.path.join(root, name), mine, shallow=False):
                stale.append(rel)
    if count == 0:
        print(f"no generated docs under {generated}", file=sys.stderr)
        return 1
    for rel in stale:
        print(f"docs/{rel} is stale: run `ninja tuner-update-docs`",
              file=sys.stderr)
    print(f"{count} generated pages checked, {len(stale)} stale")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
