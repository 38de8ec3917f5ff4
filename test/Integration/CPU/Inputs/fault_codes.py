#!/usr/bin/env python3
"""Prints `kind error_name message` for each record of a database, sorted."""
import json
import sys

rows = []
with open(sys.argv[1]) as f:
    for line in f:
        r = json.loads(line)
        rows.append(f"{r['knobs'].get('kind', '?')} {r['error_name']} {r['message']}")
print("\n".join(sorted(rows)))
