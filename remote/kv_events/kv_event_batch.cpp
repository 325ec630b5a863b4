#include "remote/kv_events/kv_event_batch.h"

#define MSGPACK_NO_BOOST 1
#include <msgpack.hpp>

#include <string_view>

namespace inferscope::remote {
namespace {

constexpr std::size_t kMaxPayload = 64u << 20;
constexpr std::size_t kMaxEntries = 1u << 20;

struct DecodeError {
  std::string what;
};

std::string hex(const char* p, std::size_t n) {
  static const char* kDigits = "0123456789abcdef";
  std::string out;
  out.reserve(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto b = static_cast<unsigned char>(p[i]);
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

std::string hash_key(const msgpack::object& o) {
  switch (o.type) {
    case msgpack::type::POSITIVE_INTEGER: return "i:" + std::to_string(o.via.u64);
    case msgpack::type::NEGATIVE_INTEGER: return "i:" + std::to_string(o.via.i64);
    case msgpack::type::BIN: return "b:" + hex(o.via.bin.ptr, o.via.bin.size);
    case msgpack::type::STR: return "b:" + hex(o.via.str.ptr, o.via.str.size);
    default: throw DecodeError{"a block hash is neither an integer nor bytes"};
  }
}

bool is_nil(const msgpack::object& o) { return o.type == msgpack::type::NIL; }

std::int64_t integer(const msgpack::object& o, const char* what) {
  if (o.type == msgpack::type::POSITIVE_INTEGER && o.via.u64 <= static_cast<std::uint64_t>(INT64_MAX))
    return static_cast<std::int64_t>(o.via.u64);
  if (o.type == msgpack::type::NEGATIVE_INTEGER) return o.via.i64;
  throw DecodeError{std::string(what) + " is not an integer"};
}

double number(const msgpack::object& o, const char* what) {
  if (o.type == msgpack::type::FLOAT32 || o.type == msgpack::type::FLOAT64) return o.via.f64;
  return static_cast<double>(integer(o, what));
}

std::string text(const msgpack::object& o) {
  if (o.type == msgpack::type::STR) return std::string(o.via.str.ptr, o.via.str.size);
  if (o.type == msgpack::type::BIN) return std::string(o.via.bin.ptr, o.via.bin.size);
  return {};
}

const msgpack::object_array& array(const msgpack::object& o, const char* what) {
  if (o.type != msgpack::type::ARRAY) throw DecodeError{std::string(what) + " is not a list"};
  return o.via.array;
}

std::vector<std::string> hashes(const msgpack::object& o) {
  std::vector<std::string> out;
  for (const msgpack::object& h : array(o, "block_hashes")) out.push_back(hash_key(h));
  return out;
}

// The fields of one event, by name, from either encoding.
struct EventFields {
  std::string tag;
  const msgpack::object* block_hashes = nullptr;
  const msgpack::object* parent = nullptr;
  const msgpack::object* token_ids = nullptr;
  const msgpack::object* block_size = nullptr;
  const msgpack::object* lora_id = nullptr;
  const msgpack::object* medium = nullptr;
};

EventFields fields_of(const msgpack::object& o) {
  EventFields f;
  if (o.type == msgpack::type::ARRAY) {
    const auto& a = o.via.array;
    if (a.size == 0) throw DecodeError{"an event is an empty list"};
    f.tag = text(a.ptr[0]);
    auto at = [&](std::uint32_t i) { return i < a.size ? &a.ptr[i] : nullptr; };
    if (f.tag == "BlockStored") {
      f.block_hashes = at(1);
      f.parent = at(2);
      f.token_ids = at(3);
      f.block_size = at(4);
      f.lora_id = at(5);
      f.medium = at(6);
    } else if (f.tag == "BlockRemoved") {
      f.block_hashes = at(1);
      f.medium = at(2);
    }
    return f;
  }
  if (o.type == msgpack::type::MAP) {
    for (std::uint32_t i = 0; i < o.via.map.size; ++i) {
      const std::string key = text(o.via.map.ptr[i].key);
      const msgpack::object* v = &o.via.map.ptr[i].val;
      if (key == "type") f.tag = text(*v);
      else if (key == "block_hashes") f.block_hashes = v;
      else if (key == "parent_block_hash") f.parent = v;
      else if (key == "token_ids") f.token_ids = v;
      else if (key == "block_size") f.block_size = v;
      else if (key == "lora_id") f.lora_id = v;
      else if (key == "medium") f.medium = v;
    }
    return f;
  }
  throw DecodeError{"an event is neither a list nor a map"};
}

std::optional<KvEvent> read_event(const msgpack::object& o) {
  const EventFields f = fields_of(o);
  KvEvent e;
  if (f.tag == "BlockStored") {
    e.kind = KvEventKind::BlockStored;
    if (!f.block_hashes || !f.token_ids || !f.block_size) throw DecodeError{"BlockStored without its fields"};
    e.block_hashes = hashes(*f.block_hashes);
    if (f.parent && !is_nil(*f.parent)) e.parent_hash = hash_key(*f.parent);
    for (const msgpack::object& t : array(*f.token_ids, "token_ids")) e.token_ids.push_back(integer(t, "a token id"));
    const std::int64_t bs = integer(*f.block_size, "block_size");
    if (bs <= 0 || bs > (1 << 20)) throw DecodeError{"block_size out of range"};
    e.block_size = static_cast<int>(bs);
    if (f.lora_id && !is_nil(*f.lora_id)) e.lora_id = integer(*f.lora_id, "lora_id");
  } else if (f.tag == "BlockRemoved") {
    e.kind = KvEventKind::BlockRemoved;
    if (!f.block_hashes) throw DecodeError{"BlockRemoved without block_hashes"};
    e.block_hashes = hashes(*f.block_hashes);
  } else if (f.tag == "AllBlocksCleared") {
    e.kind = KvEventKind::AllBlocksCleared;
  } else {
    return std::nullopt;  // a kind a newer server sends: skipped
  }
  if (f.medium) e.medium = text(*f.medium);
  return e;
}

}  // namespace

KvDecodeResult decode_kv_event_batch(const void* data, std::size_t size) {
  KvDecodeResult out;
  if (size > kMaxPayload) {
    out.error = "payload of " + std::to_string(size) + " bytes is larger than 64 MiB";
    return out;
  }
  try {
    const msgpack::unpack_limit limits(kMaxEntries, kMaxEntries, kMaxPayload, kMaxPayload, kMaxPayload, 8);
    const msgpack::object_handle handle =
        msgpack::unpack(static_cast<const char*>(data), size, nullptr, nullptr, limits);
    const msgpack::object& root = handle.get();
    KvEventBatch batch;
    const msgpack::object* events = nullptr;
    if (root.type == msgpack::type::ARRAY) {
      const auto& a = root.via.array;
      if (a.size < 2) throw DecodeError{"a batch has fewer than two fields"};
      batch.ts = number(a.ptr[0], "ts");
      events = &a.ptr[1];
      if (a.size > 2 && !is_nil(a.ptr[2])) batch.data_parallel_rank = static_cast<int>(integer(a.ptr[2], "data_parallel_rank"));
    } else if (root.type == msgpack::type::MAP) {
      for (std::uint32_t i = 0; i < root.via.map.size; ++i) {
        const std::string key = text(root.via.map.ptr[i].key);
        const msgpack::object& v = root.via.map.ptr[i].val;
        if (key == "ts") batch.ts = number(v, "ts");
        else if (key == "events") events = &v;
        else if (key == "data_parallel_rank" && !is_nil(v)) batch.data_parallel_rank = static_cast<int>(integer(v, "data_parallel_rank"));
      }
      if (!events) throw DecodeError{"a batch without events"};
    } else {
      throw DecodeError{"a batch is neither a list nor a map"};
    }
    for (const msgpack::object& ev : array(*events, "events"))
      if (auto e = read_event(ev)) batch.events.push_back(std::move(*e));
    out.batch = std::move(batch);
  } catch (const DecodeError& e) {
    out.error = e.what;
  } catch (const std::exception& e) {
    out.error = std::string("not a msgpack event batch: ") + e.what();
  }
  return out;
}

}  // namespace inferscope::remote
