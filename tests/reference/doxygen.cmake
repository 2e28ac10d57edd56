# cmake -P script: runs Doxygen on docs/Doxyfile into WORK/reference and fails if it warned at all.
cmake_minimum_required(VERSION 3.20)
if(NOT DOXYGEN)
  message("doxygen_reference: skipped, doxygen is not installed (Debian: apt-get install doxygen)")
  return()
endif()

set(output ${WORK}/reference)
set(log ${WORK}/doxygen-warnings.log)
file(REMOVE_RECURSE ${output})
file(REMOVE ${log})
file(WRITE ${WORK}/Doxyfile
  "@INCLUDE = ${SOURCE_DIR}/docs/Doxyfile\n"
  "OUTPUT_DIRECTORY = ${output}\n"
  "WARN_LOGFILE = ${log}\n"
  "PROJECT_NUMBER = ${VERSION}\n")
execute_process(COMMAND ${DOXYGEN} ${WORK}/Doxyfile WORKING_DIRECTORY ${SOURCE_DIR}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "doxygen failed (${rc}):\n${out}\n${err}")
endif()
file(READ ${log} warnings)
if(NOT warnings STREQUAL "")
  message(FATAL_ERROR "the reference has warnings (${log}); a placeholder such as webapi::<module> "
    "reads as an HTML tag unless it is in backticks:\n${warnings}")
endif()
if(NOT EXISTS ${output}/html/index.html)
  message(FATAL_ERROR "doxygen wrote no ${output}/html/index.html")
endif()
message("doxygen_reference: ${output}/html/index.html, no warnings")
