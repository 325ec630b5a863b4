#include "engine/gguf/gguf_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>

#include "engine/gguf/gguf_parser.h"

namespace inferscope::gguf {

GgufError::GgufError(const std::string& what, uint64_t offset)
    : std::runtime_error(what + " (at offset " + std::to_string(offset) + ")"), offset_(offset) {}

struct GgufFile::Impl {
  // Exactly one of the two holds the bytes: a read-only mapping (open) or an owned copy (from_bytes).
  void* map = nullptr;
  size_t map_size = 0;
  std::vector<uint8_t> owned;

  std::string path;
  detail::ParsedFile parsed;
  uint64_t file_size = 0;
  std::map<std::string, size_t, std::less<>> key_index;
  std::map<std::string, size_t, std::less<>> tensor_index;

  ~Impl() {
    if (map != nullptr) munmap(map, map_size);
  }

  void parse(const uint8_t* data, uint64_t size) {
    file_size = size;
    parsed = detail::parse_gguf(data, size);
    for (size_t i = 0; i < parsed.metadata.size(); ++i) key_index.emplace(parsed.metadata[i].key, i);
    for (size_t i = 0; i < parsed.tensors.size(); ++i) tensor_index.emplace(parsed.tensors[i].name, i);
  }
};

GgufFile::GgufFile() : impl_(std::make_unique<Impl>()) {}
GgufFile::~GgufFile() = default;

std::unique_ptr<GgufFile> GgufFile::open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot open '" + path + "': " + std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const std::string why = S_ISREG(st.st_mode) ? std::strerror(errno) : "not a regular file";
    ::close(fd);
    throw std::runtime_error("cannot open '" + path + "': " + why);
  }
  std::unique_ptr<GgufFile> file(new GgufFile());
  file->impl_->path = path;
  const auto size = static_cast<size_t>(st.st_size);
  if (size > 0) {
    // Private read-only mapping: pages are shared with the page cache and nothing is copied.
    void* p = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    const int err = errno;
    ::close(fd);
    if (p == MAP_FAILED) throw std::runtime_error("cannot map '" + path + "': " + std::strerror(err));
    file->impl_->map = p;
    file->impl_->map_size = size;
    file->impl_->parse(static_cast<const uint8_t*>(p), size);
  } else {
    ::close(fd);
    file->impl_->parse(nullptr, 0);  // an empty file: the parser reports a truncated header
  }
  return file;
}

std::unique_ptr<GgufFile> GgufFile::from_bytes(const uint8_t* data, size_t size) {
  std::unique_ptr<GgufFile> file(new GgufFile());
  file->impl_->owned.assign(data, data + size);
  file->impl_->parse(file->impl_->owned.data(), size);
  return file;
}

uint32_t GgufFile::version() const { return impl_->parsed.version; }
uint64_t GgufFile::alignment() const { return impl_->parsed.alignment; }
uint64_t GgufFile::data_offset() const { return impl_->parsed.data_offset; }
uint64_t GgufFile::file_size() const { return impl_->file_size; }
const std::string& GgufFile::path() const { return impl_->path; }
const std::vector<KeyValue>& GgufFile::metadata() const { return impl_->parsed.metadata; }
const std::vector<TensorInfo>& GgufFile::tensors() const { return impl_->parsed.tensors; }

const Value* GgufFile::find(std::string_view key) const {
  const auto it = impl_->key_index.find(key);
  return it == impl_->key_index.end() ? nullptr : &impl_->parsed.metadata[it->second].value;
}

const TensorInfo* GgufFile::tensor(std::string_view name) const {
  const auto it = impl_->tensor_index.find(name);
  return it == impl_->tensor_index.end() ? nullptr : &impl_->parsed.tensors[it->second];
}

namespace {

[[noreturn]] void wrong_type(std::string_view key, const Value& v, const char* wanted) {
  throw GgufError("metadata key '" + std::string(key) + "' has type " + value_type_name(v.type) + ", expected " + wanted,
                  0);
}

}  // namespace

std::optional<uint64_t> GgufFile::get_u64(std::string_view key) const {
  const Value* v = find(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_integer()) wrong_type(key, *v, "an unsigned integer");
  if (v->type == ValueType::INT8 || v->type == ValueType::INT16 || v->type == ValueType::INT32 ||
      v->type == ValueType::INT64) {
    if (std::get<int64_t>(v->data) < 0) {
      throw GgufError("metadata key '" + std::string(key) + "' is negative (" +
                          std::to_string(std::get<int64_t>(v->data)) + "), expected an unsigned integer",
                      0);
    }
  }
  return v->as_u64();
}

std::optional<double> GgufFile::get_f64(std::string_view key) const {
  const Value* v = find(key);
  if (v == nullptr) return std::nullopt;
  if (!v->is_float() && !v->is_integer()) wrong_type(key, *v, "a number");
  return v->as_f64();
}

std::optional<bool> GgufFile::get_bool(std::string_view key) const {
  const Value* v = find(key);
  if (v == nullptr) return std::nullopt;
  if (v->type != ValueType::BOOL) wrong_type(key, *v, "BOOL");
  return v->as_bool();
}

std::optional<std::string> GgufFile::get_string(std::string_view key) const {
  const Value* v = find(key);
  if (v == nullptr) return std::nullopt;
  if (v->type != ValueType::STRING) wrong_type(key, *v, "STRING");
  return v->as_string();
}

uint64_t GgufFile::require_u64(std::string_view key) const {
  if (auto v = get_u64(key)) return *v;
  throw GgufError("missing required key '" + std::string(key) + "'", 0);
}

std::string GgufFile::require_string(std::string_view key) const {
  if (auto v = get_string(key)) return std::move(*v);
  throw GgufError("missing required key '" + std::string(key) + "'", 0);
}

}  // namespace inferscope::gguf
