#!/usr/bin/env python3
"""Exports torchvision models (random weights, batch 1) to linalg on tensors
with torch-mlir's FX importer: whole models from another project, at their
real sizes, for the held-out runs of docs/results.md ("Whole torchvision
models"). Not part of the tests (CI has no PyTorch).

usage: torchvision_export.py OUT_DIR [NAME ...]      (default: all below)

then, for example (the defaults against IREE, results outside the tracked
files):

  python3 bench/models.py --no-tune --quick --results R.json \\
      --models OUT_DIR/resnet18.mlir OUT_DIR/resnet50.mlir ...

Needs torch, torchvision and torch-mlir in one venv (torchvision 0.29.2 with
torch 2.15.0 and torch-mlir 20261001 were used; `pip install --no-deps
torchvision pillow`).
"""
import os
import sys

from common import export_linalg

# name: (constructor, input shape); some at a lower resolution to keep the
# unscheduled reference run (naive loops) short.
def models():
    import torch
    import torchvision.models as M
    import torchvision.models.segmentation as S
    import torchvision.models.video as V

    class Seg(torch.nn.Module):
        def __init__(self, m):
            super().__init__()
            self.m = m

        def forward(self, x):
            return self.m(x)["out"]

    img = (1, 3, 224, 224)
    return {
        "resnet18": (M.resnet18, img),
        "resnet50": (M.resnet50, img),
        "mobilenet_v2": (M.mobilenet_v2, img),
        "mobilenet_v3_small": (M.mobilenet_v3_small, img),
        "squeezenet1_0": (M.squeezenet1_0, img),
        "shufflenet_v2_x0_5": (M.shufflenet_v2_x0_5, img),
        "efficientnet_b0": (M.efficientnet_b0, img),
        "regnet_y_400mf": (M.regnet_y_400mf, img),
        "googlenet": (lambda: M.googlenet(aux_logits=False,
                                          init_weights=True), img),
        "mnasnet0_5": (M.mnasnet0_5, img),
        "densenet121": (M.densenet121, (1, 3, 112, 112)),
        "convnext_tiny": (M.convnext_tiny, (1, 3, 112, 112)),
        "vit_b_16": (M.vit_b_16, img),
        "resnext50_32x4d": (M.resnext50_32x4d, (1, 3, 160, 160)),
        "lraspp_mobilenet_v3_large": (lambda: Seg(S.lraspp_mobilenet_v3_large(
            weights=None, weights_backbone=None)), (1, 3, 160, 160)),
        "deeplabv3_mobilenet_v3_large": (lambda: Seg(
            S.deeplabv3_mobilenet_v3_large(weights=None, weights_backbone=None,
                                           aux_loss=False)), (1, 3, 128, 128)),
        "r3d_18": (V.r3d_18, (1, 3, 8, 64, 64)),
        "r2plus1d_18": (V.r2plus1d_18, (1, 3, 8, 64, 64)),
        "maxvit_t": (M.maxvit_t, img),
    }


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    import torch
    out, names = sys.argv[1], sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    table = models()
    failed = 0
    for name in names or list(table):
        torch.manual_seed(0)
        build, shape = table[name]
        if not export_linalg(name, build().eval(), torch.randn(*shape), out):
            failed += 1
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
