#===- TunerStaticLink.cmake - self-contained static link -----*- cmake -*-===//
#
# Debian builds LLVM with LLVM_LINK_LLVM_DYLIB=ON, so every imported static
# MLIR*.a target carries INTERFACE_LINK_LIBRARIES "LLVM" (= libLLVM.so), and
# MLIRExecutionEngine even lists "MLIR" (= libMLIR.so). For a binary that runs
# on a machine without LLVM installed (a GPU host), rewrite "LLVM" to the
# static LLVM component libraries and drop "MLIR".
#
# Needs libzstd-dev: LLVMExports.cmake references zstd::libzstd_shared.
#
#===----------------------------------------------------------------------===//

set(LLVM_LINK_LLVM_DYLIB OFF)
llvm_map_components_to_libnames(TUNER_LLVM_STATIC_LIBS
  Core Support Analysis TransformUtils Passes IPO Target TargetParser
  MC Object BitReader BitWriter IRReader AsmParser Linker
  OrcJIT ExecutionEngine PerfJITEvents FrontendOpenMP FrontendOffloading
  FrontendHLSL FrontendAtomic
  NVPTXCodeGen NVPTXDesc NVPTXInfo
  X86CodeGen X86AsmParser X86Desc X86Info
  # MLIRTargetLLVMIRTransforms calls InitializeAllTargets(), and the ROCDL and
  # XeVM serializers initialize their backends.
  AllTargetsCodeGens AllTargetsAsmParsers AllTargetsDescs AllTargetsInfos)

foreach(t ${MLIR_EXPORTED_TARGETS})
  if(NOT TARGET ${t})
    continue()
  endif()
  get_target_property(_type ${t} TYPE)
  if(NOT _type STREQUAL "STATIC_LIBRARY")
    continue()
  endif()
  get_target_property(_ill ${t} INTERFACE_LINK_LIBRARIES)
  if(_ill)
    list(TRANSFORM _ill REPLACE "^LLVM$" "${TUNER_LLVM_STATIC_LIBS}")
    list(TRANSFORM _ill REPLACE "^\\$<LINK_ONLY:LLVM>$" "${TUNER_LLVM_STATIC_LIBS}")
    list(REMOVE_ITEM _ill MLIR)
    set_target_properties(${t} PROPERTIES INTERFACE_LINK_LIBRARIES "${_ill}")
  endif()
endforeach()

# Translations to LLVM IR registered by the tools (registerAllToLLVMIRTranslations).
set(TUNER_STATIC_TRANSLATION_LIBS
  MLIRArmNeonToLLVMIRTranslation MLIRArmSMEToLLVMIRTranslation
  MLIRArmSVEToLLVMIRTranslation MLIRBuiltinToLLVMIRTranslation
  MLIRGPUToLLVMIRTranslation MLIRLLVMToLLVMIRTranslation
  MLIRNVVMToLLVMIRTranslation MLIROpenACCToLLVMIRTranslation
  MLIROpenMPToLLVMIRTranslation MLIRPtrToLLVMIRTranslation
  MLIRROCDLToLLVMIRTranslation MLIRSPIRVToLLVMIRTranslation
  MLIRVCIXToLLVMIRTranslation MLIRXeVMToLLVMIRTranslation
  MLIRTargetLLVMIRExport)

set(TUNER_LINKER_IS_LLD OFF)
if(LLVM_USE_LINKER MATCHES "lld")
  set(TUNER_LINKER_IS_LLD ON)
endif()
