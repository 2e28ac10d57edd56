// The translation unit that precompiles tests/support/precompiled.hpp for every test (tests/CMakeLists.txt).
