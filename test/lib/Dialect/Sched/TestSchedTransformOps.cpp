//===- TestSchedTransformOps.cpp - test-only transform ops ----------------===//
//
// `transform.sched.test_fault` (TestSchedTransformOps.td): injects a crash,
// a hang, a memory blow-up or a wrong result into the building or the
// running of a candidate, so that the tuner's error paths can be tested with
// real worker processes. Registered by registerTestHooks (TestHooks.h).
//
//===----------------------------------------------------------------------===//

#include "TestSchedTransformOps.h"

#include "TestHooks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/Support/ErrorHandling.h"

#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <vector>

using namespace mlir;
using namespace mlir::transform;

#define GET_OP_CLASSES
#include "TestSchedTransformOps.cpp.inc"

//===----------------------------------------------------------------------===//
// TestFaultOp
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kFaultKinds[] = {
    "none",      "build_crash", "build_hang",   "build_oom",
    "run_crash", "run_hang",    "wrong_result", "wrong_small"};

LogicalResult mlir::sched::test::TestFaultOp::verify() {
  if (!llvm::is_contained(kFaultKinds, getKind()))
    return emitOpError() << "unknown fault kind '" << getKind() << "'";
  return success();
}

void mlir::sched::test::TestFaultOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  onlyReadsHandle(getTargetMutable(), effects);
  modifiesPayload(effects);
}

/// A private declaration of the C library function `name` in the module of
/// `op`.
static func::FuncOp getLibcFunction(Operation *op, StringRef name,
                                    FunctionType type) {
  auto module = op->getParentOfType<ModuleOp>();
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto f = func::FuncOp::create(b, op->getLoc(), name, type);
  f.setPrivate();
  return f;
}

DiagnosedSilenceableFailure
mlir::sched::test::TestFaultOp::apply(TransformRewriter &rewriter,
                                      TransformResults &results,
                                      TransformState &state) {
  StringRef kind = getKind();
  if (kind == "build_crash")
    raise(SIGSEGV);
  if (kind == "build_hang")
    while (true)
      sleep(1);
  if (kind == "build_oom") {
    std::vector<void *> blocks;
    while (true) {
      void *p = std::malloc(256 << 20);
      if (!p)
        llvm::report_bad_alloc_error("test_fault: out of memory");
      std::memset(p, 1, 256 << 20);
      blocks.push_back(p);
    }
  }
  for (Operation *op : state.getPayloadOps(getTarget())) {
    auto func = op->getParentOfType<func::FuncOp>();
    if (!func)
      return emitDefiniteFailure() << "payload op is not in a function";
    if (kind == "run_crash") {
      func::FuncOp abortFn =
          getLibcFunction(op, "abort", rewriter.getFunctionType({}, {}));
      rewriter.setInsertionPointToStart(&func.getBody().front());
      func::CallOp::create(rewriter, op->getLoc(), abortFn, ValueRange());
    } else if (kind == "run_hang") {
      // The loop calls usleep: a loop without side effects would be erased.
      func::FuncOp usleepFn =
          getLibcFunction(op, "usleep",
                          rewriter.getFunctionType({rewriter.getI32Type()},
                                                   {rewriter.getI32Type()}));
      rewriter.setInsertionPointToStart(&func.getBody().front());
      Location loc = op->getLoc();
      auto loop =
          scf::WhileOp::create(rewriter, loc, TypeRange(), ValueRange());
      Block *before = rewriter.createBlock(&loop.getBefore());
      rewriter.setInsertionPointToEnd(before);
      Value yes =
          arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
      scf::ConditionOp::create(rewriter, loc, yes, ValueRange());
      Block *after = rewriter.createBlock(&loop.getAfter());
      rewriter.setInsertionPointToEnd(after);
      Value micros = arith::ConstantOp::create(
          rewriter, loc, rewriter.getI32IntegerAttr(1000));
      func::CallOp::create(rewriter, loc, usleepFn, ValueRange{micros});
      scf::YieldOp::create(rewriter, loc);
    } else if (kind == "wrong_result" || kind == "wrong_small") {
      if (op->getNumResults() == 0)
        return emitDefiniteFailure() << "payload op has no result";
      Value result = op->getResult(0);
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type || !type.getElementType().isIntOrFloat())
        return emitDefiniteFailure() << "payload op has no tensor result";
      Location loc = op->getLoc();
      rewriter.setInsertionPointAfter(op);
      Type elt = type.getElementType();
      bool small = kind == "wrong_small";
      if (small && !isa<FloatType>(elt))
        return emitDefiniteFailure() << "wrong_small needs a float result";
      Value one = arith::ConstantOp::create(
          rewriter, loc,
          small ? rewriter.getFloatAttr(elt, 1.0 + std::ldexp(1.0, -12))
                : rewriter.getOneAttr(elt));
      Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(), elt);
      AffineMap id = rewriter.getMultiDimIdentityMap(type.getRank());
      SmallVector<utils::IteratorType> parallel(type.getRank(),
                                                utils::IteratorType::parallel);
      auto bump = linalg::GenericOp::create(
          rewriter, loc, type, ValueRange{result}, ValueRange{init},
          ArrayRef<AffineMap>{id, id}, parallel,
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value sum =
                small ? arith::MulFOp::create(b, l, args[0], one).getResult()
                : isa<FloatType>(elt)
                    ? arith::AddFOp::create(b, l, args[0], one).getResult()
                    : arith::AddIOp::create(b, l, args[0], one).getResult();
            linalg::YieldOp::create(b, l, sum);
          });
      rewriter.replaceAllUsesExcept(result, bump.getResult(0), bump);
    }
  }
  return DiagnosedSilenceableFailure::success();
}

namespace {
class TestSchedTransformDialectExtension
    : public transform::TransformDialectExtension<
          TestSchedTransformDialectExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(
      TestSchedTransformDialectExtension)

  TestSchedTransformDialectExtension() {
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<func::FuncDialect>();
    declareGeneratedDialect<linalg::LinalgDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    declareGeneratedDialect<tensor::TensorDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "TestSchedTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void mlir::tuner::test::registerTestTransformOps(DialectRegistry &registry) {
  registry.addExtensions<TestSchedTransformDialectExtension>();
}
