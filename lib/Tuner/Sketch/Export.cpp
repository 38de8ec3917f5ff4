//===- Export.cpp - schedules as an upstream transform library ------------===//
//
// The scripts come from buildSelectedScript (the knob selection
// sched-materialize applies); this file rewrites them into upstream ops and
// writes the matchers and the entry point around them.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Sketch/Export.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Dialect/Sched/TransformOps/SchedTransformOps.h"
#include "Tuner/Tuner/Sketch/Materialize.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/TuneExtension/TuneExtensionOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

const char *const mlir::tuner::kPeelPartialHelper = R"mlir(
transform.named_sequence @peel_partial(%loops: !transform.any_op {transform.readonly}) -> (!transform.any_op, !transform.any_op) {
  %main, %rest = transform.foreach %loops : !transform.any_op -> !transform.any_op, !transform.any_op {
  ^bb0(%loop: !transform.any_op):
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %full, %partial = transform.sequence %for : !transform.op<"scf.for"> -> !transform.any_op, !transform.any_op failures(suppress) {
    ^bb0(%l: !transform.op<"scf.for">):
      %peeled, %remainder = transform.loop.peel %l : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
      transform.yield %peeled, %remainder : !transform.any_op, !transform.any_op
    }
    %ops = transform.foreach %partial : !transform.any_op -> !transform.any_op {
    ^bb0(%p: !transform.any_op):
      %linalg = transform.structured.match interface{LinalgOp} in %p : (!transform.any_op) -> !transform.any_op
      transform.yield %linalg : !transform.any_op
    }
    %parent = transform.get_parent_op %partial : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %parent {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield %full, %ops : !transform.any_op, !transform.any_op
  }
  transform.yield %main, %rest : !transform.any_op, !transform.any_op
}
)mlir";

//===----------------------------------------------------------------------===//
// Scripts in upstream ops
//===----------------------------------------------------------------------===//

/// Replaces each tune.alternatives by the ops of its selected region.
static LogicalResult inlineAlternatives(ModuleOp script, std::string &error) {
  while (true) {
    transform::tune::AlternativesOp alt;
    script.walk([&](transform::tune::AlternativesOp op) {
      alt = op;
      return WalkResult::interrupt();
    });
    if (!alt)
      return success();
    IntegerAttr selected = alt.getSelectedRegionAttrAttr();
    if (!selected) {
      error =
          "tune.alternatives '" + alt.getName().str() + "' has no selection";
      return failure();
    }
    Block &block = alt->getRegion(selected.getInt()).front();
    Operation *yield = block.getTerminator();
    alt->replaceAllUsesWith(yield->getOperands());
    alt->getBlock()->getOperations().splice(
        Block::iterator(alt), block.getOperations(), block.begin(),
        yield->getIterator());
    alt->erase();
  }
}

/// Replaces `op`'s single param result by a constant holding `value`.
static void replaceByConstant(Operation *op, Attribute value) {
  OpBuilder b(op);
  Value c = transform::ParamConstantOp::create(
                b, op->getLoc(), op->getResult(0).getType(), value)
                .getResult();
  op->getResult(0).replaceAllUsesWith(c);
  op->erase();
}

/// The integer a param operand holds once the knobs are constants.
static IntegerAttr getConstantParam(Value param) {
  auto c = param.getDefiningOp<transform::ParamConstantOp>();
  return c ? dyn_cast<IntegerAttr>(c.getValue()) : nullptr;
}

