// The checkout's folder and the built game, for the tests (set in a file the build writes).
//
// Every test file sees this header (tests/CMakeLists.txt includes it with -include). The
// paths live in one generated file, not on each test file's command line, so that a
// checkout in another folder (CI's fresh clone) compiles its tests to the same ccache
// entries as an earlier one.
#pragma once

extern const char* const skidpad_test_source_dir;  ///< the checkout, without a trailing '/'
extern const char* const skidpad_test_exe;         ///< the built `skidpad` ("" without the app)

#define SKIDPAD_SOURCE_DIR skidpad_test_source_dir
#define SKIDPAD_EXE skidpad_test_exe
