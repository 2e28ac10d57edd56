#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <webapi/core/file_part.hpp>
#include <webapi/core/multipart.hpp>

using namespace webapi;

BOOST_AUTO_TEST_SUITE(multipart)

BOOST_AUTO_TEST_CASE(body_has_each_part_and_a_boundary_that_occurs_nowhere_else) {
  MultipartForm form;
  form.field("tags", "sea,sky").file("image", "bg.png", std::string("\x89PNG\r\n\0--x", 11), "image/png");
  std::string ct = form.content_type();
  BOOST_TEST(ct.rfind("multipart/form-data; boundary=", 0) == 0u);
  std::string boundary = ct.substr(ct.find('=') + 1);
  std::string body = form.body();
  BOOST_TEST(body.find("--" + boundary + "\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nsea,sky\r\n") == 0u);
  BOOST_TEST(body.find("name=\"image\"; filename=\"bg.png\"\r\nContent-Type: image/png\r\n\r\n") != std::string::npos);
  BOOST_TEST(body.find(std::string("\x89PNG\r\n\0--x", 11)) != std::string::npos);
  BOOST_TEST(body.substr(body.size() - boundary.size() - 6) == "--" + boundary + "--\r\n");
  // the boundary appears exactly three times: two part delimiters and the close delimiter
  std::size_t count = 0;
  for (auto pos = body.find(boundary); pos != std::string::npos; pos = body.find(boundary, pos + 1)) ++count;
  BOOST_TEST(count == 3u);
}

BOOST_AUTO_TEST_CASE(quotes_in_names_cannot_break_the_header) {
  MultipartForm form;
  form.file("file", "a\"b\r\n.ttf", "x");
  BOOST_TEST(form.body().find("filename=\"a%22b%0D%0A.ttf\"") != std::string::npos);
}

namespace {
// A file of `size` bytes that differ from one offset to the next, removed at the end of the test.
struct DiskFile {
  std::filesystem::path path;
  std::string bytes;
  explicit DiskFile(std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) bytes += static_cast<char>((i * 7 + i / 251) & 0xff);
    path = std::filesystem::temp_directory_path() / ("webapi-multipart-" + std::to_string(size) + ".bin");
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  ~DiskFile() { std::filesystem::remove(path); }
};

// Everything a stream writes, or the reason it stopped.
std::string drain(const BodyStream& s, std::string& error) {
  std::string out;
  error = s.write([&](std::string_view piece) {
    out += piece;
    return true;
  });
  return out;
}
}  // namespace

BOOST_AUTO_TEST_CASE(a_file_on_disk_is_read_whole_by_body_and_in_pieces_by_stream) {
  DiskFile file(200 * 1024 + 3);  // more than three 64 KiB pieces
  MultipartForm form;
  form.field("title", "t").file_from_disk("data", "f.bin", file.path.string(), "application/x-test");
  std::string body = form.body();
  BOOST_TEST(body.find("filename=\"f.bin\"\r\nContent-Type: application/x-test\r\n\r\n" + file.bytes + "\r\n") !=
             std::string::npos);
  std::string problem;
  auto stream = form.stream(problem);
  BOOST_REQUIRE(stream);
  BOOST_TEST(problem.empty());
  BOOST_TEST(stream->size == body.size());
  std::string error;
  BOOST_TEST(drain(*stream, error) == body);
  BOOST_TEST(error.empty());
}

BOOST_AUTO_TEST_CASE(a_file_that_shrinks_after_the_form_is_made_fails_the_send_naming_it) {
  DiskFile file(1000);
  MultipartForm form;
  form.file_from_disk("data", "f.bin", file.path.string());
  std::string problem;
  auto stream = form.stream(problem);
  BOOST_REQUIRE(stream);
  std::filesystem::resize_file(file.path, 10);
  std::string error;
  drain(*stream, error);
  BOOST_TEST(error.find("became shorter") != std::string::npos);
  BOOST_TEST(error.find(file.path.string()) != std::string::npos);
  std::filesystem::remove(file.path);
  drain(*stream, error);
  BOOST_TEST(error == "cannot open the file to upload: " + file.path.string());
}

BOOST_AUTO_TEST_CASE(a_missing_file_or_a_directory_is_named_with_the_reason) {
  std::string problem;
  BOOST_TEST(!MultipartForm().file_from_disk("data", "x", "/nonexistent/x.bin").stream(problem));
  BOOST_TEST(problem ==
             "cannot read the file to upload for part 'data': /nonexistent/x.bin (No such file or directory)");
  auto dir = std::filesystem::temp_directory_path().string();
  BOOST_TEST(!MultipartForm().file_from_disk("data", "x", dir).stream(problem));
  BOOST_TEST(problem == "cannot read the file to upload for part 'data': " + dir + " (not a regular file)");
}

BOOST_AUTO_TEST_CASE(each_form_draws_its_own_boundary) {
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    std::string ct = MultipartForm().field("a", "b").content_type();
    std::string boundary = ct.substr(ct.find('=') + 1);
    BOOST_TEST(boundary.size() == 7u + 24u);
    BOOST_TEST(boundary.find_first_not_of("0123456789abcdef", 7) == std::string::npos);
    seen.insert(boundary);
  }
  BOOST_TEST(seen.size() == 50u);
}

BOOST_AUTO_TEST_CASE(from_file_names_the_part_after_the_last_path_component) {
  auto part = FilePart::from_file(std::filesystem::path("/music/takes/one.wav"), "audio/wav");
  BOOST_TEST(part.filename == "one.wav");
  BOOST_TEST(part.path == "/music/takes/one.wav");
  BOOST_TEST(part.content_type == "audio/wav");
  BOOST_TEST(FilePart::from_file("plain.bin").filename == "plain.bin");
  BOOST_TEST(FilePart::from_file("plain.bin").content_type == "application/octet-stream");
}

BOOST_AUTO_TEST_SUITE_END()
