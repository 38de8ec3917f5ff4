// tuner-tune default-neighbours: right after a task's default config, the
// configs that differ from it in one categorical knob (here cpu.contraction's
// `contract` and `pack`) are measured, in knob order, before the policy's
// proposals; the tile sizes stay the default's. default-neighbours=false
// leaves them to the policy. Categorical knobs of many options (the bf16
// sketch's register tile shapes) are not walked: only its `pack`.
// RUN: rm -f %t.db %t.off.db
// RUN: tuner-test-opt %S/Inputs/matmul_64x256x128.mlir --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=6 batch-size=6 seed=1 database=%t.db progress=off" -o /dev/null
// RUN: FileCheck %s --input-file=%t.db
// RUN: %PYTHON %S/Inputs/check_db.py %t.db --lines 6 --tasks 1
// RUN: tuner-test-opt %S/Inputs/matmul_64x256x128.mlir --tuner-tune="target=cpu:avx512:2t measure=fake policy=random trials=6 batch-size=6 seed=1 default-neighbours=false database=%t.off.db progress=off" -o /dev/null
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.off.db
// RUN: rm -f %t.bf16.db
// RUN: tuner-test-opt %S/Inputs/bf16_proj_64x256x512.mlir --tuner-tune="target=cpu:avx512:+avx512bf16:2t measure=fake policy=random trials=4 batch-size=4 seed=1 sketches=cpu.contraction_bf16_dot,cpu.elementwise database=%t.bf16.db progress=off" -o /dev/null
// RUN: FileCheck %s --check-prefix=BF16 --input-file=%t.bf16.db
// gpu.contraction_mma suggests tile shapes of its own (a bf16 4096^3
// matmul): measured after its default, in its order.
// RUN: rm -f %t.tc.db
// RUN: tuner-test-opt %tuner_src_root/bench/gpu_workloads/matmul_4096_bf16.mlir --tuner-tune="target=cuda:sm_90 measure=fake policy=random trials=7 batch-size=7 seed=1 sketches=gpu.contraction_mma database=%t.tc.db progress=off" -o /dev/null
// RUN: FileCheck %s --check-prefix=TC --input-file=%t.tc.db

// CHECK:      "knobs":{"contract":"outerproduct","k1":128,"k2":1,"m1":32,"m2":6,"ms":32,"n1":256,"n2":64,"ns":256,"pack":"none","unroll":4}
// CHECK-NEXT: "knobs":{"contract":"llvmintr","k1":128,"k2":1,"m1":32,"m2":6,"ms":32,"n1":256,"n2":64,"ns":256,"pack":"none","unroll":4}
// CHECK-NEXT: "knobs":{"contract":"outerproduct","k1":128,"k2":1,"m1":32,"m2":6,"ms":32,"n1":256,"n2":64,"ns":256,"pack":"b","unroll":4}
// CHECK-NEXT: "knobs":{"contract":"outerproduct","k1":128,"k2":1,"m1":32,"m2":6,"ms":32,"n1":256,"n2":64,"ns":256,"pack":"panel","unroll":4}

// OFF:     "knobs":{"contract":"outerproduct","k1":128,"k2":1,"m1":32,"m2":6,"ms":32,"n1":256,"n2":64,"ns":256,"pack":"none","unroll":4}
// OFF-NOT: "knobs":{"contract":"llvmintr","k1":128,"k2":1,"m1":32,"m2":6,"ms":32,"n1":256,"n2":64,"ns":256,"pack":"none","unroll":4}
// OFF-NOT: "knobs":{"contract":"outerproduct","k1":128,"k2":1,"m1":32,"m2":6,"ms":32,"n1":256,"n2":64,"ns":256,"pack":"b","unroll":4}

// BF16:      "knobs":{"k1":128,"m1":32,"n1":256,"pack":"panels","tile":"4x64"}
// BF16-NEXT: "knobs":{"k1":128,"m1":32,"n1":256,"pack":"none","tile":"4x64"}
// BF16-NOT:  "knobs":{"k1":128,"m1":32,"n1":256,"pack":"panels","tile":"

// TC:      "knobs":{"bk":32,"bm":128,"bn":128,"raster":8,"split_k":1,"stages":4,"warps":"2x2"}
// TC-NEXT: "knobs":{"bk":32,"bm":128,"bn":256,"raster":8,"split_k":1,"stages":4,"warps":"2x4"}
// TC-NEXT: "knobs":{"bk":32,"bm":256,"bn":128,"raster":8,"split_k":1,"stages":4,"warps":"4x2"}
// TC-NEXT: "knobs":{"bk":64,"bm":128,"bn":128,"raster":8,"split_k":1,"stages":3,"warps":"2x2"}
// TC-NEXT: "knobs":{"bk":64,"bm":128,"bn":256,"raster":8,"split_k":1,"stages":3,"warps":"2x4"}
// TC-NEXT: "knobs":{"bk":32,"bm":128,"bn":128,"raster":8,"split_k":1,"stages":4,"warps":"2x4"}
// TC-NEXT: "knobs":{"bk":32,"bm":128,"bn":128,"raster":8,"split_k":1,"stages":5,"warps":"2x2"}
