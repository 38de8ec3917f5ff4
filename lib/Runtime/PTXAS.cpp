//===- PTXAS.cpp - kernel resources from the CUDA toolkit's ptxas ---------===//

#include "Tuner/Runtime/PTXAS.h"

#include "Tuner/Config.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <mutex>

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::cuda;

/// The integer of `pattern`'s first group in `line`, if it matches.
static std::optional<int64_t> matchInt(StringRef line, StringRef pattern,
                                       unsigned group = 1) {
  SmallVector<StringRef> groups;
  int64_t value = 0;
  if (!llvm::Regex(pattern).match(line, &groups) ||
      groups[group].getAsInteger(10, value))
    return std::nullopt;
  return value;
}

FailureOr<SmallVector<KernelResources>>
mlir::tuner::cuda::parsePtxasReport(StringRef text, std::string &error) {
  SmallVector<KernelResources> kernels;
  SmallVector<bool> haveRegisters;
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  SmallVector<StringRef> groups;
  for (StringRef line : lines) {
    if (llvm::Regex("Compiling entry function '([^']+)'")
            .match(line, &groups)) {
      kernels.emplace_back();
      kernels.back().kernel = groups[1].str();
      haveRegisters.push_back(false);
      continue;
    }
    if (kernels.empty())
      continue;
    KernelResources &k = kernels.back();
    if (auto v = matchInt(line, "([0-9]+) bytes stack frame"))
      k.stackBytes = *v;
    if (auto v = matchInt(line, "([0-9]+) bytes spill stores"))
      k.spillStores = *v;
    if (auto v = matchInt(line, "([0-9]+) bytes spill loads"))
      k.spillLoads = *v;
    if (auto v = matchInt(line, "Used ([0-9]+) registers")) {
      k.registers = *v;
      haveRegisters.back() = true;
    }
    if (auto v = matchInt(line, "([0-9]+) bytes smem"))
      k.sharedBytes = *v;
  }
  if (kernels.empty()) {
    error = "the ptxas report names no entry function";
    return failure();
  }
  for (auto [k, have] : llvm::zip(kernels, haveRegisters))
    if (!have) {
      error = "the ptxas report gives no register count for '" + k.kernel + "'";
      return failure();
    }
  return kernels;
}

int64_t mlir::tuner::cuda::getPTXThreadsPerBlock(StringRef ptx) {
  SmallVector<StringRef> groups;
  if (!llvm::Regex("\\.(maxntid|reqntid)[ \t]+([0-9]+)(,[ \t]*([0-9]+))?(,[ "
                   "\t]*([0-9]+))?")
           .match(ptx, &groups))
    return 0;
  int64_t threads = 1;
  for (unsigned i : {2u, 4u, 6u}) {
    int64_t v = 1;
    if (!groups[i].empty() && !groups[i].getAsInteger(10, v))
      threads *= v;
  }
  return threads;
}

KernelResources
mlir::tuner::cuda::aggregateResources(ArrayRef<KernelResources> kernels) {
  KernelResources r;
  for (const KernelResources &k : kernels) {
    if (k.registers > r.registers)
      r.kernel = k.kernel;
    r.registers = std::max(r.registers, k.registers);
    r.spillStores += k.spillStores;
    r.spillLoads += k.spillLoads;
    r.sharedBytes = std::max(r.sharedBytes, k.sharedBytes);
    r.stackBytes = std::max(r.stackBytes, k.stackBytes);
    r.threadsPerBlock = std::max(r.threadsPerBlock, k.threadsPerBlock);
  }
  return r;
}

