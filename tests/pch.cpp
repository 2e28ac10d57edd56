// The translation unit of webapi_test_pch, the target that compiles the tests' shared precompiled header
// (tests/CMakeLists.txt).
