# Installs the headers, the compiled libraries and a package config, so that another project can say
#   find_package(webapi 0.3 CONFIG REQUIRED COMPONENTS quotes transport)
#   target_link_libraries(app PRIVATE webapi::quotes webapi::transport)
# Each target is a component with its own export file, and the config looks for a component's outside
# dependencies only when that component is asked for: a consumer of webapi::quotes alone needs Boost but
# neither OpenSSL nor zlib. Without COMPONENTS, every component is loaded.
include(CMakePackageConfigHelpers)

set(WEBAPI_CONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/webapi)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/webapi DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/fakes/webapi DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/server/webapi DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# The versions the library is built and tested with are the least a consumer's find_dependency accepts.
# FindOpenSSL names its version OPENSSL_VERSION, a package config (Conan's, say) OpenSSL_VERSION; with neither
# known, any version is accepted.
string(REGEX MATCH "^[0-9]+\\.[0-9]+" WEBAPI_BOOST_VERSION "${Boost_VERSION}")
string(REGEX MATCH "[0-9]+\\.[0-9]+" WEBAPI_OPENSSL_VERSION "${OPENSSL_VERSION};${OpenSSL_VERSION}")

# webapi_dependency_code(<target> <out-var>): the config code that loads one component, its outside
# dependencies read from the target's own link libraries so the two cannot disagree.
function(webapi_dependency_code target out)
  get_target_property(name ${target} EXPORT_NAME)
  get_target_property(links ${target} INTERFACE_LINK_LIBRARIES)
  set(requires "")
  set(boost_components "")
  set(packages "")
  foreach(link IN LISTS links)
    if(link MATCHES "^webapi_(.+)$")
      get_target_property(dependency ${link} EXPORT_NAME)
      list(APPEND requires ${dependency})
    elseif(link MATCHES "^Boost::(.+)$")
      if(NOT CMAKE_MATCH_1 STREQUAL "headers")
        list(APPEND boost_components ${CMAKE_MATCH_1})
      endif()
      list(APPEND packages Boost)
    elseif(link MATCHES "^OpenSSL::")
      list(APPEND packages OpenSSL)
    elseif(link MATCHES "^ZLIB::")
      list(APPEND packages ZLIB)
    elseif(link MATCHES "^Threads::")
      list(APPEND packages Threads)
    elseif(link MATCHES "^\\$<BUILD_INTERFACE:")
      # Not part of the installed package.
    elseif(NOT link STREQUAL "")
      # The package tests fail on a consumer that cannot resolve it; this says why.
      message(WARNING "cmake/install.cmake: ${target} links '${link}', which the package config "
        "does not know how to find; teach webapi_dependency_code about it")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES packages)
  list(JOIN requires " " requires)
  set(code "set(_webapi_${name}_requires ${requires})\nmacro(_webapi_load_${name})\n")
  foreach(package IN LISTS packages)
    if(package STREQUAL "Boost")
      set(arguments Boost ${WEBAPI_BOOST_VERSION} CONFIG)
      if(boost_components)
        list(APPEND arguments COMPONENTS ${boost_components})
      endif()
    elseif(package STREQUAL "OpenSSL")
      set(arguments OpenSSL ${WEBAPI_OPENSSL_VERSION})
    else()
      set(arguments ${package})
    endif()
    list(JOIN arguments " " arguments)
    string(APPEND code "  find_dependency(${arguments})\n")
  endforeach()
  string(APPEND code "  include(\"\${CMAKE_CURRENT_LIST_DIR}/webapi-${name}-targets.cmake\")\nendmacro()\n")
  set(${out} "${code}" PARENT_SCOPE)
endfunction()

set(WEBAPI_COMPONENTS "")
set(WEBAPI_COMPONENT_CODE "")
foreach(target IN LISTS WEBAPI_EXPORTED)
  get_target_property(name ${target} EXPORT_NAME)
  list(APPEND WEBAPI_COMPONENTS ${name})
  install(TARGETS ${target} EXPORT webapi-${name}-targets)
  install(EXPORT webapi-${name}-targets NAMESPACE webapi:: FILE webapi-${name}-targets.cmake
    DESTINATION ${WEBAPI_CONFIG_DIR})
  webapi_dependency_code(${target} code)
  string(APPEND WEBAPI_COMPONENT_CODE "${code}")
endforeach()
list(JOIN WEBAPI_COMPONENTS " " WEBAPI_COMPONENTS)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/webapiConfig.cmake.in
  ${PROJECT_BINARY_DIR}/webapiConfig.cmake INSTALL_DESTINATION ${WEBAPI_CONFIG_DIR})
# Before 1.0 a new minor version may break source compatibility, so only 0.3.x satisfies a request for 0.3.
# The compiled libraries make the package specific to its architecture.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/webapiConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/webapiConfig.cmake ${PROJECT_BINARY_DIR}/webapiConfigVersion.cmake
  DESTINATION ${WEBAPI_CONFIG_DIR})
