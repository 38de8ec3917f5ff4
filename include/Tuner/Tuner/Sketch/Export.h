//===- Export.h - schedules as an upstream transform library ----*- C++ -*-===//
//
// Writing the schedules (#sched.config) of a module as one transform library
// in upstream ops only: per anchor op, its sketch's script with the knobs
// resolved to constants and mlir-tuner's own transform ops replaced by
// upstream ones, and a matcher that finds the op in the prepared module
// without any sched annotation. `mlir-opt --transform-preload-library
// --transform-interpreter` replays it. sched-export-transform calls it.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_SKETCH_EXPORT_H
#define TUNER_TUNER_SKETCH_EXPORT_H

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>

namespace mlir::tuner {

/// Rewrites the selected script `script` (a module holding the sketch's
/// transform.named_sequence, knobs selected by buildSelectedScript) into
/// upstream ops in place: tune.alternatives become their selected region,
/// tune.knob ops `transform.param.constant`, sched.exact_divide and
/// sched.next_power_of_two fold into constants, sched.peel_partial becomes
/// an include of the `@peel_partial` helper (upstream loop.peel, see
/// kPeelPartialHelper). sched.fold_fill_into_pad and
/// sched.vectorize_pad_rows, optimizations without an upstream equivalent,
/// are dropped: each dropped op is described in `notes` (one line each).
/// Fails with a message in `error` for an op upstream cannot replace (the
/// GPU sketches' kernel rewrites, sched.vectorize_static).
LogicalResult convertToUpstream(ModuleOp script,
                                SmallVectorImpl<std::string> &notes,
                                std::string &error);

/// Text of the `@peel_partial` helper sequence of exported libraries.
extern const char *const kPeelPartialHelper;

/// Builds the transform library of every #sched.config in `module` for
/// `target`: a matcher `@match_<i>` and an action `@apply_<i>` per distinct
/// schedule (anchors that the matcher cannot tell apart and that share the
/// config share them), applied in program order by `@__transform_main`
/// (collect_matching, then the action on each op found). `header` receives
/// comment lines describing each schedule. Reports errors as diagnostics on
/// the ops concerned: a config that does not resolve, a script that cannot
/// be exported, an anchor that a matcher cannot tell from another op with
/// another (or no) schedule.
FailureOr<OwningOpRef<ModuleOp>>
exportSchedules(ModuleOp module, sched::TargetAttr target, std::string &header);

} // namespace mlir::tuner

#endif // TUNER_TUNER_SKETCH_EXPORT_H
