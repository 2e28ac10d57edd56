# The version is said once, in project(VERSION); this writes it into <webapi/version.hpp> so that code can
# test it at compile time. The header lives in the build tree and is installed beside the others.
configure_file(${PROJECT_SOURCE_DIR}/cmake/version.hpp.in ${PROJECT_BINARY_DIR}/include/webapi/version.hpp @ONLY)
target_include_directories(webapi_core INTERFACE $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>)