/// Turns the knobs into constants and folds the param arithmetic on them.
static LogicalResult resolveParams(ModuleOp script, std::string &error) {
  SmallVector<Operation *> ops;
  script.walk([&](Operation *op) { ops.push_back(op); });
  for (Operation *op : ops) {
    if (auto knob = dyn_cast<transform::tune::KnobOp>(op)) {
      if (!knob.getSelectedAttr()) {
        error = "knob '" + knob.getName().str() + "' has no selected value";
        return failure();
      }
      replaceByConstant(op, knob.getSelectedAttr());
    } else if (auto div = dyn_cast<transform::sched::ExactDivideOp>(op)) {
      IntegerAttr v = getConstantParam(div.getParam());
      if (!v || v.getInt() % div.getDivisor() != 0) {
        error = "sched.exact_divide of a param that is not a multiple of " +
                std::to_string(div.getDivisor());
        return failure();
      }
      replaceByConstant(
          op, IntegerAttr::get(v.getType(), v.getInt() / div.getDivisor()));
    } else if (auto pow2 = dyn_cast<transform::sched::NextPowerOfTwoOp>(op)) {
      IntegerAttr v = getConstantParam(pow2.getParam());
      if (!v) {
        error = "sched.next_power_of_two of a param that is not a constant";
        return failure();
      }
      int64_t p = llvm::PowerOf2Ceil(std::max<int64_t>(v.getInt(), 1));
      replaceByConstant(op, IntegerAttr::get(v.getType(), p));
    }
  }
  return success();
}

/// Makes `handle` empty for its users: drops it from the merge_handles ops
/// that use it. Fails if another op uses it.
static LogicalResult dropHandle(Value handle) {
  for (OpOperand &use : llvm::make_early_inc_range(handle.getUses())) {
    auto merge = dyn_cast<transform::MergeHandlesOp>(use.getOwner());
    if (!merge)
      return failure();
    if (merge.getHandles().size() > 2) {
      merge->eraseOperand(use.getOperandNumber());
      continue;
    }
    Value other = merge.getHandles()[1 - use.getOperandNumber()];
    merge.getResult().replaceAllUsesWith(other);
    merge->erase();
  }
  return success();
}

/// Replaces sched.peel_partial by an include of @peel_partial.
static void replacePeelPartial(transform::sched::PeelPartialOp peel) {
  OpBuilder b(peel);
  auto include = transform::IncludeOp::create(
      b, peel.getLoc(), peel->getResultTypes(),
      SymbolRefAttr::get(b.getContext(), "peel_partial"),
      transform::FailurePropagationMode::Propagate,
      ValueRange{peel.getTarget()}, /*arg_attrs=*/nullptr,
      /*res_attrs=*/nullptr);
  peel->replaceAllUsesWith(include->getResults());
  peel->erase();
}

/// Replaces or drops one op of the sched transform extension.
static LogicalResult replaceSchedOp(Operation *op,
                                    SmallVectorImpl<std::string> &notes,
                                    std::string &error) {
  if (auto peel = dyn_cast<transform::sched::PeelPartialOp>(op)) {
    replacePeelPartial(peel);
    return success();
  }
  StringRef name = op->getName().getStringRef();
  if (isa<transform::sched::DropContractionUnitDimsOp>(op)) {
    notes.push_back(name.str() +
                    " dropped: the register tile's contraction keeps its "
                    "unit reduction dimension (the same values, computed "
                    "without outer products)");
    op->erase();
    return success();
  }
  if (isa<transform::sched::FoldFillIntoPadOp,
          transform::sched::VectorizePadRowsOp>(op)) {
    if (failed(dropHandle(op->getResult(0)))) {
      error = name.str() + " has users that need its result";
      return failure();
    }
    notes.push_back(
        name.str() +
        (isa<transform::sched::FoldFillIntoPadOp>(op)
             ? " dropped: the padded accumulator is a pad of the filled tile "
               "(the same values, filled twice)"
             : " dropped: the tensor.pad packing an operand is left to "
               "bufferization (the same values, copied without vectors)"));
    op->erase();
    return success();
  }
  error = name.str() + " has no upstream equivalent";
  return failure();
}

