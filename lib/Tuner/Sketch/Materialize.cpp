//===- Materialize.cpp - apply a sketch to an op --------------------------===//

#include "Tuner/Tuner/Sketch/Materialize.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Dialect/Sched/TransformOps/SchedTransformOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/TransformOps/BufferizationTransformOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/TransformOps/DialectExtension.h"
#include "mlir/Dialect/Linalg/Transforms/AllInterfaces.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/TransformOps/SCFTransformOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/IR/TensorTilingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/TransformOps/TensorTransformOps.h"
#include "mlir/Dialect/Tensor/Transforms/SubsetInsertionOpInterfaceImpl.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/LoopExtension/LoopExtension.h"
#include "mlir/Dialect/Transform/TuneExtension/TuneExtension.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/TransformOps/VectorTransformOps.h"
#include "mlir/Dialect/Vector/Transforms/SubsetOpInterfaceImpl.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/Dialect/Transform/TuneExtension/TuneExtensionOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

/// Marks the ops of a group while its script runs: the tiled, fused and
/// vectorized ops inherit it, so they can be told from other annotated ops.
static constexpr StringLiteral kMaterializingAttr = "tuner.materializing";

OwningOpRef<ModuleOp> mlir::tuner::parseScript(MLIRContext *ctx,
                                               StringRef text) {
  std::string source =
      "module attributes {transform.with_named_sequence} {\n" + text.str() +
      "}\n";
  return parseSourceString<ModuleOp>(source, ctx);
}

