#!/usr/bin/env python3
"""Checks what the tm_tensor programs of this directory computed (tuner-run
--save-inputs/--save-outputs DIR) against NumPy: an oracle independent of
the conversion, which the reference shares.

usage: check_numpy.py NAME DIR   (prints "NAME: numpy match" or the error)
"""
import os
import sys

import numpy as np


def load(d, prefix):
    out = []
    i = 0
    while os.path.exists(os.path.join(d, "%s_%d.npy" % (prefix, i))):
        out.append(np.load(os.path.join(d, "%s_%d.npy" % (prefix, i))))
        i += 1
    return out


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def expected(name, ins):
    if name in ("cumsum", "cumsum_one_line"):
        return [np.cumsum(ins[0].astype(np.float64), axis=1)]
    if name == "exclusive_scan":
        x = ins[0].astype(np.float64)
        out = np.ones_like(x)
        for i in range(1, x.shape[0]):
            out[i] = out[i - 1] * x[i - 1]
        acc = out[-1] * 1.0 if x.shape[0] > 1 else np.ones(x.shape[1])
        return [out, acc]
    if name == "index_put":
        x = ins[0].astype(np.float64).copy()
        for u, row in enumerate([3, 7, 3, 0, 9]):
            x[row] += ins[1][u]
        return [x]
    if name == "scatter_elements":
        x = ins[0].copy()
        for u, (i, j) in enumerate([(0, 1), (6, 7), (3, 3), (2, 5)]):
            x[i, j] = ins[1][u]
        return [x]
    if name == "sort":
        order = np.argsort(ins[0], axis=1, kind="stable")
        return [np.take_along_axis(ins[0], order, axis=1), order]
    if name in ("sort_ties", "sort_dim0"):
        # Quarters: ties a stable sort keeps in their order.
        v = np.floor(ins[0] * np.float32(4))
        axis = 1 if name == "sort_ties" else 0
        key = v if name == "sort_ties" else -v
        order = np.argsort(key, axis=axis, kind="stable")
        return [np.take_along_axis(v, order, axis=axis), order]
    if name == "topk_ties":
        v = np.floor(ins[0] * np.float32(4))
        order = np.argsort(-v, axis=1, kind="stable")[:, :7]
        return [np.take_along_axis(v, order, axis=1), order]
    if name == "topk":
        # Largest first; of equal values the first position first.
        order = np.argsort(-ins[0], axis=1, kind="stable")[:, :5]
        return [np.take_along_axis(ins[0], order, axis=1), order]
    if name in ("attention", "attention_mask"):
        q, k, v = (a.astype(np.float64) for a in ins[:3])
        s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
        if name == "attention_mask":
            s = s + ins[3]
        return [softmax(s) @ v]
    # torch-mlir's exports of export_torch.py's modules.
    if name == "torch_cumsum":
        return [np.cumsum(ins[0].astype(np.float64), axis=1) * 2.0]
    if name == "torch_index_put_acc":
        x = ins[0].astype(np.float64).copy()
        for u, row in enumerate([3, 7, 3, 0]):
            x[row] += ins[1][u]
        return [x]
    if name in ("torch_scatter", "torch_scatter_add"):
        x = ins[0].astype(np.float64).copy()
        idx = [[0, 1, 2, 0], [1, 2, 0, 1]]
        for i in range(2):
            for j in range(4):
                if name == "torch_scatter":
                    x[idx[i][j], j] = ins[1][i, j]
                else:
                    x[idx[i][j], j] += ins[1][i, j]
        return [x]
    if name == "torch_sort":
        order = np.argsort(ins[0], axis=-1, kind="stable")
        return [np.take_along_axis(ins[0], order, axis=-1), order]
    if name == "torch_topk":
        order = np.argsort(-ins[0], axis=-1, kind="stable")[:, :4]
        return [np.take_along_axis(ins[0], order, axis=-1), order]
    raise SystemExit("unknown program " + name)


def main():
    name, d = sys.argv[1:3]
    ins, outs = load(d, "input"), load(d, "output")
    want = expected(name, ins)
    if len(want) != len(outs):
        print("%s: numpy: %d outputs, expected %d" % (name, len(outs), len(want)))
        return 1
    for i, (got, exp) in enumerate(zip(outs, want)):
        if got.shape != exp.shape or not np.allclose(got, exp, rtol=1e-5,
                                                     atol=1e-5):
            print("%s: numpy MISMATCH in output %d" % (name, i))
            return 1
    print("%s: numpy match" % name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
