#!/usr/bin/env python3
"""Writes tests/data/tokenizer_expected.json: token ids produced by llama.cpp (through llama-cpp-python)
for a fixed set of strings, for the two models the tests use. tst_tokenizer_reference compares our
tokenizer against these ids, so the expected values never come from our own code.

The SmolLM2 vocabulary is also written, without tensors, into temporary GGUF files whose
tokenizer.ggml.pre says "llama-bpe", "default" and "gpt-2", so that llama.cpp's other pre-tokenizer
regexes are covered too (the test relabels the vocabulary the same way).

Reproduce (from the repository root):
    pip install llama-cpp-python==0.3.16 gguf
    python3 tests/reference/make_tokenizer_expected.py \
        --smollm ~/.cache/inferscope/models/SmolLM2-135M-Instruct.Q4_1.gguf \
        --stories tests/data/models/stories260K.gguf \
        --out tests/data/tokenizer_expected.json
"""
import argparse
import json
import os
import random
import tempfile

import llama_cpp
from llama_cpp import Llama
from gguf import GGUFReader, GGUFValueType, GGUFWriter

PINNED_VERSION = "0.3.16"

# (text, add_special, parse_special). Chosen to cover the pre-tokenizer's corners: digits, contractions,
# whitespace runs, newlines, CJK, emoji (multi-byte, ZWJ sequences), code indentation and special tokens.
CASES = [
    ("Hello world", True, False),
    ("Once upon a time", True, False),
    ("Once upon a time", False, False),
    ("The quick brown fox jumps over the lazy dog.", True, False),
    ("今天天氣很好，我們去公園散步吧。", True, False),
    ("今天天气很好，我们去公园散步吧。", True, False),
    ("I love pizza 🍕😀👍🏽 and 👨‍👩‍👧 emoji", True, False),
    ("def add(a, b):\n    return a + b\n\n\tif x:\n\t\tpass\n", True, False),
    ("    indented = [1, 2, 3]  # comment\n        deeper()\n", True, False),
    ("12345", True, False),
    ("3.14159", True, False),
    ("The year 2024 had 365 days, pi=3.14159 and 1,000,000 people.", True, False),
    (" leading space", True, False),
    ("trailing space ", True, False),
    ("  multiple   spaces  here  ", True, False),
    ("   ", True, False),
    ("", True, False),
    ("line1\nline2\n\nline3\r\n", True, False),
    ("\n\n\n", True, False),
    ("tab\tseparated\tvalues\n", True, False),
    ("don't I'll we're he's they've I'd I'm", True, False),
    ("DON'T I'LL WE'RE", True, False),
    ("Ünïcödé café naïve résumé", True, False),
    ("Привет мир", True, False),
    ("こんにちは世界", True, False),
    ("안녕하세요", True, False),
    ("مرحبا بالعالم", True, False),
    ("Hello!!! How are you??? ... --- (ok)", True, False),
    ("non-breaking\u00a0space and\u3000ideographic space", True, False),
    ("<|im_start|>user\nhi<|im_end|>", True, True),
    ("<|im_start|>user\nhi<|im_end|>", True, False),
    ("<|im_start|>system\nYou are helpful.<|im_end|>\n<|im_start|>user\nWhat is 2+2?<|im_end|>\n"
     "<|im_start|>assistant\n", False, True),
    ("<|endoftext|><|endoftext|>x", False, True),
    ("<s>hello</s> world", True, True),
    ("<s>hello</s> world", True, False),
]


def random_cases(count, seed=7):
    """Short random mixes of the characters the pre-tokenizers treat differently (seeded, reproducible)."""
    alphabet = list("abcXYZ  \n\n\t\r0123456789'.,!?-_()[]{}<>|$+=^~`\"") + [
        "'s", "'T", "'ll", "'RE", "é", "ß", "中", "文", "😀", "👍🏽", "\u00a0", "\u3000", "²", "Ⅻ", "٣",
        "<|im_start|>", "<|im_end|>", "<s>", "</s>", "   ", "\t\t", "\n "]
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24)))
        out += [(text, True, False), (text, False, True)]
    return out


