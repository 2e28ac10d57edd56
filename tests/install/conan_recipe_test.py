"""Checks conanfile.py without Conan, which this machine cannot install: the recipe runs against a minimal
stand-in for the few Conan names it uses, and its answers are checked.

usage: conan_recipe_test.py <source dir> <installed prefix> <project version>
"""
import os
import re
import sys
import types


def install_stand_in():
    """Registers modules named like Conan's that record what the recipe asks of them."""
    class ConanFile:
        pass

    class Components(dict):
        def __missing__(self, name):
            self[name] = CppInfo()
            return self[name]

    class CppInfo:
        def __init__(self):
            self.properties = {}
            self.components = Components()

        def set_property(self, name, value):
            self.properties[name] = value

    def load(_conanfile, path):
        with open(path, encoding="utf-8") as f:
            return f.read()

    conan = types.ModuleType("conan")
    conan.ConanFile = ConanFile
    tools = types.ModuleType("conan.tools")
    cmake = types.ModuleType("conan.tools.cmake")
    for name in ("CMake", "CMakeDeps", "CMakeToolchain", "cmake_layout"):
        setattr(cmake, name, None)
    files = types.ModuleType("conan.tools.files")
    files.load = load
    sys.modules.update({"conan": conan, "conan.tools": tools, "conan.tools.cmake": cmake,
                        "conan.tools.files": files})
    return CppInfo


def check(condition, what):
    if not condition:
        raise SystemExit(f"conanfile.py: {what}")


def main(source, prefix, version):
    cpp_info_type = install_stand_in()
    sys.path.insert(0, source)
    sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
    import conanfile

    recipe = conanfile.WebapiConan()
    recipe.recipe_folder = source
    recipe.package_folder = prefix
    recipe.settings = types.SimpleNamespace(os="Linux")
    recipe.cpp_info = cpp_info_type()

    check(recipe.package_type == "static-library", "package_type must be static-library (the compiled modules)")
    recipe.set_version()
    check(recipe.version == version, f"version {recipe.version}, but the project says {version}")

    required = []
    recipe.requires = lambda reference, **traits: required.append((reference, traits))
    recipe.requirements()
    references = {reference.split("/")[0]: reference for reference, _ in required}
    check(references.get("boost", "").startswith("boost/[>=1.81.0"),
          f"Boost from the version built with on, not {references}")
    check(references.get("openssl", "").startswith("openssl/[>=3.0"), f"OpenSSL 3 expected, got {references}")
    check(all(traits.get("transitive_headers") for _, traits in required),
          "the dependencies' headers are included by the package's headers, so they must be transitive")

    check(not hasattr(recipe, "package_id"), "the compiled libraries make a binary per settings: no package_id")

    recipe.package_info()
    components = recipe.cpp_info.components
    webapi = os.path.join(prefix, "include", "webapi")
    modules = sorted(entry for entry in os.listdir(webapi)
                     if os.path.isdir(os.path.join(webapi, entry)) and entry not in ("core", "transport", "fakes", "fake_server"))
    fakes = sorted(f"fakes_{entry}" for entry in os.listdir(os.path.join(webapi, "fakes"))
                   if os.path.isdir(os.path.join(webapi, "fakes", entry)) and entry != "core")
    check("quotes" in modules and "fakes_quotes" in fakes, f"the installed prefix lacks quotes: {modules} {fakes}")
    compiled = sorted(re.sub(r"^libwebapi_(.*)\.a$", r"\1", entry) for entry in os.listdir(os.path.join(prefix, "lib"))
                      if re.match(r"^libwebapi_.*_compiled\.a$", entry))
    check({"userinfo_compiled", "fakes_userinfo_compiled", "transport_compiled"} <= set(compiled),
          f"the installed prefix lacks userinfo's or the transport's compiled libraries: {compiled}")
    expected = sorted(["core", "transport", "fakes_core", "fakes", "fake_server", *modules, *fakes, *compiled])
    check(sorted(components) == expected, f"components {sorted(components)}, expected {expected}")
    for name, component in components.items():
        check(component.properties.get("cmake_target_name") == f"webapi::{name}",
              f"component {name} must be the CMake target webapi::{name}")
        if name in compiled:
            check(component.libs == [f"webapi_{name}"], f"component {name} must link libwebapi_{name}.a")
        for requirement in component.requires:
            check("::" in requirement or requirement in components,
                  f"component {name} requires {requirement}, which is no component")

    # The same components, requiring each other the same way, as the installed CMake package config.
    with open(os.path.join(prefix, "lib", "cmake", "webapi", "webapiConfig.cmake"), encoding="utf-8") as f:
        cmake_requires = {m.group(1): sorted(m.group(2).split())
                          for m in re.finditer(r"^set\(_webapi_(\w+)_requires ?([^)]*)\)$", f.read(), re.M)}
    conan_requires = {name: sorted(r for r in c.requires if "::" not in r) for name, c in components.items()}
    check(conan_requires == cmake_requires,
          f"components differ from the CMake package's:\n  conan {conan_requires}\n  cmake {cmake_requires}")

    def closure(name):
        seen, todo = set(), [name]
        while todo:
            for requirement in components[todo.pop()].requires:
                if requirement not in seen:
                    seen.add(requirement)
                    if "::" not in requirement:
                        todo.append(requirement)
        return seen

    # The audio, finance and webhooks fakes use libcrypto; no other module or fake needs OpenSSL or zlib.
    crypto_allowed = {"fakes", *(f"fakes_{m}{suffix}" for m in ("audio", "finance", "webhooks") for suffix in ("", "_compiled"))}
    for name in modules + fakes + [c for c in compiled if c != "transport_compiled"] + ["fakes"]:
        outside = {r for r in closure(name) if "::" in r}
        allowed = {"openssl::crypto"} if name in crypto_allowed else set()
        check(not any(r.startswith(("openssl::", "zlib::")) and r not in allowed for r in outside),
              f"webapi::{name} must not pull in OpenSSL or zlib, but requires {sorted(outside)}")
    for fake in fakes + [name for name in compiled if name.startswith("fakes_")]:
        module = fake.removeprefix("fakes_").removesuffix("_compiled")
        others = {m for m in modules if m != module} & {r.removesuffix("_compiled") for r in closure(fake)}
        check(not others, f"webapi::{fake} must not pull in other modules: {sorted(others)}")
        check(module in closure(fake), f"webapi::{fake} must bring its module")
    for transport in {"transport", "transport_compiled"} & set(components):
        check({"openssl::ssl", "zlib::zlib"} <= closure(transport), f"webapi::{transport} must require OpenSSL and zlib")
    check({"boost::json", "boost::url"} <= closure("quotes"), "a module must reach Boost.JSON and Boost.URL")
    used = {r.split("::")[0] for name in components for r in closure(name) if "::" in r}
    check(used == set(references), f"every requirement must be used by a component: {sorted(used)} vs {sorted(references)}")
    print(f"conanfile.py: webapi {recipe.version}, components {sorted(components)}: ok")


if __name__ == "__main__":
    main(*sys.argv[1:4])
