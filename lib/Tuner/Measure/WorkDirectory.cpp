//===- WorkDirectory.cpp - work directories removed on interrupts ---------===//
//
// The handler chains: it notes the signal and hands it to the disposition it
// replaced. When that was the default action, the directories are removed
// first; when it was a function (LLVM's handler in tuner-opt, which calls
// the interrupt function removeWorkDirectoriesAndExit; Python's, which only
// notes a KeyboardInterrupt and returns), that function decides: a handler
// that returns ends nothing, and the directories stay in use.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Measure/WorkDirectory.h"

#include "llvm/ADT/StringRef.h"

#include <atomic>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <sys/syscall.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tuner;

namespace {
constexpr int kMaxDirs = 64;
constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
constexpr int kNumSignals = sizeof(kSignals) / sizeof(kSignals[0]);

/// The registered directories: a slot is in use when `used` is set after its
/// path was written.
char dirs[kMaxDirs][PATH_MAX];
std::atomic<bool> used[kMaxDirs];
struct sigaction previous[kNumSignals];
std::atomic<int> handledSignal{0};
std::mutex registryMutex;

/// The layout of the records getdents64 returns.
struct LinuxDirent64 {
  uint64_t ino;
  int64_t off;
  unsigned short reclen;
  unsigned char type;
  char name[1];
};

/// Removes the files of `dir`, then `dir` (system calls only).
void removeNow(const char *dir) {
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    alignas(8) char buffer[4096];
    // Listing again from the start until nothing is left to unlink.
    for (int pass = 0; pass < 1000; ++pass) {
      lseek(fd, 0, SEEK_SET);
      bool removed = false;
      long n;
      while ((n = syscall(SYS_getdents64, fd, buffer, sizeof(buffer))) > 0) {
        for (long at = 0; at < n;) {
          auto *entry = reinterpret_cast<LinuxDirent64 *>(buffer + at);
          at += entry->reclen;
          if (std::strcmp(entry->name, ".") && std::strcmp(entry->name, ".."))
            removed |= unlinkat(fd, entry->name, 0) == 0;
        }
      }
      if (!removed)
        break;
    }
    close(fd);
  }
  rmdir(dir);
}

void removeAll() {
  for (int i = 0; i < kMaxDirs; ++i)
    if (used[i].exchange(false))
      removeNow(dirs[i]);
}

int signalIndex(int sig) {
  for (int i = 0; i < kNumSignals; ++i)
    if (kSignals[i] == sig)
      return i;
  return -1;
}

void onInterrupt(int sig, siginfo_t *info, void *context) {
  handledSignal = sig;
  int i = signalIndex(sig);
  struct sigaction &old = previous[i];
  if (old.sa_flags & SA_SIGINFO) {
    old.sa_sigaction(sig, info, context);
    return;
  }
  if (old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN) {
    old.sa_handler(sig);
    return;
  }
  removeWorkDirectoriesAndExit();
}

void installHandlers() {
  for (int i = 0; i < kNumSignals; ++i) {
    struct sigaction current;
    if (sigaction(kSignals[i], nullptr, &current) != 0 ||
        (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN))
      continue; // nohup: an ignored signal stays ignored
    struct sigaction action = {};
    action.sa_sigaction = onInterrupt;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    previous[i] = current;
    sigaction(kSignals[i], &action, nullptr);
  }
}
} // namespace

void mlir::tuner::removeWorkDirectoryOnInterrupt(StringRef dir) {
  std::lock_guard<std::mutex> lock(registryMutex);
  static std::once_flag installed;
  std::call_once(installed, installHandlers);
  if (dir.size() >= PATH_MAX)
    return;
  for (int i = 0; i < kMaxDirs; ++i) {
    if (used[i])
      continue;
    std::memcpy(dirs[i], dir.data(), dir.size());
    dirs[i][dir.size()] = 0;
    used[i] = true;
    return;
  }
}

void mlir::tuner::keepWorkDirectoryOnInterrupt(StringRef dir) {
  std::lock_guard<std::mutex> lock(registryMutex);
  for (int i = 0; i < kMaxDirs; ++i)
    if (used[i] && StringRef(dirs[i]) == dir)
      used[i] = false;
}

void mlir::tuner::removeWorkDirectoriesAndExit() {
  removeAll();
  int sig = handledSignal.load();
  if (sig == 0)
    sig = SIGINT;
  // End by the signal itself (the exit status says which), through its
  // default action.
  struct sigaction action = {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(sig, &action, nullptr);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, nullptr);
  raise(sig);
  _exit(128 + sig);
}
