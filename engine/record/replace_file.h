#pragma once
// Writing a whole file so that a reader never sees half of it: the bytes go to PATH.part, which then
// replaces PATH. Recordings and traces are saved this way.
#include <string>
#include <string_view>

namespace inferscope::record {

// False with *error ("cannot write PATH") when the file could not be written; nothing is left behind then.
bool replace_file(const std::string& path, std::string_view bytes, std::string* error = nullptr);

}  // namespace inferscope::record
