//===- Worker.cpp - builder and runner processes --------------------------===//

#include "Tuner/Tuner/Measure/Worker.h"

#include "Tuner/Tuner/Measure/Jobs.h"
#include "Tuner/Tuner/Measure/Timing.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <poll.h>
#include <pthread.h>
#include <string>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace mlir;
using namespace mlir::tuner;

//===----------------------------------------------------------------------===//
// Worker side
//===----------------------------------------------------------------------===//

llvm::json::Value mlir::tuner::makeJobLine(int64_t id, StringRef kind,
                                           llvm::json::Value job) {
  llvm::json::Object line{{"id", id}};
  if (!kind.empty())
    line["kind"] = kind;
  line["job"] = std::move(job);
  return line;
}

llvm::json::Value mlir::tuner::makeAnswerLine(int64_t id,
                                              llvm::json::Value result) {
  return llvm::json::Object{{"id", id}, {"result", std::move(result)}};
}

namespace {
/// The builder job kinds registered by components above the measurer.
llvm::StringMap<WorkerJobHandler> &getWorkerJobs() {
  static llvm::StringMap<WorkerJobHandler> jobs;
  return jobs;
}
} // namespace

void mlir::tuner::registerWorkerJob(StringRef kind, WorkerJobHandler handler) {
  getWorkerJobs().try_emplace(kind, std::move(handler));
}

int mlir::tuner::runWorkerMain(StringRef kind, const DialectRegistry &registry) {
  if (kind != "builder" && kind != "runner") {
    llvm::errs() << "unknown worker kind '" << kind
                 << "': expected builder or runner\n";
    return 2;
  }
  // stdout is the protocol channel: anything else printing to it (LLVM
  // errors, debug output) goes to stderr, the worker's log.
  int protocolFd = dup(STDOUT_FILENO);
  dup2(STDERR_FILENO, STDOUT_FILENO);
  FILE *protocol = fdopen(protocolFd, "w");
  auto reply = [&](const llvm::json::Value &value) {
    std::string line;
    llvm::raw_string_ostream os(line);
    os << value << "\n";
    fwrite(line.data(), 1, line.size(), protocol);
    fflush(protocol);
  };

  std::unique_ptr<MLIRContext> runnerContext;
  std::unique_ptr<ObjectRunner> runner;
  if (kind == "runner") {
    runnerContext = std::make_unique<MLIRContext>(registry);
    runnerContext->loadAllAvailableDialects();
    runner = std::make_unique<ObjectRunner>(*runnerContext);
    std::string ignored; // kernels without OpenMP do not need it
    (void)loadOpenMPRuntime(ignored);
  }
  reply(llvm::json::Object{{"hello", "mlir-tuner-worker"},
                           {"version", kWorkerProtocolVersion},
                           {"kind", kind}});

  std::string line;
  while (std::getline(std::cin, line)) {
    llvm::Expected<llvm::json::Value> message = llvm::json::parse(line);
    const llvm::json::Object *obj = message ? message->getAsObject() : nullptr;
    const llvm::json::Value *job = obj ? obj->get("job") : nullptr;
    int64_t id = obj ? obj->getInteger("id").value_or(-1) : -1;
    if (!job) {
      if (!message)
        llvm::consumeError(message.takeError());
      reply(llvm::json::Object{{"id", id}, {"protocol_error", line}});
      continue;
    }
    // A builder's plain jobs are builds ("build", or no kind); other kinds
    // are the registered jobs of other components.
    StringRef jobKind = obj->getString("kind").value_or("");
    if (kind == "builder" && !jobKind.empty() && jobKind != "build") {
      auto handler = getWorkerJobs().find(jobKind);
      if (handler == getWorkerJobs().end()) {
        reply(llvm::json::Object{
            {"id", id},
            {"protocol_error", ("unknown job kind '" + jobKind + "'").str()}});
        continue;
      }
      MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
      ctx.loadAllAvailableDialects();
      reply(makeAnswerLine(id, handler->second(ctx, *job)));
    } else if (kind == "builder") {
      BuildRequest request;
      BuildOutcome outcome;
      if (!fromJSON(*job, request)) {
        outcome.error = MeasureError::Unknown;
        outcome.message = "malformed build job";
      } else {
        // Each candidate is compiled in its own context.
        MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
        ctx.loadAllAvailableDialects();
        outcome = buildCandidate(ctx, request);
      }
      reply(makeAnswerLine(id, toJSON(outcome)));
    } else {
      RunRequest request;
      RunOutcome outcome;
      if (!fromJSON(*job, request)) {
        outcome.error = MeasureError::Unknown;
        outcome.message = "malformed run job";
      } else if (obj->getString("kind") == "reference") {
        outcome = runner->computeReference(request);
      } else {
        outcome = runner->run(request);
      }
      reply(makeAnswerLine(id, toJSON(outcome)));
    }
  }
  return 0;
}

