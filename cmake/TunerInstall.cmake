#===- TunerInstall.cmake - cmake --install and the package config --*- cmake -*-===//
#
# `cmake --install build --prefix P` puts the headers (with the generated
# .inc files), the libraries, tuner-opt and a CMake package config under P, so
# that another MLIR compiler can
#
#   find_package(MLIRTuner REQUIRED CONFIG)   # with -DMLIRTuner_DIR or a prefix
#   target_link_libraries(my-opt PRIVATE MLIRTuner::MLIRTuner)
#
# and call the register* entry points of Tuner/InitAll.h. The package is made
# for the default (libMLIR.so) link mode; the consumer links the same
# libMLIR.so.
#
#===----------------------------------------------------------------------===//

include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

get_property(_tuner_libs GLOBAL PROPERTY TUNER_EXPORTED_LIBS)

# One target that pulls in every library of the project.
add_library(MLIRTuner INTERFACE)
target_link_libraries(MLIRTuner INTERFACE ${_tuner_libs})

install(TARGETS ${_tuner_libs} MLIRTuner
  EXPORT MLIRTunerTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/Tuner
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/Tuner
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.inc"
  PATTERN "CMakeFiles" EXCLUDE)

set(TUNER_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/MLIRTuner)
install(EXPORT MLIRTunerTargets
  NAMESPACE MLIRTuner::
  DESTINATION ${TUNER_CMAKE_INSTALL_DIR})

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/MLIRTunerConfig.cmake.in
  ${PROJECT_BINARY_DIR}/MLIRTunerConfig.cmake
  INSTALL_DESTINATION ${TUNER_CMAKE_INSTALL_DIR})
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/MLIRTunerConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/MLIRTunerConfig.cmake
  ${PROJECT_BINARY_DIR}/MLIRTunerConfigVersion.cmake
  DESTINATION ${TUNER_CMAKE_INSTALL_DIR})
