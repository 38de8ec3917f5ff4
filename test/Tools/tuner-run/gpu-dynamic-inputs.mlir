// A CUDA module whose entry takes inputs of dynamic shape (a batch an
// exporter left open): the tuner skipped its dynamic ops, and tuner-run
// specializes the module to the shapes of its input files
// (tuner-specialize-shapes with shapes=, one per dynamic argument), gives
// the ops that became static their default schedules, and runs the kernels
// (here on the fake driver's emulator, --gpu-format=llvm), checked against
// the dynamic program on the CPU. Without --inputs the shapes are unknown:
// an error that says how to give them.
//
// REQUIRES: fake-cuda
// RUN: rm -rf %t && mkdir -p %t/in
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/in/input_0.npy '<f4' 48,64 0..3072
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/in/input_1.npy '<f4' 64,40 0..2560
// RUN: %PYTHON %S/Inputs/npy_info.py --write %t/in/input_2.npy '<f4' 40 0..40
// RUN: tuner-opt %s --sched-apply-default=target=cuda:sm_90 -o %t/sched.mlir 2>&1 | FileCheck %s --check-prefix=SKIPPED
// SKIPPED: warning: {{.*}}dynamic shapes are not supported
// RUN: env LD_LIBRARY_PATH=%fake_cuda_dir tuner-run %t/sched.mlir --gpu-format=llvm --reference=%s --inputs=%t/in --repeats=1 --warmup=0 --save-outputs=%t/out 2>&1 | FileCheck %s
// CHECK: reference: match
// CHECK: fake-cuda: {{[1-9][0-9]*}} launches
// RUN: %PYTHON %S/Inputs/npy_info.py %t/out/output_0.npy | FileCheck %s --check-prefix=SAVED
// SAVED: output_0.npy: descr=<f4 shape=(48, 40) bytes=7680
// RUN: env LD_LIBRARY_PATH=%fake_cuda_dir not tuner-run %t/sched.mlir --gpu-format=llvm --repeats=1 2>&1 | FileCheck %s --check-prefix=NOINPUTS
// NOINPUTS: tuner-run: input #0 has type tensor<?x64xf32>; an input of dynamic shape takes the shape of its data: give it with --inputs=DIR{{.*}} (kernels are compiled for the shapes of the inputs)
// The same module lowered with its dynamic shapes cannot be specialized:
// RUN: tuner-opt %t/sched.mlir --sched-materialize --tuner-lower-gpu="out-params=true format=llvm" -o %t/lowered.mlir
// RUN: env LD_LIBRARY_PATH=%fake_cuda_dir not tuner-run %t/lowered.mlir --inputs=%t/in --repeats=1 2>&1 | FileCheck %s --check-prefix=LOWERED
// LOWERED: tuner-run: a module lowered with dynamic shapes does not run on the GPU: give tuner-run the module on tensors (scheduled, not lowered)
// RUN: not tuner-run %t/sched.mlir --gpu-format=cubin 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: tuner-run: unknown --gpu-format 'cubin': expected isa or llvm
func.func @linear(%x: tensor<?x64xf32>, %w: tensor<64x?xf32>, %bias: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x64xf32>
  %n = tensor.dim %w, %c1 : tensor<64x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x64xf32>, tensor<64x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm, %bias : tensor<?x?xf32>, tensor<?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %z = arith.maximumf %s, %zero : f32
    linalg.yield %z : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
