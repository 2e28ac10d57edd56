# Helpers for the packaging tests, which are cmake -P scripts: run a command, stage and build a consumer.
cmake_minimum_required(VERSION 3.20)

# run(<command...>): runs it, fails the test with its output if it fails; the output is in run_output.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "command failed (${rc}): ${command}\n${out}\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

# run_expecting_failure(<expected text> <command...>): the command must fail and say <expected text>.
function(run_expecting_failure expected)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  list(JOIN ARGN " " command)
  if(rc EQUAL 0)
    message(FATAL_ERROR "expected to fail, but succeeded: ${command}\n${out}\n${err}")
  endif()
  string(FIND "${out}${err}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "failed as expected, but without saying '${expected}': ${command}\n${out}\n${err}")
  endif()
endfunction()

# configure_consumer(<source> <build> <cmake args...>): an unoptimized build with the project's compiler.
function(configure_consumer source build)
  file(REMOVE_RECURSE ${build})
  run(${CMAKE_COMMAND} -S ${source} -B ${build} -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
      -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O0 ${ARGN})
endfunction()

# build_and_run(<build> <executable>): builds, runs, and checks that it reports the project's version.
function(build_and_run build executable)
  run(${CMAKE_COMMAND} --build ${build} --target ${executable})
  run(${build}/${executable})
  message("${run_output}")
  string(FIND "${run_output}" "webapi ${VERSION} ok" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${executable} did not report webapi ${VERSION}: ${run_output}")
  endif()
endfunction()

# stage_consumer(<path>): a fresh consumer project at WORK/<path>: one of tests/install's CMakeLists.txt
# and the shared consumer.cpp, userinfo_codec.cpp and consumer_compiled.cpp.
function(stage_consumer path)
  set(dir ${WORK}/${path})
  file(REMOVE_RECURSE ${dir})
  file(MAKE_DIRECTORY ${dir})
  file(COPY ${TESTS_DIR}/${path}/CMakeLists.txt ${TESTS_DIR}/consumer.cpp ${TESTS_DIR}/userinfo_codec.cpp
       ${TESTS_DIR}/consumer_compiled.cpp
       DESTINATION ${dir})
endfunction()
