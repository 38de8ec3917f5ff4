//===- GPURuntimeCalls.h - runtime entry points of lowered GPU code -*- C++
//-*-===//
//
// The names of lib/Runtime's entry points that tuner-gpu-device-memory
// emits calls to (GPUDeviceMemory.cpp) and that tuner-gpu-async-launches
// recognizes between launches (GPUAsyncLaunches.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TRANSFORMS_GPURUNTIMECALLS_H
#define TUNER_LIB_TRANSFORMS_GPURUNTIMECALLS_H

#include "llvm/ADT/StringRef.h"

namespace mlir::tuner {

/// A module's buffer, allocated and filled on first use.
inline constexpr llvm::StringLiteral kModuleBufferFn = "mgpuTunerModuleBuffer";
/// Frees a module's buffer (the module's destructor).
inline constexpr llvm::StringLiteral kModuleBufferFreeFn =
    "mgpuTunerModuleBufferFree";
/// A buffer of one call (managed memory), given back by the release of the
/// mark taken at the call's start.
inline constexpr llvm::StringLiteral kCallBufferFn = "mgpuTunerCallBuffer";
/// The mark of a call's start, and its release (the call's return).
inline constexpr llvm::StringLiteral kCallMarkFn = "mgpuTunerCallMark";
inline constexpr llvm::StringLiteral kCallReleaseFn = "mgpuTunerCallRelease";
/// Frees the call buffers kept for later calls (a module's destructor).
inline constexpr llvm::StringLiteral kCallBufferPoolFreeFn =
    "mgpuTunerCallBufferPoolFree";
/// Copies between buffers the device reaches, finished when they return.
inline constexpr llvm::StringLiteral kCopyFn = "mgpuTunerCopy2D";
inline constexpr llvm::StringLiteral kCopy3DFn = "mgpuTunerCopy3D";

} // namespace mlir::tuner

#endif // TUNER_LIB_TRANSFORMS_GPURUNTIMECALLS_H
