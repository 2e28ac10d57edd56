#pragma once
// The library's version. This is the one place it is said: CMakeLists.txt (project(VERSION)) and
// conanfile.py read it from here, so a copy of include/ without CMake knows its version too.

/// @file
/// @brief The library's version, for compile-time checks such as `#if WEBAPI_VERSION >= 300` (0.3.0).

/// Changes when a release breaks source compatibility (before 1.0, the minor number does that too).
#define WEBAPI_VERSION_MAJOR 0
/// Changes when a release adds to the library.
#define WEBAPI_VERSION_MINOR 3
/// Changes when a release only fixes.
#define WEBAPI_VERSION_PATCH 0
/// The three numbers as one, ordered like the versions: major * 100000 + minor * 100 + patch.
#define WEBAPI_VERSION (WEBAPI_VERSION_MAJOR * 100000 + WEBAPI_VERSION_MINOR * 100 + WEBAPI_VERSION_PATCH)

/// @cond
#define WEBAPI_DETAIL_TEXT(x) #x
#define WEBAPI_DETAIL_VERSION_TEXT(major, minor, patch) \
  WEBAPI_DETAIL_TEXT(major) "." WEBAPI_DETAIL_TEXT(minor) "." WEBAPI_DETAIL_TEXT(patch)
/// @endcond
/// The version as text, "major.minor.patch".
#define WEBAPI_VERSION_STRING \
  WEBAPI_DETAIL_VERSION_TEXT(WEBAPI_VERSION_MAJOR, WEBAPI_VERSION_MINOR, WEBAPI_VERSION_PATCH)
