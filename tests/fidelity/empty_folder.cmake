# cmake -DFOLDER=<path> -P empty_folder.cmake: FOLDER exists and is empty afterwards.
if(NOT FOLDER)
  message(FATAL_ERROR "FOLDER is not set")
endif()
file(REMOVE_RECURSE "${FOLDER}")
file(MAKE_DIRECTORY "${FOLDER}")
