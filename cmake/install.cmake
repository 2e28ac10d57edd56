# Installs the headers and a package config, so that another project can say
#   find_package(webapi CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE webapi::quotes)
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/webapi DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/fakes/webapi DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS ${WEBAPI_EXPORTED} EXPORT webapiTargets)
install(EXPORT webapiTargets NAMESPACE webapi:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/webapi)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/webapiConfig.cmake.in
  ${PROJECT_BINARY_DIR}/webapiConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/webapi)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/webapiConfigVersion.cmake
  COMPATIBILITY SameMinorVersion ARCH_INDEPENDENT)
install(FILES ${PROJECT_BINARY_DIR}/webapiConfig.cmake ${PROJECT_BINARY_DIR}/webapiConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/webapi)
