//===- SpecializeShapes.cpp - static sizes for dynamic dimensions --------===//
//
// The tuner measures what it schedules, so it extracts only ops of static
// shapes. A public function whose tensor (or identity-layout memref)
// arguments have dynamic dimensions is specialized: each argument's dynamic
// dimensions take the given sizes, a cast back to the dynamic type at the
// entry keeps the body valid,
// and canonicalization carries the static shapes into the ops (casts fold
// into their consumers, tensor.dim of a static tensor into a constant). A
// returned value that became static, behind a cast to the old dynamic type,
// is returned as the static type.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/InterleavedRange.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERSPECIALIZESHAPES
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// Whether `type` is a tensor or an identity-layout memref (a buffer
/// argument, as a kernel on memrefs takes it) with a dynamic dimension. A
/// strided memref with dynamic strides cannot be given static ones.
static bool isSpecializable(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return !tensor.hasStaticShape();
  if (auto memref = dyn_cast<MemRefType>(type))
    return !memref.hasStaticShape() && memref.getLayout().isIdentity();
  return false;
}

/// `type` with its dynamic dimensions given `sizes` in order, the last one
/// repeated.
static ShapedType specialize(ShapedType type, ArrayRef<int64_t> sizes) {
  SmallVector<int64_t> shape(type.getShape());
  unsigned next = 0;
  for (int64_t &d : shape)
    if (ShapedType::isDynamic(d))
      d = sizes[std::min<unsigned>(next++, sizes.size() - 1)];
  return type.clone(shape);
}

/// The types of `func`'s arguments with the shapes of `shapes` (one per
/// specializable argument, "1x128x768"), or an error at the function.
static std::optional<SmallVector<Type>>
parseArgumentShapes(func::FuncOp func, ArrayRef<std::string> shapes) {
  SmallVector<Type> types;
  size_t next = 0;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    if (!isSpecializable(type)) {
      types.push_back(type);
      continue;
    }
    auto shaped = cast<ShapedType>(type);
    if (next == shapes.size()) {
      func.emitError() << "tuner-specialize-shapes: argument #" << i
                       << " of type " << type << " has no entry in shapes= ("
                       << shapes.size() << " given)";
      return std::nullopt;
    }
    StringRef text = shapes[next++];
    SmallVector<StringRef> parts;
    text.split(parts, 'x');
    SmallVector<int64_t> shape;
    for (StringRef part : parts) {
      int64_t size;
      if (part.getAsInteger(10, size) || size < 1)
        break;
      shape.push_back(size);
    }
    bool fits = shape.size() == parts.size() &&
                int64_t(shape.size()) == shaped.getRank() &&
                llvm::all_of(llvm::zip(shape, shaped.getShape()), [](auto p) {
                  auto [size, dim] = p;
                  return ShapedType::isDynamic(dim) || size == dim;
                });
    if (!fits) {
      func.emitError() << "tuner-specialize-shapes: shapes= entry '" << text
                       << "' does not fit argument #" << i << " of type "
                       << type << " (sizes of at least 1 joined by 'x')";
      return std::nullopt;
    }
    types.push_back(shaped.clone(shape));
  }
  if (next != shapes.size()) {
    func.emitError() << "tuner-specialize-shapes: " << shapes.size()
                     << " shapes= entries for " << next
                     << " arguments with dynamic dimensions";
    return std::nullopt;
  }
  return types;
}

/// Gives the dynamic tensor and memref arguments of `func` the static types
/// of `types` (one per argument), behind casts to the old types. Returns
/// whether an argument changed.
static bool specializeArguments(func::FuncOp func, ArrayRef<Type> types) {
  Block &entry = func.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  bool changed = false;
  for (auto [arg, newType] : llvm::zip(entry.getArguments(), types)) {
    Type type = arg.getType();
    if (!isSpecializable(type) || newType == type)
      continue;
    arg.setType(newType);
    Operation *cast =
        isa<MemRefType>(type)
            ? memref::CastOp::create(b, func.getLoc(), type, arg).getOperation()
            : tensor::CastOp::create(b, func.getLoc(), type, arg);
    arg.replaceAllUsesExcept(cast->getResult(0), cast);
    changed = true;
  }
  return changed;
}

