# Checks that ctest runs every Catch2 test case of one executable under its own name.
#   cmake -D EXE=<test executable> -D BUILD_DIR=<build dir> -D CTEST=<ctest> -P check_test_list.cmake
# catch_discover_tests turns each line of `EXE --list-test-names-only` into one ctest test;
# a name holding ';' is split into halves that match no test case, and they would pass
# without running anything. Here the executable's names and the names ctest runs it under
# must be the same set, each test named once.
cmake_minimum_required(VERSION 3.20)
foreach(var EXE BUILD_DIR CTEST)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_test_list.cmake: -D ${var}=... is missing")
  endif()
endforeach()

# CMake lists split at ';': stand-ins keep a name whole while it is held in a list.
function(escape_name in out)
  string(REPLACE "\\" "<backslash>" s "${in}")
  string(REPLACE ";" "<semicolon>" s "${s}")
  string(REPLACE "[" "<open>" s "${s}")
  string(REPLACE "]" "<close>" s "${s}")
  set(${out} "${s}" PARENT_SCOPE)
endfunction()

execute_process(COMMAND "${EXE}" --list-test-names-only
                OUTPUT_VARIABLE listed RESULT_VARIABLE rc)
# Catch2 2.x exits with the number of test cases listed.
if(rc LESS_EQUAL 0)
  message(FATAL_ERROR "${EXE} --list-test-names-only exited ${rc}: no test cases")
endif()
escape_name("${listed}" listed)
string(REGEX REPLACE "\n$" "" listed "${listed}")
string(REPLACE "\n" ";" catch_names "${listed}")
list(FILTER catch_names EXCLUDE REGEX "^$")

execute_process(COMMAND "${CTEST}" --show-only=json-v1 WORKING_DIRECTORY "${BUILD_DIR}"
                OUTPUT_VARIABLE json RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ctest --show-only=json-v1 in ${BUILD_DIR} exited ${rc}")
endif()
string(JSON count LENGTH "${json}" tests)
set(ctest_names "")
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON command ERROR_VARIABLE no_command GET "${json}" tests ${i} command 0)
  if(no_command OR NOT command STREQUAL EXE)
    continue()
  endif()
  string(JSON name GET "${json}" tests ${i} name)
  escape_name("${name}" name)
  list(APPEND ctest_names "${name}")
endforeach()

set(problems "")
list(LENGTH catch_names n_catch)
list(LENGTH ctest_names n_ctest)
set(unique_ctest ${ctest_names})
list(REMOVE_DUPLICATES unique_ctest)
list(LENGTH unique_ctest n_unique)
if(NOT n_unique EQUAL n_ctest)
  string(APPEND problems "ctest names a test of this executable more than once\n")
endif()
foreach(name IN LISTS catch_names)
  if(NOT name IN_LIST ctest_names)
    string(APPEND problems "test case not run by ctest under its name: '${name}'\n")
  endif()
endforeach()
foreach(name IN LISTS ctest_names)
  if(NOT name IN_LIST catch_names)
    string(APPEND problems "ctest test that names no test case: '${name}'\n")
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "${EXE}: ${n_catch} test cases, ${n_ctest} ctest tests\n${problems}"
          "A test case's name must not hold ';' (ctest's discovery splits it there).")
endif()
message(STATUS "${EXE}: ${n_catch} test cases, each run by ctest under its own name")
