"""Module.compile: a module JIT-compiled once and called on our own data,
its results returned (checked against NumPy), and the errors of arguments
that do not fit the entry."""

import array

import pytest

from conftest import workload

AXPY = """
func.func @axpy(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>, %s: tensor<f32>)
    -> (tensor<3x4xf32>, tensor<3xf32>) {
  %e = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
      affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>,
      affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %s : tensor<3x4xf32>, tensor<3x4xf32>, tensor<f32>)
      outs(%e : tensor<3x4xf32>) {
  ^bb0(%x: f32, %y: f32, %k: f32, %o: f32):
    %m = arith.mulf %x, %k : f32
    %v = arith.addf %m, %y : f32
    linalg.yield %v : f32
  } -> tensor<3x4xf32>
  %zero = arith.constant 0.0 : f32
  %i = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%i : tensor<3xf32>) -> tensor<3xf32>
  %sum = linalg.reduce ins(%r : tensor<3x4xf32>) outs(%f : tensor<3xf32>)
      dimensions = [1]
    (%x: f32, %acc: f32) {
      %t = arith.addf %x, %acc : f32
      linalg.yield %t : f32
    }
  return %r, %sum : tensor<3x4xf32>, tensor<3xf32>
}
"""


@pytest.fixture
def exe(mt):
    return mt.Module.parse(AXPY).compile()


def test_signature(exe):
    assert exe.entry == "axpy"
    assert exe.inputs == [((3, 4), "f32"), ((3, 4), "f32"), ((), "f32")]
    assert exe.outputs == [((3, 4), "f32"), ((3,), "f32")]
    assert "axpy(3x4xf32, 3x4xf32, f32)" in repr(exe)


def test_numpy_results(exe):
    np = pytest.importorskip("numpy")
    rng = np.random.default_rng(0)
    a = rng.standard_normal((3, 4)).astype(np.float32)
    b = rng.standard_normal((3, 4)).astype(np.float32)
    r, s = exe(a, b, np.float32(2.5))
    np.testing.assert_allclose(r, a * 2.5 + b, rtol=1e-6)
    np.testing.assert_allclose(s, (a * 2.5 + b).sum(axis=1), rtol=1e-5)
    # Called again on other data: nothing is left from the first call.
    r2, _ = exe(b, a, np.float32(-1))
    np.testing.assert_allclose(r2, a - b, rtol=1e-6)
    # float64 inputs are converted to the entry's f32.
    r3, _ = exe(a.astype(np.float64), b, 1.0)
    np.testing.assert_allclose(r3, a + b, rtol=1e-6)


def test_plain_buffers(exe):
    a = array.array("f", range(12))
    b = array.array("f", [1.0] * 12)
    s = array.array("f", [2.0])
    r, total = array.array("f", [0] * 12), array.array("f", [0] * 3)
    exe.call([a, b, s], [r, total])
    assert list(r) == [2 * x + 1 for x in range(12)]
    assert list(total) == [sum(2 * x + 1 for x in range(4 * i, 4 * i + 4))
                           for i in range(3)]


def test_arguments_that_do_not_fit(exe):
    np = pytest.importorskip("numpy")
    a = np.zeros((3, 4), np.float32)
    out = [np.zeros((3, 4), np.float32), np.zeros(3, np.float32)]
    s = np.zeros((), np.float32)
    with pytest.raises(TypeError, match="takes 3 inputs, got 2"):
        exe.call([a, a], out)
    with pytest.raises(ValueError, match="input 1 has 6 elements"):
        exe.call([a, np.zeros((2, 3), np.float32), s], out)
    with pytest.raises(ValueError, match="input 0 has 12 elements of 8 bytes"):
        exe.call([a.astype(np.float64), a, s], out)
    with pytest.raises(ValueError, match="input 1 is not C-contiguous"):
        exe.call([a, np.zeros((4, 3), np.float32).T, s], out)
    with pytest.raises(TypeError, match="input 2 is not a buffer"):
        exe.call([a, a, 2.0], out)
    with pytest.raises(ValueError, match="input 0 has shape"):
        exe(np.zeros((4, 3), np.float32), a, s)
    # Outputs must be writable.
    ro = np.zeros(3, np.float32)
    ro.flags.writeable = False
    with pytest.raises(Exception, match="[Ww]ritable|read-only"):
        exe.call([a, a, s], [out[0], ro])


