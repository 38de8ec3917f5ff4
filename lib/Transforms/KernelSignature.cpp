//===- KernelSignature.cpp - what a kernel takes and returns --------------===//

#include "Tuner/Transforms/KernelSignature.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <limits>

using namespace mlir;
using namespace mlir::tuner;

/// True for body ops that do arithmetic (not constants, casts, index queries
/// or the terminator).
static bool isArithmetic(Operation &op) {
  if (op.hasTrait<OpTrait::IsTerminator>() ||
      op.hasTrait<OpTrait::ConstantLike>())
    return false;
  if (isa<linalg::IndexOp, CastOpInterface>(op))
    return false;
  StringRef dialect = op.getDialect() ? op.getDialect()->getNamespace() : "";
  return dialect == "arith" || dialect == "math" || dialect == "complex";
}

int64_t mlir::tuner::computeFlops(linalg::LinalgOp op) {
  int64_t perIteration = 0;
  for (Operation &bodyOp : op.getBlock()->getOperations())
    if (isArithmetic(bodyOp))
      ++perIteration;
  int64_t iterations = 1;
  for (int64_t range : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(range))
      return 0;
    iterations *= range;
  }
  return perIteration * iterations;
}

int64_t mlir::tuner::countFunctionFlops(Operation *func) {
  int64_t flops = 0;
  bool tiled = false;
  func->walk([&](Operation *op) {
    if (isa<LoopLikeOpInterface>(op))
      tiled = true;
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
      flops += computeFlops(linalgOp);
  });
  return tiled ? 0 : flops;
}

/// Keeps in `least` the less precise of it and `type`'s float element type.
static void keepLeastPrecise(FloatType &least, Type type) {
  auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  if (!element)
    return;
  auto key = [](FloatType t) {
    return std::make_pair(t.getFPMantissaWidth(), t.getWidth());
  };
  if (!least || key(element) < key(least))
    least = element;
}

/// The terms one element of `op`'s results sums (the product of its
/// reduction loops' extents): 1 without reduction loops, 0 for an empty
/// reduction, saturating at INT64_MAX for dynamic or huge extents.
static int64_t getReductionTerms(linalg::LinalgOp op) {
  int64_t size = 1;
  for (auto [range, iterator] :
       llvm::zip(op.getStaticLoopRanges(), op.getIteratorTypesArray())) {
    if (iterator != utils::IteratorType::reduction)
      continue;
    // An empty reduction (a K of 0) sums nothing: it must not widen the
    // tolerance to everything.
    if (range == 0)
      return 0;
    if (ShapedType::isDynamic(range) ||
        size > std::numeric_limits<int64_t>::max() / range)
      return std::numeric_limits<int64_t>::max();
    size *= range;
  }
  return size;
}

static int64_t addSaturating(int64_t a, int64_t b) {
  return a > std::numeric_limits<int64_t>::max() - b
             ? std::numeric_limits<int64_t>::max()
             : a + b;
}

/// The reduction terms along the longest chain of reductions that produces
/// `value`: a result that went through several sums carries the roundings of
/// each (a 3-layer MLP's output those of 3 matmuls), and their errors add
/// like those of one sum of all the terms. Follows SSA values through any
/// op; `chains` memoizes per op.
static int64_t getChainTerms(Value value,
                             DenseMap<Operation *, int64_t> &chains) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return 0;
  auto [it, inserted] = chains.try_emplace(def, 0);
  if (!inserted)
    return it->second;
  int64_t longest = 0;
  for (Value operand : def->getOperands())
    longest = std::max(longest, getChainTerms(operand, chains));
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(def))
    if (linalgOp.getNumReductionLoops() > 0)
      longest = addSaturating(longest, getReductionTerms(linalgOp));
  chains[def] = longest;
  return longest;
}

std::pair<int64_t, Type> mlir::tuner::getLongestReduction(Operation *func) {
  int64_t longest = 1;
  FloatType accumulator;
  DenseMap<Operation *, int64_t> chains;
  func->walk([&](linalg::LinalgOp op) {
    if (op.getNumReductionLoops() == 0)
      return;
    longest = std::max(longest, getReductionTerms(op));
    // On tensors, the chain of sums that ends at this op.
    if (op.hasPureTensorSemantics())
      for (Value result : op->getResults())
        longest = std::max(longest, getChainTerms(result, chains));
    for (OpOperand &init : op.getDpsInitsMutable())
      keepLeastPrecise(accumulator, init.get().getType());
  });
  return {longest, accumulator};
}

