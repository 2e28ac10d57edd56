# Configures the library alone, as a packager does (no tests, tools or examples), builds its compiled
# libraries (unoptimized, like the consumers: what is tested is how they are installed and found), and
# installs it into PREFIX.
include(${CMAKE_CURRENT_LIST_DIR}/steps.cmake)
file(REMOVE_RECURSE ${WORK}/library-build ${PREFIX})
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK}/library-build -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0
    -DWEBAPI_BUILD_TESTS=OFF -DWEBAPI_BUILD_EXAMPLES=OFF -DWEBAPI_BUILD_TOOLS=OFF -DWEBAPI_TEST_INSTALL=OFF
    -DWEBAPI_COMPILED_MODULES=userinfo)
# The compiled libraries: the transport's and, of the modules, userinfo's alone, which the consumers use, to
# keep the test short.
run(${CMAKE_COMMAND} --build ${WORK}/library-build --parallel 2)
run(${CMAKE_COMMAND} --install ${WORK}/library-build --prefix ${PREFIX})
foreach(file include/webapi/version.hpp include/webapi/userinfo.hpp include/webapi/fakes/userinfo.hpp
             include/webapi/transport/src.hpp include/webapi/transport/impl/beast_transport.ipp
             lib/cmake/webapi/webapiConfig.cmake lib/cmake/webapi/webapiConfigVersion.cmake)
  if(NOT EXISTS ${PREFIX}/${file})
    message(FATAL_ERROR "the install did not write ${file}")
  endif()
endforeach()
