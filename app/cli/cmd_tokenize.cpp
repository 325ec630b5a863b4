// inferscope-cli tokenize: token ids and pieces of a text, as the model's tokenizer produces them.
#include <cstdio>

#include "app/cli/cli_common.h"
#include "app/cli/commands.h"

namespace inferscope::cli {

namespace {

struct TokenizeOptions {
  ModelOptions model;
  std::string text;
  bool json = false;
  bool no_special = false;
};

int run_tokenize(const TokenizeOptions& o) {
  auto m = load_model_or_throw(o.model);
  const std::vector<int32_t> ids = m->tokenizer->encode(o.text, /*add_special=*/true, /*parse_special=*/!o.no_special);
  std::vector<std::string> pieces;
  for (int32_t id : ids) pieces.push_back(m->tokenizer->token_to_piece(id, /*render_special=*/true));
  if (o.json) {
    nlohmann::json j;
    j["ids"] = ids;
    // Pieces are raw bytes; one that holds part of a multi-byte character is written with U+FFFD.
    j["pieces"] = pieces;
    std::printf("%s\n", j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    return 0;
  }
  for (size_t i = 0; i < ids.size(); ++i) std::printf("%6d -> '%s'\n", ids[i], pieces[i].c_str());
  std::printf("%zu tokens\n", ids.size());
  return 0;
}

}  // namespace

Command add_tokenize_command(CLI::App& root) {
  auto o = std::make_shared<TokenizeOptions>();
  CLI::App* app = root.add_subcommand("tokenize", "token ids and pieces of a text");
  add_model_option(app, o->model);
  app->add_option("text", o->text, "text to tokenize")->required();
  app->add_flag("--no-special", o->no_special, "treat special-token texts like <|im_start|> as plain text");
  app->add_flag("--json", o->json, "print {\"ids\": [...], \"pieces\": [...]}");
  return {app, [o] { return run_tokenize(*o); }};
}

}  // namespace inferscope::cli
