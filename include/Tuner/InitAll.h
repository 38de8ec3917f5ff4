//===- InitAll.h - register everything mlir-tuner provides -----*- C++ -*-===//
//
// Entry points for tools and compilers that embed mlir-tuner: one call per
// dialect set and per pass set, plus one that registers everything.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_INITALL_H
#define TUNER_INITALL_H

namespace mlir {
class DialectRegistry;

namespace tuner {

/// Registers the `sched` dialect.
void registerSchedDialect(DialectRegistry &registry);

/// Registers the `transform.sched.*` ops (a transform dialect extension).
void registerSchedTransformOps(DialectRegistry &registry);

/// Registers the sched-* passes: the dialect's own (sched-strip) and the
/// tuner-backed ones (sched-extract-tasks, sched-materialize, ...).
void registerSchedPasses();

/// Registers the tuner passes and pipelines (tuner-lower-cpu,
/// tuner-fold-constants, ...).
void registerTunerPasses();

/// Registers the jobs the tool does as a worker process of tuner-tune
/// (`--tuner-worker=builder`) besides building: the cost model's features.
/// registerTunerPasses() calls it; a tool that may serve as tuner-tune's
/// worker executable without registering the passes calls it itself.
void registerWorkerJobs();

/// Registers all dialects, dialect extensions and interfaces of mlir-tuner.
void registerAllDialects(DialectRegistry &registry);

/// Registers all passes and pass pipelines of mlir-tuner.
void registerAllPasses();

} // namespace tuner
} // namespace mlir

#endif // TUNER_INITALL_H
