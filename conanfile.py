import os
import re

from conan import ConanFile
from conan.tools.cmake import CMake, CMakeDeps, CMakeToolchain, cmake_layout
from conan.tools.files import load


class WebapiConan(ConanFile):
    name = "webapi"
    license = "BSL-1.0"
    description = "Typed C++20 clients for eight HTTP APIs, each templated on a transport, with in-memory fakes"
    topics = ("http", "rest", "client", "fakes")
    # Headers, and static libraries of each module and fake compiled once (webapi::<module>_compiled).
    package_type = "static-library"
    # Settings are for running CMake's install in package(); package_id() drops them, since headers are
    # the same for every configuration.
    settings = "os", "arch", "compiler", "build_type"
    exports_sources = "CMakeLists.txt", "cmake/*", "include/*", "fakes/*", "server/*"
    no_copy_source = True

    def set_version(self):
        # The version is said once, in <webapi/version.hpp>.
        text = load(self, os.path.join(self.recipe_folder, "include", "webapi", "version.hpp"))
        self.version = ".".join(re.search(r"#define WEBAPI_VERSION_%s ([0-9]+)" % part, text).group(1)
                                for part in ("MAJOR", "MINOR", "PATCH"))

    def requirements(self):
        # From the versions the project is built and tested with (Debian 12's) on: the headers use only
        # Boost's public interfaces.
        self.requires("boost/[>=1.81.0 <2]", transitive_headers=True, transitive_libs=True)
        self.requires("openssl/[>=3.0 <4]", transitive_headers=True, transitive_libs=True)
        self.requires("zlib/[>=1.2.13 <2]", transitive_headers=True, transitive_libs=True)

    def layout(self):
        cmake_layout(self)

    def generate(self):
        CMakeDeps(self).generate()
        toolchain = CMakeToolchain(self)
        for option in ("TESTS", "EXAMPLES", "BENCHMARKS", "TOOLS"):
            toolchain.cache_variables[f"WEBAPI_BUILD_{option}"] = False
        toolchain.cache_variables["WEBAPI_TEST_INSTALL"] = False
        toolchain.generate()

    def build(self):
        cmake = CMake(self)
        cmake.configure()
        cmake.build()

    def package(self):
        CMake(self).install()

    def package_info(self):
        # Conan writes its own config with the same targets as the project's: webapi::<component>.
        self.cpp_info.set_property("cmake_file_name", "webapi")
        self.cpp_info.set_property("cmake_target_name", "webapi::webapi")
        threads = ["pthread"] if self.settings.os in ("Linux", "FreeBSD") else []
        self._component("core", ["boost::headers", "boost::json", "boost::url"])
        self._component("transport", ["core", "openssl::ssl", "openssl::crypto", "zlib::zlib"], threads)
        modules = self._folders("include", "webapi", exclude=("core", "transport", "fakes", "fake_server"))
        for module in modules:
            self._component(module, ["core"])
        # The fakes' toolkit, each module's fake with its module alone, and all of them together.
        self._component("fakes_core", ["core"], threads)
        faked = [module for module in self._folders("include", "webapi", "fakes", exclude=("core",))
                 if module in modules]
        for module in faked:
            # Three fakes check or make signatures with libcrypto, as CMakeLists.txt says: audio (PKCE),
            # finance (JWTs) and webhooks (signed deliveries).
            crypto = ["openssl::crypto"] if module in ("audio", "finance", "webhooks") else []
            self._component(f"fakes_{module}", ["fakes_core", module, *crypto])
        self._component("fakes", ["fakes_core", *(f"fakes_{module}" for module in faked)])
        # The compiled libraries the package holds (every module's unless WEBAPI_COMPILED_MODULES said fewer).
        for module in modules:
            if self._built(f"{module}_compiled"):
                self._component(f"{module}_compiled", ["core"], libs=[f"webapi_{module}_compiled"],
                                defines=[f"WEBAPI_{module.upper()}_SEPARATE_COMPILATION"])
        for module in faked:
            if self._built(f"fakes_{module}_compiled"):
                self._component(f"fakes_{module}_compiled", [f"fakes_{module}", f"{module}_compiled"],
                                libs=[f"webapi_fakes_{module}_compiled"])
        # BeastTransport's member functions compiled once.
        if self._built("transport_compiled"):
            self._component("transport_compiled", ["core", "openssl::ssl", "openssl::crypto", "zlib::zlib"], threads,
                            libs=["webapi_transport_compiled"], defines=["WEBAPI_TRANSPORT_SEPARATE_COMPILATION"])
        # The loopback server and control plane that serve any fake.
        self._component("fake_server", ["fakes_core"], threads)

    def _component(self, name, requires, system_libs=(), libs=(), defines=()):
        component = self.cpp_info.components[name]
        component.set_property("cmake_target_name", f"webapi::{name}")
        component.includedirs = ["include"]
        component.bindirs = []
        component.libdirs = ["lib"] if libs else []
        component.libs = list(libs)
        component.defines = list(defines)
        component.requires = list(requires)
        component.system_libs = list(system_libs)

    def _built(self, name):
        return os.path.exists(os.path.join(self.package_folder, "lib", f"libwebapi_{name}.a"))

    def _folders(self, *path, exclude):
        # Read from the packaged headers, so the lists of modules and fakes cannot go stale.
        root = os.path.join(self.package_folder, *path)
        return sorted(entry for entry in os.listdir(root)
                      if os.path.isdir(os.path.join(root, entry)) and entry not in exclude)
