//===- IREELinalgExt.cpp - IREE's iree_linalg_ext ops, to read ------------===//
//
// The dialect; its ops' verifiers are FrontendOpVerifiers.h's, shared with
// torch-mlir's tm_tensor ops of the same meaning.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/IREELinalgExt/IR/IREELinalgExt.h"
#include "Tuner/Dialect/TMTensor/IR/FrontendOpVerifiers.h"

using namespace mlir;
using namespace mlir::tuner::iree_linalg_ext;

#include "Tuner/Dialect/IREELinalgExt/IR/IREELinalgExtDialect.cpp.inc"

void IREELinalgExtDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Tuner/Dialect/IREELinalgExt/IR/IREELinalgExtOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "Tuner/Dialect/IREELinalgExt/IR/IREELinalgExtOps.cpp.inc"

LogicalResult ScanOp::verify() { return frontend::verifyScanOp(*this); }
LogicalResult ScatterOp::verify() { return frontend::verifyScatterOp(*this); }
LogicalResult SortOp::verify() { return frontend::verifySortOp(*this); }
LogicalResult TopkOp::verify() { return frontend::verifyTopkOp(*this); }
LogicalResult ArgCompareOp::verify() {
  return frontend::verifyArgCompareOp(*this);
}
