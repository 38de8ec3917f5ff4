#!/usr/bin/env python3
"""Offline check of cost-model transfer between two tasks: how well models
trained on a source task's samples, on k samples of the target task, or on
both, rank the target's other samples. No measurement: the inputs are two
cost-model files written by tuner-tune (cost-model-file=), whose samples
carry the features and labels.

Ranking quality on the held-out target samples, mean over 10 random splits:
*pairwise*: the fraction of pairs in the right order; *top8/best*: the best
true throughput among the model's 8 top-ranked samples over the best of all.
Variants: the source alone; the target's k samples alone (a cold run after
k trials); both in one training set (Ansor with a loaded log); both with
group weights; and AutoTVM's transfer, a model of the k target samples
boosted from the source model's margins (base_margin: what
XGBoostCostModel does with a loaded model); each also without the 12 raw
knob features.

Needs the xgboost Python package (pip install xgboost==1.7.6 numpy), the
same XGBoost version as Debian's libxgboost; the parameters are
XGBoostCostModel's.

usage: bench/cost_model_transfer.py SOURCE.model.json TARGET.model.json
"""
import json
import sys

import numpy as np
import xgboost as xgb

P = dict(objective='rank:pairwise', max_depth=6, eta=0.3, min_child_weight=1,
         gamma=1e-4, reg_lambda=1, tree_method='hist', max_bin=32, nthread=2,
         verbosity=0)
def load(p):
    d = json.load(open(p))
    X = np.array([s['features'] for s in d['samples']], dtype=np.float32)
    y = np.array([s['label'] for s in d['samples']], dtype=np.float32)
    return X, y
# knob0..knob11: columns 60-71 of the 74 features (docs/CostModel.md).
KN = list(range(60, 72))
def train(parts, drop=False, weights=None, base=None):
    X = np.concatenate([p[0] for p in parts]); y = np.concatenate([p[1] for p in parts])
    if drop: X = X.copy(); X[:, KN] = np.nan
    d = xgb.DMatrix(X, label=y, missing=np.nan)
    d.set_group([len(p[1]) for p in parts])
    if weights is not None: d.set_weight(np.array(weights, dtype=np.float32))
    if base is not None: d.set_base_margin(base)
    return xgb.train(P, d, 60)
def pred(m, X, drop=False, base=None):
    if drop: X = X.copy(); X[:, KN] = np.nan
    d = xgb.DMatrix(X, missing=np.nan)
    if base is not None: d.set_base_margin(base)
    return m.predict(d, output_margin=True)
def quality(score, y, k=8):
    # pairwise accuracy; mean true label of top-k / best
    idx = np.argsort(-score)[:k]
    top = y[idx].max() / y.max()
    s = np.sign(score[:, None] - score[None, :]); t = np.sign(y[:, None] - y[None, :])
    m = t != 0
    acc = ((s == t) & m).sum() / m.sum()
    return acc, top
src = load(sys.argv[1]); tgt = load(sys.argv[2])
rng = np.random.default_rng(0)
res = {}
src_model = train([src]); src_drop = train([src], drop=True)
for k in (0, 16, 32):
    for rep in range(10):
        perm = rng.permutation(len(tgt[1])); tr, te = perm[:k], perm[k:]
        Xt, yt = tgt[0][te], tgt[1][te]
        own = (tgt[0][tr], tgt[1][tr])
        cands = {'source only': pred(src_model, Xt), 'source only, no knobs': pred(src_drop, Xt, drop=True)}
        if k:
            cands['target only'] = pred(train([own]), Xt)
            cands['target only, no knobs'] = pred(train([own], drop=True), Xt, drop=True)
            cands['source+target'] = pred(train([src, own]), Xt)
            cands['source+target, no knobs'] = pred(train([src, own], drop=True), Xt, drop=True)
            n = len(src[1]) + k
            cands['source+target, weighted'] = pred(train([src, own], weights=[n/2/len(src[1]), n/2/k]), Xt)
            b = pred(src_model, own[0])
            cands['base margin'] = pred(train([own], base=b), Xt, base=pred(src_model, Xt))
            bd = pred(src_drop, own[0], drop=True)
            cands['base margin, no knobs'] = pred(train([own], drop=True, base=bd), Xt, drop=True, base=pred(src_drop, Xt, drop=True))
        cands['random'] = rng.random(len(yt))
        for name, s in cands.items():
            res.setdefault((k, name), []).append(quality(s, yt))
for (k, name), v in res.items():
    v = np.array(v)
    print(f"k={k:2d} {name:28s} pairwise {v[:,0].mean():.3f}  top8/best {v[:,1].mean():.3f}")
