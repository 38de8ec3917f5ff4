//===- Serve.cpp - a serving rank of workers=mpi --------------------------===//
//
// Ranks other than 0 greet rank 0 with their host and targets, then answer
// its jobs: Configure creates the rank's own measurer (`measure=`, with
// worker processes as in a local run), Job measures or re-times candidates
// of a task with it. What a rank learns of a task (its reference, the best
// time) stays with the rank between jobs, and rank 0 sends the best time
// the search knows with every job, so that only candidates that would be a
// new best are checked against the reference.
//
//===----------------------------------------------------------------------===//

#include "Comm.h"

#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "Tuner/Runtime/CUDARuntime.h"
#include "Tuner/Tuner/Measure/MPI.h"
#include "Tuner/Tuner/Measure/Worker.h"
#include "Tuner/Tuner/Target/Target.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::mpi;

namespace {
/// A serving rank leaves when rank 0 has been silent this long (it sends a
/// heartbeat every second while it lives).
constexpr double kRootSilenceSeconds = 60;
constexpr double kAnswerTimeoutSeconds = 120;

bool startedByMPILauncher() {
  for (const char *name :
       {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(name))
      return true;
  return false;
}

bool argumentsAskForMPI(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (StringRef(argv[i]).contains("workers=mpi"))
      return true;
  return false;
}

/// The index of this rank among the ranks of its host.
unsigned getLocalRank() {
  for (const char *name :
       {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID"})
    if (const char *value = std::getenv(name))
      return std::strtoul(value, nullptr, 10);
  return 0;
}

/// The CUDA device this rank measures on, chosen from its local rank among
/// the visible devices; CUDA_VISIBLE_DEVICES is narrowed to it so that the
/// rank's worker processes see it as device 0.
std::optional<sched::TargetAttr> chooseCUDADevice(MLIRContext &ctx) {
  std::string error;
  FailureOr<SmallVector<cuda::DeviceInfo>> devices = cuda::getDevices(error);
  if (failed(devices) || devices->empty())
    return std::nullopt;
  SmallVector<std::string> visible;
  if (const char *list = std::getenv("CUDA_VISIBLE_DEVICES")) {
    SmallVector<StringRef> parts;
    StringRef(list).split(parts, ',', -1, /*KeepEmpty=*/false);
    for (StringRef part : parts)
      visible.push_back(part.trim().str());
  }
  unsigned index = getLocalRank() % devices->size();
  std::string chosen =
      index < visible.size() ? visible[index] : std::to_string(index);
  setenv("CUDA_VISIBLE_DEVICES", chosen.c_str(), /*overwrite=*/1);
  return getCUDATarget(&ctx, (*devices)[index]);
}

class Server {
public:
  Server(Comm &comm, const DialectRegistry &registry)
      : comm(comm), ctx(registry), host(getHostName()),
        worker("mpi rank " + std::to_string(comm.getRank())) {
    ctx.getOrLoadDialect<sched::SchedDialect>();
  }

  int run();

private:
  llvm::json::Value hello();
  void configure(const llvm::json::Object &job);
  void measure(const llvm::json::Object &job);
  void answer(llvm::json::Object result) {
    if (!comm.send(0, Result, llvm::json::Value(std::move(result)),
                   kAnswerTimeoutSeconds))
      llvm::errs() << worker << ": could not answer rank 0\n";
  }

  Comm &comm;
  MLIRContext ctx;
  std::string host, worker;
  std::unique_ptr<Measurer> measurer;
  llvm::StringMap<MeasureTask> tasks;
};

llvm::json::Value Server::hello() {
  llvm::json::Array targets;
  targets.push_back(printAttr(getHostCPUTarget(&ctx)));
  if (std::optional<sched::TargetAttr> gpu = chooseCUDADevice(ctx))
    targets.push_back(printAttr(*gpu));
  llvm::json::Array measurers;
  for (const std::string &name : getMeasurerNames())
    measurers.push_back(name);
  return llvm::json::Object{
      {"version", kProtocolVersion},
      {"host", host},
      {"pid", static_cast<int64_t>(getpid())},
      {"threads", static_cast<int64_t>(
                      llvm::hardware_concurrency().compute_thread_count())},
      {"targets", std::move(targets)},
      {"measurers", std::move(measurers)}};
}

void Server::configure(const llvm::json::Object &job) {
  int64_t id = job.getInteger("id").value_or(0);
  StringRef name = job.getString("measurer").value_or("");
  MeasurerOptions options;
  const MeasurerInfo *info = lookupMeasurer(name);
  std::string error;
  if (!info)
    error = "no measurer '" + name.str() + "' on " + worker;
  else if (!job.get("options") || !fromJSON(*job.get("options"), options))
    error = "malformed Configure job";
  if (error.empty()) {
    if (options.builders == 0)
      options.builders = llvm::hardware_concurrency().compute_thread_count();
    if (options.workerExecutable.empty())
      options.workerExecutable = getDefaultWorkerExecutable();
    measurer.reset();
    tasks.clear();
    auto created = info->factory(options, error);
    if (succeeded(created))
      measurer = std::move(*created);
  }
  llvm::json::Object result{{"id", id}};
  if (!measurer)
    result["error"] = error;
  answer(std::move(result));
}

void Server::measure(const llvm::json::Object &job) {
  int64_t id = job.getInteger("id").value_or(0);
  const llvm::json::Array *configs = job.getArray("configs");
  MeasureTask parsed;
  if (!measurer || !configs || !job.get("task") ||
      !taskFromJSON(*job.get("task"), parsed)) {
    answer(llvm::json::Object{
        {"id", id},
        {"error", measurer ? "malformed Job" : "no measurer configured"}});
    return;
  }
  auto [it, inserted] = tasks.try_emplace(parsed.key, parsed);
  MeasureTask &task = it->second;
  mergeTaskProgress(*job.getObject("task"), task);

  // Configs that do not parse fail here; the others go to the measurer.
  std::vector<MeasureOutput> outputs(configs->size());
  std::vector<MeasureInput> inputs;
  std::vector<size_t> where;
  for (auto [i, text] : llvm::enumerate(*configs)) {
    auto config = dyn_cast_if_present<sched::ConfigAttr>(
        parseAttribute(text.getAsString().value_or(""), &ctx));
    if (!config) {
      outputs[i].error = MeasureError::Instantiation;
      outputs[i].message = "the config does not parse on " + worker;
      continue;
    }
    inputs.push_back({config});
    where.push_back(i);
  }
  llvm::json::Array warnings;
  auto done = [&](size_t i, MeasureOutput out) {
    outputs[where[i]] = std::move(out);
  };
  auto warn = [&](StringRef text) { warnings.push_back(text.str()); };
  if (job.getString("kind") == StringRef("retime")) {
    TimingOptions timing;
    if (const llvm::json::Value *t = job.get("timing"))
      fromJSON(*t, timing);
    measurer->retime(task, inputs, job.getInteger("rounds").value_or(1),
                     timing, job.getBoolean("verify").value_or(false), done,
                     warn);
  } else {
    measurer->measure(task, inputs, done, warn);
  }
  llvm::json::Array outs;
  for (MeasureOutput &out : outputs) {
    out.host = host;
    out.worker = worker;
    outs.push_back(toJSON(out));
  }
  answer(llvm::json::Object{{"id", id},
          {"outputs", std::move(outs)},
          {"warnings", std::move(warnings)},
          {"task", taskProgressToJSON(task)}});
}

int Server::run() {
  comm.startHeartbeats({0});
  if (!comm.send(0, Hello, hello(), kAnswerTimeoutSeconds)) {
    llvm::errs() << worker << ": could not greet rank 0\n";
    return 1;
  }
  while (true) {
    std::optional<Message> m = comm.poll();
    if (!m) {
      if (comm.getSilence(0) > kRootSilenceSeconds) {
        llvm::errs() << worker << ": rank 0 has been silent for "
                     << kRootSilenceSeconds << " s; leaving\n";
        comm.markLost(0);
        return 1;
      }
      usleep(2000);
      continue;
    }
    if (m->source != 0)
      continue;
    if (m->tag == Shutdown) {
      // Another rank was lost: MPI_Finalize would wait for it.
      if (m->payload == "lost")
        comm.setSomeRankLost();
      return 0;
    }
    llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(m->payload);
    if (!parsed) {
      llvm::consumeError(parsed.takeError());
      continue;
    }
    const llvm::json::Object *job = parsed->getAsObject();
    if (job && m->tag == Configure)
      configure(*job);
    else if (job && m->tag == Job)
      measure(*job);
  }
}
} // namespace

bool mlir::tuner::canMeasureOnMPI(std::string &why) {
  Comm *comm = Comm::get();
  if (!comm) {
    why = "this process was not started by an MPI launcher; run it as "
          "`mpirun -np N tuner-opt ...` with N >= 2 (rank 0 searches, the "
          "others measure)";
    return false;
  }
  if (comm->getSize() < 2) {
    why = "the MPI job has one rank: nothing is left to measure on (N >= 2)";
    return false;
  }
  return true;
}

std::optional<int> mlir::tuner::maybeServeMPI(int argc, char **argv,
                                              const DialectRegistry &registry) {
  if (!argumentsAskForMPI(argc, argv) || !startedByMPILauncher())
    return std::nullopt;
  std::string error;
  Comm *comm = Comm::start(argc, argv, error);
  if (!comm) {
    llvm::errs() << "error: workers=mpi: " << error << "\n";
    return 1;
  }
  if (comm->getRank() == 0) {
    std::vector<int> peers;
    for (int peer = 1; peer < comm->getSize(); ++peer)
      peers.push_back(peer);
    comm->startHeartbeats(std::move(peers));
    return std::nullopt;
  }
  int code = Server(*comm, registry).run();
  Comm::stop();
  return code;
}

void mlir::tuner::finalizeMPI() { Comm::stop(); }
