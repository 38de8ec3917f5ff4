#!/usr/bin/env python3
"""A ResNet basic block exported by torch-mlir's FX importer to linalg on
tensors: conv3x3 (padding 1, no bias) + BatchNorm (eval) + ReLU, conv3x3 + BN,
residual add, ReLU. 64 channels, input 1x64x56x56 in NCHW as PyTorch exports
it (tensor.pad and linalg.conv_2d_nchw_fchw). f32; the weights and the
BatchNorm statistics (random, seeded, as a trained model has) are
dense_resource constants.

    python examples/models/gen/torch_resnet_block.py -o examples/models/torch_resnet_block.mlir
"""

import _common as c

NAME = "torch_resnet_block.mlir"
C, HW = 64, 56


def build():
    """The PyTorch module (eval mode) and its example inputs, seeded: what
    main() exports, and what bench/torch_eager.py times on a GPU."""
    c.seed_everything(0)
    import torch
    import torch.nn as nn

    class BasicBlock(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(C, C, 3, padding=1, bias=False)
            self.bn1 = nn.BatchNorm2d(C)
            self.conv2 = nn.Conv2d(C, C, 3, padding=1, bias=False)
            self.bn2 = nn.BatchNorm2d(C)
            self.relu = nn.ReLU()

        def forward(self, x):
            y = self.relu(self.bn1(self.conv1(x)))
            y = self.bn2(self.conv2(y))
            return self.relu(y + x)

    model = BasicBlock()
    c.randomize_batchnorm(model.bn1)
    c.randomize_batchnorm(model.bn2)
    model.eval()
    x = torch.randn(1, C, HW, HW)
    return model, (x,)


def main():
    args = c.parse_args(__doc__, NAME)
    model, inputs = build()
    text = c.torch_export_linalg(model, *inputs)
    c.write_module(args.output, text, __file__, c.versions(*c.TORCH_VERSIONS),
                   ["ResNet basic block: input 1x64x56x56 (NCHW), conv3x3 + BN + ReLU, conv3x3 + BN,",
                    "residual, ReLU; f32, weights and BN statistics constant (eval mode).",
                    "torch_mlir.fx.export_and_import, OutputType.LINALG_ON_TENSORS."])


if __name__ == "__main__":
    main()
