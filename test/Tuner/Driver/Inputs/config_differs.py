#!/usr/bin/env python3
"""argv[1]: mark_wrong.py's output; argv[2]: an annotated module. Prints
`not the failed config` when the module's first #sched.config differs from
every config listed as wrong, `the failed config` otherwise."""
import re
import sys

wrong = [line.split(" ", 2)[1:] for line in open(sys.argv[1]) if line.strip()]
m = re.search(r'#sched.config<sketch = "([^"]+)", knobs = \{([^}]*)\}>',
              open(sys.argv[2]).read())
if not m:
    print("no config")
    sys.exit(0)
knobs = " ".join(sorted(k.replace(" ", "").replace('"', "")
                        for k in m.group(2).split(",")))
listed = [(s, " ".join(sorted(k.strip().split()))) for s, k in wrong]
print("the failed config" if (m.group(1), knobs) in listed
      else "not the failed config")
