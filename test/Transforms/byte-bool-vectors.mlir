// RUN: tuner-opt %s --tuner-byte-bool-vectors | FileCheck %s

// Loads and stores of boolean vectors become accesses of byte vectors,
// zero-extended before a store and truncated after a load; the masks of
// masked accesses, and vectors of other types, are left alone.
// CHECK-LABEL: llvm.func @bools
// CHECK: %[[Z:.*]] = llvm.zext %{{.*}} : vector<2xi1> to vector<2xi8>
// CHECK: llvm.store %[[Z]], %{{.*}} {alignment = 1 : i64} : vector<2xi8>, !llvm.ptr
// CHECK: %[[L:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr -> vector<4xi8>
// CHECK: llvm.trunc %[[L]] : vector<4xi8> to vector<4xi1>
// CHECK: %[[ZM:.*]] = llvm.zext %{{.*}} : vector<8xi1> to vector<8xi8>
// CHECK: llvm.intr.masked.store %[[ZM]], %{{.*}}, %{{.*}} {alignment = 1 : i32} : vector<8xi8>, vector<8xi1> into !llvm.ptr
// CHECK: %[[P:.*]] = llvm.zext %{{.*}} : vector<8xi1> to vector<8xi8>
// CHECK: %[[ML:.*]] = llvm.intr.masked.load %{{.*}}, %{{.*}}, %[[P]] {alignment = 1 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xi8>) -> vector<8xi8>
// CHECK: llvm.trunc %[[ML]] : vector<8xi8> to vector<8xi1>
// CHECK: llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
// CHECK: llvm.store %{{.*}}, %{{.*}} : vector<8xf32>, !llvm.ptr
llvm.func @bools(%p: !llvm.ptr, %v: vector<2xi1>, %m: vector<8xi1>, %f: vector<8xf32>) -> (vector<4xi1>) {
  llvm.store %v, %p {alignment = 1 : i64} : vector<2xi1>, !llvm.ptr
  %l = llvm.load %p {alignment = 1 : i64} : !llvm.ptr -> vector<4xi1>
  llvm.intr.masked.store %m, %p, %m {alignment = 1 : i32} : vector<8xi1>, vector<8xi1> into !llvm.ptr
  %ml = llvm.intr.masked.load %p, %m, %m {alignment = 1 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xi1>) -> vector<8xi1>
  %fl = llvm.intr.masked.load %p, %m, %f {alignment = 4 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
  llvm.store %fl, %p : vector<8xf32>, !llvm.ptr
  llvm.return %l : vector<4xi1>
}
