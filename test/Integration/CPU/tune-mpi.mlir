// workers=mpi: three ranks on this machine, rank 0 searches and the two
// others measure. Records of both land in one database, each naming its host
// and rank; the tuned module computes what the untransformed one does.
// REQUIRES: mpi
// RUN: rm -f %t.db
// RUN: env OMPI_MCA_mpi_warn_on_fork=0 %mpirun -np 3 tuner-opt %s --tuner-tune="workers=mpi target=host trials=16 batch-size=8 builders=1 repeats=2 min-repeat-ms=5 database=%t.db report=%t.json progress=off" -o %t.tuned.mlir
// RUN: %PYTHON %S/../../Tuner/Driver/Inputs/check_db.py %t.db --lines 16 --workers "mpi rank 1,mpi rank 2"
// RUN: FileCheck %s --input-file=%t.tuned.mlir
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: tuner-opt %t.tuned.mlir --sched-materialize --tuner-lower-cpu -o %t.ll.mlir
// RUN: tuner-run %t.ll.mlir --reference=%s --repeats=1 | FileCheck %s --check-prefix=EXEC

// A target no rank has (4096 cores) is measured nowhere: every candidate is
// an error record that says why, and the op keeps its default config; a
// generic x86-64 level the ranks' CPUs cover (x86-64-v2, which every host
// the tuner runs on has, even one standing in for an SSE-only machine) is
// measured.
// RUN: rm -f %t.none.db %t.v2.db
// RUN: env OMPI_MCA_mpi_warn_on_fork=0 %mpirun -np 2 tuner-opt %s --tuner-tune="workers=mpi target=cpu:avx2:4096t trials=2 database=%t.none.db progress=off drift-check=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: FileCheck %s --check-prefix=NONEDB --input-file=%t.none.db
// RUN: env OMPI_MCA_mpi_warn_on_fork=0 %mpirun -np 2 tuner-opt %s --tuner-tune="workers=mpi target=cpu:sse:1t trials=2 builders=1 repeats=1 min-repeat-ms=0 database=%t.v2.db progress=off drift-check=false final-validation=0" -o /dev/null
// RUN: %PYTHON %S/../../Tuner/Driver/Inputs/check_db.py %t.v2.db --lines 2 --valid 2 --workers "mpi rank 1"

// A rank count without serving ranks, and no launcher, are refused (mpirun
// --enable-recovery exits with 0 whatever its ranks return).
// RUN: env OMPI_MCA_mpi_warn_on_fork=0 %mpirun -np 1 tuner-opt %s --tuner-tune="workers=mpi trials=1 progress=off" 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: not tuner-opt %s --tuner-tune="workers=mpi trials=1 progress=off" 2>&1 | FileCheck %s --check-prefix=NOLAUNCHER

// CHECK: linalg.matmul {sched.config = #sched.config<sketch = "cpu.
// REPORT: "errors": 0,
// REPORT: "trials": 16
// EXEC: reference: match
// NONE: warning: tuner-tune: no valid, checked config for task
// NONEDB: "error_name":"UNKNOWN_ERROR",{{.*}}"message":"no live MPI rank can measure for target #sched.target<kind = cpu, arch = \"x86-64-v3\", cores = 4096
// ONE: error: tuner-tune: workers=mpi: the MPI job has one rank
// NOLAUNCHER: error: tuner-tune: workers=mpi: this process was not started by an MPI launcher
func.func @mm(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
