//===- ConvertAMXControlFlow.cpp - branches that carry AMX tiles ----------===//
//
// A loop that carries AMX tiles (tuner-hoist-amx-tiles) becomes, after
// scf-to-cf, blocks with !amx.tile arguments. Upstream's cf-to-llvm does not
// know that type, and the OpenMP conversion refuses regions whose blocks
// still have it; this pass converts the branches and the blocks with a type
// converter that maps !amx.tile to !llvm.x86_amx, together with the AMX ops.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/AMX/Transforms.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERCONVERTAMXCONTROLFLOW
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

namespace {
struct TunerConvertAMXControlFlowPass
    : public tuner::impl::TunerConvertAMXControlFlowBase<
          TunerConvertAMXControlFlowPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    LLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    populateAMXLegalizeForLLVMExportPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    LLVMConversionTarget target(*ctx);
    configureAMXLegalizeForExportTarget(target);
    target.addIllegalDialect<cf::ControlFlowDialect>();
    // Assertions (torch-mlir's index checks in gathers) carry no tile and
    // are lowered by convert-cf-to-llvm, after the module-level symbols
    // they call exist.
    target.addLegalOp<cf::AssertOp>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
