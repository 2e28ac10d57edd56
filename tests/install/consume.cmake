# Builds and runs a consumer project one way (MODE), each as its users would write it:
#   find_package     against the installed PREFIX: header-only, with the codec compiled separately, and
#                    over the compiled libraries (webapi::fakes_userinfo_compiled)
#   add_subdirectory with the source tree inside the consumer (a symlink to it)
#   fetchcontent     cloning a git repository of the current tree at its version's tag
#   test_package     Conan's test_package/, through plain CMake against the installed PREFIX
#   one_module       the find_package consumer against a copy of PREFIX that holds only core, userinfo and
#                    the userinfo fake, with OpenSSL and zlib made unfindable
include(${CMAKE_CURRENT_LIST_DIR}/steps.cmake)

if(MODE STREQUAL "find_package")
  stage_consumer(find_package)
  configure_consumer(${WORK}/find_package ${WORK}/find_package-build -DCMAKE_PREFIX_PATH=${PREFIX})
  build_and_run(${WORK}/find_package-build consumer)
  # Separate compilation: the same program runs, and its consumer.cpp holds no instance of the codec nor of
  # the AnyClient methods it calls.
  build_and_run(${WORK}/find_package-build consumer-separate)
  # The compiled libraries: the program over CompiledFake and AnyClient, linking them.
  build_and_run(${WORK}/find_package-build consumer-compiled)
  find_program(NM nm REQUIRED)
  file(GLOB_RECURSE object ${WORK}/find_package-build/CMakeFiles/consumer-separate.dir/consumer.cpp.o)
  run(${NM} -C --defined-only ${object})
  string(FIND "${run_output}" "webapi::json::decode<webapi::userinfo::" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "consumer.cpp compiled the userinfo codec although WEBAPI_SEPARATE_COMPILATION is set")
  endif()
  string(FIND "${run_output}" "webapi::userinfo::Client<webapi::AnyTransport>::oauth2_userinfo_get" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "consumer.cpp compiled AnyClient::oauth2_userinfo_get although WEBAPI_SEPARATE_COMPILATION is set")
  endif()

elseif(MODE STREQUAL "add_subdirectory")
  stage_consumer(add_subdirectory)
  file(MAKE_DIRECTORY ${WORK}/add_subdirectory/external)
  file(CREATE_LINK ${SOURCE_DIR} ${WORK}/add_subdirectory/external/webapi SYMBOLIC)
  configure_consumer(${WORK}/add_subdirectory ${WORK}/add_subdirectory-build)
  build_and_run(${WORK}/add_subdirectory-build consumer)

elseif(MODE STREQUAL "fetchcontent")
  # A repository holding the tree as it is now (committed or not), tagged as a release would be.
  find_program(GIT git REQUIRED)
  set(repo ${WORK}/webapi.git)
  file(REMOVE_RECURSE ${repo})
  run(${GIT} -C ${SOURCE_DIR} ls-files --cached --others --exclude-standard)
  string(REPLACE "\n" ";" files "${run_output}")
  foreach(file IN LISTS files)
    if(file AND EXISTS ${SOURCE_DIR}/${file} AND NOT IS_DIRECTORY ${SOURCE_DIR}/${file})
      get_filename_component(dir ${repo}/${file} DIRECTORY)
      file(COPY ${SOURCE_DIR}/${file} DESTINATION ${dir})
    endif()
  endforeach()
  set(identity -c user.name=webapi -c user.email=webapi@localhost -c commit.gpgsign=false)
  run(${GIT} -C ${repo} init -q)
  run(${GIT} -C ${repo} add -A)
  run(${GIT} ${identity} -C ${repo} commit -q -m "webapi ${VERSION}")
  run(${GIT} ${identity} -C ${repo} tag v${VERSION})
  stage_consumer(fetchcontent)
  configure_consumer(${WORK}/fetchcontent ${WORK}/fetchcontent-build
    -DWEBAPI_GIT_REPOSITORY=file://${repo} -DWEBAPI_GIT_TAG=v${VERSION})
  build_and_run(${WORK}/fetchcontent-build consumer)

elseif(MODE STREQUAL "test_package")
  configure_consumer(${SOURCE_DIR}/test_package ${WORK}/test_package-build -DCMAKE_PREFIX_PATH=${PREFIX})
  build_and_run(${WORK}/test_package-build test_package)

elseif(MODE STREQUAL "one_module")
  set(pruned ${WORK}/one-module-prefix)
  file(REMOVE_RECURSE ${pruned})
  file(COPY ${PREFIX}/ DESTINATION ${pruned})
  # Everything but core, userinfo and the fakes' toolkit and userinfo fake goes.
  set(keep core userinfo userinfo.hpp version.hpp fakes fakes/core fakes/userinfo fakes/userinfo.hpp)
  file(GLOB entries RELATIVE ${pruned}/include/webapi ${pruned}/include/webapi/* ${pruned}/include/webapi/fakes/*)
  foreach(entry IN LISTS entries)
    if(NOT entry IN_LIST keep)
      file(REMOVE_RECURSE ${pruned}/include/webapi/${entry})
    endif()
  endforeach()
  file(GLOB targets ${pruned}/lib/cmake/webapi/webapi-*-targets*.cmake)
  foreach(file IN LISTS targets)
    if(NOT file MATCHES "/webapi-(core|userinfo|fakes_core|fakes_userinfo|userinfo_compiled|fakes_userinfo_compiled)-targets")
      file(REMOVE ${file})
    endif()
  endforeach()
  foreach(gone include/webapi/transport include/webapi/quotes include/webapi/fakes/quotes
               lib/cmake/webapi/webapi-transport-targets.cmake lib/cmake/webapi/webapi-fakes-targets.cmake)
    if(EXISTS ${pruned}/${gone})
      message(FATAL_ERROR "the pruned prefix still holds ${gone}")
    endif()
  endforeach()
  set(no_tls -DCMAKE_DISABLE_FIND_PACKAGE_OpenSSL=ON -DCMAKE_DISABLE_FIND_PACKAGE_ZLIB=ON)
  # The control: with these switches a consumer that asks for the transport cannot configure...
  file(REMOVE_RECURSE ${WORK}/transport-check-build)
  run_expecting_failure("OpenSSL"
    ${CMAKE_COMMAND} -S ${TESTS_DIR}/version -B ${WORK}/transport-check-build -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${PREFIX} ${no_tls}
    -DREQUESTED_VERSION=${VERSION} -DREQUESTED_COMPONENT=transport)
  # ...while one that asks for userinfo and its fake builds and runs without them or the other headers.
  stage_consumer(find_package)
  configure_consumer(${WORK}/find_package ${WORK}/one-module-build -DCMAKE_PREFIX_PATH=${pruned} ${no_tls})
  build_and_run(${WORK}/one-module-build consumer)

else()
  message(FATAL_ERROR "consume.cmake: unknown MODE '${MODE}'")
endif()
