// RUN: not tuner-opt %s --tuner-lower-gpu=format=elf 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not tuner-opt %s --tuner-lower-gpu=chip=gfx90a 2>&1 | FileCheck %s --check-prefix=CHIP

// FORMAT: error: unknown kernel format 'elf': expected 'isa', 'bin', 'fatbin' or 'llvm'
// CHIP: error: invalid CUDA chip 'gfx90a': expected 'sm_XY'
func.func @f() {
  return
}
