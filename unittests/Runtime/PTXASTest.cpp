//===- PTXASTest.cpp - ptxas -v reports and the resource limits -----------===//
//
// The parser of `ptxas -v` reports (CUDA 12 and 13 wording) and the checks
// that reject a candidate before it is measured. No toolkit is needed; the
// last test runs the real ptxas when one is found.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Runtime/PTXAS.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tuner::cuda;

namespace {

/// Two kernels as ptxas 13 reports them; the second spills.
constexpr const char *kReport =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function 'mm_kernel' for 'sm_90'\n"
    "ptxas info    : Function properties for mm_kernel\n"
    "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 64 registers, used 1 barriers, 8192 bytes smem\n"
    "ptxas info    : Compile time = 28.940 ms\n"
    "ptxas info    : Compiling entry function 'mm_kernel_0' for 'sm_90'\n"
    "ptxas info    : Function properties for mm_kernel_0\n"
    "    24 bytes stack frame, 16 bytes spill stores, 12 bytes spill loads\n"
    "ptxas info    : Used 255 registers, used 1 barriers, 8 bytes cumulative "
    "stack size, 1024 bytes smem, 400 bytes cmem[0]\n";

TEST(PTXASTest, ParsesEveryKernel) {
  std::string error;
  FailureOr<SmallVector<KernelResources>> kernels =
      parsePtxasReport(kReport, error);
  ASSERT_TRUE(succeeded(kernels)) << error;
  ASSERT_EQ(kernels->size(), 2u);
  const KernelResources &a = (*kernels)[0], &b = (*kernels)[1];
  EXPECT_EQ(a.kernel, "mm_kernel");
  EXPECT_EQ(a.registers, 64);
  EXPECT_EQ(a.sharedBytes, 8192);
  EXPECT_EQ(a.getSpillBytes(), 0);
  EXPECT_EQ(b.kernel, "mm_kernel_0");
  EXPECT_EQ(b.registers, 255);
  EXPECT_EQ(b.spillStores, 16);
  EXPECT_EQ(b.spillLoads, 12);
  EXPECT_EQ(b.stackBytes, 24);
  EXPECT_EQ(b.sharedBytes, 1024);

  KernelResources all = aggregateResources(*kernels);
  EXPECT_EQ(all.kernel, "mm_kernel_0");
  EXPECT_EQ(all.registers, 255);
  EXPECT_EQ(all.spillStores, 16);
  EXPECT_EQ(all.sharedBytes, 8192);
}

TEST(PTXASTest, KernelWithoutSharedMemoryOrBarriers) {
  std::string error;
  auto kernels = parsePtxasReport(
      "ptxas info    : Compiling entry function 'f' for 'sm_80'\n"
      "ptxas info    : Function properties for f\n"
      "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
      "ptxas info    : Used 26 registers\n",
      error);
  ASSERT_TRUE(succeeded(kernels)) << error;
  EXPECT_EQ((*kernels)[0].registers, 26);
  EXPECT_EQ((*kernels)[0].sharedBytes, 0);
}

TEST(PTXASTest, RejectsReportsWithoutKernelsOrRegisters) {
  std::string error;
  EXPECT_TRUE(
      failed(parsePtxasReport("ptxas info    : 0 bytes gmem\n", error)));
  EXPECT_NE(error.find("no entry function"), std::string::npos) << error;
  EXPECT_TRUE(failed(parsePtxasReport(
      "ptxas info    : Compiling entry function 'g' for 'sm_90'\n", error)));
  EXPECT_NE(error.find("no register count for 'g'"), std::string::npos)
      << error;
}

TEST(PTXASTest, ThreadsFromThePTX) {
  EXPECT_EQ(getPTXThreadsPerBlock(".entry k()\n.maxntid 16, 8, 1\n{"), 128);
  EXPECT_EQ(getPTXThreadsPerBlock(".entry k()\n.reqntid 256\n{"), 256);
  EXPECT_EQ(getPTXThreadsPerBlock(".entry k()\n{"), 0);
}

TEST(PTXASTest, ChecksTheLimits) {
  KernelResources ok;
  ok.kernel = "k";
  ok.registers = 64;
  ok.sharedBytes = 8192;
  ok.threadsPerBlock = 256;
  EXPECT_FALSE(checkResources(ok, 65536, 49152));

  KernelResources spills = ok;
  spills.spillStores = 8;
  std::optional<std::string> why = checkResources(spills, 65536, 49152);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("kernel k spills registers (8 bytes of spill stores"),
            std::string::npos)
      << *why;

  KernelResources tooMany = ok;
  tooMany.registers = 300;
  why = checkResources(tooMany, 65536, 49152);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("more than the 255"), std::string::npos) << *why;

  KernelResources shared = ok;
  shared.sharedBytes = 65536;
  why = checkResources(shared, 65536, 49152);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("65536 bytes of shared memory"), std::string::npos)
      << *why;

  // 128 registers x 1024 threads: twice the register file of an SM.
  KernelResources file = ok;
  file.registers = 128;
  file.threadsPerBlock = 1024;
  why = checkResources(file, 65536, 49152);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("128 registers x 1024 threads"), std::string::npos)
      << *why;
}

TEST(PTXASTest, RunsTheToolkitsPtxas) {
  std::optional<std::string> ptxas = findPtxas();
  if (!ptxas)
    GTEST_SKIP() << "no ptxas";
  constexpr const char *kPTX = ".version 8.0\n.target sm_90\n"
                               ".address_size 64\n"
                               ".visible .entry tiny()\n.maxntid 32, 1, 1\n"
                               "{\n  ret;\n}\n";
  std::string error;
  auto kernels = runPtxas(*ptxas, kPTX, "sm_90", error);
  ASSERT_TRUE(succeeded(kernels)) << error;
  ASSERT_EQ(kernels->size(), 1u);
  EXPECT_EQ((*kernels)[0].kernel, "tiny");
  EXPECT_EQ((*kernels)[0].threadsPerBlock, 32);
  EXPECT_FALSE(checkResources((*kernels)[0], 65536, 49152));
  // Invalid PTX: ptxas's message.
  EXPECT_TRUE(
      failed(runPtxas(*ptxas, ".version 8.0\nbogus\n", "sm_90", error)));
  EXPECT_NE(error.find("ptxas failed"), std::string::npos) << error;
}

} // namespace
