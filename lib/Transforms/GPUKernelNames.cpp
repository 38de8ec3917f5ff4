//===- GPUKernelNames.cpp - PTX names for kernels and device symbols ------===//
//
// Kernel outlining names a kernel and its gpu.module after the host function
// it comes from; ONNX importers name that function after the graph
// ("torch-jit-export"), and a kernel called "torch-jit-export_kernel" stops
// the NVPTX backend with a fatal error ("Symbol name with unsupported
// characters"). This pass renames every gpu.module, and every symbol in one,
// whose name is not a PTX identifier, and updates every reference to it.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGPUKERNELNAMES
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

static bool isPTXIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$';
}

/// PTX identifiers: [a-zA-Z][a-zA-Z0-9_$]* or [_$%][a-zA-Z0-9_$]+ (the `%`
/// form is for registers, and not made here).
static bool isPTXIdentifier(StringRef name) {
  if (name.empty() || !llvm::all_of(name, isPTXIdentifierChar))
    return false;
  char first = name.front();
  return llvm::isAlpha(first) ||
         ((first == '_' || first == '$') && name.size() > 1);
}

/// `name` with each character PTX does not take replaced by `_`, and a `_`
/// before a leading digit; unique in `table` by a suffix `_<n>`.
static std::string ptxName(StringRef name, SymbolTable &table) {
  std::string base;
  for (char c : name)
    base += isPTXIdentifierChar(c) ? c : '_';
  if (base.empty() || llvm::isDigit(base.front()) || base == "_" || base == "$")
    base = "_" + base;
  std::string candidate = base;
  for (unsigned n = 1; table.lookup(candidate); ++n)
    candidate = base + "_" + std::to_string(n);
  return candidate;
}

/// Renames `symbol` (in the table of `table`'s op) to a PTX name, updating
/// the references from within `scope`.
static LogicalResult renameForPTX(Operation *symbol, SymbolTable &table,
                                  Operation *scope) {
  StringRef name = SymbolTable::getSymbolName(symbol).getValue();
  if (isPTXIdentifier(name))
    return success();
  auto newName = StringAttr::get(symbol->getContext(), ptxName(name, table));
  if (failed(SymbolTable::replaceAllSymbolUses(symbol, newName, scope)) ||
      failed(table.rename(symbol, newName)))
    return symbol->emitError("cannot update the references to '")
           << name << "' when renaming it '" << newName.getValue() << "'";
  return success();
}

namespace {
struct TunerGPUKernelNamesPass
    : public tuner::impl::TunerGPUKernelNamesBase<TunerGPUKernelNamesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable moduleTable(module);
    for (auto gpuModule : llvm::to_vector(module.getOps<gpu::GPUModuleOp>())) {
      // The symbols inside first: their nested references from the host
      // still start with the module's old name.
      SymbolTable inner(gpuModule);
      for (Operation &op :
           llvm::make_early_inc_range(gpuModule.getBodyRegion().front())) {
        if (!isa<SymbolOpInterface>(op) ||
            !op.hasAttr(SymbolTable::getSymbolAttrName()))
          continue;
        if (failed(renameForPTX(&op, inner, module)))
          return signalPassFailure();
      }
      if (failed(renameForPTX(gpuModule, moduleTable, module)))
        return signalPassFailure();
    }
  }
};
} // namespace
