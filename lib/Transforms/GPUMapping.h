//===- GPUMapping.h - what an scf.forall is mapped to on a GPU --*- C++ -*-===//
//
// Shared by tuner-gpu-map-forall (LowerGPU.cpp) and
// tuner-gpu-block-temporaries (GPUBlockTemporaries.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TRANSFORMS_GPUMAPPING_H
#define TUNER_LIB_TRANSFORMS_GPUMAPPING_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tuner {

/// Whether `forall` is mapped to GPU blocks.
inline bool isMappedToBlocks(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() &&
         isa<gpu::GPUBlockMappingAttr>((*mapping)[0]);
}

/// Whether `forall` is mapped to threads, warps or lanes (any mapping but
/// blocks).
inline bool isMappedWithinBlock(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() && !isMappedToBlocks(forall);
}

} // namespace mlir::tuner

#endif // TUNER_LIB_TRANSFORMS_GPUMAPPING_H
