#!/usr/bin/env python3
"""A MobileNetV2 inverted residual block (expansion 6) exported by
torch-mlir's FX importer to linalg on tensors: 1x1 conv 24->144 + BN + ReLU6,
depthwise 3x3 conv (groups 144, padding 1, stride 1) + BN + ReLU6, 1x1 conv
144->24 + BN, residual add. Input 1x24x56x56 (NCHW). f32; weights and the
BatchNorm statistics (random, seeded) are dense_resource constants.

    python examples/models/gen/torch_mobilenet_block.py -o examples/models/torch_mobilenet_block.mlir
"""

import _common as c

NAME = "torch_mobilenet_block.mlir"
C, EXPANDED, HW = 24, 144, 56


def build():
    """The PyTorch module (eval mode) and its example inputs, seeded: what
    main() exports, and what bench/torch_eager.py times on a GPU."""
    c.seed_everything(0)
    import torch
    import torch.nn as nn

    class InvertedResidual(nn.Module):
        def __init__(self):
            super().__init__()
            self.expand = nn.Conv2d(C, EXPANDED, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(EXPANDED)
            self.dw = nn.Conv2d(EXPANDED, EXPANDED, 3, padding=1, groups=EXPANDED, bias=False)
            self.bn2 = nn.BatchNorm2d(EXPANDED)
            self.project = nn.Conv2d(EXPANDED, C, 1, bias=False)
            self.bn3 = nn.BatchNorm2d(C)
            self.act = nn.ReLU6()

        def forward(self, x):
            y = self.act(self.bn1(self.expand(x)))
            y = self.act(self.bn2(self.dw(y)))
            return x + self.bn3(self.project(y))

    model = InvertedResidual()
    for bn in (model.bn1, model.bn2, model.bn3):
        c.randomize_batchnorm(bn)
    model.eval()
    x = torch.randn(1, C, HW, HW)
    return model, (x,)


def main():
    args = c.parse_args(__doc__, NAME)
    model, inputs = build()
    text = c.torch_export_linalg(model, *inputs)
    c.write_module(args.output, text, __file__, c.versions(*c.TORCH_VERSIONS),
                   ["MobileNetV2 inverted residual block: input 1x24x56x56 (NCHW), 1x1 conv",
                    "24->144 + BN + ReLU6, depthwise 3x3 + BN + ReLU6, 1x1 conv 144->24 + BN,",
                    "residual; f32, weights and BN statistics constant (eval mode).",
                    "torch_mlir.fx.export_and_import, OutputType.LINALG_ON_TENSORS."])


if __name__ == "__main__":
    main()
