// The one translation unit that compiles the quotes module's JSON codec and AnyClient's methods, for a
// program built with WEBAPI_SEPARATE_COMPILATION.
#include <webapi/quotes/src.hpp>
