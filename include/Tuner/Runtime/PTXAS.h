//===- PTXAS.h - kernel resources from the CUDA toolkit's ptxas -*- C++ -*-===//
//
// What a GPU kernel needs of an SM (registers per thread, spilled bytes,
// shared memory) is only known once PTX is assembled. When the CUDA toolkit
// is present, the builders run `ptxas -v` on each candidate's PTX, parse
// its report, record the figures and reject a candidate that spills or does
// not fit the target before it is ever measured.
//
// Finding the toolkit: $TUNER_PTXAS, then $CUDA_ROOT, $CUDA_HOME or
// $CUDA_PATH (bin/ptxas), then `ptxas` on PATH, then the one CMake found.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_RUNTIME_PTXAS_H
#define TUNER_RUNTIME_PTXAS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tuner::cuda {

/// The resources of one kernel (or, aggregated, of a candidate's kernels:
/// the largest registers, shared memory and threads, the summed spills).
struct KernelResources {
  std::string kernel;
  int64_t registers = 0;
  int64_t spillStores = 0, spillLoads = 0;
  /// Static shared memory in bytes.
  int64_t sharedBytes = 0;
  /// Stack frame in bytes (local memory per thread).
  int64_t stackBytes = 0;
  /// Threads per block from the PTX's `.maxntid` or `.reqntid` (0: unknown).
  int64_t threadsPerBlock = 0;

  int64_t getSpillBytes() const { return spillStores + spillLoads; }
  bool operator==(const KernelResources &o) const {
    return registers == o.registers && spillStores == o.spillStores &&
           spillLoads == o.spillLoads && sharedBytes == o.sharedBytes &&
           stackBytes == o.stackBytes && threadsPerBlock == o.threadsPerBlock;
  }
};

/// Parses the report `ptxas -v` writes (to stderr): one entry per
/// "Compiling entry function 'NAME'" with its "Used N registers", "N bytes
/// smem", "N bytes stack frame, N bytes spill stores, N bytes spill loads"
/// lines. Fails when the text reports no entry function or an entry without
/// its register count.
FailureOr<SmallVector<KernelResources>> parsePtxasReport(StringRef text,
                                                         std::string &error);

/// The threads per block a PTX module's first entry declares (`.maxntid` or
/// `.reqntid`, the product of its dimensions); 0 when it declares none.
int64_t getPTXThreadsPerBlock(StringRef ptx);

/// Combines the kernels of a candidate: the maxima of registers, shared
/// memory, stack and threads, the sums of spills.
KernelResources aggregateResources(ArrayRef<KernelResources> kernels);

/// Why `r` cannot run on an SM with `registersPerSm` registers and
/// `sharedPerBlock` bytes of shared memory per block, or that it spills;
/// nullopt when it fits. The limits: 255 registers per thread (the ISA's),
/// no spill, static shared memory within the block limit, and registers x
/// threads within the SM's register file (a launch asking for more fails).
std::optional<std::string> checkResources(const KernelResources &r,
                                          int64_t registersPerSm,
                                          int64_t sharedPerBlock);

/// The ptxas to run (see the file comment); nullopt when none is found.
std::optional<std::string> findPtxas();

/// Runs `ptxas -arch=<chip> -v` on `ptx` (in a temporary file) and parses
/// its report; each kernel's threadsPerBlock is filled from the PTX.
FailureOr<SmallVector<KernelResources>>
runPtxas(StringRef ptxas, StringRef ptx, StringRef chip, std::string &error);

/// MLIR's NVVM serializer links libdevice (the `__nv_*` math functions)
/// from the toolkit named by $CUDA_ROOT, $CUDA_HOME or $CUDA_PATH only:
/// without them a kernel calling expf leaves `__nv_expf` unresolved and
/// ptxas (or the driver's JIT) rejects it. When none is set, sets CUDA_HOME
/// to the toolkit of findPtxas() if it holds nvvm/libdevice. Idempotent.
void exposeToolkitForLibdevice();

} // namespace mlir::tuner::cuda

#endif // TUNER_RUNTIME_PTXAS_H