def test_tuned_module_matches_untuned(mt):
    np = pytest.importorskip("numpy")
    path = workload("mlp_3layer.mlir")
    plain = mt.Module.load(path)
    scheduled = mt.Module.load(path).run_passes(
        "sched-apply-default{target=host}")
    assert "#sched.config" in str(scheduled)
    rng = np.random.default_rng(1)
    args = [rng.standard_normal(s).astype(np.float32) * 0.1
            for s, _ in plain.compile().inputs]
    (want,) = plain.compile(parallel="none")(*args)
    (got,) = scheduled.compile()(*args)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def test_compile_errors(mt):
    m = mt.Module.parse(AXPY)
    with pytest.raises(ValueError, match="unknown parallel 'gpu'"):
        m.compile(parallel="gpu")
    with pytest.raises(mt.MLIRError, match="cannot compile the module"):
        m.compile(entry="nonexistent")
    # The callers' arrays are bound in place of the kernel's buffers: a
    # dynamic shape (which tuner-run takes) is refused, with what to do.
    dynamic = mt.Module.parse("""
func.func @rows(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %a : tensor<?x4xf32>
}
""")
    with pytest.raises(mt.MLIRError, match="has a dynamic shape: give its "
                       "dimensions static sizes"):
        dynamic.compile()


ADD = """
func.func @add(%a: tensor<64x32xf32>, %b: tensor<64x32xf32>)
    -> tensor<64x32xf32> {
  %e = tensor.empty() : tensor<64x32xf32>
  %r = linalg.add ins(%a, %b : tensor<64x32xf32>, tensor<64x32xf32>)
      outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}
"""


def test_call_in_place_and_aliased(mt):
    """Without scalars the kernel runs on the callers' buffers (results
    written where call() is told); a result that is also an argument goes
    through the kernel's own buffers and is still right."""
    np = pytest.importorskip("numpy")
    exe = mt.Module.parse(ADD).compile()
    rng = np.random.default_rng(1)
    a = rng.standard_normal((64, 32)).astype(np.float32)
    b = rng.standard_normal((64, 32)).astype(np.float32)
    b0 = b.copy()
    out = np.full((64, 32), np.nan, dtype=np.float32)
    exe.call([a, b], [out])
    np.testing.assert_allclose(out, a + b, rtol=1e-6)
    # Unaligned views (one float past a 64-byte boundary) work too.
    big = np.zeros(64 * 32 + 1, dtype=np.float32)
    view = big[1:].reshape(64, 32)
    exe.call([a, b], [view])
    np.testing.assert_allclose(view, a + b, rtol=1e-6)
    # The result written over an argument: a + b, not a + (a + b).
    expected = a + b
    exe.call([a, b], [a])
    np.testing.assert_allclose(a, expected, rtol=1e-6)
    # The other argument is left as it was.
    np.testing.assert_array_equal(b, b0)


def test_call_addresses(mt):
    """call_addresses runs on raw addresses (the torch backend's path): the
    result written at the given address, an aliased result still right,
    and a wrong count or a null address an error, not a crash."""
    np = pytest.importorskip("numpy")
    exe = mt.Module.parse(ADD).compile()
    rng = np.random.default_rng(2)
    a = rng.standard_normal((64, 32)).astype(np.float32)
    b = rng.standard_normal((64, 32)).astype(np.float32)
    out = np.full((64, 32), np.nan, dtype=np.float32)
    address = lambda x: x.__array_interface__["data"][0]  # noqa: E731
    exe.call_addresses([address(a), address(b)], [address(out)])
    np.testing.assert_allclose(out, a + b, rtol=1e-6)
    expected = a + b
    exe.call_addresses([address(a), address(b)], [address(b)])
    np.testing.assert_allclose(b, expected, rtol=1e-6)
    with pytest.raises(TypeError, match="takes 2 inputs, got 1"):
        exe.call_addresses([address(a)], [address(out)])
    with pytest.raises(ValueError, match="output 0 is a null address"):
        exe.call_addresses([address(a), address(b)], [0])