LogicalResult mlir::tuner::selectKnobs(Operation *script,
                                       const SketchInstance &instance,
                                       ArrayRef<unsigned> choice,
                                       std::string &error) {
  ArrayRef<Knob> knobs = instance.getKnobs();
  auto indexOf = [&](StringRef name) -> std::optional<unsigned> {
    for (auto [i, knob] : llvm::enumerate(knobs))
      if (knob.name == name)
        return i;
    return std::nullopt;
  };
  Builder b(script->getContext());
  WalkResult result = script->walk([&](Operation *op) {
    if (auto knob = dyn_cast<transform::tune::KnobOp>(op)) {
      std::optional<unsigned> i = indexOf(knob.getName());
      if (!i) {
        error = "script has an unknown knob '" + knob.getName().str() + "'";
        return WalkResult::interrupt();
      }
      knob.setSelectedAttr(knobs[*i].options[choice[*i]]);
    } else if (auto alt = dyn_cast<transform::tune::AlternativesOp>(op)) {
      std::optional<unsigned> i = indexOf(alt.getName());
      if (!i) {
        error = "script has an unknown alternative '" + alt.getName().str() +
                "'";
        return WalkResult::interrupt();
      }
      alt.setSelectedRegionAttrAttr(b.getI64IntegerAttr(choice[*i]));
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Collects the diagnostics reported while a script runs.
namespace {
struct DiagnosticCollector {
  explicit DiagnosticCollector(MLIRContext *ctx)
      : handler(ctx, [this](Diagnostic &d) {
          if (d.getSeverity() == DiagnosticSeverity::Error ||
              d.getSeverity() == DiagnosticSeverity::Warning) {
            if (!messages.empty())
              messages += "; ";
            messages += d.str();
          }
          return success();
        }) {}
  ScopedDiagnosticHandler handler;
  std::string messages;
};
} // namespace

OwningOpRef<ModuleOp> mlir::tuner::buildSelectedScript(
    MLIRContext *ctx, const SketchInstance &instance, ArrayRef<unsigned> choice,
    StringRef symName, std::string &error) {
  std::string whyNot;
  if (failed(instance.verify(choice, whyNot))) {
    error = "config violates a constraint of sketch '" +
            instance.getName().str() + "': " + whyNot;
    return nullptr;
  }
  DiagnosticCollector collector(ctx);
  OwningOpRef<ModuleOp> script = instance.buildScript(ctx, symName);
  if (!script) {
    error = "internal error: sketch '" + instance.getName().str() +
            "' built no script";
    return nullptr;
  }
  if (failed(selectKnobs(*script, instance, choice, error)))
    return nullptr;
  if (failed(mlir::verify(*script))) {
    error = "invalid knob values: " + collector.messages;
    return nullptr;
  }
  return script;
}

/// Applies `instance` with `choice` to `anchor` in `func`, in place: on
/// failure `func` may be half transformed (callers work on a copy).
static LogicalResult applyInPlace(const SketchInstance &instance,
                                  ArrayRef<unsigned> choice, Operation *func,
                                  Operation *anchor, std::string &error) {
  MLIRContext *ctx = anchor->getContext();
  DiagnosticCollector collector(ctx);
  OwningOpRef<ModuleOp> script =
      buildSelectedScript(ctx, instance, choice, "sched_apply", error);
  if (!script)
    return failure();
  auto entry = script->lookupSymbol<transform::NamedSequenceOp>("sched_apply");
  anchor->setAttr(kMaterializingAttr, UnitAttr::get(ctx));
  RaggedArray<transform::MappedValue> bindings;
  bindings.push_back(ArrayRef<Operation *>{func});
  bindings.push_back(ArrayRef<Operation *>{anchor});
  transform::TransformOptions options;
  options.enableExpensiveChecks(false);
  if (failed(transform::applyTransformNamedSequence(
          bindings, cast<transform::TransformOpInterface>(entry.getOperation()),
          *script, options))) {
    error = "sketch '" + instance.getName().str() +
            "' failed to apply: " + collector.messages;
    return failure();
  }
  return success();
}

namespace {
/// Sets `--mlir-print-assume-verified` while alive. Upstream's
/// fuse_into_containing_op prints its producer and containing op into a
/// diagnostic before it tries to fuse (it emits it only on failure), and
/// printing verifies what it prints: on a whole model that was most of the
/// time the scripts took (torchvision's maxvit_t: 70 of 102 s). The payload
/// is valid before a script and verified after the last one, and transform
/// ops keep it valid in between, so the printer may assume so. Nothing
/// changes where the option is not registered (no AsmPrinter CL options).
class AssumeVerifiedWhilePrinting {
public:
  AssumeVerifiedWhilePrinting() {
    State &state = getState();
    std::lock_guard<std::mutex> lock(state.mutex);
    if (!state.looked) {
      state.looked = true;
      auto &options = llvm::cl::getRegisteredOptions();
      auto it = options.find("mlir-print-assume-verified");
      if (it != options.end())
        state.option = static_cast<llvm::cl::opt<bool> *>(it->second);
    }
    if (state.holders++ > 0 || !state.option)
      return;
    state.saved = *state.option;
    *state.option = true;
  }
  ~AssumeVerifiedWhilePrinting() {
    State &state = getState();
    std::lock_guard<std::mutex> lock(state.mutex);
    if (--state.holders == 0 && state.option)
      *state.option = state.saved;
  }

private:
  /// One option for the process: holders on several threads (the tuning
  /// driver's) set it once and restore it when the last one leaves.
  struct State {
    std::mutex mutex;
    unsigned holders = 0;
    bool looked = false;
    bool saved = false;
    llvm::cl::opt<bool> *option = nullptr;
  };
  static State &getState() {
    static State state;
    return state;
  }
};
} // namespace

/// A copy of `func` inserted beside it under another name.
static Operation *insertCopy(FunctionOpInterface func, IRMapping &mapping) {
  Operation *copy = func->clone(mapping);
  OpBuilder(func).insert(copy);
  SymbolTable::setSymbolName(copy, (SymbolTable::getSymbolName(func).getValue() +
                                    "__sched_materializing")
                                       .str());
  return copy;
}

/// Applies `instance` with `choice` to a copy of the function holding
/// `anchor`, inserted beside it; the copy where every transform succeeded.
static FailureOr<Operation *> applyToCopy(const SketchInstance &instance,
                                          ArrayRef<unsigned> choice,
                                          Operation *anchor,
                                          std::string &error) {
  auto func = anchor->getParentOfType<FunctionOpInterface>();
  if (!func) {
    error = "the anchor op is not inside a function";
    return failure();
  }
  // Work on a copy of the function; keep it only if everything succeeded.
  IRMapping mapping;
  Operation *copy = insertCopy(func, mapping);
  DiagnosticCollector collector(anchor->getContext());
  LogicalResult applied =
      applyInPlace(instance, choice, copy, mapping.lookup(anchor), error);
  if (succeeded(applied) && failed(mlir::verify(copy))) {
    error = "sketch '" + instance.getName().str() +
            "' produced invalid IR: " + collector.messages;
    applied = failure();
  }
  if (failed(applied)) {
    copy->erase();
    return failure();
  }
  return copy;
}

LogicalResult mlir::tuner::checkSketchApplies(const SketchInstance &instance,
                                              ArrayRef<unsigned> choice,
                                              Operation *anchor,
                                              std::string &error) {
  FailureOr<Operation *> copy = applyToCopy(instance, choice, anchor, error);
  if (failed(copy))
    return failure();
  (*copy)->erase();
  return success();
}

SmallVector<std::unique_ptr<SketchInstance>>
mlir::tuner::keepApplicableInstances(
    SmallVector<std::unique_ptr<SketchInstance>> instances,
    const FusedGroup &group, TargetAttr target,
    function_ref<void(const SketchInstance &, StringRef error)> onFailure) {
  auto keep = [&](SmallVector<std::unique_ptr<SketchInstance>> &list) {
    SmallVector<std::unique_ptr<SketchInstance>> kept;
    for (std::unique_ptr<SketchInstance> &instance : list) {
      std::string error;
      if (succeeded(checkSketchApplies(*instance, instance->getDefault(),
                                       group.anchor, error)))
        kept.push_back(std::move(instance));
      else
        onFailure(*instance, error);
    }
    return kept;
  };
  SmallVector<std::unique_ptr<SketchInstance>> kept = keep(instances);
  if (!kept.empty())
    return kept;
  SmallVector<std::unique_ptr<SketchInstance>> fallbacks =
      instantiateFallbacks(group, target, instances);
  return keep(fallbacks);
}

/// Drops the annotations the ops derived from a materialized group
/// inherited, and the function's ops left dead (the group's originals).
static void dropMaterializedOps(Operation *func) {
  func->walk([&](Operation *op) {
    if (op->hasAttr(kMaterializingAttr)) {
      op->removeAttr(kMaterializingAttr);
      op->removeAttr(SchedDialect::kConfigAttrName);
      op->removeAttr(SchedDialect::kTaskAttrName);
    }
  });
  // Users come after their operands: one pass from the end erases chains.
  for (Block &block : cast<FunctionOpInterface>(func).getFunctionBody())
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block)))
      if (isOpTriviallyDead(&op))
        op.erase();
}

LogicalResult mlir::tuner::applySketch(const SketchInstance &instance,
                                       ArrayRef<unsigned> choice,
                                       Operation *anchor, std::string &error) {
  auto func = anchor->getParentOfType<FunctionOpInterface>();
  FailureOr<Operation *> applied = applyToCopy(instance, choice, anchor, error);
  if (failed(applied))
    return failure();
  Operation *copy = *applied;

  dropMaterializedOps(copy);
  func.getFunctionBody().takeBody(cast<FunctionOpInterface>(copy)
                                      .getFunctionBody());
  copy->erase();
  return success();
}

FailureOr<std::unique_ptr<SketchInstance>>
mlir::tuner::instantiateSketch(StringRef sketchName, const FusedGroup &group,
                               TargetAttr target, std::string &error) {
  const Sketch *sketch = SketchRegistry::get().lookup(sketchName);
  if (!sketch) {
    error = "unknown sketch '" + sketchName.str() + "'";
    return failure();
  }
  if (sketch->getTargetKind() != target.getKind()) {
    error = "sketch '" + sketchName.str() + "' is not for a " +
            stringifyTargetKind(target.getKind()).str() + " target";
    return failure();
  }
  std::string whyNot;
  std::unique_ptr<SketchInstance> instance =
      sketch->instantiate(group, target, whyNot);
  if (!instance) {
    error = "sketch '" + sketchName.str() + "' does not apply to this op: " +
            whyNot;
    return failure();
  }
  return instance;
}

FailureOr<ResolvedConfig> mlir::tuner::resolveConfig(Operation *anchor,
                                                     ConfigAttr config,
                                                     TargetAttr target) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(anchor);
  if (!linalgOp)
    return anchor->emitError()
           << "#sched.config on an op that is not a linalg op";
  std::string error;
  FusedGroup group = buildFusedGroup(linalgOp);
  FailureOr<std::unique_ptr<SketchInstance>> instance =
      instantiateSketch(config.getSketch(), group, target, error);
  if (failed(instance))
    return anchor->emitError() << error;
  FailureOr<KnobChoice> choice = (*instance)->fromConfig(config, error);
  if (failed(choice))
    return anchor->emitError() << error;
  return ResolvedConfig{std::move(*instance), std::move(*choice)};
}

