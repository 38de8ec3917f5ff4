//===- RecordWriter.cpp - append every trial to the database --------------===//
//
// MetaSchedule's AddToDatabase: each trial becomes one record, appended and
// flushed as soon as it is measured (a run killed at any moment loses at
// most the line being written). A record of a measurer that does not
// measure hardware says so in its `tool` field, so that it never passes for
// a measurement. A failed append (a full disk) is a warning: the run goes
// on without saving records, and ends with a non-zero exit status.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Support/ExitStatus.h"
#include "Tuner/Tuner/Driver/MeasureCallback.h"
#include "Tuner/Tuner/Measure/Worker.h"

#include "mlir/IR/Diagnostics.h"

#include <ctime>

using namespace mlir;
using namespace mlir::tuner;

namespace {
class RecordWriter : public MeasureCallback {
public:
  StringRef getName() const override { return "record-writer"; }

  LogicalResult onResult(TuningState &state, TaskState &task,
                         const MeasureResult &m) override {
    if (!state.database)
      return success();
    Record record;
    record.taskKey = task.task.key;
    record.workload = task.workload;
    record.target = state.targetText;
    setRecordConfig(record, m.config);
    record.seconds = m.output.seconds;
    record.error = m.output.error;
    record.message = m.output.message;
    record.buildSeconds = m.output.buildSeconds;
    record.runSeconds = m.output.runSeconds;
    record.resources = m.output.resources;
    record.timestamp = static_cast<double>(std::time(nullptr));
    record.tool = getToolVersionString();
    if (!state.measurerInfo->measuresHardware)
      record.tool += " (" + state.measurerInfo->name + " measurer)";
    record.llvm = getLLVMVersionString();
    record.host = m.output.host.empty() ? getHostName() : m.output.host;
    record.worker = m.output.worker;
    std::string error;
    if (state.report.recordsLost)
      return success();
    if (failed(state.database->append(record, error))) {
      // The search goes on and the tuned module is still written: losing
      // the records must not lose the results too. The exit status says it.
      state.report.recordsLost = true;
      emitWarning(state.loc)
          << "tuner-tune: " << error
          << "; this and later records are not saved (the run goes on, the "
             "tuned module is written, and the exit status is "
          << kIncompleteTuningExitStatus << ")";
    }
    return success();
  }
};
} // namespace

std::unique_ptr<MeasureCallback> mlir::tuner::createRecordWriter() {
  return std::make_unique<RecordWriter>();
}
