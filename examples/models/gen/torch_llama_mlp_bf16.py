#!/usr/bin/env python3
"""A LLaMA-style MLP block in bf16 exported by torch-mlir's FX importer to
linalg on tensors: RMSNorm (eps 1e-6, computed in bf16 as written, with a
learned scale), then SwiGLU down(silu(gate(x)) * up(x)) without biases, plus
the residual. 32 tokens, hidden 256, intermediate 688. The module and the
input are torch.bfloat16; the weights are bf16 dense_resource constants.

    python examples/models/gen/torch_llama_mlp_bf16.py -o examples/models/torch_llama_mlp_bf16.mlir
"""

import _common as c

NAME = "torch_llama_mlp_bf16.mlir"
TOKENS, HIDDEN, INTER = 32, 256, 688


def build():
    """The PyTorch module (eval mode) and its example inputs, seeded: what
    main() exports, and what bench/torch_eager.py times on a GPU."""
    c.seed_everything(0)
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    class RMSNorm(nn.Module):
        def __init__(self, dim, eps=1e-6):
            super().__init__()
            self.eps = eps
            self.weight = nn.Parameter(torch.ones(dim))

        def forward(self, x):
            return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight

    class LlamaMLPBlock(nn.Module):
        def __init__(self):
            super().__init__()
            self.norm = RMSNorm(HIDDEN)
            self.gate = nn.Linear(HIDDEN, INTER, bias=False)
            self.up = nn.Linear(HIDDEN, INTER, bias=False)
            self.down = nn.Linear(INTER, HIDDEN, bias=False)

        def forward(self, x):
            h = self.norm(x)
            return x + self.down(F.silu(self.gate(h)) * self.up(h))

    model = LlamaMLPBlock()
    with torch.no_grad():
        model.norm.weight.uniform_(0.5, 1.5)
    model = model.to(torch.bfloat16).eval()
    x = torch.randn(TOKENS, HIDDEN).to(torch.bfloat16)
    return model, (x,)


def main():
    args = c.parse_args(__doc__, NAME)
    model, inputs = build()
    text = c.torch_export_linalg(model, *inputs)
    c.write_module(args.output, text, __file__, c.versions(*c.TORCH_VERSIONS),
                   ["LLaMA-style MLP block in bf16: 32 tokens, hidden 256, intermediate 688;",
                    "RMSNorm, down(silu(gate(x)) * up(x)), residual; weights bf16 constants.",
                    "torch_mlir.fx.export_and_import, OutputType.LINALG_ON_TENSORS."])


if __name__ == "__main__":
    main()
