//===- ConvertFrontendOps.cpp - TOSA and ml_program constants to linalg ---===//
//
// Importers other than torch-mlir's linalg path hand over ops the scheduling
// and lowering pipelines do not know: TOSA (TFLite and ONNX importers, and
// MLIR's own tests) and ml_program's constant globals (IREE's and JAX's
// weights). Left alone they reached bufferization and failed with "op was
// not bufferized". tuner-convert-frontend-ops turns them into what the rest
// of the project schedules:
//
//   ml_program.global_load_const @w   ->  arith.constant <the global's value>
//                                         (the global dropped when unused)
//   tosa.*                            ->  upstream's TOSA to linalg pipeline,
//                                         then TOSA to tensor and to arith
//                                         (tosa.scatter, which it leaves:
//                                         loops on tensors)
//   tm_tensor.* (torch-mlir's scan,   ->  linalg ops (attention) or loops on
//   scatter, sort, topk, attention)       tensors (ConvertTMTensor.cpp)
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MLProgram/IR/MLProgram.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERCONVERTFRONTENDOPS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// Replaces every load of a constant ml_program global that has a tensor
/// value by an arith.constant of it; drops the globals left unused.
static void inlineConstantGlobals(Operation *root) {
  SmallVector<ml_program::GlobalLoadConstOp> loads;
  root->walk([&](ml_program::GlobalLoadConstOp load) { loads.push_back(load); });
  llvm::SetVector<ml_program::GlobalOp> globals;
  for (ml_program::GlobalLoadConstOp load : loads) {
    auto global = SymbolTable::lookupNearestSymbolFrom<ml_program::GlobalOp>(
        load, load.getGlobalAttr());
    auto value = global ? dyn_cast_or_null<TypedAttr>(global.getValueAttr())
                        : TypedAttr();
    if (!value || !isa<ElementsAttr>(value) ||
        value.getType() != load.getResult().getType())
      continue;
    OpBuilder b(load);
    auto constant = arith::ConstantOp::create(b, load.getLoc(), value);
    load.getResult().replaceAllUsesWith(constant.getResult());
    load.erase();
    globals.insert(global);
  }
  for (ml_program::GlobalOp global : globals) {
    Operation *table = SymbolTable::getNearestSymbolTable(global);
    if (global.isPrivate() && table &&
        SymbolTable::symbolKnownUseEmpty(global, table))
      global.erase();
  }
}

/// Whether `root` holds a TOSA op.
static bool hasTosaOps(Operation *root) {
  return root
      ->walk([](Operation *op) {
        return isa<tosa::TosaDialect>(op->getDialect())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// tosa.scatter (values_out[n, indices[n, w], c] = input[n, w, c], from
/// values_in), which upstream's TOSA conversion leaves: loops over (n, w,
/// c) on tensors, in order (a repeated index keeps the last write).
static void convertTosaScatters(Operation *root) {
  SmallVector<tosa::ScatterOp> scatters;
  root->walk([&](tosa::ScatterOp op) {
    if (cast<ShapedType>(op.getInput().getType()).hasStaticShape())
      scatters.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (tosa::ScatterOp op : scatters) {
    rewriter.setInsertionPoint(op);
    Location loc = op.getLoc();
    Value input = op.getInput(), indices = op.getIndices();
    ArrayRef<int64_t> shape = cast<ShapedType>(input.getType()).getShape();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    SmallVector<Value> lbs(3, constant(0)), steps(3, constant(1));
    SmallVector<Value> ubs = {constant(shape[0]), constant(shape[1]),
                              constant(shape[2])};
    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, ubs, steps, ValueRange{op.getValuesIn()},
        [&](OpBuilder &b, Location l, ValueRange ivs, ValueRange args) {
          Value raw = tensor::ExtractOp::create(b, l, indices,
                                                ValueRange{ivs[0], ivs[1]});
          Value k = arith::IndexCastOp::create(b, l, b.getIndexType(), raw);
          Value v = tensor::ExtractOp::create(b, l, input, ivs);
          return scf::ValueVector{tensor::InsertOp::create(
              b, l, v, args[0], ValueRange{ivs[0], k, ivs[2]})};
        });
    rewriter.replaceOp(op, nest.results);
  }
}

LogicalResult mlir::tuner::convertFrontendOps(Operation *root) {
  inlineConstantGlobals(root);
  if (failed(convertTMTensorOps(root)))
    return failure();
  if (!hasTosaOps(root))
    return success();
  convertTosaScatters(root);
  if (!isa<ModuleOp>(root))
    return root->emitError()
           << "TOSA ops are converted to linalg on a module: run "
              "tuner-convert-frontend-ops (or tuner-prepare) on the module";
  PassManager pm(root->getContext(), root->getName().getStringRef());
  // No validation against TOSA's profiles and levels: exporters emit what
  // the conversion handles but the specification does not allow (torch-mlir:
  // f64 constants, i64 casts, pads of rank 8), and the conversion is all
  // that is needed of the dialect here.
  tosa::addTosaToLinalgPasses(pm, TosaToLinalgOptions(),
                              TosaToLinalgNamedOptions(),
                              /*validationOptions=*/std::nullopt);
  pm.addNestedPass<func::FuncOp>(createTosaToTensorPass());
  pm.addNestedPass<func::FuncOp>(createTosaToArithPass());
  pm.addPass(createCanonicalizerPass());
  if (failed(pm.run(root)))
    return failure();
  Operation *left = nullptr;
  root->walk([&](Operation *op) {
    if (isa<tosa::TosaDialect>(op->getDialect()) && !left)
      left = op;
  });
  if (left)
    return left->emitError()
           << "no conversion of this TOSA op to linalg, tensor or arith";
  return success();
}

namespace {
struct TunerConvertFrontendOpsPass
    : public tuner::impl::TunerConvertFrontendOpsBase<
          TunerConvertFrontendOpsPass> {
  void runOnOperation() override {
    if (failed(convertFrontendOps(getOperation())))
      signalPassFailure();
  }
};
} // namespace
