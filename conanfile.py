from conan import ConanFile
from conan.tools.cmake import CMake, CMakeToolchain, cmake_layout
from conan.tools.files import copy


class WebapiConan(ConanFile):
    name = "webapi"
    version = "0.1.0"
    license = "BSL-1.0"
    description = "Typed C++20 clients for eight HTTP APIs, each templated on a transport, with in-memory fakes"
    topics = ("http", "rest", "client", "header-only")
    package_type = "header-library"
    settings = "os", "arch", "compiler", "build_type"
    exports_sources = "CMakeLists.txt", "cmake/*", "include/*", "fakes/*"
    no_copy_source = True

    def requirements(self):
        self.requires("boost/1.81.0", transitive_headers=True)
        self.requires("openssl/[>=3.0 <4]", transitive_headers=True)
        self.requires("zlib/[>=1.2.13 <2]")

    def layout(self):
        cmake_layout(self)

    def generate(self):
        tc = CMakeToolchain(self)
        for option in ("TESTS", "EXAMPLES", "BENCHMARKS", "TOOLS"):
            tc.cache_variables[f"WEBAPI_BUILD_{option}"] = False
        tc.cache_variables["WEBAPI_TEST_INSTALL"] = False
        tc.generate()

    def package(self):
        cmake = CMake(self)
        cmake.configure()
        cmake.install()

    def package_info(self):
        self.cpp_info.bindirs = []
        self.cpp_info.libdirs = []
        self.cpp_info.set_property("cmake_find_mode", "none")
        self.cpp_info.builddirs.append("lib/cmake/webapi")

    def package_id(self):
        self.info.clear()
