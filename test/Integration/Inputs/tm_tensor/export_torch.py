import torch, torch.nn as nn, torch.nn.functional as F
from torch_mlir import fx
from torch_mlir.compiler_utils import OutputType
torch.manual_seed(0)
class Cumsum(nn.Module):
    def forward(self, x): return torch.cumsum(x, dim=1) * 2.0
class IndexPut(nn.Module):
    def forward(self, x, v):
        idx = torch.tensor([3, 7, 3, 0], dtype=torch.long)
        return torch.index_put(x, (idx,), v, accumulate=True)
class Scatter(nn.Module):
    def forward(self, x, src):
        idx = torch.tensor([[0, 1, 2, 0], [1, 2, 0, 1]])
        return x.scatter(0, idx, src)
class ScatterAdd(nn.Module):
    def forward(self, x, src):
        idx = torch.tensor([[0, 1, 2, 0], [1, 2, 0, 1]])
        return x.scatter_add(0, idx, src)
class Sort(nn.Module):
    def forward(self, x):
        v, i = torch.sort(x, dim=-1)
        return v, i
class Topk(nn.Module):
    def forward(self, x):
        v, i = torch.topk(x, 4, dim=-1)
        return v, i
class SDPA(nn.Module):
    def forward(self, q, k, v): return F.scaled_dot_product_attention(q, k, v)
class SDPACausal(nn.Module):
    def forward(self, q, k, v): return F.scaled_dot_product_attention(q, k, v, is_causal=True)
class KVCache(nn.Module):
    def forward(self, cache, new):
        pos = torch.tensor([5, 6])
        cache = cache.index_put((torch.arange(2)[:, None] * 0 + torch.tensor([[0],[1]]), pos[None, :].expand(2, 2)), new)
        return cache
cases = {
  "cumsum": (Cumsum(), (torch.randn(4, 37),)),
  "index_put_acc": (IndexPut(), (torch.randn(10, 6), torch.randn(4, 6))),
  "scatter": (Scatter(), (torch.randn(3, 4), torch.randn(2, 4))),
  "scatter_add": (ScatterAdd(), (torch.randn(3, 4), torch.randn(2, 4))),
  "sort": (Sort(), (torch.randn(3, 29),)),
  "topk": (Topk(), (torch.randn(3, 50),)),
  "sdpa": (SDPA(), (torch.randn(2, 4, 16, 32), torch.randn(2, 4, 24, 32), torch.randn(2, 4, 24, 8))),
  "sdpa_causal": (SDPACausal(), (torch.randn(2, 4, 16, 32), torch.randn(2, 4, 16, 32), torch.randn(2, 4, 16, 8))),
}
import sys
for name, (m, args) in cases.items():
    try:
        mod = fx.export_and_import(m, *args, output_type=OutputType.LINALG_ON_TENSORS, func_name="main")
        open(f"/tmp/tmexp/{name}.mlir", "w").write(str(mod))
        print(name, "ok", "tm_tensor" in str(mod))
    except Exception as e:
        print(name, "FAIL", str(e).splitlines()[0][:200])
