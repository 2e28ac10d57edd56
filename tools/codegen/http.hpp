// HTTP facts the generator reads from a description: operation methods and media types.
#pragma once

#include <string>
#include <string_view>

namespace webapi::codegen {

// Whether a key of an OpenAPI path item names an operation (get, put, post, ...).
bool is_http_method(std::string_view key);
// The webapi::Method enumerator for an HTTP method, as C++ text.
std::string method_enum(const std::string& m);
bool is_json_media(std::string_view ct);
// XML and text/* bodies are decoded as text, every other non-JSON body as bytes.
bool is_text_media(std::string_view ct);

}  // namespace webapi::codegen