LogicalResult mlir::tuner::convertToUpstream(
    ModuleOp script, SmallVectorImpl<std::string> &notes, std::string &error) {
  if (failed(inlineAlternatives(script, error)) ||
      failed(resolveParams(script, error)))
    return failure();
  SmallVector<Operation *> schedOps;
  script.walk([&](Operation *op) {
    if (op->getName().getStringRef().starts_with("transform.sched."))
      schedOps.push_back(op);
  });
  for (Operation *op : schedOps)
    if (failed(replaceSchedOp(op, notes, error)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Matchers
//===----------------------------------------------------------------------===//

namespace {
/// What a matcher checks of an op: name, loop ranges and kinds, operands'
/// element bitwidths and indexing maps, and the group's fused producer and
/// consumer where it has them. Two ops with equal signatures cannot be told
/// apart by the matcher.
struct MatchSignature {
  std::string name;
  SmallVector<int64_t> dims;
  SmallVector<bool> parallel;
  unsigned numInputs = 0, numInits = 0;
  SmallVector<unsigned> bitwidths; // 0: not a shaped operand
  SmallVector<unsigned> mapKinds;  // 0 other, 1 projected perm., 2 perm.
  std::string producer, consumer;  // empty: not checked

  /// Whether the matcher of this signature accepts an op whose own
  /// signature is `o`, as upstream's match ops decide: a dynamic dim, a
  /// scalar operand, a map that is no projected permutation check nothing,
  /// and a permutation is also a projected permutation.
  bool acceptsOp(const MatchSignature &o) const {
    if (name != o.name || dims.size() != o.dims.size() ||
        parallel != o.parallel || numInputs != o.numInputs ||
        numInits != o.numInits || bitwidths.size() != o.bitwidths.size())
      return false;
    for (auto [mine, theirs] : llvm::zip(dims, o.dims))
      if (!ShapedType::isDynamic(mine) && mine != theirs)
        return false;
    for (auto [i, bits] : llvm::enumerate(bitwidths))
      if ((bits && bits != o.bitwidths[i]) || mapKinds[i] > o.mapKinds[i])
        return false;
    return true;
  }
};
} // namespace

static std::string getProducerName(linalg::LinalgOp op) {
  if (op.getNumDpsInits() == 0)
    return "";
  Operation *def = op.getDpsInitOperand(0)->get().getDefiningOp();
  return def ? def->getName().getStringRef().str() : "";
}

static std::string getSingleConsumerName(linalg::LinalgOp op) {
  if (op->getNumResults() == 0 || !op->getResult(0).hasOneUse())
    return "";
  return (*op->getResult(0).getUsers().begin())->getName().getStringRef().str();
}

static MatchSignature getSignature(linalg::LinalgOp op) {
  MatchSignature s;
  s.name = op->getName().getStringRef().str();
  s.dims = op.getStaticLoopRanges();
  for (utils::IteratorType t : op.getIteratorTypesArray())
    s.parallel.push_back(t == utils::IteratorType::parallel);
  s.numInputs = op.getNumDpsInputs();
  s.numInits = op.getNumDpsInits();
  for (OpOperand &operand : op->getOpOperands()) {
    if (!op.isDpsInput(&operand) && !op.isDpsInit(&operand))
      continue;
    auto type = dyn_cast<ShapedType>(operand.get().getType());
    // Index and complex elements have no bitwidth the matcher can check.
    bool sized = type && type.getElementType().isIntOrFloat();
    s.bitwidths.push_back(sized ? type.getElementType().getIntOrFloatBitWidth()
                                : 0);
    AffineMap map = op.getMatchingIndexingMap(&operand);
    s.mapKinds.push_back(map.isPermutation()            ? 2
                         : map.isProjectedPermutation() ? 1
                                                        : 0);
  }
  return s;
}

/// Whether the matcher of `s` accepts `op` (a linalg op in a func.func).
static bool matches(const MatchSignature &s, linalg::LinalgOp op) {
  if (!s.acceptsOp(getSignature(op)))
    return false;
  if (!s.producer.empty() && s.producer != getProducerName(op))
    return false;
  return s.consumer.empty() || s.consumer == getSingleConsumerName(op);
}

/// Writes the checks of the structured part of `s` on %op: the matched
/// values are captured in a transform.match.structured and compared with
/// constants after it.
static void writeStructuredChecks(const MatchSignature &s, raw_ostream &os) {
  SmallVector<std::string> params, expected;
  std::string body;
  llvm::raw_string_ostream bos(body);
  auto capture = [&](const Twine &op, int64_t value, StringRef operandType) {
    std::string name = "%p" + std::to_string(params.size());
    bos << "    " << name << " = " << op << " : (" << operandType
        << ") -> !transform.param<i64>\n";
    params.push_back(name);
    expected.push_back(std::to_string(value));
  };
  capture("transform.match.structured.rank %arg", s.dims.size(),
          "!transform.any_op");
  for (auto [i, dim] : llvm::enumerate(s.dims))
    if (!ShapedType::isDynamic(dim))
      capture("transform.match.structured.dim %arg[" + Twine(i) + "] {" +
                  (s.parallel[i] ? "parallel" : "reduction") + "}",
              dim, "!transform.any_op");
  capture("transform.match.structured.num_inputs %arg", s.numInputs,
          "!transform.any_op");
  capture("transform.match.structured.num_inits %arg", s.numInits,
          "!transform.any_op");
  for (auto [i, bits] : llvm::enumerate(s.bitwidths)) {
    bool input = i < s.numInputs;
    std::string value = "%v" + std::to_string(i);
    bos << "    " << value << " = transform.match.structured."
        << (input ? "input" : "init") << " %arg["
        << (input ? i : i - s.numInputs) << "]"
        << (s.mapKinds[i] == 2   ? " {permutation}"
            : s.mapKinds[i] == 1 ? " {projected_permutation}"
                                 : "")
        << " : (!transform.any_op) -> !transform.any_value\n";
    if (bits != 0)
      capture("transform.match.structured.elemental_bitwidth " + value, bits,
              "!transform.any_value");
  }
  SmallVector<std::string> types(params.size(), "!transform.param<i64>");
  // The consumer the group fuses: the single user of the result.
  if (!s.consumer.empty()) {
    bos << "    %user = transform.match.structured.result %arg[0] single : "
           "(!transform.any_op) -> !transform.any_op\n";
    params.push_back("%user");
    types.push_back("!transform.any_op");
  }
  os << "  %s:" << params.size()
     << " = transform.match.structured %op : (!transform.any_op) -> ("
     << llvm::join(types, ", ") << ") {\n  ^bb0(%arg: !transform.any_op):\n"
     << body << "    transform.match.structured.yield "
     << llvm::join(params, ", ") << " : " << llvm::join(types, ", ")
     << "\n  }\n";
  for (auto [i, value] : llvm::enumerate(expected))
    os << "  %c" << i << " = transform.param.constant " << value
       << " : i64 -> !transform.param<i64>\n"
       << "  transform.match.param.cmpi eq %s#" << i << ", %c" << i
       << " : !transform.param<i64>\n";
  if (!s.consumer.empty())
    os << "  transform.match.operation_name %s#" << expected.size() << " [\""
       << s.consumer << "\"] : !transform.any_op\n";
}

/// Writes the matcher `@match_<index>` of `s`: the op, directly in a
/// func.func, with the signature's structure, producer and consumer.
static void writeMatcher(const MatchSignature &s, unsigned index,
                         raw_ostream &os) {
  os << "transform.named_sequence @match_" << index
     << "(%op: !transform.any_op {transform.readonly}) -> !transform.any_op "
        "{\n"
     << "  transform.match.operation_name %op [\"" << s.name
     << "\"] : !transform.any_op\n"
     << "  %parent = transform.get_parent_op %op : (!transform.any_op) -> "
        "!transform.any_op\n"
     << "  transform.match.operation_name %parent [\"func.func\"] : "
        "!transform.any_op\n";
  writeStructuredChecks(s, os);
  if (!s.producer.empty())
    os << "  %producer = transform.get_producer_of_operand %op[" << s.numInputs
       << "] : (!transform.any_op) -> !transform.any_op\n"
       << "  transform.match.operation_name %producer [\"" << s.producer
       << "\"] : !transform.any_op\n";
  os << "  transform.yield %op : !transform.any_op\n}\n";
}

//===----------------------------------------------------------------------===//
// The library
//===----------------------------------------------------------------------===//

namespace {
/// One exported schedule: its matcher, and which of the ops the matcher
/// finds (in program order, when the schedule runs) is its anchor.
struct ExportStep {
  MatchSignature signature;
  unsigned index = 0, count = 1;
};
} // namespace

/// The signature of `anchor`, with the producer and consumer its group fuses
/// (the script finds them through the anchor, so the matcher checks them).
static MatchSignature getAnchorSignature(const FusedGroup &group) {
  MatchSignature s = getSignature(group.anchor);
  if (!group.producers.empty())
    s.producer = getProducerName(group.anchor);
  if (!group.consumers.empty())
    s.consumer = getSingleConsumerName(group.anchor);
  return s;
}

/// The ops of `module` that the matcher of `s` accepts, in the order
/// transform.collect_matching finds them.
static SmallVector<Operation *> findMatches(ModuleOp module,
                                            const MatchSignature &s) {
  SmallVector<Operation *> found;
  module.walk([&](linalg::LinalgOp op) {
    if (isa_and_nonnull<func::FuncOp>(op->getParentOp()) && matches(s, op))
      found.push_back(op);
  });
  return found;
}

/// The first op of `module` with a #sched.config, in program order.
static Operation *findNextAnchor(ModuleOp module) {
  Operation *next = nullptr;
  module.walk([&](Operation *op) {
    if (!getConfig(op))
      return WalkResult::advance();
    next = op;
    return WalkResult::interrupt();
  });
  return next;
}

/// Writes `@__transform_main`: the schedules one after the other, in the
/// order sched-materialize applies them, each to the op its matcher finds
/// (the `index`-th of `count`), then dead ops of the function removed (as
/// sched-materialize removes the group's originals).
static void writeEntryPoint(ArrayRef<ExportStep> steps, raw_ostream &os) {
  os << "transform.named_sequence @__transform_main(%root: !transform.any_op "
        "{transform.readonly}) {\n";
  for (auto [i, step] : llvm::enumerate(steps)) {
    os << "  %ops_" << i << " = transform.collect_matching @match_" << i
       << " in %root : (!transform.any_op) -> !transform.any_op\n";
    // split_handle also fails when the matcher finds another number of ops
    // than it found in sched-materialize's order (another module).
    SmallVector<std::string> types(step.count, "!transform.any_op");
    os << "  %op_" << i << ":" << step.count
       << " = transform.split_handle %ops_" << i
       << " : (!transform.any_op) -> (" << llvm::join(types, ", ") << ")\n";
    std::string op =
        "%op_" + std::to_string(i) + "#" + std::to_string(step.index);
    os << "  %scope_" << i << " = transform.get_parent_op " << op
       << " {isolated_from_above} : (!transform.any_op) -> "
          "!transform.any_op\n"
       << "  transform.include @apply_" << i << " failures(propagate) (%scope_"
       << i << ", " << op
       << ") : (!transform.any_op, !transform.any_op) -> ()\n"
       << "  transform.apply_dce to %scope_" << i << " : !transform.any_op\n";
  }
  os << "  transform.yield\n}\n";
}

/// Builds the upstream script `@apply_<index>` of `resolved`; reports
/// errors and the changes made to the schedule on `anchor`.
static OwningOpRef<ModuleOp> exportScript(Operation *anchor,
                                          const ResolvedConfig &resolved,
                                          unsigned index, raw_ostream &header) {
  std::string error;
  OwningOpRef<ModuleOp> script = buildSelectedScript(
      anchor->getContext(), *resolved.instance, resolved.choice,
      "apply_" + std::to_string(index), error);
  if (!script) {
    anchor->emitError() << error;
    return nullptr;
  }
  SmallVector<std::string> notes;
  ConfigAttr config = getConfig(anchor);
  if (failed(convertToUpstream(*script, notes, error))) {
    anchor->emitError() << "cannot export the schedule of sketch '"
                        << config.getSketch() << "': " << error;
    return nullptr;
  }
  header << "// @apply_" << index << " (" << anchor->getName() << " at "
         << anchor->getLoc() << "): " << config << "\n";
  llvm::sort(notes);
  notes.erase(llvm::unique(notes), notes.end());
  for (const std::string &note : notes) {
    anchor->emitWarning() << "exported schedule differs: " << note;
    header << "//   note: " << note << "\n";
  }
  return script;
}

/// Exports the schedule of `anchor` in the state `work` is in (matcher,
/// script, its place among the matches), then applies it to `work` the way
/// sched-materialize does, so that the next schedule sees what it will see
/// when replayed.
static FailureOr<ExportStep> exportAnchor(ModuleOp work, Operation *anchor,
                                          TargetAttr target, unsigned index,
                                          raw_ostream &os,
                                          raw_ostream &header) {
  if (!isa<linalg::LinalgOp>(anchor) ||
      !isa_and_nonnull<func::FuncOp>(anchor->getParentOp()))
    return anchor->emitError() << "cannot export the schedule of an op that "
                                  "is not a linalg op directly in a func.func";
  FailureOr<ResolvedConfig> resolved =
      resolveConfig(anchor, getConfig(anchor), target);
  if (failed(resolved))
    return failure();
  ExportStep step;
  step.signature =
      getAnchorSignature(buildFusedGroup(cast<linalg::LinalgOp>(anchor)));
  SmallVector<Operation *> found = findMatches(work, step.signature);
  step.count = found.size();
  step.index = llvm::find(found, anchor) - found.begin();
  if (step.index == step.count)
    return anchor->emitError() << "internal error: the exported matcher does "
                                  "not find its op";
  OwningOpRef<ModuleOp> script = exportScript(anchor, *resolved, index, header);
  if (!script)
    return failure();
  writeMatcher(step.signature, index, os);
  script->getBody()->front().print(os);
  os << "\n";
  std::string error;
  if (failed(applySketch(*resolved->instance, resolved->choice, anchor, error)))
    return anchor->emitError() << error;
  return step;
}

FailureOr<OwningOpRef<ModuleOp>>
mlir::tuner::exportSchedules(ModuleOp module, TargetAttr target,
                             std::string &header) {
  OwningOpRef<ModuleOp> work(module.clone());
  llvm::raw_string_ostream hos(header);
  std::string text = kPeelPartialHelper;
  llvm::raw_string_ostream os(text);
  std::vector<ExportStep> steps;
  while (Operation *anchor = findNextAnchor(*work)) {
    FailureOr<ExportStep> step =
        exportAnchor(*work, anchor, target, steps.size(), os, hos);
    if (failed(step))
      return failure();
    steps.push_back(std::move(*step));
  }
  writeEntryPoint(steps, os);

  OwningOpRef<ModuleOp> library = parseScript(module.getContext(), text);
  if (!library)
    return module.emitError() << "internal error: the exported library does "
                                 "not parse";
  // The helper goes when no script peels.
  auto peel = library->lookupSymbol<transform::NamedSequenceOp>("peel_partial");
  if (SymbolTable::symbolKnownUseEmpty(peel, *library))
    peel->erase();
  return library;
}
