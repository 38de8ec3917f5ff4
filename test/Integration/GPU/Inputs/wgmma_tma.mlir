// The Hopper path of MLIR 22's nvgpu dialect, by hand (wgmma-tma-ptxas.test):
// one TMA load per operand into shared memory, an mbarrier to wait for them,
// warpgroup descriptors (swizzle_128b, the only one supported), and one
// 128x64x64 nvgpu.warpgroup.mma (eight wgmma m64n64k16). The TMA descriptors
// come in as !llvm.ptr: with !nvgpu.tensormap.descriptor kernel arguments
// the gpu.func fails to legalize (docs/GPU.md).
!barrierType = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tmaA = !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!tmaB = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!descA = !nvgpu.warpgroup.descriptor<tensor = memref<128x64xf16, 3>>
!descB = !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, 3>>
!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<128x64xf32>>
module attributes {gpu.container_module} {
gpu.module @k {
  memref.global "private" @smemA : memref<128x64xf16, 3>
  memref.global "private" @smemB : memref<64x64xf16, 3>
  gpu.func @wg(%pA: !llvm.ptr, %pB: !llvm.ptr, %out: memref<128x64xf32>) kernel {
    %tmaA = builtin.unrealized_conversion_cast %pA : !llvm.ptr to !tmaA
    %tmaB = builtin.unrealized_conversion_cast %pB : !llvm.ptr to !tmaB
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %bytes = arith.constant 24576 : index
    %bar = nvgpu.mbarrier.create -> !barrierType
    nvgpu.mbarrier.init %bar[%c0], %c1 : !barrierType
    %a = memref.get_global @smemA : memref<128x64xf16, 3>
    %b = memref.get_global @smemB : memref<64x64xf16, 3>
    nvgpu.tma.async.load %tmaA[%c0, %c0], %bar[%c0] to %a : !tmaA, !barrierType -> memref<128x64xf16, 3>
    nvgpu.tma.async.load %tmaB[%c0, %c0], %bar[%c0] to %b : !tmaB, !barrierType -> memref<64x64xf16, 3>
    nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes : !barrierType
    %phase = arith.constant false
    %ticks = arith.constant 10000000 : index
    nvgpu.mbarrier.try_wait.parity %bar[%c0], %phase, %ticks : !barrierType
    %dA = nvgpu.warpgroup.generate.descriptor %a, %tmaA : memref<128x64xf16, 3>, !tmaA -> !descA
    %dB = nvgpu.warpgroup.generate.descriptor %b, %tmaB : memref<64x64xf16, 3>, !tmaB -> !descB
    %acc = nvgpu.warpgroup.mma.init.accumulator -> !acc
    %r = nvgpu.warpgroup.mma %dA, %dB, %acc {transposeB} : !descA, !descB, !acc -> !acc
    nvgpu.warpgroup.mma.store %r, %out : !acc to memref<128x64xf32>
    gpu.return
  }
}
}
