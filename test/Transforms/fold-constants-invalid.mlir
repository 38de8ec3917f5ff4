// RUN: not tuner-opt %s --tuner-fold-constants=max-elements=-1 2>&1 | FileCheck %s --check-prefix=ELEMENTS
// RUN: not tuner-opt %s --tuner-fold-constants=max-growth=-2 2>&1 | FileCheck %s --check-prefix=GROWTH
// RUN: not tuner-opt %s --tuner-fold-constants=max-work=-3 2>&1 | FileCheck %s --check-prefix=WORK
// RUN: not tuner-opt %s --tuner-fold-constants=resource-threshold=-4 2>&1 | FileCheck %s --check-prefix=RESOURCE

// ELEMENTS: error: invalid fold-constants option: max-elements must be non-negative, got -1
// GROWTH: error: invalid fold-constants option: max-growth must be non-negative, got -2
// WORK: error: invalid fold-constants option: max-work must be non-negative, got -3
// RESOURCE: error: invalid fold-constants option: resource-threshold must be non-negative, got -4
func.func @f() {
  return
}