def relabelled_copy(src, pre, path):
    """Writes src's metadata (no tensors) to path with tokenizer.ggml.pre replaced."""
    reader = GGUFReader(src)
    writer = GGUFWriter(path, "llama")
    for key, field in reader.fields.items():
        if key.startswith("GGUF.") or key == "general.architecture":
            continue
        types = field.types
        if key == "tokenizer.ggml.pre":
            writer.add_string(key, pre)
        elif types[0] == GGUFValueType.ARRAY:
            if types[-1] == GGUFValueType.STRING:
                values = [bytes(field.parts[i]).decode("utf-8") for i in field.data]
            else:
                values = [field.parts[i].tolist()[0] for i in field.data]
            writer.add_key_value(key, values, GGUFValueType.ARRAY, sub_type=types[-1])
        elif types[0] == GGUFValueType.STRING:
            writer.add_key_value(key, bytes(field.parts[field.data[0]]).decode("utf-8"), types[0])
        else:
            writer.add_key_value(key, field.parts[field.data[0]].tolist()[0], types[0])
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def tokenize_all(path, cases):
    model = Llama(model_path=path, vocab_only=True, verbose=False)
    rows = []
    for text, add_special, parse_special in cases:
        ids = model.tokenize(text.encode("utf-8"), add_bos=add_special, special=parse_special)
        rows.append({"text": text, "add_special": add_special, "parse_special": parse_special, "ids": ids})
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smollm", default=os.path.expanduser(
        "~/.cache/inferscope/models/SmolLM2-135M-Instruct.Q4_1.gguf"))
    parser.add_argument("--stories", default=os.path.join(
        os.path.dirname(__file__), "..", "data", "models", "stories260K.gguf"))
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "data",
                                                      "tokenizer_expected.json"))
    args = parser.parse_args()
    if llama_cpp.__version__ != PINNED_VERSION:
        raise SystemExit(f"llama-cpp-python {llama_cpp.__version__} found; pin {PINNED_VERSION}")
    cases = CASES + random_cases(40)
    data = {
        "generator": "tests/reference/make_tokenizer_expected.py",
        "llama_cpp_python": llama_cpp.__version__,
        "models": {
            "smollm2": {"file": os.path.basename(args.smollm), "cases": tokenize_all(args.smollm, cases)},
            "stories260k": {"file": os.path.basename(args.stories), "cases": tokenize_all(args.stories, cases)},
        },
    }
    with tempfile.TemporaryDirectory() as tmp:
        for pre in ("llama-bpe", "default", "gpt-2"):
            path = os.path.join(tmp, f"smollm2-{pre}.gguf")
            relabelled_copy(args.smollm, pre, path)
            data["models"][f"smollm2_pre_{pre}"] = {"file": os.path.basename(args.smollm), "pre": pre,
                                                   "cases": tokenize_all(path, CASES)}
    # One case per line keeps the file small and its diffs readable.
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("{\n")
        f.write(f' "generator": {json.dumps(data["generator"])},\n')
        f.write(f' "llama_cpp_python": {json.dumps(data["llama_cpp_python"])},\n')
        f.write(' "models": {\n')
        for m, (key, model) in enumerate(data["models"].items()):
            head = {k: v for k, v in model.items() if k != "cases"}
            f.write(f'  {json.dumps(key)}: {json.dumps(head, ensure_ascii=False)[:-1]}, "cases": [\n')
            rows = [json.dumps(c, ensure_ascii=False) for c in model["cases"]]
            f.write(",\n".join("   " + r for r in rows))
            f.write("\n  ]}" + ("," if m + 1 < len(data["models"]) else "") + "\n")
        f.write(" }\n}\n")


if __name__ == "__main__":
    main()