/// Returns the static source of each returned cast to a dynamic type (the
/// casts left unused go), and updates the function's type to the
/// arguments' and results' types.
static void updateFunctionType(func::FuncOp func) {
  SmallVector<func::ReturnOp> returns;
  func.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
  // With several returns, their types would have to agree: left dynamic.
  if (returns.size() == 1) {
    func::ReturnOp ret = returns.front();
    for (OpOperand &operand : ret->getOpOperands()) {
      Operation *castOp = operand.get().getDefiningOp();
      if (!isa_and_nonnull<tensor::CastOp, memref::CastOp>(castOp))
        continue;
      Value source = castOp->getOperand(0);
      if (auto type = dyn_cast<ShapedType>(source.getType());
          type && type.hasStaticShape() &&
          (!isa<MemRefType>(type) ||
           cast<MemRefType>(type).getLayout().isIdentity()))
        operand.set(source);
    }
  }
  func.walk([](Operation *op) {
    if (isa<tensor::CastOp, memref::CastOp>(op) && op->use_empty())
      op->erase();
  });
  SmallVector<Type> results(func.getResultTypes());
  if (returns.size() == 1)
    results.assign(returns.front()->getOperandTypes().begin(),
                   returns.front()->getOperandTypes().end());
  func.setType(FunctionType::get(
      func.getContext(), func.getBody().front().getArgumentTypes(), results));
}

/// A cast of `value` to `type` (tensor or memref), or `value` when it has
/// that type.
static Value castTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  if (isa<MemRefType>(type))
    return memref::CastOp::create(b, loc, type, value);
  return tensor::CastOp::create(b, loc, type, value);
}

/// The static sizes of `value` that casts hide (a cast to `?x?`), or that
/// constant sizes of its allocation give (`memref.alloc(%c1024, %c8960)`),
/// if any.
static std::optional<SmallVector<int64_t>> getKnownShape(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<tensor::CastOp, memref::CastOp>(def))
      break;
    value = def->getOperand(0);
  }
  auto type = dyn_cast<ShapedType>(value.getType());
  if (!type || !type.hasRank())
    return std::nullopt;
  SmallVector<int64_t> shape(type.getShape());
  OperandRange dynamicSizes = OperandRange(nullptr, 0);
  if (auto alloc = value.getDefiningOp<memref::AllocOp>())
    dynamicSizes = alloc.getDynamicSizes();
  else if (auto alloca = value.getDefiningOp<memref::AllocaOp>())
    dynamicSizes = alloca.getDynamicSizes();
  else if (auto empty = value.getDefiningOp<tensor::EmptyOp>())
    dynamicSizes = empty.getDynamicSizes();
  auto next = dynamicSizes.begin();
  for (int64_t &d : shape) {
    if (!ShapedType::isDynamic(d))
      continue;
    APInt size;
    if (next == dynamicSizes.end() ||
        !matchPattern(*next++, m_ConstantInt(&size)))
      return std::nullopt;
    d = size.getSExtValue();
  }
  return shape;
}

/// The types of `func`'s arguments with the dynamic sizes every call in
/// `module` agrees on (buddy-mlir's kernels take `memref<?x?xf32>` from a
/// `main` that allocates them with constant sizes), or nullopt when a
/// dynamic argument has no call, or calls disagree or pass unknown sizes.
static std::optional<SmallVector<Type>> inferFromCallers(func::FuncOp func,
                                                         ModuleOp module) {
  SmallVector<Type> types(func.getArgumentTypes());
  SmallVector<bool> known(types.size(), false);
  bool consistent = true;
  module.walk([&](func::CallOp call) {
    if (call.getCallee() != func.getName() ||
        call.getNumOperands() != types.size())
      return;
    for (auto [i, operand] : llvm::enumerate(call.getOperands())) {
      if (!isSpecializable(func.getArgumentTypes()[i]))
        continue;
      std::optional<SmallVector<int64_t>> shape = getKnownShape(operand);
      auto type =
          shape ? cast<ShapedType>(func.getArgumentTypes()[i]).clone(*shape)
                : Type();
      if (!type || (known[i] && types[i] != type))
        consistent = false;
      else
        types[i] = type, known[i] = true;
    }
  });
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
    if (isSpecializable(type) && !known[i])
      consistent = false;
  if (!consistent)
    return std::nullopt;
  return types;
}

