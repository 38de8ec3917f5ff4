//===- TMTensor.cpp - torch-mlir's tm_tensor ops, to read -----------------===//
//
// The dialect; its ops' verifiers are FrontendOpVerifiers.h's, shared with
// iree_linalg_ext's.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/TMTensor/IR/TMTensor.h"

#include "Tuner/Dialect/TMTensor/IR/FrontendOpVerifiers.h"

using namespace mlir;
using namespace mlir::tuner::tm_tensor;

#include "Tuner/Dialect/TMTensor/IR/TMTensorDialect.cpp.inc"

void TMTensorDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Tuner/Dialect/TMTensor/IR/TMTensorOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "Tuner/Dialect/TMTensor/IR/TMTensorOps.cpp.inc"

LogicalResult ScanOp::verify() { return frontend::verifyScanOp(*this); }
LogicalResult ScatterOp::verify() { return frontend::verifyScatterOp(*this); }
LogicalResult SortOp::verify() { return frontend::verifySortOp(*this); }
LogicalResult TopkOp::verify() { return frontend::verifyTopkOp(*this); }
LogicalResult AttentionOp::verify() {
  return frontend::verifyAttentionOp(*this);
}