Type mlir::tuner::getLeastPreciseFloatType(Operation *func) {
  FloatType least;
  // Floats of 8 bits or fewer are only stored: the program computes with
  // them widened (f4E2M1FN values scaled by f8E8M0FNU exponents, in f32),
  // and only a result rounded to one is as coarse.
  auto consider = [&](Type type) {
    auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
    if (element && element.getWidth() > 8)
      keepLeastPrecise(least, type);
  };
  func->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          consider(arg.getType());
    for (Type type : op->getResultTypes())
      consider(type);
  });
  if (auto fn = dyn_cast<FunctionOpInterface>(func))
    for (Type type : fn.getResultTypes())
      keepLeastPrecise(least, type);
  return least;
}

static void collectIndexedSizes(Value value, SmallVectorImpl<int64_t> &sizes,
                                unsigned depth);

/// collectIndexedSizes of the block arguments `tensor` (a value of tensor
/// type) becomes in the linalg ops that take it as an input, also through
/// reshapes, slices and casts of it (JAX's gathers expand their indices to
/// a trailing unit dimension first).
static void collectIndexedSizesOfTensor(Value tensor,
                                        SmallVectorImpl<int64_t> &sizes,
                                        unsigned depth) {
  if (depth > 8)
    return;
  for (OpOperand &use : tensor.getUses()) {
    Operation *user = use.getOwner();
    auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
    if (linalgOp && linalgOp.isDpsInput(&use))
      collectIndexedSizes(linalgOp.getMatchingBlockArgument(&use), sizes,
                          depth + 1);
    else if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp,
                 tensor::ExtractSliceOp, tensor::CastOp>(user) &&
             use.getOperandNumber() == 0)
      collectIndexedSizesOfTensor(user->getResult(0), sizes, depth + 1);
  }
}

/// Appends to `sizes` the static extents `value` (an integer in a linalg
/// op's body) indexes: followed through integer casts, selects, additions
/// (torch-mlir's wrap of negative indices: select(i < 0, i + n, i)) and
/// the results of elementwise ops into other linalg ops, to the indices of
/// tensor.extract and memref.load ops.
static void collectIndexedSizes(Value value, SmallVectorImpl<int64_t> &sizes,
                                unsigned depth) {
  if (depth > 8)
    return;
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    ShapedType source;
    if (auto extract = dyn_cast<tensor::ExtractOp>(user))
      source = extract.getTensor().getType();
    else if (auto load = dyn_cast<memref::LoadOp>(user))
      source = load.getMemRefType();
    if (source) {
      unsigned dim = use.getOperandNumber() - 1; // operand 0 is the source
      if (use.getOperandNumber() > 0 && !source.isDynamicDim(dim) &&
          source.getDimSize(dim) > 0)
        sizes.push_back(source.getDimSize(dim));
      continue;
    }
    if (isa<linalg::YieldOp>(user)) {
      if (auto linalgOp = dyn_cast<linalg::LinalgOp>(user->getParentOp());
          linalgOp && linalgOp.hasPureTensorSemantics())
        collectIndexedSizesOfTensor(linalgOp->getResult(use.getOperandNumber()),
                                    sizes, depth);
      continue;
    }
    bool passesOn =
        isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp, arith::TruncIOp, arith::AddIOp>(user) ||
        (isa<arith::SelectOp>(user) && use.getOperandNumber() > 0);
    if (passesOn)
      collectIndexedSizes(user->getResult(0), sizes, depth + 1);
  }
}

/// KernelSignature::inputBounds of `fn`'s arguments (empty when none holds
/// indices).
static SmallVector<int64_t> getIndexBounds(FunctionOpInterface fn) {
  SmallVector<int64_t> bounds(fn.getNumArguments(), 0);
  bool any = false;
  for (BlockArgument arg : fn.getArguments()) {
    auto type = dyn_cast<ShapedType>(arg.getType());
    if (!type || !type.getElementType().isInteger() ||
        type.getElementType().isInteger(1))
      continue;
    SmallVector<int64_t> sizes;
    collectIndexedSizesOfTensor(arg, sizes, /*depth=*/0);
    if (sizes.empty())
      continue;
    bounds[arg.getArgNumber()] = *llvm::min_element(sizes);
    any = true;
  }
  return any ? bounds : SmallVector<int64_t>();
}

