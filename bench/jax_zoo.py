#!/usr/bin/env python3
"""Models as JAX users write them, through IREE's StableHLO import, end to
end: export, default schedules, lowering, run, check.

bench/model_zoo.py covers PyTorch through torch-mlir; this script covers the
other large source of linalg on tensors: JAX programs lowered to StableHLO
(jax.jit(f).lower(...)) and imported by IREE's compiler
(iree-compile --iree-input-type=stablehlo --compile-to=input), whose
`util.func`/`util.return` are renamed to `func.func`/`func.return`, the only
IREE-specific ops in these programs. The models: an MLP with GELU and
softmax, a pre-norm transformer block with a causal mask, a small CNN with
reduce_window pooling, depthwise dilated and grouped NCHW convolutions, a
transposed convolution, an embedding bag, an argmax head, RMSNorm in bf16,
a KV-cache dynamic_update_slice, a causal conv1d with GLU, int8 matmuls,
einsums, bilinear resize, lax.scan and fori_loop, lax.cond, one-hot cross
entropy, jax.nn.dot_product_attention, f16 attention, take_along_axis,
vmapped gathers and layers, diagonals and traces, tile and repeat, a dozen
activations, norms over several axes, SAME max pooling, reversed strided
slices, a slice at a data-dependent index, a convolution with bias and
batch norm, int8 dot_general to int32, vector-matrix products, full
reductions to scalars, select_n and clamp, lax.while_loop; three use ops
IREE keeps in its own dialect (cumsum: iree_linalg_ext.scan, top_k: sort,
.at[].add: scatter), which tuner-opt reads and converts to loops. Each run
is also compared with JAX itself on the same inputs (stage "framework").

Needs a venv with jax (pip install "jax[cpu]") and iree-compile
(iree-base-compiler, the one bench/models.py creates is found by default):

  /path/to/jax-venv/bin/python bench/jax_zoo.py [--iree-compile PATH]
      [--target T]... [--trials N] [--gpu] [--work DIR] [--export-only DIR]
      [NAME...]

The stages and output are bench/model_zoo.py's. test/Integration/Inputs/jax
holds 16 of the exports (test/Integration/CPU/jax-forms.test,
test/Integration/GPU/jax-forms.test).
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model_zoo  # noqa: E402

IREE_COMPILE = os.path.join(model_zoo.ROOT, "bench", "out", "iree-venv", "bin",
                            "iree-compile")

def rnd(key, shape, dtype=None, scale=0.1):
    import jax
    import jax.numpy as jnp
    dtype = dtype or jnp.float32
    return (jax.random.normal(jax.random.PRNGKey(key), shape) * scale).astype(dtype)

def layer_norm(x, g, b, eps=1e-5):
    import jax.numpy as jnp
    from jax import lax
    m = jnp.mean(x, -1, keepdims=True)
    v = jnp.var(x, -1, keepdims=True)
    return (x - m) * lax.rsqrt(v + eps) * g + b

def _zoo1():
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax import lax
    z = {}
    def mlp_gelu():
        w1, b1, w2 = rnd(1,(64,128)), rnd(2,(128,)), rnd(3,(128,32))
        def f(x):
            return jax.nn.softmax(jax.nn.gelu(x @ w1 + b1) @ w2, axis=-1)
        return f, (rnd(0,(8,64),scale=1.0),)
    z['mlp_gelu'] = mlp_gelu
    def transformer_block():
        d, h, s = 64, 4, 32
        wq, wk, wv, wo = (rnd(i,(d,d)) for i in range(1,5))
        w1, w2 = rnd(5,(d,4*d)), rnd(6,(4*d,d))
        g, b = jnp.ones((d,)), jnp.zeros((d,))
        def f(x):
            y = layer_norm(x, g, b)
            q = (y @ wq).reshape(2, s, h, d//h)
            k = (y @ wk).reshape(2, s, h, d//h)
            v = (y @ wv).reshape(2, s, h, d//h)
            a = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(d//h)
            mask = jnp.tril(jnp.ones((s, s), bool))
            a = jnp.where(mask, a, -1e9)
            a = jax.nn.softmax(a, -1)
            o = jnp.einsum('bhqk,bkhd->bqhd', a, v).reshape(2, s, d)
            x = x + o @ wo
            y = layer_norm(x, g, b)
            return x + jax.nn.gelu(y @ w1, approximate=False) @ w2
        return f, (rnd(0,(2,s,d),scale=1.0),)
    z['transformer_block'] = transformer_block
    def cnn():
        k1, k2 = rnd(1,(3,3,3,16)), rnd(2,(3,3,16,32))
        wd = rnd(3,(32,10))
        def f(x):
            y = lax.conv_general_dilated(x, k1, (1,1), 'SAME', dimension_numbers=('NHWC','HWIO','NHWC'))
            y = jax.nn.relu(y)
            y = lax.reduce_window(y, -jnp.inf, lax.max, (1,2,2,1), (1,2,2,1), 'VALID')
            y = lax.conv_general_dilated(y, k2, (2,2), 'SAME', dimension_numbers=('NHWC','HWIO','NHWC'))
            y = jax.nn.relu(y)
            y = lax.reduce_window(y, 0., lax.add, (1,3,3,1), (1,1,1,1), 'SAME') / 9.0
            return jnp.mean(y, axis=(1,2)) @ wd
        return f, (rnd(0,(2,32,32,3),scale=1.0),)
    z['cnn'] = cnn
    def depthwise_dilated():
        kd = rnd(1,(3,3,1,32))
        kp = rnd(2,(1,1,32,64))
        def f(x):
            y = lax.conv_general_dilated(x, kd, (1,1), 'SAME', rhs_dilation=(2,2), feature_group_count=32, dimension_numbers=('NHWC','HWIO','NHWC'))
            y = jax.nn.relu6(y)
            return lax.conv_general_dilated(y, kp, (1,1), 'VALID', dimension_numbers=('NHWC','HWIO','NHWC'))
        return f, (rnd(0,(1,20,20,32),scale=1.0),)
    z['depthwise_dilated'] = depthwise_dilated
    def nchw_conv_transpose():
        k = rnd(1,(16,8,3,3))
        def f(x):
            y = lax.conv_transpose(x, k, (2,2), 'SAME', dimension_numbers=('NCHW','OIHW','NCHW'))
            return jax.nn.sigmoid(y)
        return f, (rnd(0,(1,8,10,10),scale=1.0),)
    z['conv_transpose_nchw'] = nchw_conv_transpose
    def embedding():
        table = rnd(1,(100,32))
        def f(ids):
            e = jnp.take(table, ids, axis=0)
            return jnp.sum(e, axis=1)
        return f, (jnp.array(np.random.RandomState(0).randint(0,100,(4,7)), jnp.int32),)
    z['embedding_bag'] = embedding
    def argmax_head():
        w = rnd(1,(32,10))
        def f(x):
            l = x @ w
            return jnp.argmax(l, -1).astype(jnp.int32), jnp.max(l, -1)
        return f, (rnd(0,(6,32),scale=1.0),)
    z['argmax_head'] = argmax_head
    def cumsum_logsumexp():
        def f(x):
            return jnp.cumsum(x, axis=-1), jax.nn.logsumexp(x, axis=-1)
        return f, (rnd(0,(4,33),scale=1.0),)
    z['cumsum_logsumexp'] = cumsum_logsumexp
    def rmsnorm_bf16():
        w = rnd(1,(64,128), jnp.bfloat16)
        g = jnp.ones((64,), jnp.bfloat16)
        def f(x):
            xf = x.astype(jnp.float32)
            y = (xf * lax.rsqrt(jnp.mean(xf*xf, -1, keepdims=True) + 1e-6)).astype(jnp.bfloat16) * g
            h = y @ w
            return jax.nn.silu(h)
        return f, (rnd(0,(16,64),jnp.bfloat16,scale=1.0),)
    z['rmsnorm_bf16'] = rmsnorm_bf16
    def shuffles():
        def f(x, y):
            a = jnp.concatenate([x, jnp.flip(y, 1)], axis=1)
            a = jnp.pad(a, ((1,1),(2,0)), constant_values=0.5)
            a = jnp.transpose(a)[::2]
            return jnp.clip(a, -0.5, 0.5) * jnp.roll(a, 3, axis=1)
        return f, (rnd(0,(6,5),scale=1.0), rnd(1,(6,7),scale=1.0))
    z['shuffles'] = shuffles
    def kv_cache_update():
        def f(cache, new, pos):
            c = lax.dynamic_update_slice(cache, new, (0, pos, 0))
            return lax.dynamic_slice(c, (0, 0, 0), (2, 8, 16)) * 2.0
        return f, (rnd(0,(2,16,16),scale=1.0), rnd(1,(2,1,16),scale=1.0), jnp.array(3, jnp.int32))
    z['kv_cache_update'] = kv_cache_update
    def conv1d_glu():
        k = rnd(1,(5,16,32))
        def f(x):
            y = lax.conv_general_dilated(x, k, (1,), [(4,0)], dimension_numbers=('NWC','WIO','NWC'))
            a, b = jnp.split(y, 2, axis=-1)
            return a * jax.nn.sigmoid(b)
        return f, (rnd(0,(2,24,16),scale=1.0),)
    z['causal_conv1d_glu'] = conv1d_glu
    def int_ops():
        def f(x, y):
            q = jnp.clip(jnp.round(x * 16), -128, 127).astype(jnp.int8)
            r = (q.astype(jnp.int32) @ y.astype(jnp.int32))
            return (r >> 2).astype(jnp.float32) + jnp.where(r % 3 == 0, 1.0, 0.0)
        return f, (rnd(0,(8,16),scale=1.0), jnp.array(np.random.RandomState(1).randint(-8,8,(16,12)), jnp.int8))
    z['int8_matmul'] = int_ops
    def batched_matmul_broadcast():
        w = rnd(1,(32,48))
        def f(x, y):
            return jnp.einsum('bij,bjk->bik', x, y) + jnp.einsum('bij,jk->bik', x, w).sum(-1, keepdims=True)
        return f, (rnd(0,(3,10,32),scale=1.0), rnd(1,(3,32,12),scale=1.0))
    z['einsum_batch'] = batched_matmul_broadcast
    def resize_bilinear():
        def f(x):
            return jax.image.resize(x, (1, 12, 12, 4), 'bilinear')
        return f, (rnd(0,(1,5,5,4),scale=1.0),)
    z['resize_bilinear'] = resize_bilinear
    return z

def _zoo2():
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax import lax
    z = {}
    def rnn_scan():
        wx, wh = rnd(1,(16,32)), rnd(2,(32,32))
        def f(xs):
            def step(h, x):
                h = jnp.tanh(x @ wx + h @ wh)
                return h, h
            h, hs = lax.scan(step, jnp.zeros((4,32)), xs)
            return h, hs.mean(0)
        return f, (rnd(0,(6,4,16),scale=1.0),)
    z['rnn_scan'] = rnn_scan
    def fori_power_iteration():
        a = rnd(1,(24,24))
        def f(v):
            def body(i, v):
                w = a @ v
                return w / jnp.linalg.norm(w)
            return lax.fori_loop(0, 5, body, v)
        return f, (rnd(0,(24,),scale=1.0),)
    z['fori_loop'] = fori_power_iteration
    def cond_branch():
        def f(x, p):
            return lax.cond(p > 0, lambda x: jnp.exp(x), lambda x: -x * 2.0, x)
        return f, (rnd(0,(8,8),scale=1.0), jnp.array(1.0, jnp.float32))
    z['cond'] = cond_branch
    def one_hot_xent():
        w = rnd(1,(32,10))
        def f(x, labels):
            logits = x @ w
            lp = jax.nn.log_softmax(logits)
            return -jnp.mean(jnp.sum(jax.nn.one_hot(labels, 10) * lp, -1))
        return f, (rnd(0,(16,32),scale=1.0), jnp.array(np.random.RandomState(0).randint(0,10,(16,)), jnp.int32))
    z['one_hot_xent'] = one_hot_xent
    def odd_einsum():
        w = rnd(1,(24,40))
        def f(x):
            y = jnp.einsum('ibj,jk->ibk', x, w)
            return jnp.einsum('ibk,jbk->bij', y, y)
        return f, (rnd(0,(6,3,24),scale=1.0),)
    z['odd_einsum'] = odd_einsum
    def grouped_conv_nchw():
        k = rnd(1,(16,4,3,3))
        def f(x):
            y = lax.conv_general_dilated(x, k, (1,1), ((1,1),(1,1)), feature_group_count=2, dimension_numbers=('NCHW','OIHW','NCHW'))
            return jax.nn.elu(y)
        return f, (rnd(0,(2,8,9,9),scale=1.0),)
    z['grouped_conv_nchw'] = grouped_conv_nchw
    def math_zoo():
        def f(x, y):
            a = jax.scipy.special.erf(x) + jnp.log1p(jnp.abs(y)) + jnp.expm1(x * 0.1)
            b = jnp.power(jnp.abs(x) + 1.0, 1.5) + jnp.where(jnp.isnan(y), 0.0, y)
            q = jnp.floor_divide(jnp.arange(24, dtype=jnp.int32).reshape(4,6) - 10, 3)
            r = jnp.remainder(jnp.arange(24, dtype=jnp.int32).reshape(4,6) - 10, 7)
            return a * b + (q + r).astype(jnp.float32)
        return f, (rnd(0,(4,6),scale=1.0), rnd(1,(4,6),scale=1.0))
    z['math_zoo'] = math_zoo
    def avg_pool_exclude_pad():
        def f(x):
            s = lax.reduce_window(x, 0., lax.add, (1,3,3,1), (1,2,2,1), 'SAME')
            c = lax.reduce_window(jnp.ones_like(x), 0., lax.add, (1,3,3,1), (1,2,2,1), 'SAME')
            return s / c
        return f, (rnd(0,(1,9,9,8),scale=1.0),)
    z['avg_pool_exclude_pad'] = avg_pool_exclude_pad
    def f16_attention():
        def f(q, k, v):
            a = jnp.einsum('bqd,bkd->bqk', q, k) * 0.125
            return jnp.einsum('bqk,bkd->bqd', jax.nn.softmax(a.astype(jnp.float32), -1).astype(jnp.float16), v)
        return f, tuple(rnd(i,(2,16,64),jnp.float16,scale=1.0) for i in range(3))
    z['f16_attention'] = f16_attention
    def dot_product_attention():
        def f(q, k, v):
            return jax.nn.dot_product_attention(q, k, v, is_causal=True)
        return f, tuple(rnd(i,(1,16,2,32),scale=1.0) for i in range(3))
    z['dot_product_attention'] = dot_product_attention
    def sort_topk():
        def f(x):
            return lax.top_k(x, 3)[0]
        return f, (rnd(0,(4,20),scale=1.0),)
    z['top_k'] = sort_topk
    def strided_slices_gather():
        def f(x, idx):
            y = x[:, ::3, 1:-1]
            g = jnp.take_along_axis(x, idx[:, :, None].repeat(x.shape[2], 2), axis=1)
            return y.sum() + g
        return f, (rnd(0,(2,9,6),scale=1.0), jnp.array(np.random.RandomState(0).randint(0,9,(2,4)), jnp.int32))
    z['take_along_axis'] = strided_slices_gather
    def scatter_add():
        def f(x, idx, upd):
            return x.at[idx].add(upd)
        return f, (rnd(0,(10,4),scale=1.0), jnp.array([1,3,3,7], jnp.int32), rnd(1,(4,4),scale=1.0))
    z['scatter_add'] = scatter_add
    return z


def _zoo3():
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax import lax
    z = {}
    def vmap_gather():
        table = rnd(1,(50,16))
        def f(ids, w):
            g = jax.vmap(lambda i, x: jnp.take(table, i, axis=0) * x)(ids, w)
            return g.sum(1)
        return f, (jnp.array(np.random.RandomState(0).randint(0,50,(4,6)), jnp.int32), rnd(0,(4,6,16),scale=1.0))
    z['vmap_gather'] = vmap_gather
    def diag_trace_outer():
        def f(a, v):
            d = jnp.einsum('ii->i', a)
            t = jnp.trace(a)
            return jnp.outer(d, v) + t + jnp.kron(a[:2,:2], jnp.eye(2))[0, 0]
        return f, (rnd(0,(6,6),scale=1.0), rnd(1,(5,),scale=1.0))
    z['diag_trace_outer'] = diag_trace_outer
    def tile_repeat():
        def f(x):
            return jnp.tile(x, (2, 3)) + jnp.repeat(jnp.repeat(x, 2, axis=0), 3, axis=1) - jnp.broadcast_to(x[:1], (2, 3, 4)).sum(0).max() * 0.5
        return f, (rnd(0,(3,4),scale=1.0),)
    z['tile_repeat'] = tile_repeat
    def activations():
        def f(x):
            return (jax.nn.softplus(x) + jax.nn.log_sigmoid(x) + jax.nn.celu(x) + jax.nn.selu(x)
                    + jax.nn.hard_swish(x) + jax.nn.mish(x) + jax.nn.glu(jnp.concatenate([x, x], -1)))
        return f, (rnd(0,(8,16),scale=2.0),)
    z['activations'] = activations
    def norm_multi_axis():
        def f(x):
            m = x.mean(axis=(1, 2), keepdims=True)
            v = ((x - m) ** 2).mean(axis=(1, 2), keepdims=True)
            y = (x - m) / jnp.sqrt(v + 1e-5)
            return y, jnp.max(x), jnp.linalg.norm(x, axis=0)
        return f, (rnd(0,(2,5,7),scale=1.0),)
    z['norm_multi_axis'] = norm_multi_axis
    def max_pool_same():
        def f(x):
            return lax.reduce_window(x, -jnp.inf, lax.max, (1,3,3,1), (1,2,2,1), 'SAME'), lax.reduce_window(x, jnp.inf, lax.min, (1,2,2,1), (1,1,1,1), ((0,0),(1,0),(0,1),(0,0)))
        return f, (rnd(0,(2,7,7,3),scale=1.0),)
    z['max_pool_same'] = max_pool_same
    def reverse_and_negative_strides():
        def f(x):
            return x[::-1, ::-2] + jnp.flip(x, (0, 1))[:, ::2]
        return f, (rnd(0,(5,9),scale=1.0),)
    z['reverse_strides'] = reverse_and_negative_strides
    def data_dependent_slice():
        def f(x, t):
            i = jnp.argmax(x.sum(1))
            row = lax.dynamic_slice_in_dim(x, i, 1, axis=0)
            return row * t
        return f, (rnd(0,(8,12),scale=1.0), rnd(1,(1,12),scale=1.0))
    z['data_dependent_slice'] = data_dependent_slice
    def conv_bias_bn():
        k = rnd(1,(3,3,8,16)); b = rnd(2,(16,)); mean = rnd(3,(16,)); var = jnp.abs(rnd(4,(16,))) + 1.0
        g = rnd(5,(16,)) + 1.0; beta = rnd(6,(16,))
        def f(x):
            y = lax.conv_general_dilated(x, k, (1,1), ((1,1),(1,1)), dimension_numbers=('NHWC','HWIO','NHWC')) + b
            y = (y - mean) / jnp.sqrt(var + 1e-5) * g + beta
            return jax.nn.relu(y)
        return f, (rnd(0,(2,12,12,8),scale=1.0),)
    z['conv_bias_bn'] = conv_bias_bn
    def int8_dot_general():
        def f(a, b):
            r = lax.dot_general(a, b, (((1,), (0,)), ((), ())), preferred_element_type=jnp.int32)
            return r, jnp.clip(r, -100, 100).astype(jnp.int8)
        return f, (jnp.array(np.random.RandomState(0).randint(-20,20,(9,17)), jnp.int8), jnp.array(np.random.RandomState(1).randint(-20,20,(17,5)), jnp.int8))
    z['int8_dot_general'] = int8_dot_general
    def vector_matrix():
        w = rnd(1,(32,24))
        def f(v, m):
            return jnp.matmul(v, w), jnp.matmul(m, v[:24]), jnp.dot(v, v)
        return f, (rnd(0,(32,),scale=1.0), rnd(1,(7,24),scale=1.0))
    z['vector_matrix'] = vector_matrix
    def full_reduce_scalars():
        def f(x, y):
            return jnp.sum(x), jnp.mean(y), jnp.all(x > -10.0), jnp.argmin(y.ravel()).astype(jnp.int32)
        return f, (rnd(0,(4,5),scale=1.0), rnd(1,(3,3),scale=1.0))
    z['full_reduce_scalars'] = full_reduce_scalars
    def clamp_select_n():
        def f(x, k):
            return lax.select_n(k, x, x * 2, -x) + lax.clamp(-0.5, x, 0.5)
        return f, (rnd(0,(6,6),scale=1.0), jnp.array(np.random.RandomState(0).randint(0,3,(6,6)), jnp.int32))
    z['clamp_select_n'] = clamp_select_n
    def batched_layers_vmap():
        w1 = rnd(1,(4,16,16)); w2 = rnd(2,(4,16,8))
        def f(x):
            def layer(x, a, b):
                return jnp.tanh(x @ a) @ b
            return jax.vmap(layer)(x, w1, w2)
        return f, (rnd(0,(4,5,16),scale=1.0),)
    z['vmap_ensemble'] = batched_layers_vmap
    def while_loop_data():
        def f(x):
            def cond(c):
                i, v = c
                return (i < 10) & (jnp.sum(v) < 100.0)
            def body(c):
                i, v = c
                return i + 1, v * 1.5 + 0.1
            return lax.while_loop(cond, body, (0, x))[1]
        return f, (jnp.abs(rnd(0,(4,4),scale=1.0)),)
    z['while_loop'] = while_loop_data
    return z


def models():
    """{name: build() -> (function, example arguments)}."""
    z = _zoo1()
    z.update(_zoo2())
    z.update(_zoo3())
    return z


def jax_exporter(build, iree_compile):
    """export() -> the linalg text IREE imports from the model `build` makes."""
    def export():
        import jax
        fn, args = build()
        stablehlo = jax.jit(fn).lower(*args).as_text()
        p = subprocess.run([iree_compile, "--iree-input-type=stablehlo",
                            "--compile-to=input", "-"], input=stablehlo,
                           capture_output=True, text=True)
        if p.returncode:
            raise RuntimeError("iree-compile: " + p.stderr.strip()[:400])
        text = re.sub(r"\butil\.func\b", "func.func", p.stdout)
        return re.sub(r"\butil\.return\b", "func.return", text)
    return export


def jax_oracle(build):
    """inputs -> outputs of the JAX function `build` makes, on the inputs
    tuner-run saved (bf16 widened to float32, converted back to the example
    arguments' dtypes)."""
    def oracle(inputs):
        import jax.numpy as jnp
        import numpy as np
        fn, examples = build()
        args = [jnp.asarray(a).astype(e.dtype) for a, e in zip(inputs, examples)]
        out = fn(*args)
        out = out if isinstance(out, (tuple, list)) else (out,)
        return [np.asarray(o.astype(jnp.float32)) if o.dtype in (
            jnp.bfloat16, jnp.float16) else np.asarray(o) for o in out]
    return oracle


def main():
    parser = model_zoo.make_parser(__doc__, "/tmp/jax-zoo")
    parser.add_argument("--iree-compile", default=IREE_COMPILE)
    iree = parser.parse_known_args()[0].iree_compile
    zoo = models()
    return model_zoo.run_zoo(parser, {name: jax_exporter(build, iree)
                                      for name, build in zoo.items()},
                             {name: jax_oracle(build)
                              for name, build in zoo.items()})


if __name__ == "__main__":
    sys.exit(main())
