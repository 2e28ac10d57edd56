# cmake -P script: copies include/ into WORK and builds models_alone.cpp with the compiler alone (-I the copy,
# the system's Boost), then runs it. Proves a copy of the headers is enough for the models and the codec.
cmake_minimum_required(VERSION 3.20)
set(dir ${WORK}/headers-alone)
file(REMOVE_RECURSE ${dir})
file(COPY ${SOURCE_DIR}/include DESTINATION ${dir})
execute_process(
  COMMAND ${CXX_COMPILER} -std=c++20 -O0 -I${dir}/include ${TESTS_DIR}/models_alone.cpp -o ${dir}/models_alone
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "models_alone.cpp did not build from the copied headers:\n${out}\n${err}")
endif()
execute_process(COMMAND ${dir}/models_alone RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "webapi ${VERSION} ok")
  message(FATAL_ERROR "models_alone failed (${rc}):\n${out}\n${err}")
endif()
message(STATUS "${out}")
