#!/usr/bin/env python3
"""Models in the shapes other projects write them, end to end: export, default
schedules, lowering, run, check.

The programs in examples/models are the ones the tuner was developed on. This
script is the stand-in for "models from other projects": small versions of
common architectures, written here the way their authors write them in
PyTorch (nn.Embedding token inputs, causal masks, nn.MultiheadAttention,
erf GELU, ReLU6, SiLU gates, grouped and dilated convolutions, transposed
convolutions, nearest upsampling, adaptive pooling, layer and RMS norms,
bf16 weights, softmax over a non-innermost dimension, argmax heads; 3-D and
grouped convolutions with a channel shuffle, LSTM cells, bilinear
upsampling, masked attention with -inf, broadcast batch matmuls, embedding
gathers with torch-mlir's index assertions, int8 linears, flips and rolls;
cumsum position ids, cumprod, sort and topk, gathers and index_select,
integer and float remainders, pooling indices, full LSTM and GRU layers,
grid_sample, a transformer decoder layer),
exported by torch-mlir's FX importer to linalg on tensors. For each model and target:

  export   torch_mlir.fx.export_and_import (LINALG_ON_TENSORS)
  lower    tuner-opt --sched-apply-default=target=T --sched-materialize
           --tuner-lower-cpu (or --tuner-lower-gpu for cuda:* targets)
  run      tuner-run --reference=<the exported module> (CPU targets on a host
           that has the target's ISA; CUDA targets only where a GPU is)
  framework  the same inputs through PyTorch itself, its outputs compared
           with ours (--no-framework-check skips it)
  tune     with --trials N: tuner-tune target=T trials=N first

and prints one line per model and target, then a summary ("compiled 14 of
15, matched 14"). Exit status 1 when any model failed a stage. Not part of
the tests (CI has no PyTorch): run it in a venv with the [torch] extra
(examples/models/gen/requirements.txt).

With --export-only DIR it writes DIR/NAME.mlir and stops: the programs
utils/gpu-check.sh runs on a GPU machine without torch-mlir
(GPU_CHECK_EXTRA=DIR).

With --dtype bf16 (or f16) every model's floating weights and inputs are
cast first: the precision models run in on a GPU (with --export-only, the
programs for utils/check-gpu-emulated.py).

With --tosa the models go through torch-mlir's TOSA output instead (33 of
the 35 export; tuner-opt converts TOSA to linalg itself). With --onnx they go
through torch.onnx.export and IREE's ONNX importer (iree-import-onnx,
iree-compile --compile-to=input; --iree-bin DIR, default beside this Python).

usage: model_zoo.py [--tuner-bin DIR] [--target T]... [--trials N]
                    [--gpu] [--work DIR] [--export-only DIR] [--tosa]
                    [NAME...]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "examples", "models", "gen"))


def models():
    """{name: build() -> (module, example inputs)}, each seeded."""
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    def seeded(fn):
        def build():
            torch.manual_seed(0)
            model, inputs = fn()
            return model.eval(), inputs
        return build

    zoo = {}

    def model(fn):
        zoo[fn.__name__] = seeded(fn)
        return fn

    @model
    def resnet_stem():
        class Stem(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(3, 32, 7, stride=2, padding=3, bias=False)
                self.bn = nn.BatchNorm2d(32)
                self.pool = nn.MaxPool2d(3, stride=2, padding=1)
                self.fc = nn.Linear(32, 10)

            def forward(self, x):
                y = self.pool(F.relu(self.bn(self.conv(x))))
                y = F.adaptive_avg_pool2d(y, 1).flatten(1)
                return self.fc(y)
        return Stem(), (torch.randn(1, 3, 64, 64),)

    @model
    def mobilenet_v2_block():
        class InvertedResidual(nn.Module):
            def __init__(self, c=16, t=6):
                super().__init__()
                h = c * t
                self.expand = nn.Conv2d(c, h, 1, bias=False)
                self.dw = nn.Conv2d(h, h, 3, stride=2, padding=1, groups=h,
                                    bias=False)
                self.project = nn.Conv2d(h, 24, 1, bias=False)

            def forward(self, x):
                y = F.relu6(self.expand(x))
                y = F.relu6(self.dw(y))
                return self.project(y)
        return InvertedResidual(), (torch.randn(1, 16, 28, 28),)

    @model
    def vit_block():
        class Block(nn.Module):
            def __init__(self, d=96, heads=3):
                super().__init__()
                self.ln1 = nn.LayerNorm(d)
                self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
                self.ln2 = nn.LayerNorm(d)
                self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(),
                                         nn.Linear(4 * d, d))

            def forward(self, x):
                h = self.ln1(x)
                x = x + self.attn(h, h, h, need_weights=False)[0]
                return x + self.mlp(self.ln2(x))
        return Block(), (torch.randn(1, 50, 96),)

    @model
    def gpt2_block():
        class GPT(nn.Module):
            def __init__(self, vocab=512, seq=32, d=64, heads=4):
                super().__init__()
                self.heads = heads
                self.tok = nn.Embedding(vocab, d)
                self.pos = nn.Embedding(seq, d)
                self.ln = nn.LayerNorm(d)
                self.qkv = nn.Linear(d, 3 * d)
                self.proj = nn.Linear(d, d)
                self.head = nn.Linear(d, vocab, bias=False)
                self.register_buffer("mask", torch.tril(torch.ones(seq, seq)))

            def forward(self, ids):
                b, t = ids.shape
                x = self.tok(ids) + self.pos(torch.arange(t))
                q, k, v = self.qkv(self.ln(x)).split(x.shape[-1], dim=2)
                shape = (b, t, self.heads, -1)
                q, k, v = (z.view(shape).transpose(1, 2) for z in (q, k, v))
                att = (q @ k.transpose(-2, -1)) / (q.shape[-1] ** 0.5)
                att = att.masked_fill(self.mask[:t, :t] == 0, float("-inf"))
                y = F.softmax(att, dim=-1) @ v
                y = y.transpose(1, 2).reshape(b, t, -1)
                x = x + self.proj(y)
                return self.head(x)
        return GPT(), (torch.randint(0, 512, (1, 32)),)

    @model
    def convnext_block():
        class Block(nn.Module):
            def __init__(self, c=48):
                super().__init__()
                self.dw = nn.Conv2d(c, c, 7, padding=3, groups=c)
                self.ln = nn.LayerNorm(c, eps=1e-6)
                self.pw1 = nn.Linear(c, 4 * c)
                self.pw2 = nn.Linear(4 * c, c)
                self.gamma = nn.Parameter(1e-2 * torch.ones(c))

            def forward(self, x):
                y = self.dw(x).permute(0, 2, 3, 1)
                y = self.pw2(F.gelu(self.pw1(self.ln(y))))
                return x + (self.gamma * y).permute(0, 3, 1, 2)
        return Block(), (torch.randn(1, 48, 14, 14),)

    @model
    def unet_level():
        class Level(nn.Module):
            def __init__(self, c=8):
                super().__init__()
                self.down = nn.Conv2d(c, 2 * c, 3, padding=1)
                self.up = nn.ConvTranspose2d(2 * c, c, 2, stride=2)
                self.fuse = nn.Conv2d(2 * c, c, 3, padding=1)

            def forward(self, x):
                y = F.relu(self.down(F.max_pool2d(x, 2)))
                y = torch.cat([x, self.up(y)], dim=1)
                z = F.interpolate(x, scale_factor=2, mode="nearest")
                return F.relu(self.fuse(y)), z
        return Level(), (torch.randn(1, 8, 32, 32),)

    @model
    def mixer_block():
        class Mixer(nn.Module):
            def __init__(self, tokens=49, d=64):
                super().__init__()
                self.ln1 = nn.LayerNorm(d)
                self.tok = nn.Sequential(nn.Linear(tokens, 2 * tokens),
                                         nn.GELU(), nn.Linear(2 * tokens, tokens))
                self.ln2 = nn.LayerNorm(d)
                self.ch = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(),
                                        nn.Linear(4 * d, d))

            def forward(self, x):
                x = x + self.tok(self.ln1(x).transpose(1, 2)).transpose(1, 2)
                return x + self.ch(self.ln2(x))
        return Mixer(), (torch.randn(2, 49, 64),)

    @model
    def squeeze_excite():
        class SE(nn.Module):
            def __init__(self, c=32):
                super().__init__()
                self.conv = nn.Conv2d(c, c, 3, padding=1, groups=4)
                self.fc1 = nn.Conv2d(c, c // 4, 1)
                self.fc2 = nn.Conv2d(c // 4, c, 1)

            def forward(self, x):
                y = F.silu(self.conv(x))
                s = F.adaptive_avg_pool2d(y, 1)
                s = torch.sigmoid(self.fc2(F.silu(self.fc1(s))))
                return y * s
        return SE(), (torch.randn(1, 32, 20, 20),)

    @model
    def gru_cell():
        class GRU(nn.Module):
            def __init__(self, n=48, h=64):
                super().__init__()
                self.cell = nn.GRUCell(n, h)

            def forward(self, x, h):
                return self.cell(x, h)
        return GRU(), (torch.randn(4, 48), torch.randn(4, 64))

    @model
    def llama_rmsnorm_bf16():
        class RMS(nn.Module):
            def __init__(self, d=128):
                super().__init__()
                self.w = nn.Parameter(torch.ones(d))
                self.gate = nn.Linear(d, 256, bias=False)
                self.up = nn.Linear(d, 256, bias=False)
                self.down = nn.Linear(256, d, bias=False)

            def forward(self, x):
                n = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
                n = n * self.w
                return x + self.down(F.silu(self.gate(n)) * self.up(n))
        model = RMS().to(torch.bfloat16)
        return model, (torch.randn(8, 128, dtype=torch.bfloat16),)

    @model
    def dilated_conv1d():
        class TCN(nn.Module):
            def __init__(self, c=32):
                super().__init__()
                self.c1 = nn.Conv1d(c, c, 3, padding=2, dilation=2)
                self.c2 = nn.Conv1d(c, c, 3, padding=4, dilation=4)

            def forward(self, x):
                return x + torch.tanh(self.c2(F.relu(self.c1(x))))
        return TCN(), (torch.randn(1, 32, 100),)

    @model
    def classifier_argmax():
        class Head(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(64, 100)

            def forward(self, x):
                logits = self.fc(x)
                return F.softmax(logits, dim=1), logits.argmax(dim=1)
        return Head(), (torch.randn(16, 64),)

    @model
    def channel_softmax():
        class ChannelSoftmax(nn.Module):
            def forward(self, x):
                return F.softmax(x, dim=1) * x.mean(dim=(2, 3), keepdim=True)
        return ChannelSoftmax(), (torch.randn(1, 16, 12, 12),)

    @model
    def bmm_transposed():
        class Attn(nn.Module):
            def forward(self, q, k):
                return torch.bmm(q, k.transpose(1, 2)).tanh()
        return Attn(), (torch.randn(4, 33, 16), torch.randn(4, 47, 16))

    @model
    def groupnorm_pixelshuffle():
        class Up(nn.Module):
            def __init__(self, c=16):
                super().__init__()
                self.conv = nn.Conv2d(c, 4 * c, 3, padding=1)
                self.gn = nn.GroupNorm(4, 4 * c)
                self.inorm = nn.InstanceNorm2d(c, affine=True)

            def forward(self, x):
                y = F.silu(self.gn(self.conv(x)))
                return self.inorm(F.pixel_shuffle(y, 2))
        return Up(), (torch.randn(1, 16, 9, 9),)

    @model
    def sdpa_attention():
        class SDPA(nn.Module):
            def forward(self, q, k, v):
                return F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return SDPA(), tuple(torch.randn(1, 2, 24, 16) for _ in range(3))

    @model
    def f16_mlp():
        model = nn.Sequential(nn.Linear(64, 96), nn.Hardswish(),
                              nn.Linear(96, 32)).to(torch.float16)
        return model, (torch.randn(5, 64, dtype=torch.float16),)

    @model
    def scalar_reductions():
        class Stats(nn.Module):
            def forward(self, x):
                return (x.sum(), x.amax(), x.var(dim=1), x.norm(),
                        x.logsumexp(dim=0))
        return Stats(), (torch.randn(13, 7),)

    @model
    def odd_stride_pooling():
        class Odd(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(3, 8, 7, stride=2, padding=3)
                self.conv2 = nn.Conv2d(8, 8, 3, padding=2, dilation=2)

            def forward(self, x):
                y = F.max_pool2d(F.relu(self.conv(x)), 3, stride=2,
                                 ceil_mode=True)
                z = F.avg_pool2d(self.conv2(y), 3, stride=1, padding=1,
                                 count_include_pad=False)
                return z
        return Odd(), (torch.randn(1, 3, 15, 15),)

    @model
    def activations():
        class Acts(nn.Module):
            def forward(self, x):
                return (F.softplus(x) + F.elu(x) + F.leaky_relu(x, 0.1)
                        + torch.erf(x) + F.hardsigmoid(x),
                        F.log_softmax(x, dim=-1),
                        torch.where(x > 0, x, x.exp() - 1).clamp(-0.5, 0.5))
        return Acts(), (torch.randn(6, 33),)

    @model
    def conv3d_video():
        class Video(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv3d(3, 8, 3, padding=1)
                self.bn = nn.BatchNorm3d(8)

            def forward(self, x):
                return F.max_pool3d(F.relu(self.bn(self.conv(x))), 2)
        return Video(), (torch.randn(1, 3, 8, 16, 16),)

    @model
    def grouped_conv_shuffle():
        class ShuffleUnit(nn.Module):
            def __init__(self, c=24, groups=3):
                super().__init__()
                self.groups = groups
                self.gconv = nn.Conv2d(c, c, 1, groups=groups)
                self.dw = nn.Conv2d(c, c, 3, padding=1, groups=c)

            def forward(self, x):
                y = self.gconv(x)
                b, c, h, w = y.shape
                y = y.view(b, self.groups, c // self.groups, h, w)
                y = y.transpose(1, 2).reshape(b, c, h, w)
                return F.hardswish(self.dw(y)) + x
        return ShuffleUnit(), (torch.randn(2, 24, 14, 14),)

    @model
    def lstm_cell():
        class Cell(nn.Module):
            def __init__(self):
                super().__init__()
                self.cell = nn.LSTMCell(40, 56)

            def forward(self, x, h, c):
                return self.cell(x, (h, c))
        return Cell(), (torch.randn(3, 40), torch.randn(3, 56),
                        torch.randn(3, 56))

    @model
    def bilinear_upsample():
        class Up(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(4, 4, 3, padding=1)

            def forward(self, x):
                return F.interpolate(self.conv(x), scale_factor=2,
                                     mode="bilinear", align_corners=False)
        return Up(), (torch.randn(1, 4, 9, 11),)

    @model
    def masked_attention():
        class Masked(nn.Module):
            def forward(self, q, k, v, mask):
                a = (q @ k.transpose(-1, -2)) / 8.0
                a = a.masked_fill(mask, float("-inf"))
                return F.softmax(a, dim=-1) @ v
        mask = torch.zeros(1, 1, 17, 17, dtype=torch.bool)
        mask[..., 12:] = True
        qkv = [torch.randn(2, 4, 17, 16) for _ in range(3)]
        return Masked(), (*qkv, mask)

    @model
    def einsum_chain():
        class Chain(nn.Module):
            def forward(self, a, b, c):
                x = torch.einsum("bij,bjk->bik", a, b)
                return torch.einsum("bik,kl->bil", x, c).sum(dim=1)
        return Chain(), (torch.randn(3, 10, 12), torch.randn(3, 12, 14),
                         torch.randn(14, 6))

    @model
    def broadcast_batch_matmul():
        class Broadcast(nn.Module):
            def forward(self, a, b):
                return torch.matmul(a, b)
        return Broadcast(), (torch.randn(2, 1, 5, 8), torch.randn(3, 8, 6))

    @model
    def gather_embedding_sum():
        # nn.Embedding's gather carries torch-mlir's index assertions
        # (cf.assert in the linalg body).
        class Bag(nn.Module):
            def __init__(self):
                super().__init__()
                self.embed = nn.Embedding(100, 24)
                self.pos = nn.Parameter(torch.randn(16, 24))

            def forward(self, ids):
                x = self.embed(ids) + self.pos
                reverse = torch.arange(15, -1, -1)
                return torch.index_select(x, 1, reverse).mean(dim=1)
        return Bag(), (torch.randint(0, 100, (2, 16)),)

    @model
    def norms_and_stats():
        class Stats(nn.Module):
            def __init__(self):
                super().__init__()
                self.inorm = nn.InstanceNorm2d(6, affine=True)
                self.ln = nn.LayerNorm([6, 5, 5])

            def forward(self, x):
                return (self.inorm(x) + self.ln(x),
                        x.std(dim=(2, 3), keepdim=True), x.amin(dim=1),
                        x.prod(dim=-1))
        return Stats(), (torch.randn(2, 6, 5, 5),)

    @model
    def flip_roll_cat():
        class Shuffle(nn.Module):
            def forward(self, x, y):
                a = torch.flip(x, dims=[1])
                b = torch.roll(x, shifts=3, dims=2)
                return (torch.cat([a, b, y[:, ::2]], dim=1),
                        torch.stack([x, x * 2], dim=0).sum(0))
        return Shuffle(), (torch.randn(2, 6, 9), torch.randn(2, 8, 9))

    @model
    def resnet_bottleneck_s2():
        class Bottleneck(nn.Module):
            def __init__(self, c=32):
                super().__init__()
                self.conv1 = nn.Conv2d(c, c, 1, bias=False)
                self.bn1 = nn.BatchNorm2d(c)
                self.conv2 = nn.Conv2d(c, c, 3, stride=2, padding=1,
                                       bias=False)
                self.bn2 = nn.BatchNorm2d(c)
                self.conv3 = nn.Conv2d(c, 4 * c, 1, bias=False)
                self.bn3 = nn.BatchNorm2d(4 * c)
                self.down = nn.Conv2d(c, 4 * c, 1, stride=2, bias=False)
                self.bn_down = nn.BatchNorm2d(4 * c)

            def forward(self, x):
                y = F.relu(self.bn1(self.conv1(x)))
                y = F.relu(self.bn2(self.conv2(y)))
                y = self.bn3(self.conv3(y))
                return F.relu(y + self.bn_down(self.down(x)))
        return Bottleneck(), (torch.randn(2, 32, 20, 20),)

    @model
    def conv_transpose_s2():
        class Deconv(nn.Module):
            def __init__(self):
                super().__init__()
                self.deconv = nn.ConvTranspose2d(8, 4, 3, stride=2, padding=1,
                                                 output_padding=1)

            def forward(self, x):
                return torch.sigmoid(self.deconv(x))
        return Deconv(), (torch.randn(1, 8, 7, 7),)

    @model
    def bf16_conv():
        class Bf16Conv(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(16, 32, 3, padding=1).to(torch.bfloat16)

            def forward(self, x):
                return F.relu(self.conv(x)).float().mean(dim=(2, 3))
        return Bf16Conv(), (torch.randn(1, 16, 12, 12).to(torch.bfloat16),)

    @model
    def adaptive_pool_odd():
        class Pools(nn.Module):
            def forward(self, x):
                return (F.adaptive_avg_pool2d(x, (3, 5)),
                        F.adaptive_max_pool2d(x, 2))
        return Pools(), (torch.randn(1, 5, 13, 17),)

    @model
    def int8_linear():
        class Int8Linear(nn.Module):
            def __init__(self):
                super().__init__()
                w = torch.randint(-8, 8, (32, 48), dtype=torch.int8)
                self.w = nn.Parameter(w, requires_grad=False)

            def forward(self, x):
                y = torch.matmul(x.to(torch.int32), self.w.to(torch.int32))
                return (y.float() * 0.05).clamp(-10, 10)
        return Int8Linear(), (torch.randint(-8, 8, (5, 32), dtype=torch.int8),)

    # Ops and layers more models use (2026-11-29): torch-mlir writes some of
    # them with its tm_tensor ops (cumsum, cumprod, sort, topk, index_put,
    # max_pool indices), the others as linalg; each run is also compared
    # with PyTorch on the same inputs. Integer inputs are tuner-run's, in
    # [0, 8]: the tables they index have at least 9 rows.
    @model
    def gpt2_positions():
        class Positions(nn.Module):
            def __init__(self):
                super().__init__()
                self.wte = nn.Embedding(16, 32)
                self.wpe = nn.Embedding(64, 32)
                self.ln = nn.LayerNorm(32)

            def forward(self, ids, mask):
                mask = (mask > 2).long()
                pos = torch.cumsum(mask, dim=-1) - 1
                pos = pos.masked_fill(mask == 0, 1)
                h = self.wte(ids) + self.wpe(pos)
                return F.gelu(self.ln(h), approximate="tanh")
        return Positions(), (torch.randint(0, 9, (2, 16)),
                             torch.randint(0, 9, (2, 16)))

    @model
    def causal_masked_fill():
        class Causal(nn.Module):
            def forward(self, x):
                s = x @ x.transpose(1, 2)
                m = torch.triu(torch.ones(8, 8, dtype=torch.bool), diagonal=1)
                return torch.softmax(s.masked_fill(m, float("-inf")), -1)
        return Causal(), (torch.randn(2, 8, 16),)

    @model
    def gather_index_select():
        class Gathers(nn.Module):
            def forward(self, x, idx, rows):
                return torch.gather(x, 1, idx), torch.index_select(x, 0, rows)
        return Gathers(), (torch.randn(9, 10), torch.randint(0, 9, (9, 3)),
                           torch.randint(0, 9, (4,)))

    @model
    def max_argsort_topk():
        class Orders(nn.Module):
            def forward(self, x):
                v, i = torch.max(x, dim=1)
                top, at = torch.topk(x, 5)
                return v, i, torch.argsort(x, dim=1, descending=True), \
                    torch.softmax(top, -1), at
        return Orders(), (torch.randn(3, 17),)

    @model
    def cumprod_logsumexp():
        class Scans(nn.Module):
            def forward(self, x):
                return torch.cumprod(x, dim=1), torch.logsumexp(x, dim=1)
        return Scans(), (torch.randn(5, 9),)

    @model
    def int_and_float_remainders():
        class Remainders(nn.Module):
            def forward(self, a, b, x, y):
                return (torch.floor_divide(a, b + 1), torch.remainder(a, b + 1),
                        torch.sign(a - 4), torch.fmod(x, y + 2.0),
                        torch.remainder(x, y + 2.0))
        ints = [torch.randint(0, 9, (4, 12), dtype=torch.int32)
                for _ in range(2)]
        return Remainders(), tuple(ints) + (torch.randn(4, 12),
                                            torch.randn(4, 12))

    @model
    def pool_indices_3d():
        class Pools(nn.Module):
            def forward(self, x, v):
                m, i = F.max_pool1d(x, 2, return_indices=True)
                return m, i, F.avg_pool3d(v, 2) + F.adaptive_avg_pool3d(v, 1)
        return Pools(), (torch.randn(3, 10, 8), torch.randn(2, 4, 6, 6, 6))

    @model
    def conv_transpose_1d():
        class Deconv(nn.Module):
            def __init__(self):
                super().__init__()
                self.c = nn.ConvTranspose1d(6, 4, 3, stride=2, padding=1,
                                            output_padding=1)

            def forward(self, x):
                return self.c(x)
        return Deconv(), (torch.randn(2, 6, 20),)

    @model
    def diag_tril_trace_onehot():
        class Matrices(nn.Module):
            def forward(self, x, k):
                b = torch.bucketize(k.float(), torch.tensor([1.0, 3.0, 5.0]))
                return (torch.tril(x) + torch.diag(torch.diag(x)),
                        torch.trace(x), F.one_hot(k, 9), b)
        return Matrices(), (torch.randn(6, 6), torch.randint(0, 9, (8,)))

    @model
    def lstm_gru_full():
        class Recurrent(nn.Module):
            def __init__(self):
                super().__init__()
                self.lstm = nn.LSTM(8, 12, batch_first=True, num_layers=2)
                self.gru = nn.GRU(12, 8, batch_first=True, bidirectional=True)

            def forward(self, x):
                return self.gru(self.lstm(x)[0])[0]
        return Recurrent(), (torch.randn(2, 5, 8),)

    @model
    def grid_sample():
        class Sample(nn.Module):
            def forward(self, x, g):
                return F.grid_sample(x, g.tanh(), align_corners=False)
        return Sample(), (torch.randn(2, 3, 8, 8), torch.randn(2, 8, 8, 2))

    @model
    def transformer_decoder_layer():
        class Decoder(nn.Module):
            def __init__(self):
                super().__init__()
                self.layer = nn.TransformerDecoderLayer(
                    32, 4, 64, batch_first=True, dropout=0.0)

            def forward(self, x):
                return self.layer(x, x)
        return Decoder(), (torch.randn(2, 10, 32),)

    @model
    def einsum_normalize_where():
        class Mixed(nn.Module):
            def forward(self, x, a, b):
                return (torch.einsum("abc,abd->acd", x, x),
                        torch.einsum("abc->cb", x), F.normalize(a, dim=1),
                        torch.clamp(a, -0.5, 0.5).erf(),
                        torch.where(a > b, a, b * 2), (a == b).float())
        return Mixed(), (torch.randn(3, 4, 5), torch.randn(4, 16),
                         torch.randn(4, 16))

    return zoo


def run(cmd, log, timeout):
    """(ok, seconds, last lines of the output) of `cmd`."""
    start = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        out = p.stdout + p.stderr
        ok = p.returncode == 0
    except subprocess.TimeoutExpired:
        out, ok = "timed out after %d s" % timeout, False
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + "\n" + out + "\n")
    return ok, time.time() - start, out


def torch_exporter(build, tosa=False):
    """export() -> the linalg text (with `tosa`, the TOSA text) of the torch
    model `build` makes."""
    def export():
        import _common
        model, inputs = build()
        if not tosa:
            return _common.torch_export_linalg(model, *inputs)
        from torch_mlir import fx
        from torch_mlir.fx import OutputType
        return str(fx.export_and_import(model, *inputs,
                                        output_type=OutputType.TOSA,
                                        func_name="main"))
    return export


def load_npy(directory, prefix, narrow=None):
    """The arrays DIR/PREFIX_<i>.npy tuner-run saved, in order (bf16, saved
    as its raw bits, widened to float32); `narrow` collects whether each
    was a 16-bit float."""
    import numpy as np
    arrays, i = [], 0
    while os.path.exists(os.path.join(directory, "%s_%d.npy" % (prefix, i))):
        a = np.load(os.path.join(directory, "%s_%d.npy" % (prefix, i)))
        if narrow is not None:
            narrow.append(a.dtype in (np.uint16, np.float16))
        if a.dtype == np.uint16:  # bf16 bits
            a = (a.astype(np.uint32) << 16).view(np.float32)
        arrays.append(a)
        i += 1
    return arrays


def compare_with_frontend(oracle, io):
    """None when the outputs tuner-run saved in `io` are what the frontend's
    own framework computes from the same inputs (`oracle(inputs) ->
    outputs`), else what differs."""
    import numpy as np
    narrow = []
    inputs, outputs = load_npy(io, "input"), load_npy(io, "output", narrow)
    expected = oracle(inputs)
    if len(expected) != len(outputs):
        return "%d outputs, the framework's %d" % (len(outputs), len(expected))
    for k, (got, want) in enumerate(zip(outputs, expected)):
        want = np.asarray(want)
        # A 16-bit result may differ by its last place (bf16: 2^-8).
        tol = 2e-2 if narrow[k] else 1e-4
        if got.shape != want.shape:
            return "output %d: shape %s, the framework's %s" % (
                k, got.shape, want.shape)
        if not np.allclose(got.astype(np.float64), want.astype(np.float64),
                           rtol=tol, atol=tol, equal_nan=True):
            err = np.nanmax(np.abs(got.astype(np.float64) -
                                   want.astype(np.float64)))
            return "output %d differs from the framework's by %.3g" % (k, err)
    return None


def onnx_exporter(build, iree_bin):
    """export() -> the linalg text of the torch model `build` makes, through
    ONNX and IREE's importer: torch.onnx.export (TorchScript exporter, opset
    17), iree-import-onnx, iree-compile --iree-input-type=onnx
    --compile-to=input (util.func renamed to func.func)."""
    def export():
        import tempfile
        import torch
        model, inputs = build()
        with tempfile.TemporaryDirectory() as tmp:
            onnx_path = os.path.join(tmp, "model.onnx")
            torch_path = os.path.join(tmp, "model.torch.mlir")
            torch.onnx.export(model, tuple(inputs), onnx_path,
                              opset_version=17, dynamo=False)
            for cmd in ([os.path.join(iree_bin, "iree-import-onnx"), onnx_path,
                         "-o", torch_path],
                        [os.path.join(iree_bin, "iree-compile"), torch_path,
                         "--iree-input-type=onnx", "--compile-to=input",
                         "--iree-torch-emit-async-entry-points=false", "-o",
                         os.path.join(tmp, "model.mlir")]):
                p = subprocess.run(cmd, capture_output=True, text=True)
                if p.returncode:
                    raise RuntimeError("%s: %s" % (os.path.basename(cmd[0]),
                                                   p.stderr.strip()[:300]))
            text = open(os.path.join(tmp, "model.mlir")).read()
        text = re.sub(r"\butil\.func\b", "func.func", text)
        return re.sub(r"\butil\.return\b", "func.return", text)
    return export


def torch_oracle(build):
    """inputs -> outputs of the torch model `build` makes, run eagerly on
    the inputs (as tuner-run saved them: bf16 widened to float32, converted
    back to the example inputs' dtypes)."""
    def oracle(inputs):
        import torch
        model, examples = build()
        args = [torch.from_numpy(a).to(e.dtype)
                for a, e in zip(inputs, examples)]
        with torch.no_grad():
            out = model(*args)
        out = out if isinstance(out, (tuple, list)) else (out,)
        return [o.float().numpy() if o.dtype in (torch.bfloat16, torch.float16)
                else o.numpy() for o in out]
    return oracle


def check(name, export, target, args, oracle=None):
    """The stages of one model on one target: {"stage": ok/failed, ...};
    export() gives the model's linalg text (written once to the work
    directory). With `oracle` (inputs -> outputs, the frontend's framework
    run on the same inputs), a run that matches the reference is also
    compared with it (stage "framework")."""
    work = os.path.join(args.work, name)
    os.makedirs(work, exist_ok=True)
    log = os.path.join(work, "log.txt")
    source = os.path.join(work, name + ".mlir")
    result = {"model": name, "target": target}
    if not os.path.exists(source):
        try:
            text = export()
            with open(source, "w") as f:
                f.write(text)
        except Exception as e:  # the frontend's failure, not ours
            result["export"] = "failed: %s: %s" % (type(e).__name__,
                                                   str(e).splitlines()[0][:200])
            return result
    result["export"] = "ok"
    opt = os.path.join(args.tuner_bin, "tuner-opt")
    tag = target.replace(":", "_").replace("=", "")
    scheduled = source
    if args.trials:
        tuned = os.path.join(work, "%s.tuned.mlir" % tag)
        ok, secs, out = run(
            [opt, source, "-o", tuned, "--tuner-tune=target=%s trials=%d "
             "progress=off database=%s" % (target, args.trials,
                                          os.path.join(work, tag + ".db"))],
            log, 60 * args.trials)
        result["tune"] = "ok" if ok else "failed: " + last_error(out)
        if not ok:
            return result
        scheduled = tuned
    lower = "--tuner-lower-gpu=out-params=true" if target.startswith(
        "cuda") else "--tuner-lower-cpu"
    lowered = os.path.join(work, "%s.lowered.mlir" % tag)
    cmd = [opt, scheduled, "-o", lowered]
    if not args.trials:
        cmd.append("--sched-apply-default=target=" + target)
    cmd += ["--sched-materialize", lower]
    ok, secs, out = run(cmd, log, 300)
    result["lower"] = "ok" if ok else "failed: " + last_error(out)
    if not ok or (target.startswith("cuda") and not args.gpu):
        return result
    io = os.path.join(work, tag + ".io")
    saving = ["--save-inputs=" + io, "--save-outputs=" + io] if oracle else []
    ok, secs, out = run([os.path.join(args.tuner_bin, "tuner-run"), lowered,
                         "--reference=" + source, "--json", "--repeats=3"] +
                        saving, log, 300)
    try:
        measured = json.loads(out.strip().splitlines()[-1] if out.strip() else "")
    except ValueError:
        measured = {}
    if ok and measured.get("match", True):
        result["run"] = "ok"
        result["median_s"] = measured.get("median_s")
    else:
        result["run"] = "failed: " + last_error(out)
        return result
    if oracle:
        try:
            why = compare_with_frontend(oracle, io)
        except Exception as e:  # the framework's failure, not ours
            why = "%s: %s" % (type(e).__name__, str(e).splitlines()[0][:200])
        result["framework"] = "ok" if why is None else "failed: " + why
    return result


def last_error(out):
    lines = [l for l in out.splitlines() if "error" in l.lower()]
    return (lines[0] if lines else (out.strip().splitlines() or ["?"])[-1])[:240]


def make_parser(doc, work):
    """The command line of a zoo script (this one, bench/jax_zoo.py)."""
    parser = argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", metavar="NAME")
    parser.add_argument("--tuner-bin", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--target", action="append",
                        help="target(s) (default: host and "
                        "cpu:avx2:l1=32k:l2=512k:l3=8m)")
    parser.add_argument("--trials", type=int, default=0,
                        help="tune this many trials first (default: defaults)")
    parser.add_argument("--gpu", action="store_true",
                        help="run CUDA targets too (a GPU is present)")
    parser.add_argument("--work", default=work)
    parser.add_argument("--export-only", metavar="DIR",
                        help="write DIR/NAME.mlir for each model and stop")
    parser.add_argument("--no-framework-check", action="store_true",
                        help="do not compare the results with the frontend's "
                        "framework (PyTorch, JAX) run on the same inputs")
    return parser


def run_zoo(parser, exporters, oracles=None):
    """Parses the command line and checks (or exports) the models of
    `exporters` ({name: export() -> linalg text}), each run also compared
    with its framework where `oracles` has the model ({name: inputs ->
    outputs}; --no-framework-check skips it); the exit status."""
    args = parser.parse_args()
    if args.no_framework_check:
        oracles = None
    targets = args.target or ["host", "cpu:avx2:l1=32k:l2=512k:l3=8m"]
    names = args.names or list(exporters)
    unknown = [n for n in names if n not in exporters]
    if unknown:
        parser.error("unknown model(s) %s; known: %s" % (
            ", ".join(unknown), ", ".join(exporters)))
    if args.export_only:
        os.makedirs(args.export_only, exist_ok=True)
        failed = 0
        for name in names:
            path = os.path.join(args.export_only, name + ".mlir")
            try:
                text = exporters[name]()
            except Exception as e:  # the frontend's failure: say so, go on
                failed += 1
                print("%s: export failed: %s" % (
                    name, (str(e).strip().splitlines() or [type(e).__name__])[0][:200]))
                continue
            with open(path, "w") as f:
                f.write(text)
            print("wrote", path)
        return 1 if failed else 0
    failed = 0
    totals = {}
    for name in names:
        for target in targets:
            r = check(name, exporters[name], target, args,
                      (oracles or {}).get(name))
            stages = [s for s in ("export", "tune", "lower", "run",
                                  "framework") if s in r]
            bad = [s for s in stages if r[s] != "ok"]
            failed += bool(bad)
            t = totals.setdefault(target, {"models": 0, "lowered": 0,
                                           "matched": 0, "framework": 0})
            t["models"] += 1
            t["lowered"] += r.get("lower") == "ok"
            t["matched"] += r.get("run") == "ok"
            t["framework"] += r.get("framework") == "ok"
            print(json.dumps(r), flush=True)
    for target, t in totals.items():
        line = "%s: compiled %d of %d, matched %d" % (
            target, t["lowered"], t["models"], t["matched"])
        if oracles:
            line += ", as the framework computes %d" % t["framework"]
        print(line)
    return 1 if failed else 0


def in_dtype(build, dtype):
    """`build` with the model's floating parameters and buffers and its
    floating example inputs cast to `dtype` ("bf16", "f16"): the half
    precision users run models in on a GPU."""
    def cast_build():
        import torch
        to = {"bf16": torch.bfloat16, "f16": torch.float16}[dtype]
        model, inputs = build()
        cast = tuple(x.to(to) if torch.is_tensor(x) and x.is_floating_point()
                     else x for x in inputs)
        return model.to(to), cast
    return cast_build


def main():
    zoo = models()
    parser = make_parser(__doc__, "/tmp/model-zoo")
    parser.add_argument("--dtype", choices=["f32", "bf16", "f16"],
                        default="f32",
                        help="cast the models' floating weights and inputs "
                        "(default: f32, as written)")
    parser.add_argument("--tosa", action="store_true",
                        help="export to TOSA instead of linalg (tuner-opt "
                        "converts it: tuner-convert-frontend-ops)")
    parser.add_argument("--onnx", action="store_true",
                        help="export through ONNX and IREE's ONNX importer "
                        "(iree-import-onnx, iree-compile --compile-to=input)")
    parser.add_argument("--iree-bin",
                        default=os.path.dirname(sys.executable),
                        help="where iree-import-onnx and iree-compile are "
                        "(default: beside this Python)")
    known = parser.parse_known_args()[0]
    tosa = known.tosa
    if known.dtype != "f32":
        zoo = {name: in_dtype(build, known.dtype)
               for name, build in zoo.items()}
    if known.onnx:
        return run_zoo(parser, {name: onnx_exporter(build, known.iree_bin)
                                for name, build in zoo.items()},
                       {name: torch_oracle(build)
                        for name, build in zoo.items()})
    return run_zoo(parser, {name: torch_exporter(build, tosa)
                            for name, build in zoo.items()},
                   {name: torch_oracle(build) for name, build in zoo.items()})


if __name__ == "__main__":
    sys.exit(main())
