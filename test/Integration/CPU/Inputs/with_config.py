#!/usr/bin/env python3
"""Prints module argv[1] with its linalg.matmul annotated with a
cpu.contraction_padded config of knobs argv[2] (or sketch argv[3])."""
import sys

sketch = sys.argv[3] if len(sys.argv) > 3 else "cpu.contraction_padded"
text = open(sys.argv[1]).read()
config = f'{{sched.config = #sched.config<sketch = "{sketch}", knobs = {{{sys.argv[2]}}}>}}'
print(text.replace("linalg.matmul ins", f"linalg.matmul {config} ins", 1))
