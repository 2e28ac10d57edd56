#pragma once
// Small models covering each mapping the codec supports.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include <boost/describe.hpp>
#include <boost/json/value.hpp>

#include <webapi/core/box.hpp>
#include <webapi/core/open_enum.hpp>
#include <webapi/core/optional.hpp>
#include <webapi/core/wire_enum.hpp>
#include <webapi/core/wire_name.hpp>

namespace testmodels {

enum class Kind { track, playlist, system_playlist };
constexpr auto wire_values(Kind) noexcept {
  return std::array<webapi::EnumValue<Kind>, 3>{
      {{Kind::track, "track"}, {Kind::playlist, "playlist"}, {Kind::system_playlist, "system-playlist"}}};
}

struct User {
  std::int64_t id = 0;
  std::string username;
  std::optional<std::string> city;
  friend bool operator==(const User&, const User&) = default;
};
BOOST_DESCRIBE_STRUCT(User, (), (id, username, city))

struct Track {
  std::int32_t id = 0;
  std::string title;
  Kind kind = Kind::track;
  User user;
  std::optional<double> bpm;
  std::vector<std::string> tags;
  friend bool operator==(const Track&, const Track&) = default;
};
BOOST_DESCRIBE_STRUCT(Track, (), (id, title, kind, user, bpm, tags))

// What generated models hold: enums a service may extend.
struct Tagged {
  webapi::OpenEnum<Kind> kind;
  std::optional<webapi::OpenEnum<Kind>> previous;
  std::vector<webapi::OpenEnum<Kind>> history;
  friend bool operator==(const Tagged&, const Tagged&) = default;
};
BOOST_DESCRIBE_STRUCT(Tagged, (), (kind, previous, history))

struct Page {
  std::vector<Track> collection;
  std::optional<std::string> next_href;
  friend bool operator==(const Page&, const Page&) = default;
};
BOOST_DESCRIBE_STRUCT(Page, (), (collection, next_href))

// A keyword member and a key that is no C++ name.
struct Renamed {
  bool default_ = false;
  std::optional<std::string> odata_type;
  std::int8_t class_ = 0;
  static constexpr webapi::Rename webapi_renames[] = {{"odata_type", "@odata.type"}};
  friend bool operator==(const Renamed&, const Renamed&) = default;
};
BOOST_DESCRIBE_STRUCT(Renamed, (), (default_, odata_type, class_))

struct Ints {
  std::int8_t i8 = 0;
  std::uint8_t u8 = 0;
  std::int16_t i16 = 0;
  std::uint16_t u16 = 0;
  std::int32_t i32 = 0;
  std::uint32_t u32 = 0;
  std::int64_t i64 = 0;
  std::uint64_t u64 = 0;
  friend bool operator==(const Ints&, const Ints&) = default;
};
BOOST_DESCRIBE_STRUCT(Ints, (), (i8, u8, i16, u16, i32, u32, i64, u64))

struct Node {
  std::string name;
  std::vector<webapi::Box<Node>> children;
  std::optional<webapi::Box<Node>> parent;
  friend bool operator==(const Node&, const Node&) = default;
};
BOOST_DESCRIBE_STRUCT(Node, (), (name, children, parent))

struct Cat {
  std::string meow;
  friend bool operator==(const Cat&, const Cat&) = default;
};
BOOST_DESCRIBE_STRUCT(Cat, (), (meow))
struct Dog {
  std::int32_t bark = 0;
  friend bool operator==(const Dog&, const Dog&) = default;
};
BOOST_DESCRIBE_STRUCT(Dog, (), (bark))

struct Pets {
  std::vector<std::variant<Cat, Dog>> pets;
  std::variant<std::int64_t, std::string> id;
  friend bool operator==(const Pets&, const Pets&) = default;
};
BOOST_DESCRIBE_STRUCT(Pets, (), (pets, id))

// Alternatives whose members are all optional: any object decodes as either.
struct Song {
  std::optional<std::string> title;
  std::optional<std::int32_t> duration;
  friend bool operator==(const Song&, const Song&) = default;
};
BOOST_DESCRIBE_STRUCT(Song, (), (title, duration))
struct Album {
  std::optional<std::string> title;
  std::optional<std::vector<Song>> songs;
  friend bool operator==(const Album&, const Album&) = default;
};
BOOST_DESCRIBE_STRUCT(Album, (), (title, songs))
using Media = std::variant<Song, Album>;

struct Free {
  boost::json::value any;
  std::optional<boost::json::object> meta;
  std::optional<boost::json::array> list;
  friend bool operator==(const Free&, const Free&) = default;
};
BOOST_DESCRIBE_STRUCT(Free, (), (any, meta, list))

struct Maps {
  std::map<std::string, std::int32_t> counts;
  std::unordered_map<std::string, std::vector<std::string>> groups;
  std::optional<std::map<std::string, User>> users;
  friend bool operator==(const Maps&, const Maps&) = default;
};
BOOST_DESCRIBE_STRUCT(Maps, (), (counts, groups, users))

struct Grid {
  std::vector<std::vector<double>> rows;
  std::vector<bool> flags;
  float scale = 0;
  friend bool operator==(const Grid&, const Grid&) = default;
};
BOOST_DESCRIBE_STRUCT(Grid, (), (rows, flags, scale))

struct Base {
  std::string id;
  friend bool operator==(const Base&, const Base&) = default;
};
BOOST_DESCRIBE_STRUCT(Base, (), (id))
struct Derived : Base {
  std::int32_t n = 0;
  friend bool operator==(const Derived&, const Derived&) = default;
};
BOOST_DESCRIBE_STRUCT(Derived, (Base), (n))

struct Unsupported {
  const char* p = nullptr;
};
BOOST_DESCRIBE_STRUCT(Unsupported, (), (p))

// The generated models' optional, webapi::Optional: the same mapping as std::optional.
struct Listing {
  webapi::Optional<std::string> title;
  webapi::Optional<std::vector<webapi::Optional<std::int64_t>>> ids;
  webapi::Optional<User> owner;
  friend bool operator==(const Listing&, const Listing&) = default;
};
BOOST_DESCRIBE_STRUCT(Listing, (), (title, ids, owner))

}  // namespace testmodels
