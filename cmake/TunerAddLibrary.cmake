#===- TunerAddLibrary.cmake - helpers for project libraries --*- cmake -*-===//
#
# tuner_link_mlir(<target> <MLIR libs>...): link a project library against
# MLIR. With TUNER_LINK_MLIR_DYLIB the listed component libraries are replaced
# by libMLIR.so and libLLVM.so (linking both the dylib and static MLIR*.a into
# one binary registers every cl::opt twice); otherwise the static components
# are linked. The target is also recorded for installation (TunerInstall).
#
#===----------------------------------------------------------------------===//

set_property(GLOBAL PROPERTY TUNER_EXPORTED_LIBS "")

function(tuner_link_mlir target)
  if(TUNER_LINK_MLIR_DYLIB)
    target_link_libraries(${target} PUBLIC MLIR LLVM)
  else()
    target_link_libraries(${target} PUBLIC ${ARGN})
  endif()
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  set_property(GLOBAL APPEND PROPERTY TUNER_EXPORTED_LIBS ${target})
endfunction()