LogicalResult mlir::tuner::materializeConfig(Operation *anchor,
                                             ConfigAttr config,
                                             TargetAttr target) {
  FailureOr<ResolvedConfig> resolved = resolveConfig(anchor, config, target);
  if (failed(resolved))
    return failure();
  std::string error;
  if (failed(applySketch(*resolved->instance, resolved->choice, anchor, error)))
    return anchor->emitError() << error;
  return success();
}

/// The first op of `func` (walk order) with a #sched.config.
static Operation *findNextConfig(Operation *func) {
  Operation *next = nullptr;
  func->walk([&](Operation *op) {
    if (!getConfig(op))
      return WalkResult::advance();
    next = op;
    return WalkResult::interrupt();
  });
  return next;
}

LogicalResult mlir::tuner::materializeAllInOneCopy(FunctionOpInterface func,
                                                   TargetAttr target) {
  // The one-at-a-time path reports what fails; here nothing is said.
  ScopedDiagnosticHandler silence(func->getContext(),
                                  [](Diagnostic &) { return success(); });
  AssumeVerifiedWhilePrinting fastDiagnostics;
  IRMapping mapping;
  Operation *copy = insertCopy(func, mapping);
  auto drop = [&] {
    copy->erase();
    return failure();
  };
  while (Operation *next = findNextConfig(copy)) {
    FailureOr<ResolvedConfig> resolved =
        resolveConfig(next, getConfig(next), target);
    std::string error;
    if (failed(resolved) ||
        failed(applyInPlace(*resolved->instance, resolved->choice, copy, next,
                            error)))
      return drop();
    // A later script must not meet this one's annotations or originals.
    dropMaterializedOps(copy);
  }
  if (failed(mlir::verify(copy)))
    return drop();
  func.getFunctionBody().takeBody(
      cast<FunctionOpInterface>(copy).getFunctionBody());
  copy->erase();
  return success();
}

