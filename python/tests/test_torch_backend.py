"""The torch.compile backend (mlir_tuner.torch) on a small MLP and a conv
block: outputs checked against eager, records reused across graphs and
backends, eager fallback with a warning, recompilation when a frozen
parameter changes. Skipped without the [torch] extra (torch, torch-mlir)."""

import warnings

import pytest

torch = pytest.importorskip(
    "torch", reason="needs the [torch] extra: pip install 'mlir_tuner[torch]'")
pytest.importorskip("torch_mlir", reason="needs the [torch] extra: pip "
                    "install 'mlir_tuner[torch]' (torch-mlir)")
pytest.importorskip("mlir_tuner._native",
                    reason="mlir_tuner's native module is not built")

import mlir_tuner.torch as mtt  # noqa: E402


def mlp():
    torch.manual_seed(0)
    return torch.nn.Sequential(
        torch.nn.Linear(64, 128), torch.nn.ReLU(),
        torch.nn.Linear(128, 32)).eval(), torch.randn(8, 64)


class ConvBlock(torch.nn.Module):
    """conv3x3 + BatchNorm + ReLU + conv3x3 + BatchNorm, residual, ReLU."""

    def __init__(self, c=8):
        super().__init__()
        self.c1 = torch.nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.b1 = torch.nn.BatchNorm2d(c)
        self.c2 = torch.nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.b2 = torch.nn.BatchNorm2d(c)

    def forward(self, x):
        y = torch.relu(self.b1(self.c1(x)))
        return torch.relu(x + self.b2(self.c2(y)))


def conv_block():
    torch.manual_seed(0)
    block = ConvBlock()
    for bn in (block.b1, block.b2):  # non-trivial running statistics
        bn.running_mean.uniform_(-0.5, 0.5)
        bn.running_var.uniform_(0.5, 1.5)
    return block.eval(), torch.randn(2, 8, 12, 12)


def compiled(model, backend):
    torch._dynamo.reset()
    return torch.compile(model, backend=backend, dynamic=False)


@pytest.mark.parametrize("make", [mlp, conv_block], ids=["mlp", "conv"])
def test_matches_eager_and_reuses_records(make, tmp_path):
    model, x = make()
    db = str(tmp_path / "model.db")
    backend = mtt.backend(target="host", trials=4, database=db,
                          tune_options=dict(batch_size=2, repeats=1,
                                            min_repeat_ms=1,
                                            final_validation=0))
    fast = compiled(model, backend)
    with torch.no_grad():
        want = model(x)
        got = fast(x)
        torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
        # Other data through the same compiled graph.
        x2 = torch.randn_like(x)
        torch.testing.assert_close(fast(x2), model(x2), rtol=1e-4,
                                   atol=1e-4)
    assert [g["status"] for g in backend.graphs] == ["tuned"]
    assert backend.graphs[0]["tasks"] >= 2
    assert "dense_resource" in backend.graphs[0]["module"]  # frozen weights
    records = len(open(db).read().splitlines())
    assert records >= 4

    # A new backend on the same database (a new process would see the same
    # file): every task is recorded, so nothing is tuned again.
    mtt._COMPILED.clear()
    again = mtt.backend(target="host", trials=4, database=db)
    with torch.no_grad():
        torch.testing.assert_close(compiled(model, again)(x), want,
                                   rtol=1e-4, atol=1e-4)
    assert [g["status"] for g in again.graphs] == ["applied"]
    assert len(open(db).read().splitlines()) == records
    # The same graph again in this process: the compiled code is reused.
    with torch.no_grad():
        compiled(model, again)(x)
    assert [g["status"] for g in again.graphs] == ["applied", "cached"]


def test_changed_parameter_compiles_again():
    model, x = mlp()
    backend = mtt.backend(trials=0)
    fast = compiled(model, backend)
    with torch.no_grad():
        fast(x)
        model[0].weight.mul_(2)
        torch.testing.assert_close(fast(x), model(x), rtol=1e-4, atol=1e-4)
    assert [g["status"] for g in backend.graphs] == ["default", "default"]


def test_strided_inputs_and_several_results():
    """A transposed (non-contiguous) input goes through the copying path,
    contiguous ones through raw addresses; a graph of two results returns
    both, fresh tensors each call."""
    class Two(torch.nn.Module):
        def forward(self, a, b):
            return a @ b + 1.0, torch.relu(a).sum(dim=1)
    a = torch.randn(16, 8)
    b = torch.randn(12, 8).t()  # strides (1, 8)
    backend = mtt.backend(trials=0)
    fast = compiled(Two(), backend)
    with torch.no_grad():
        first = fast(a, b)
        for got, want in zip(first, Two()(a, b)):
            torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
        kept = first[0].clone()
        a2 = torch.randn(16, 8)
        second = fast(a2, b)
        torch.testing.assert_close(second[0], a2 @ b + 1.0, rtol=1e-4,
                                   atol=1e-4)
    torch.testing.assert_close(first[0], kept)  # not overwritten
    assert [g["status"] for g in backend.graphs] == ["default"]


def test_graph_it_cannot_import_runs_eagerly():
    class Odd(torch.nn.Module):
        def forward(self, x):
            return torch.fft.rfft(x).abs()  # complex: not linalg we take
    x = torch.randn(4, 16)
    backend = mtt.backend(trials=0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = compiled(Odd(), backend)(x)
    torch.testing.assert_close(got, Odd()(x))
    assert [g["status"] for g in backend.graphs] == ["eager"]
    assert any("running a graph eagerly" in str(w.message) for w in caught)


def test_options_checked():
    with pytest.raises(ValueError, match="trials"):
        mtt.backend(trials=-1)
    with pytest.raises(TypeError, match="tune_options cannot set 'database'"):
        mtt.backend(tune_options={"database": "x.db"})

