#!/usr/bin/env python3
"""A transformer encoder layer (post-norm, as BERT) written as plain
nn.Modules and exported by torch-mlir's FX importer to linalg on tensors:
Q/K/V projections, split into heads, Q K^T scaled by 1/sqrt(head_dim),
softmax, attention x V, merge heads, output projection, residual, LayerNorm,
FFN (Linear, nn.GELU() (the erf form), Linear), residual, LayerNorm.
Batch 1, sequence 128, hidden 128, 4 heads of 32, FFN 512, f32; weights are
dense_resource constants.

nn.TransformerEncoderLayer is not used: its fused fast path does not export.

    python examples/models/gen/torch_encoder_layer.py -o examples/models/torch_encoder_layer.mlir
"""

import _common as c

NAME = "torch_encoder_layer.mlir"
SEQ, HIDDEN, HEADS, FFN = 128, 128, 4, 512


def build():
    """The PyTorch module (eval mode) and its example inputs, seeded: what
    main() exports, and what bench/torch_eager.py times on a GPU."""
    c.seed_everything(0)
    import math
    import torch
    import torch.nn as nn

    class EncoderLayer(nn.Module):
        def __init__(self):
            super().__init__()
            self.q = nn.Linear(HIDDEN, HIDDEN)
            self.k = nn.Linear(HIDDEN, HIDDEN)
            self.v = nn.Linear(HIDDEN, HIDDEN)
            self.o = nn.Linear(HIDDEN, HIDDEN)
            self.norm1 = nn.LayerNorm(HIDDEN)
            self.ffn1 = nn.Linear(HIDDEN, FFN)
            self.act = nn.GELU()
            self.ffn2 = nn.Linear(FFN, HIDDEN)
            self.norm2 = nn.LayerNorm(HIDDEN)

        def heads(self, t):  # [B, S, H] -> [B, heads, S, H / heads]
            b, s, _ = t.shape
            return t.view(b, s, HEADS, HIDDEN // HEADS).transpose(1, 2)

        def forward(self, x):
            b, s, _ = x.shape
            q, k, v = self.heads(self.q(x)), self.heads(self.k(x)), self.heads(self.v(x))
            scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(HIDDEN // HEADS)
            probs = torch.softmax(scores, dim=-1)
            ctx = torch.matmul(probs, v).transpose(1, 2).reshape(b, s, HIDDEN)
            h = self.norm1(x + self.o(ctx))
            return self.norm2(h + self.ffn2(self.act(self.ffn1(h))))

    model = EncoderLayer().eval()
    # Non-trivial LayerNorm affine parameters, as a trained model has.
    with torch.no_grad():
        for norm in (model.norm1, model.norm2):
            norm.weight.uniform_(0.5, 1.5)
            norm.bias.uniform_(-0.1, 0.1)
    x = torch.randn(1, SEQ, HIDDEN)
    return model, (x,)


def main():
    args = c.parse_args(__doc__, NAME)
    model, inputs = build()
    text = c.torch_export_linalg(model, *inputs)
    c.write_module(args.output, text, __file__, c.versions(*c.TORCH_VERSIONS),
                   ["Transformer encoder layer (post-norm): batch 1, sequence 128, hidden 128,",
                    "4 heads of 32, FFN 512 with nn.GELU() (erf); f32, weights constant.",
                    "torch_mlir.fx.export_and_import, OutputType.LINALG_ON_TENSORS."])


if __name__ == "__main__":
    main()