void mlir::tuner::registerSketchDependencies(DialectRegistry &registry) {
  registry.insert<affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, gpu::GPUDialect,
                  linalg::LinalgDialect, scf::SCFDialect,
                  tensor::TensorDialect, transform::TransformDialect,
                  vector::VectorDialect>();
  // The GPU sketches promote their staging buffers to workgroup memory.
  bufferization::registerTransformDialectExtension(registry);
  linalg::registerTransformDialectExtension(registry);
  scf::registerTransformDialectExtension(registry);
  tensor::registerTransformDialectExtension(registry);
  vector::registerTransformDialectExtension(registry);
  transform::registerLoopExtension(registry);
  transform::registerTuneExtension(registry);
  sched::registerTransformDialectExtension(registry);
  linalg::registerAllDialectInterfaceImplementations(registry);
  tensor::registerTilingInterfaceExternalModels(registry);
  tensor::registerValueBoundsOpInterfaceExternalModels(registry);
  tensor::registerSubsetOpInterfaceExternalModels(registry);
  vector::registerSubsetOpInterfaceExternalModels(registry);
  affine::registerValueBoundsOpInterfaceExternalModels(registry);
  arith::registerValueBoundsOpInterfaceExternalModels(registry);
  scf::registerValueBoundsOpInterfaceExternalModels(registry);
}
