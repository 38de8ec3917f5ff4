"""Modules, tasks, pass pipelines and errors (no measurement)."""

import os

import pytest

from conftest import workload


def test_load_print_and_tasks(mt):
    m = mt.Module.load(workload("mlp_3layer.mlir"))
    assert "func.func @mlp_3layer" in str(m)
    again = mt.Module.parse(str(m))
    assert str(again) == str(m)
    tasks = m.tasks()
    assert [t.name for t in tasks] == ["matmul_64x512x256_fused1",
                                       "matmul_64x512x512_fused1",
                                       "matmul_64x128x512_fused1"]
    assert tasks[0].flops == 2 * 64 * 512 * 256 + 2 * 64 * 512
    assert all(t.weight == 1 and t.bytes > 0 for t in tasks)


def test_malformed_ir_raises_with_location(mt):
    with pytest.raises(mt.MLIRError) as info:
        mt.Module.parse("func.func @f() {\n  %0 = arith.addf\n}\n", "bad.mlir")
    assert "bad.mlir:2:" in str(info.value)
    assert info.value.locations and info.value.locations[0].startswith("bad.mlir:2:")
    # A verifier error (not a parse error) carries the op's location.
    with pytest.raises(mt.MLIRError) as info:
        mt.Module.parse('func.func @f(%a: tensor<4xf32>) -> tensor<8xf32> {\n'
                        '  return %a : tensor<4xf32>\n}\n', "verify.mlir")
    assert "verify.mlir:2:3" in str(info.value)
    with pytest.raises(TypeError):
        mt.Module.parse(b"module {}")


def test_missing_file(mt):
    with pytest.raises(FileNotFoundError):
        mt.Module.load("/nonexistent/model.mlir")
    with pytest.raises(FileNotFoundError):
        mt.apply_best(mt.Module.parse("module {}"), "/nonexistent/db.jsonl")


def test_pipelines(mt):
    m = mt.Module.load(workload("matmul_512.mlir"))
    with pytest.raises(ValueError, match="does not refer to a registered pass"):
        m.run_passes("no-such-pass")
    m.run_passes("sched-apply-default{target=host}")
    assert "#sched.config" in str(m)
    lowered = m.lower_cpu()
    assert "llvm.func" in str(lowered)
    assert "linalg.matmul" in str(m)  # lower_cpu lowers a copy


def test_bad_options(mt, tmp_path):
    m = mt.Module.load(workload("matmul_512.mlir"))
    with pytest.raises(mt.MLIRError, match="trials must be at least 1"):
        mt.tune(m, trials=0)
    with pytest.raises(mt.MLIRError, match="unknown policy 'nope'"):
        mt.tune(m, policy="nope")
    with pytest.raises(ValueError, match="expected round-robin, gradient"):
        mt.tune(m, task_scheduler="fifo")
    with pytest.raises(ValueError, match="expected 'none', 'op' or 'key'"):
        mt.tune(m, families="all")
    with pytest.raises(TypeError, match="trials must be an int"):
        mt.tune(m, trials="8")
    with pytest.raises(TypeError, match="verify must be a bool"):
        mt.tune(m, verify=1)
    with pytest.raises(TypeError, match="unexpected keyword"):
        mt.tune(m, trails=8)
    with pytest.raises(mt.MLIRError, match="database"):
        mt.tune(m, trials=1, database=str(tmp_path / "no" / "dir" / "x.db"))
    mt.check_options(trials=8, policy="random")
    with pytest.raises(mt.MLIRError):
        mt.check_options(batch_size=0)
    assert "#sched.config" not in str(m)


def test_load_refuses_what_is_not_a_regular_file(mt, tmp_path):
    # /dev/zero would be read without end, a FIFO would block until a writer.
    fifo = tmp_path / "model.mlir"
    os.mkfifo(fifo)
    for path in ["/dev/zero", str(fifo), str(tmp_path)]:
        with pytest.raises(OSError, match="not a regular file"):
            mt.Module.load(path)


def test_deep_nesting_is_refused(mt):
    # The parser recurses once per level: 10000 nested modules overflowed
    # the stack of the interpreter.
    with pytest.raises(ValueError, match="nest deeper than 1000 levels"):
        mt.Module.parse("module {" * 10000 + "}" * 10000)
    assert str(mt.Module.parse("module {" * 500 + "}" * 500))


def test_duplicated_results_run(mt):
    # `return %0, %0`: two results, two buffers (the lowering crashed).
    m = mt.Module.parse("""
func.func @f(%a: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r, %r : tensor<16xf32>, tensor<16xf32>
}""")
    assert m.run(reference=m.clone(), repeats=1).match
