//===- CUDARuntime.h - the CUDA runtime of lowered GPU code -----*- C++ -*-===//
//
// Host code lowered by tuner-lower-gpu calls `mgpu*` functions (module load,
// kernel launch, streams) that MLIR's own CUDA runtime library would provide;
// Debian's MLIR ships none, so mlir-tuner has its own, over the CUDA driver
// API. The driver (`libcuda.so.1`) is loaded at run time with dlopen: the
// tools build and start on machines without a GPU or driver, and a GPU
// target then fails with a diagnostic saying why.
//
// Besides the `mgpu*` entry points (extern "C", handed to the JIT by name),
// this header gives the measurement side what it needs: device queries,
// managed and device memory for kernel arguments, copies between host and
// device, and kernel timing with CUDA events recorded around every launch.
//
// Lowered modules also call entry points of our own
// (tuner-gpu-device-memory): `mgpuTunerModuleBuffer` and
// `mgpuTunerModuleBufferFree`, a buffer that lives as long as the module, in
// device or managed memory, allocated on first use and optionally filled
// from host memory (the device copy of a constant weight, a temporary
// between kernels); `mgpuTunerCallBuffer`, `mgpuTunerCallMark` and
// `mgpuTunerCallRelease`, managed buffers of one call (allocated in a loop or
// a branch) freed when it returns; `mgpuTunerCopy2D` and `mgpuTunerCopy3D`,
// strided copies between buffers the device reaches (a pad's interior).
//
// The runtime is built when the CUDA toolkit headers are found
// (TUNER_HAS_CUDA); without them every query fails with that reason.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_RUNTIME_CUDARUNTIME_H
#define TUNER_RUNTIME_CUDARUNTIME_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace mlir::tuner::cuda {

/// Whether this build has the CUDA runtime at all.
bool isBuilt();

/// Loads the driver, initializes it and makes the primary context of device
/// `ordinal` current in this thread. Idempotent; fails with the reason (no
/// runtime in this build, no driver library, no device, a driver error).
LogicalResult initialize(int ordinal, std::string &error);

/// What the tuner needs to know of a device.
struct DeviceInfo {
  std::string name;
  int computeMajor = 0, computeMinor = 0;
  int sms = 0;
  int maxThreadsPerBlock = 0;
  int sharedMemoryPerBlock = 0;
  int registersPerSm = 0;
  int warpSize = 0;
  size_t totalMemory = 0;
  /// "sm_90" for compute capability 9.0.
  std::string getChip() const;
};

/// The devices the driver sees (initializes it); fails as initialize().
FailureOr<SmallVector<DeviceInfo>> getDevices(std::string &error);

/// Memory reachable from the host and the device (cuMemAllocManaged),
/// `bytes` rounded up to 256. Null on failure. initialize() must have
/// succeeded.
void *allocateManaged(size_t bytes);
void freeManaged(void *ptr);

/// Device memory (cuMemAlloc), `bytes` rounded up to 256 and zero-filled.
/// Null on failure. initialize() must have succeeded.
void *allocateDevice(size_t bytes);
void freeDevice(void *ptr);

/// Synchronous copies between host memory and device (or managed) memory;
/// fail with the driver's message.
LogicalResult copyToDevice(void *device, const void *host, size_t bytes,
                           std::string &error);
LogicalResult copyToHost(void *host, const void *device, size_t bytes,
                         std::string &error);

/// Times `fn` with two CUDA events recorded on the null stream before and
/// after it, once all of `fn`'s work is done (lowered host code synchronizes
/// every launch): the elapsed device time of the whole call, launches and
/// host code between them included. Fails with the driver's message.
FailureOr<double> timeWithEvents(llvm::function_ref<void()> fn,
                                 std::string &error);

/// Waits for all work of the current context; fails with the driver's
/// message (a kernel that faulted leaves the context unusable: the caller's
/// process should end).
LogicalResult synchronize(std::string &error);

/// One kernel launch a KernelTimer saw: its grid and block sizes and the
/// device time between the events around it.
struct KernelLaunch {
  std::array<int64_t, 3> grid = {0, 0, 0};
  std::array<int64_t, 3> block = {0, 0, 0};
  double seconds = 0;
};

/// While a KernelTimer lives, every mgpuLaunchKernel of this thread is
/// bracketed by CUDA events on its stream, and the time between them (the
/// device time of the kernel, without launch overhead) is added up when the
/// stream is synchronized.
class KernelTimer {
public:
  KernelTimer();
  ~KernelTimer();
  /// Device seconds of the kernels synchronized since the last reset.
  double getSeconds() const;
  /// The launches synchronized since the last reset, in the order of their
  /// streams' synchronizations (launch order for one stream).
  ArrayRef<KernelLaunch> getLaunches() const;
  void reset();
};

/// Calls `fn` with the name and address of every `mgpu*` entry point, for
/// the JIT's symbol table.
void forEachEntryPoint(llvm::function_ref<void(StringRef, void *)> fn);

} // namespace mlir::tuner::cuda

#endif // TUNER_RUNTIME_CUDARUNTIME_H
