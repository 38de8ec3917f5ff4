//===- Emulator.h - CUDA kernels run on the host, for tests -----*- C++ -*-===//
//
// The fake driver's emulator: kernels of `tuner-lower-gpu format=llvm`,
// compiled for the host by tuner-cuda-emu-compile, run with every CUDA thread
// a fiber. Blocks run one after another on the launching thread; within a
// block, a thread runs until it reaches a barrier or a warp-collective
// operation (shuffle, ldmatrix, mma.sync; wgmma for a warpgroup), where it
// waits for the others, or an mbarrier wait, which it polls. Hopper's TMA
// loads (from the fake driver's tensor maps, swizzled as the map says) are
// made when issued and complete their mbarrier's transaction bytes.
// cp.async copies are made when a wait (wait_group / wait_all) retires
// them, as late as a device may, so a kernel that reads its stage early
// reads stale data. What it checks is what the kernels compute, not their
// speed nor every hazard a device may expose.
//
// Test-only: built in the test tree, never installed.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TEST_FAKECUDA_EMULATOR_H
#define TUNER_TEST_FAKECUDA_EMULATOR_H

#include <cstdint>
#include <string>

namespace tuner_emu {

struct Dim3 {
  unsigned x, y, z;
};

using Launcher = void (*)(void **params);

/// What the fake driver's cuTensorMapEncodeTiled writes into a CUtensorMap
/// (128 opaque bytes on a device) for the emulated TMA loads to read.
struct TensorMap {
  static constexpr uint64_t kMagic = 0x70616d726f736e65; // "ensormap"
  uint64_t magic;
  const char *address;
  uint32_t rank, elementBytes, swizzleBytes, unused;
  uint64_t dims[5];
  uint64_t strides[4]; // bytes, of dimensions 1 and up
  uint32_t box[5];
};
static_assert(sizeof(TensorMap) <= 128, "a CUtensorMap holds 128 bytes");

/// Runs `launcher(params)` for every thread of `grid` blocks of `block`
/// threads with `sharedBytes` of dynamic shared memory. False, with
/// `error`, when the threads of a block deadlock or the launch is beyond
/// the emulator's limits.
bool launch(Launcher launcher, Dim3 grid, Dim3 block, unsigned sharedBytes,
            void **params, std::string &error);

} // namespace tuner_emu

#endif // TUNER_TEST_FAKECUDA_EMULATOR_H
