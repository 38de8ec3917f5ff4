#!/usr/bin/env python3
"""A PyTorch MLP (three nn.Linear layers, ReLU between them) exported by
torch-mlir's FX importer to linalg on tensors. Batch 32, 256 -> 512 -> 256 ->
64, f32; the weights and biases are dense_resource constants.

    python examples/models/gen/torch_mlp.py -o examples/models/torch_mlp.mlir
"""

import _common as c

NAME = "torch_mlp.mlir"


def build():
    """The PyTorch module (eval mode) and its example inputs, seeded: what
    main() exports, and what bench/torch_eager.py times on a GPU."""
    c.seed_everything(0)
    import torch
    import torch.nn as nn

    model = nn.Sequential(
        nn.Linear(256, 512), nn.ReLU(),
        nn.Linear(512, 256), nn.ReLU(),
        nn.Linear(256, 64),
    ).eval()
    x = torch.randn(32, 256)
    return model, (x,)


def main():
    args = c.parse_args(__doc__, NAME)
    model, inputs = build()
    text = c.torch_export_linalg(model, *inputs)
    c.write_module(args.output, text, __file__, c.versions(*c.TORCH_VERSIONS),
                   ["PyTorch MLP: batch 32, Linear 256->512, ReLU, Linear 512->256, ReLU,",
                    "Linear 256->64; f32, weights constant. torch_mlir.fx.export_and_import,",
                    "OutputType.LINALG_ON_TENSORS."])


if __name__ == "__main__":
    main()
