#pragma once
// Quote images delivered inside JSON (get_quote_image with binary=false), turned into the same
// webapi::Binary that get_quote_image_binary returns for the raw bytes. The JSON carries the image as base64;
// the codec has already decoded it (QuoteImage::image holds raw bytes, and malformed base64 fails the whole
// answer with a decode error naming `$.contents.qimage.image`). put_quote_image answers the new image's id
// only; read the image with either of those.

#include <string>

#include <webapi/core/binary.hpp>
#include <webapi/core/error.hpp>
#include <webapi/core/result.hpp>
#include <webapi/quotes/models.hpp>

namespace webapi::quotes {

/// The image bytes of `image` with its media type; a decode error when it carries no image.
inline webapi::Result<webapi::Binary> decode_image(const QuoteImage& image) {
  if (!image.image || image.image->empty())
    return webapi::make_error(webapi::ErrorKind::decode, "quote image '" + image.id + "' carries no image content");
  return webapi::Binary{*image.image, image.mime_type.value_or("application/octet-stream")};
}

/// decode_image() of the image a response carries.
inline webapi::Result<webapi::Binary> decode_image(const QuoteImageResponse& response) {
  return decode_image(response.contents.qimage);
}

}  // namespace webapi::quotes
