// The one translation unit that compiles the userinfo module's JSON codec and AnyClient's methods, for a
// program built with WEBAPI_SEPARATE_COMPILATION.
#include <webapi/userinfo/src.hpp>
