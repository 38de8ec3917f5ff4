//===- Emulator.h - CUDA kernels run on the host, for tests -----*- C++ -*-===//
//
// The fake driver's emulator: kernels of `tuner-lower-gpu format=llvm`,
// compiled for the host by tuner-cuda-emu-compile, run with every CUDA thread
// a fiber. Blocks run one after another on the launching thread; within a
// block, a thread runs until it reaches a barrier or a warp-collective
// operation (shuffle, ldmatrix, mma.sync), where it waits for the others.
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

#include <string>

namespace tuner_emu {

struct Dim3 {
  unsigned x, y, z;
};

using Launcher = void (*)(void **params);

/// Runs `launcher(params)` for every thread of `grid` blocks of `block`
/// threads with `sharedBytes` of dynamic shared memory. False, with
/// `error`, when the threads of a block deadlock or the launch is beyond
/// the emulator's limits.
bool launch(Launcher launcher, Dim3 grid, Dim3 block, unsigned sharedBytes,
            void **params, std::string &error);

} // namespace tuner_emu

#endif // TUNER_TEST_FAKECUDA_EMULATOR_H