std::optional<int> mlir::tuner::maybeRunWorker(int argc, char **argv,
                                               const DialectRegistry &registry) {
  if (argc < 2)
    return std::nullopt;
  StringRef arg = argv[1];
  if (!arg.consume_front("--tuner-worker="))
    return std::nullopt;
  keepFreedMemoryForReuse();
  requestAMXPermission();
  return runWorkerMain(arg, registry);
}

std::string mlir::tuner::getHostName() {
  char name[256] = {0};
  if (gethostname(name, sizeof(name) - 1) != 0)
    return "unknown";
  return name;
}

std::string mlir::tuner::getDefaultWorkerExecutable() {
  char path[4096];
  ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);
  if (n <= 0)
    return "";
  path[n] = 0;
  return path;
}

//===----------------------------------------------------------------------===//
// Driver side
//===----------------------------------------------------------------------===//

WorkerProcess::~WorkerProcess() {
  kill();
  if (inFd >= 0)
    close(inFd);
  if (outFd >= 0)
    close(outFd);
}

FailureOr<std::unique_ptr<WorkerProcess>>
WorkerProcess::spawn(const Options &options, double timeoutSeconds,
                     std::string &error) {
  int toChild[2], fromChild[2];
  if (pipe2(toChild, O_CLOEXEC) || pipe2(fromChild, O_CLOEXEC)) {
    error = std::string("pipe: ") + std::strerror(errno);
    return failure();
  }
  // Everything the child needs is prepared before fork: between fork and
  // exec only async-signal-safe calls are allowed.
  std::string kindArg = "--tuner-worker=" + options.kind;
  std::vector<char *> argv = {const_cast<char *>(options.executable.c_str()),
                              const_cast<char *>(kindArg.c_str()), nullptr};
  std::vector<std::string> envStrings;
  for (char **e = environ; *e; ++e) {
    StringRef entry = *e;
    bool replaced = llvm::any_of(options.environment, [&](const std::string &x) {
      return entry.split('=').first == StringRef(x).split('=').first;
    });
    if (!replaced)
      envStrings.push_back(*e);
  }
  for (const std::string &x : options.environment)
    envStrings.push_back(x);
  std::vector<char *> envp;
  for (std::string &s : envStrings)
    envp.push_back(s.data());
  envp.push_back(nullptr);
  pid_t parent = getpid();

  pid_t pid = fork();
  if (pid < 0) {
    error = std::string("fork: ") + std::strerror(errno);
    return failure();
  }
  if (pid == 0) {
    // Die with the driver (a killed tuner must not leave workers behind).
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
      _exit(126);
    dup2(toChild[0], STDIN_FILENO);
    dup2(fromChild[1], STDOUT_FILENO);
    int log = open(options.logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND,
                   0644);
    if (log >= 0)
      dup2(log, STDERR_FILENO);
    if (options.memoryLimitBytes) {
      struct rlimit limit = {options.memoryLimitBytes,
                             options.memoryLimitBytes};
      setrlimit(RLIMIT_AS, &limit);
    }
    // A crashing candidate should not write core files.
    struct rlimit noCore = {0, 0};
    setrlimit(RLIMIT_CORE, &noCore);
    execve(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  close(toChild[0]);
  close(fromChild[1]);

  std::unique_ptr<WorkerProcess> worker(new WorkerProcess());
  worker->options = options;
  worker->pid = pid;
  worker->inFd = toChild[1];
  worker->outFd = fromChild[0];
  std::optional<std::string> hello = worker->receive(timeoutSeconds);
  llvm::Expected<llvm::json::Value> parsed =
      hello ? llvm::json::parse(*hello)
            : llvm::Expected<llvm::json::Value>(
                  llvm::createStringError("no greeting"));
  const llvm::json::Object *obj = parsed ? parsed->getAsObject() : nullptr;
  if (!obj || obj->getString("hello") != StringRef("mlir-tuner-worker") ||
      obj->getInteger("version") != kWorkerProtocolVersion) {
    if (!parsed)
      llvm::consumeError(parsed.takeError());
    error = "'" + options.executable +
            "' did not start as a tuner worker (" + worker->describeExit() +
            "); tools that embed tuner-tune must call "
            "mlir::tuner::maybeRunWorker in main(), or pass "
            "worker=<path to tuner-opt>";
    return failure();
  }
  return worker;
}

LogicalResult WorkerProcess::send(const llvm::json::Value &job) {
  std::string line;
  llvm::raw_string_ostream os(line);
  os << job << "\n";
  // Writing to a worker that died (kill -9) raises SIGPIPE, whose default
  // action would end the driver: it is blocked around the write, and one
  // this write raised is taken back; the write fails with EPIPE instead,
  // and the caller records the dead worker as its candidate's error.
  sigset_t pipeSet, oldSet, pending;
  sigemptyset(&pipeSet);
  sigaddset(&pipeSet, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipeSet, &oldSet);
  sigpending(&pending);
  bool wasPending = sigismember(&pending, SIGPIPE);
  const char *p = line.data();
  size_t left = line.size();
  bool broken = false;
  while (left > 0) {
    ssize_t n = write(inFd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      broken = n < 0 && errno == EPIPE;
      break;
    }
    p += n;
    left -= n;
  }
  if (broken && !wasPending) {
    struct timespec zero = {0, 0};
    sigtimedwait(&pipeSet, nullptr, &zero);
  }
  pthread_sigmask(SIG_SETMASK, &oldSet, nullptr);
  return success(left == 0);
}

bool WorkerProcess::readAvailable() {
  char chunk[65536];
  while (true) {
    struct pollfd pfd = {outFd, POLLIN, 0};
    if (poll(&pfd, 1, 0) <= 0)
      return true;
    ssize_t n = read(outFd, chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    buffer.append(chunk, n);
  }
}

std::optional<std::string> WorkerProcess::popLine() {
  size_t end = buffer.find('\n');
  if (end == std::string::npos)
    return std::nullopt;
  std::string line = buffer.substr(0, end);
  buffer.erase(0, end + 1);
  return line;
}

std::optional<std::string> WorkerProcess::receive(double timeoutSeconds) {
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::duration<double>(timeoutSeconds);
  while (true) {
    if (std::optional<std::string> line = popLine())
      return line;
    double left = std::chrono::duration<double>(
                      deadline - std::chrono::steady_clock::now())
                      .count();
    if (left <= 0)
      return std::nullopt;
    struct pollfd pfd = {outFd, POLLIN, 0};
    int ready = poll(&pfd, 1, static_cast<int>(left * 1000) + 1);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready > 0 && !readAvailable()) {
      // EOF: no more lines will come.
      return popLine();
    }
  }
}

void WorkerProcess::kill() {
  if (pid <= 0 || reaped)
    return;
  ::kill(pid, SIGKILL);
  ::kill(pid, SIGCONT);
  if (waitpid(pid, &status, 0) == pid)
    reaped = true;
}

void WorkerProcess::stop() {
  if (pid > 0 && !reaped && !stopped) {
    ::kill(pid, SIGSTOP);
    stopped = true;
  }
}

void WorkerProcess::resume() {
  if (pid > 0 && !reaped && stopped) {
    ::kill(pid, SIGCONT);
    stopped = false;
  }
}

std::string WorkerProcess::describeExit() {
  if (!reaped) {
    // Give an exiting worker a moment to be reaped.
    for (int i = 0; i < 50 && !reaped; ++i) {
      if (waitpid(pid, &status, WNOHANG) == pid)
        reaped = true;
      else
        usleep(2000);
    }
  }
  std::string how = "still running";
  if (reaped) {
    if (WIFSIGNALED(status))
      how = "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
            strsignal(WTERMSIG(status)) + ")";
    else if (WIFEXITED(status))
      how = "exited with status " + std::to_string(WEXITSTATUS(status));
  }
  // The last lines of the worker's log say why (LLVM ERROR, stack dump).
  auto log = llvm::MemoryBuffer::getFile(options.logPath);
  if (log) {
    StringRef text = (*log)->getBuffer().rtrim();
    if (text.size() > 400)
      text = text.take_back(400);
    SmallVector<StringRef> lines;
    text.split(lines, '\n');
    for (StringRef line : lines) {
      line = line.trim();
      if (line.starts_with("LLVM ERROR") || line.contains("error:")) {
        how += ": " + line.str();
        break;
      }
    }
  }
  return how;
}
