#!/usr/bin/env python3
"""The floor torch.compile puts under a small model: the examples' PyTorch MLP
(examples/models/gen/torch_mlp.py) eager, behind torch.compile with a
backend that returns the graph's own forward (Dynamo's guards and frame
handling alone), with Inductor, and with mlir_tuner's backend on the records
of DB (default /tmp/tc-bench2.db: run bench/torch_compile.py --database DB
first). Milliseconds per call, the median of 10 blocks of 400 calls.

usage: PYTHONPATH=build/python_packages torch_compile_floor.py
"""
import sys, time, statistics, importlib
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__import__("os").path.abspath(__file__)), "..", "examples", "models", "gen"))
import torch
gen = importlib.import_module("torch_mlp")
model, inputs = gen.build()
torch.use_deterministic_algorithms(False)
def passthrough(gm, example_inputs):
    return gm.forward
cm = torch.compile(model, backend=passthrough, dynamic=False)
x = inputs[0]
def t(f, n=4000):
    with torch.inference_mode():
        for _ in range(400): f()
        ts = []
        for _ in range(10):
            s = time.perf_counter()
            for _ in range(n // 10): f()
            ts.append((time.perf_counter() - s) / (n // 10))
    return statistics.median(ts) * 1e3
print("eager %.4f ms" % t(lambda: model(x)))
print("torch.compile, the graph's own forward %.4f ms" % t(lambda: cm(x)))
ci = torch.compile(model, dynamic=False)
print("torch.compile inductor %.4f ms" % t(lambda: ci(x)))
import mlir_tuner.torch as mtt
cb = torch.compile(model, backend=mtt.backend(target="host", trials=64, database=sys.argv[1] if len(sys.argv) > 1 else "/tmp/tc-bench2.db"), dynamic=False)
print("torch.compile mlir_tuner %.4f ms" % t(lambda: cb(x)))
print("eager again %.4f ms" % t(lambda: model(x)))
