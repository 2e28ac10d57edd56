#pragma once
// EnumFacts: the known values of a module's string enums, by JSON member name. verify() (drift.hpp) reports
// an answered value outside them; a compiled fake (compiled.hpp) hands over its service's from its library.

#include <functional>
#include <map>
#include <set>
#include <string>

namespace webapi::fakes {

/// The known values of the string enums a module's answers carry, by JSON member name (the union where
/// members of one name in different models are different enums).
using EnumFacts = std::map<std::string, std::set<std::string>, std::less<>>;

}  // namespace webapi::fakes
