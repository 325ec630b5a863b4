#pragma once
// A GGUF metadata value: any of the 13 value types, arrays nested to any depth.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace inferscope::gguf {

enum class ValueType : uint32_t {
  UINT8 = 0, INT8 = 1, UINT16 = 2, INT16 = 3, UINT32 = 4, INT32 = 5, FLOAT32 = 6, BOOL = 7,
  STRING = 8, ARRAY = 9, UINT64 = 10, INT64 = 11, FLOAT64 = 12,
};
const char* value_type_name(ValueType t);

struct Value;
struct Array {
  ValueType element_type = ValueType::UINT8;
  std::vector<Value> items;
};

struct Value {
  ValueType type = ValueType::UINT8;
  std::variant<uint64_t, int64_t, double, bool, std::string, Array> data;

  // Constructors for each GGUF type (the writer uses these).
  static Value u8(uint8_t v); static Value i8(int8_t v); static Value u16(uint16_t v); static Value i16(int16_t v);
  static Value u32(uint32_t v); static Value i32(int32_t v); static Value u64(uint64_t v); static Value i64(int64_t v);
  static Value f32(float v); static Value f64(double v); static Value boolean(bool v); static Value str(std::string v);
  static Value array(ValueType element_type, std::vector<Value> items);

  bool is_integer() const;   // any of the 8 integer types
  bool is_float() const;     // FLOAT32 or FLOAT64
  // Conversions; throw std::invalid_argument naming the actual type when not convertible.
  uint64_t as_u64() const;   // integers >= 0 (and BOOL)
  int64_t as_i64() const;    // integers
  double as_f64() const;     // floats and integers
  bool as_bool() const;
  const std::string& as_string() const;
  const Array& as_array() const;
};

struct KeyValue {
  std::string key;
  Value value;
};

}  // namespace inferscope::gguf