std::optional<std::string> mlir::tuner::cuda::checkResources(
    const KernelResources &r, int64_t registersPerSm, int64_t sharedPerBlock) {
  std::string name = r.kernel.empty() ? "a kernel" : "kernel " + r.kernel;
  if (r.registers > 255)
    return name + " uses " + std::to_string(r.registers) +
           " registers per thread, more than the 255 there are";
  if (r.getSpillBytes() > 0)
    return name + " spills registers (" + std::to_string(r.spillStores) +
           " bytes of spill stores, " + std::to_string(r.spillLoads) +
           " bytes of spill loads)";
  if (sharedPerBlock > 0 && r.sharedBytes > sharedPerBlock)
    return name + " needs " + std::to_string(r.sharedBytes) +
           " bytes of shared memory, more than the " +
           std::to_string(sharedPerBlock) + " of a block";
  if (registersPerSm > 0 && r.threadsPerBlock > 0 &&
      r.registers * r.threadsPerBlock > registersPerSm)
    return name + " needs " + std::to_string(r.registers) + " registers x " +
           std::to_string(r.threadsPerBlock) + " threads, more than the " +
           std::to_string(registersPerSm) + " registers of an SM";
  return std::nullopt;
}

std::optional<std::string> mlir::tuner::cuda::findPtxas() {
  if (const char *explicitPath = std::getenv("TUNER_PTXAS"))
    return *explicitPath ? std::optional<std::string>(explicitPath)
                         : std::nullopt;
  for (const char *var : {"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"}) {
    const char *root = std::getenv(var);
    if (!root || !*root)
      continue;
    SmallString<256> path(root);
    llvm::sys::path::append(path, "bin", "ptxas");
    if (llvm::sys::fs::can_execute(path))
      return std::string(path);
  }
  if (llvm::ErrorOr<std::string> onPath = llvm::sys::findProgramByName("ptxas"))
    return *onPath;
  StringRef configured = TUNER_PTXAS_PATH;
  if (!configured.empty() && llvm::sys::fs::can_execute(configured))
    return configured.str();
  return std::nullopt;
}

FailureOr<SmallVector<KernelResources>>
mlir::tuner::cuda::runPtxas(StringRef ptxas, StringRef ptx, StringRef chip,
                            std::string &error) {
  SmallString<128> input, output, report;
  if (llvm::sys::fs::createTemporaryFile("tuner-kernel", "ptx", input) ||
      llvm::sys::fs::createTemporaryFile("tuner-kernel", "cubin", output) ||
      llvm::sys::fs::createTemporaryFile("tuner-ptxas", "txt", report)) {
    error = "cannot create temporary files for ptxas";
    return failure();
  }
  llvm::scope_exit cleanup([&] {
    for (StringRef p : {StringRef(input), StringRef(output), StringRef(report)})
      llvm::sys::fs::remove(p);
  });
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(input, ec);
    if (ec) {
      error = "cannot write " + input.str().str() + ": " + ec.message();
      return failure();
    }
    os << ptx;
  }
  std::string arch = "-arch=" + chip.str();
  SmallVector<StringRef> args = {ptxas, arch, "-v", input, "-o", output};
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(report),
                                          StringRef(report)};
  std::string execError;
  int status = llvm::sys::ExecuteAndWait(ptxas, args, /*Env=*/std::nullopt,
                                         redirects, /*SecondsToWait=*/120,
                                         /*MemoryLimit=*/0, &execError);
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> text =
      llvm::MemoryBuffer::getFile(report);
  std::string reportText = text ? (*text)->getBuffer().str() : "";
  if (status != 0) {
    error = "ptxas failed" + (execError.empty() ? "" : " (" + execError + ")") +
            ": " + StringRef(reportText).trim().str();
    return failure();
  }
  FailureOr<SmallVector<KernelResources>> kernels =
      parsePtxasReport(reportText, error);
  if (failed(kernels))
    return failure();
  int64_t threads = getPTXThreadsPerBlock(ptx);
  for (KernelResources &k : *kernels)
    k.threadsPerBlock = threads;
  return kernels;
}

void mlir::tuner::cuda::exposeToolkitForLibdevice() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (const char *var : {"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"})
      if (const char *v = std::getenv(var); v && *v)
        return;
    std::optional<std::string> ptxas = findPtxas();
    if (!ptxas)
      return;
    // <toolkit>/bin/ptxas -> <toolkit>
    SmallString<256> root(
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(*ptxas)));
    SmallString<256> libdevice(root);
    llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(libdevice))
      ::setenv("CUDA_HOME", root.c_str(), /*overwrite=*/0);
  });
}