void mlir::tuner::annotateKernelSignature(Operation *func) {
  if (func->hasAttr(kKernelAttrName))
    return;
  auto fn = dyn_cast<FunctionOpInterface>(func);
  if (!fn || fn.isExternal())
    return;
  Builder b(func->getContext());
  auto typeList = [&](ArrayRef<Type> types) {
    SmallVector<Attribute> attrs;
    for (Type t : types)
      attrs.push_back(TypeAttr::get(t));
    return b.getArrayAttr(attrs);
  };
  SmallVector<NamedAttribute> fields = {
      b.getNamedAttr("inputs", typeList(fn.getArgumentTypes())),
      b.getNamedAttr("outputs", typeList(fn.getResultTypes())),
      b.getNamedAttr("flops", b.getI64IntegerAttr(countFunctionFlops(func))),
      b.getNamedAttr("out_params", b.getBoolAttr(false)),
  };
  if (Type precision = getLeastPreciseFloatType(func))
    fields.push_back(b.getNamedAttr("precision", TypeAttr::get(precision)));
  auto [reductionSize, accumulator] = getLongestReduction(func);
  fields.push_back(
      b.getNamedAttr("reduction_size", b.getI64IntegerAttr(reductionSize)));
  if (accumulator)
    fields.push_back(b.getNamedAttr("accumulator", TypeAttr::get(accumulator)));
  SmallVector<int64_t> bounds = getIndexBounds(fn);
  if (!bounds.empty())
    fields.push_back(
        b.getNamedAttr("input_bounds", b.getDenseI64ArrayAttr(bounds)));
  func->setAttr(kKernelAttrName, b.getDictionaryAttr(fields));
}

void mlir::tuner::setKernelOutParams(Operation *func, bool outParams) {
  auto dict = func->getAttrOfType<DictionaryAttr>(kKernelAttrName);
  if (!dict)
    return;
  NamedAttrList attrs(dict);
  attrs.set("out_params", BoolAttr::get(func->getContext(), outParams));
  func->setAttr(kKernelAttrName, attrs.getDictionary(func->getContext()));
}

void mlir::tuner::setKernelHostArgs(Operation *func,
                                    ArrayRef<int64_t> hostArgs) {
  auto dict = func->getAttrOfType<DictionaryAttr>(kKernelAttrName);
  if (!dict)
    return;
  NamedAttrList attrs(dict);
  attrs.set("host_args", DenseI64ArrayAttr::get(func->getContext(), hostArgs));
  func->setAttr(kKernelAttrName, attrs.getDictionary(func->getContext()));
}

void mlir::tuner::narrowKernelPrecision(Operation *func, FloatType type) {
  auto dict = func->getAttrOfType<DictionaryAttr>(kKernelAttrName);
  if (!dict)
    return;
  FloatType least;
  if (auto precision = dict.getAs<TypeAttr>("precision"))
    keepLeastPrecise(least, precision.getValue());
  FloatType before = least;
  keepLeastPrecise(least, type);
  if (least == before)
    return;
  NamedAttrList attrs(dict);
  attrs.set("precision", TypeAttr::get(least));
  func->setAttr(kKernelAttrName, attrs.getDictionary(func->getContext()));
}

/// Appends `types` to `out`; with `scalars`, an int or float type becomes
/// its 0-d vector type (a scalar argument).
static LogicalResult addTypes(ArrayRef<Type> types,
                              SmallVector<ShapedType> &out, StringRef what,
                              std::string &error, bool scalars = false,
                              bool dynamicShapes = false) {
  for (auto [i, type] : llvm::enumerate(types)) {
    if (scalars && type.isIntOrFloat()) {
      out.push_back(VectorType::get({}, type));
      continue;
    }
    auto shaped = dyn_cast<ShapedType>(type);
    auto complex =
        shaped ? dyn_cast<ComplexType>(shaped.getElementType()) : nullptr;
    bool shapeOk = shaped && (shaped.hasStaticShape() ||
                              (dynamicShapes && shaped.hasRank()));
    if (!shapeOk || !(shaped.getElementType().isIntOrFloat() ||
                      (complex && isa<FloatType>(complex.getElementType())))) {
      std::string str;
      llvm::raw_string_ostream os(str);
      os << what << " #" << i << " has type " << type << "; only "
         << (dynamicShapes ? "ranked" : "statically shaped")
         << " tensors and memrefs of int, float or complex elements"
         << (scalars ? ", and int or float scalars," : "") << " can be passed";
      if (!dynamicShapes && shaped && shaped.hasRank() &&
          !shaped.hasStaticShape())
        os << " (tuner-opt --tuner-specialize-shapes gives dynamic dimensions "
              "static sizes: sizes=..., or those the module's calls pass)";
      error = str;
      return failure();
    }
    out.push_back(shaped);
  }
  return success();
}

