#include "engine/gguf/gguf_value.h"

#include <limits>
#include <stdexcept>
#include <string>

namespace inferscope::gguf {

const char* value_type_name(ValueType t) {
  switch (t) {
    case ValueType::UINT8: return "UINT8";
    case ValueType::INT8: return "INT8";
    case ValueType::UINT16: return "UINT16";
    case ValueType::INT16: return "INT16";
    case ValueType::UINT32: return "UINT32";
    case ValueType::INT32: return "INT32";
    case ValueType::FLOAT32: return "FLOAT32";
    case ValueType::BOOL: return "BOOL";
    case ValueType::STRING: return "STRING";
    case ValueType::ARRAY: return "ARRAY";
    case ValueType::UINT64: return "UINT64";
    case ValueType::INT64: return "INT64";
    case ValueType::FLOAT64: return "FLOAT64";
  }
  return "UNKNOWN";
}

namespace {

// Unsigned integers are held as uint64_t, signed ones as int64_t, both float widths as double:
// the GGUF type tag keeps the width, so the writer can reproduce the exact bytes.
template <typename T>
Value make(ValueType t, T v) {
  Value out;
  out.type = t;
  out.data = v;
  return out;
}

[[noreturn]] void not_convertible(const Value& v, const char* wanted) {
  throw std::invalid_argument(std::string("GGUF value of type ") + value_type_name(v.type) + " is not " + wanted);
}

}  // namespace

Value Value::u8(uint8_t v) { return make(ValueType::UINT8, uint64_t{v}); }
Value Value::i8(int8_t v) { return make(ValueType::INT8, int64_t{v}); }
Value Value::u16(uint16_t v) { return make(ValueType::UINT16, uint64_t{v}); }
Value Value::i16(int16_t v) { return make(ValueType::INT16, int64_t{v}); }
Value Value::u32(uint32_t v) { return make(ValueType::UINT32, uint64_t{v}); }
Value Value::i32(int32_t v) { return make(ValueType::INT32, int64_t{v}); }
Value Value::u64(uint64_t v) { return make(ValueType::UINT64, v); }
Value Value::i64(int64_t v) { return make(ValueType::INT64, v); }
Value Value::f32(float v) { return make(ValueType::FLOAT32, double{v}); }
Value Value::f64(double v) { return make(ValueType::FLOAT64, v); }
Value Value::boolean(bool v) { return make(ValueType::BOOL, v); }
Value Value::str(std::string v) { return make(ValueType::STRING, std::move(v)); }

Value Value::array(ValueType element_type, std::vector<Value> items) {
  for (const Value& item : items) {
    if (item.type != element_type) {
      throw std::invalid_argument(std::string("GGUF array of ") + value_type_name(element_type) +
                                  " given an element of type " + value_type_name(item.type));
    }
  }
  Array a;
  a.element_type = element_type;
  a.items = std::move(items);
  return make(ValueType::ARRAY, std::move(a));
}

bool Value::is_integer() const {
  switch (type) {
    case ValueType::UINT8: case ValueType::INT8: case ValueType::UINT16: case ValueType::INT16:
    case ValueType::UINT32: case ValueType::INT32: case ValueType::UINT64: case ValueType::INT64:
      return true;
    default:
      return false;
  }
}

bool Value::is_float() const { return type == ValueType::FLOAT32 || type == ValueType::FLOAT64; }

uint64_t Value::as_u64() const {
  if (type == ValueType::BOOL) return std::get<bool>(data) ? 1 : 0;
  if (!is_integer()) not_convertible(*this, "an integer");
  if (const auto* u = std::get_if<uint64_t>(&data)) return *u;
  const int64_t s = std::get<int64_t>(data);
  if (s < 0) throw std::invalid_argument("GGUF value " + std::to_string(s) + " is negative, expected an unsigned value");
  return static_cast<uint64_t>(s);
}

int64_t Value::as_i64() const {
  if (!is_integer()) not_convertible(*this, "an integer");
  if (const auto* s = std::get_if<int64_t>(&data)) return *s;
  const uint64_t u = std::get<uint64_t>(data);
  if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    throw std::invalid_argument("GGUF value " + std::to_string(u) + " does not fit in a signed 64-bit integer");
  }
  return static_cast<int64_t>(u);
}

double Value::as_f64() const {
  if (is_float()) return std::get<double>(data);
  if (!is_integer()) not_convertible(*this, "a number");
  if (const auto* u = std::get_if<uint64_t>(&data)) return static_cast<double>(*u);
  return static_cast<double>(std::get<int64_t>(data));
}

bool Value::as_bool() const {
  if (type != ValueType::BOOL) not_convertible(*this, "a BOOL");
  return std::get<bool>(data);
}

const std::string& Value::as_string() const {
  if (type != ValueType::STRING) not_convertible(*this, "a STRING");
  return std::get<std::string>(data);
}

const Array& Value::as_array() const {
  if (type != ValueType::ARRAY) not_convertible(*this, "an ARRAY");
  return std::get<Array>(data);
}

}  // namespace inferscope::gguf
