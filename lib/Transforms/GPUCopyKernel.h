//===- GPUCopyKernel.h - a host copy as a GPU kernel ------------*- C++ -*-===//
//
// A copy between strided views that no cuMemcpy2D/3D can make (a strided
// tensor.insert_slice, bufferization's copy of a strided slice it cannot
// read in place) becomes a kernel of one thread per element instead of a
// loop on the host over managed memory. Used by tuner-gpu-device-memory.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TRANSFORMS_GPUCOPYKERNEL_H
#define TUNER_LIB_TRANSFORMS_GPUCOPYKERNEL_H

#include "mlir/IR/Builders.h"

namespace mlir::tuner {

/// Whether a copy of `src` into `dst` can be a copy kernel: both memrefs in
/// the default memory space, of the same static shape and element type (an
/// integer or a float), with any layout.
bool canBeCopyKernel(Value src, Value dst);

/// Builds, at `b`'s insertion point, a gpu.launch that copies `src` into
/// `dst` (canBeCopyKernel): blocks of 256 threads over the elements in row-
/// major order, each thread loading and storing one element.
void buildCopyKernel(OpBuilder &b, Location loc, Value src, Value dst);

} // namespace mlir::tuner

#endif // TUNER_LIB_TRANSFORMS_GPUCOPYKERNEL_H