/// A result of dynamic shape is allocated by the function and returned: it
/// cannot be an out-parameter, whose buffer the caller allocates.
static LogicalResult checkDynamicOutputs(const KernelSignature &sig,
                                         std::string &error) {
  for (auto [i, type] : llvm::enumerate(sig.outputs)) {
    if (!sig.outParams || type.hasStaticShape())
      continue;
    llvm::raw_string_ostream(error)
        << "output #" << i << " has type " << type
        << "; a result of dynamic shape must be returned, not written to an "
           "out-parameter (lower without out-params)";
    return failure();
  }
  return success();
}

bool mlir::tuner::hasDynamicOutputs(const KernelSignature &signature) {
  return llvm::any_of(signature.outputs,
                      [](ShapedType t) { return !t.hasStaticShape(); });
}

bool mlir::tuner::hasDynamicInputs(const KernelSignature &signature) {
  return llvm::any_of(signature.inputs,
                      [](ShapedType t) { return !t.hasStaticShape(); });
}

FailureOr<KernelSignature> mlir::tuner::getKernelSignature(Operation *func,
                                                           std::string &error) {
  KernelSignature sig;
  if (auto dict = func->getAttrOfType<DictionaryAttr>(kKernelAttrName)) {
    auto inputs = dict.getAs<ArrayAttr>("inputs");
    auto outputs = dict.getAs<ArrayAttr>("outputs");
    if (!inputs || !outputs) {
      error = "malformed tuner.kernel attribute";
      return failure();
    }
    auto types = [](ArrayAttr list) {
      SmallVector<Type> result;
      for (Attribute a : list)
        if (auto t = dyn_cast<TypeAttr>(a))
          result.push_back(t.getValue());
      return result;
    };
    if (failed(addTypes(types(inputs), sig.inputs, "input", error,
                        /*scalars=*/true, /*dynamicShapes=*/true)) ||
        failed(addTypes(types(outputs), sig.outputs, "output", error,
                        /*scalars=*/false, /*dynamicShapes=*/true)))
      return failure();
    if (auto flops = dict.getAs<IntegerAttr>("flops"))
      sig.flops = flops.getInt();
    if (auto out = dict.getAs<BoolAttr>("out_params"))
      sig.outParams = out.getValue();
    if (auto precision = dict.getAs<TypeAttr>("precision"))
      sig.precision = precision.getValue();
    if (auto size = dict.getAs<IntegerAttr>("reduction_size"))
      sig.reductionSize = std::max<int64_t>(1, size.getInt());
    if (auto accumulator = dict.getAs<TypeAttr>("accumulator"))
      sig.accumulator = accumulator.getValue();
    if (auto hostArgs = dict.getAs<DenseI64ArrayAttr>("host_args"))
      llvm::append_range(sig.hostArgs, hostArgs.asArrayRef());
    if (auto bounds = dict.getAs<DenseI64ArrayAttr>("input_bounds");
        bounds && bounds.size() == int64_t(sig.inputs.size()))
      llvm::append_range(sig.inputBounds, bounds.asArrayRef());
    if (failed(checkDynamicOutputs(sig, error)))
      return failure();
    return sig;
  }
  auto fn = dyn_cast<FunctionOpInterface>(func);
  if (!fn || isa<LLVM::LLVMFuncOp>(func)) {
    error = "the function has no tuner.kernel attribute: lower it with "
            "tuner-lower-cpu (or run tuner-run on the tensor-level module)";
    return failure();
  }
  if (failed(addTypes(fn.getArgumentTypes(), sig.inputs, "argument", error,
                      /*scalars=*/true, /*dynamicShapes=*/true)) ||
      failed(addTypes(fn.getResultTypes(), sig.outputs, "result", error,
                      /*scalars=*/false, /*dynamicShapes=*/true)))
    return failure();
  sig.flops = countFunctionFlops(func);
  sig.inputBounds = getIndexBounds(fn);
  sig.precision = getLeastPreciseFloatType(func);
  std::tie(sig.reductionSize, sig.accumulator) = getLongestReduction(func);
  return sig;
}
