# find_package(webapi <version>) against the installed PREFIX: the installed version and any 0.MINOR.x
# request for it are accepted; a newer request, an older minor and an unknown component are refused.
include(${CMAKE_CURRENT_LIST_DIR}/steps.cmake)

function(request version component)
  file(REMOVE_RECURSE ${WORK}/version-build)
  set(command ${CMAKE_COMMAND} -S ${TESTS_DIR}/version -B ${WORK}/version-build -G ${GENERATOR}
      -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_PREFIX_PATH=${PREFIX}
      -DREQUESTED_VERSION=${version} -DREQUESTED_COMPONENT=${component})
  if(ARGC GREATER 2)
    run_expecting_failure("${ARGV2}" ${command})
  else()
    run(${command})
    string(FIND "${run_output}" "found webapi ${VERSION}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "asked for ${version}, did not find ${VERSION}:\n${run_output}")
    endif()
  endif()
endfunction()

math(EXPR next_minor "${VERSION_MINOR} + 1")
math(EXPR next_major "${VERSION_MAJOR} + 1")
request(${VERSION_MAJOR}.${VERSION_MINOR} core)
request(${VERSION} userinfo)
request(${VERSION_MAJOR}.${next_minor} core "version: ${VERSION}")
request(${next_major}.0 core "version: ${VERSION}")
if(VERSION_MINOR GREATER 0)
  math(EXPR previous_minor "${VERSION_MINOR} - 1")
  request(${VERSION_MAJOR}.${previous_minor} core "version: ${VERSION}")
endif()
request(${VERSION} nosuch "webapi has no component 'nosuch'")