/// Calls of a specialized function from the module's other functions pass
/// their operands cast to its static types and get its results cast back
/// to the types they had. Fails, with an error at the call, when a call
/// passes a buffer or tensor of other static sizes.
static LogicalResult updateCallers(ModuleOp module) {
  SymbolTable symbols(module);
  WalkResult walk = module.walk([&](func::CallOp call) {
    auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
    if (!callee || callee.getFunctionType() == call.getCalleeType())
      return WalkResult::advance();
    for (auto [i, operand, type] :
         llvm::enumerate(call.getOperands(), callee.getArgumentTypes())) {
      std::optional<SmallVector<int64_t>> shape = getKnownShape(operand);
      if (shape &&
          ArrayRef<int64_t>(*shape) != cast<ShapedType>(type).getShape()) {
        call.emitError() << "tuner-specialize-shapes: operand #" << i
                         << " has static sizes "
                         << llvm::interleaved_array(*shape)
                         << ", but sizes= specialized '" << callee.getName()
                         << "' to " << type;
        return WalkResult::interrupt();
      }
    }
    OpBuilder b(call);
    for (auto [operand, type] :
         llvm::zip(call->getOpOperands(), callee.getArgumentTypes()))
      operand.set(castTo(b, call.getLoc(), operand.get(), type));
    b.setInsertionPointAfter(call);
    for (auto [result, type] :
         llvm::zip(call->getResults(), callee.getResultTypes())) {
      Type old = result.getType();
      if (old == type)
        continue;
      result.setType(type);
      Value back = castTo(b, call.getLoc(), result, old);
      result.replaceAllUsesExcept(back, back.getDefiningOp());
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

namespace {
struct TunerSpecializeShapesPass
    : public tuner::impl::TunerSpecializeShapesBase<TunerSpecializeShapesPass> {
  using Base::Base;

  /// The canonicalization patterns of every loaded dialect and op, built
  /// once (as the canonicalizer does).
  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet patterns(ctx);
    for (Dialect *dialect : ctx->getLoadedDialects())
      dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName op : ctx->getRegisteredOperations())
      op.getCanonicalizationPatterns(patterns, ctx);
    canonicalization = FrozenRewritePatternSet(std::move(patterns));
    return success();
  }

  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || func.isPrivate() ||
          llvm::all_of(func.getArgumentTypes(), isStatic))
        continue;
      SmallVector<Type> types;
      if (!sizes.empty() && !shapes.empty()) {
        func.emitError() << "tuner-specialize-shapes: give sizes= or "
                            "shapes=, not both";
        return signalPassFailure();
      }
      if (!shapes.empty()) {
        std::optional<SmallVector<Type>> parsed =
            parseArgumentShapes(func, shapes);
        if (!parsed)
          return signalPassFailure();
        types = std::move(*parsed);
      } else if (!sizes.empty()) {
        if (llvm::any_of(sizes, [](int64_t s) { return s < 1; })) {
          func.emitError() << "tuner-specialize-shapes: sizes must be at "
                              "least 1";
          return signalPassFailure();
        }
        for (Type type : func.getArgumentTypes())
          types.push_back(isSpecializable(type)
                              ? specialize(cast<ShapedType>(type), sizes)
                              : type);
      } else if (auto inferred = inferFromCallers(func, getOperation())) {
        types = std::move(*inferred);
      } else {
        func.emitError() << "tuner-specialize-shapes: '" << func.getName()
                         << "' has dynamic dimensions: give their sizes "
                            "with sizes=... or shapes=...";
        return signalPassFailure();
      }
      if (!specializeArguments(func, types))
        continue;
      if (failed(applyPatternsGreedily(func, canonicalization)))
        func.emitWarning() << "tuner-specialize-shapes: canonicalization "
                              "did not converge";
      updateFunctionType(func);
    }
    if (failed(updateCallers(getOperation())))
      signalPassFailure();
  }

  FrozenRewritePatternSet canonicalization;

  /// Whether `type` has no dynamic dimension this pass can specialize.
  static bool isStatic(Type type) { return !isSpecializable(type); }
};
} // namespace
