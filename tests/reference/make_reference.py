#!/usr/bin/env python3
"""Reference outputs from llama.cpp (PyPI llama-cpp-python==0.3.16), an implementation independent of ours.

For every prompt it records: the token ids llama.cpp produces, a greedy continuation (up to 64 tokens,
stopping early at end-of-generation), and the top-20 logits at every position of the teacher-forced
sequence (prompt + continuation, first 64 tokens). The golden tests (tests/golden/) compare our tokenizer,
logits and greedy text against these files.

Made with:
    python3 -m pip install llama-cpp-python==0.3.16
    python3 tests/reference/make_reference.py \
        --model ~/.cache/inferscope/models/SmolLM2-135M-Instruct.Q4_1.gguf --out tests/data/reference_smollm2.json
    python3 tests/reference/make_reference.py \
        --model tests/data/models/stories260K.gguf --out tests/data/reference_stories260k.json --set stories
    python3 tests/reference/make_reference.py \
        --model ~/.cache/inferscope/models/gemma-3-270m-q4_k_m.gguf --out tests/data/reference_gemma3.json --set gemma \
        --no-extra-bufts
    for m in llama3 llama_linear qwen3 gemma3; do   # the random models of make_arch_models.py
        python3 tests/reference/make_reference.py --model ~/.cache/inferscope/arch-models/arch_$m.gguf \
            --out tests/data/reference_arch_$m.json --set stories; done
The later files were made with llama-cpp-python 0.3.36's sources over a llama.cpp built as a shared
library (LLAMA_CPP_LIB_PATH); the "generator" field of each file says which. On a CPU with AMX that
build crashed in its AMX matmul for quantized weights, hence --no-extra-bufts for the Gemma file.
"""
import argparse
import json
import sys

import numpy as np
from llama_cpp import Llama, __version__ as LLAMA_CPP_PYTHON_VERSION

SMOLLM_PROMPTS = [
    ("english", "The capital of France is", False),
    ("zh_tw", "台灣的夜市有很多好吃的小吃，例如", False),
    ("zh_cn", "机器学习是人工智能的一个分支，它", False),
    ("code", "def fibonacci(n):\n    if n < 2:\n        return n\n", False),
    ("emoji", "I love pizza 🍕 and sushi 🍣! Ünïcödé façade naïve — ", False),
    ("leading_spaces", "   Once upon a time,  there were   three bears.", False),
    ("digits", "Compute 12345 + 67890 = 80235 and 3.14159 * 2 =", False),
    ("chat", "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n"
             "<|im_start|>user\nWhat is the boiling point of water?<|im_end|>\n<|im_start|>assistant\n", True),
    ("list", "Here are three tips for staying healthy:\n1.", False),
]

STORIES_PROMPTS = [
    ("once", "Once upon a time", False),
    ("lily", "Lily wanted to play with her ball", False),
    ("spaces", "  The little dog  ran", False),
]

# Gemma 3 270M: the SmolLM2 kinds of text in Gemma's turn format, and one prompt longer than the model's
# 512-token sliding window, teacher-forced over all of it, so the local layers' window is exercised.
LONG_TEXT = " ".join(
    f"Paragraph {i}: the river town kept its lanterns lit through the winter, and every evening the ferryman "
    f"counted {i * 7 % 23} boats, {i * 11 % 17} nets and the stars over the northern hills before closing the gate."
    for i in range(1, 19))
GEMMA_PROMPTS = [
    ("english", "The capital of France is", False),
    ("zh_tw", "台灣的夜市有很多好吃的小吃，例如", False),
    ("code", "def fibonacci(n):\n    if n < 2:\n        return n\n", False),
    ("emoji", "I love pizza 🍕 and sushi 🍣! Ünïcödé façade naïve — ", False),
    ("leading_spaces", "   Once upon a time,  there were   three bears.", False),
    ("digits", "Compute 12345 + 67890 = 80235 and 3.14159 * 2 =", False),
    ("chat", "<start_of_turn>user\nWhat is the boiling point of water?<end_of_turn>\n<start_of_turn>model\n", True),
    ("long", LONG_TEXT, False),
]

TOP_K = 20
N_TOKENS = 64
N_GREEDY_GEMMA = 32  # the golden test compares the first 32 greedy tokens; a 262k vocabulary makes each step slow
N_TOKENS_LONG = 640  # teacher-forced length of the "long" prompt (past the 512-token window)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--set", choices=["smollm", "stories", "gemma"], default="smollm")
    ap.add_argument("--no-extra-bufts", action="store_true",
                    help="run llama.cpp without its repacked weight buffers (AMX/repack kernels): the plain "
                         "CPU kernels, for machines where those crash")
    args = ap.parse_args()
    if args.no_extra_bufts:
        import llama_cpp.llama_cpp as lib
        default_params = lib.llama_model_default_params

        def plain_params():
            p = default_params()
            p.use_extra_bufts = False
            return p
        lib.llama_model_default_params = plain_params

    prompts = {"smollm": SMOLLM_PROMPTS, "stories": STORIES_PROMPTS, "gemma": GEMMA_PROMPTS}[args.set]
    n_ctx = 1024 if args.set == "gemma" else 512
    llm = Llama(model_path=args.model, n_ctx=n_ctx, n_batch=n_ctx, n_ubatch=n_ctx, n_threads=2, logits_all=True, verbose=False, seed=0)
    n_vocab = llm.n_vocab()
    eog = {llm.token_eos()}
    for i in range(n_vocab):
        piece = llm.detokenize([i], special=True).decode("utf-8", errors="replace")
        if piece in ("<|im_end|>", "<|endoftext|>", "</s>", "<end_of_turn>", "<eos>"):
            eog.add(i)

    out = {
        "generator": f"llama-cpp-python {LLAMA_CPP_PYTHON_VERSION}",
        "command": " ".join(sys.argv),
        "model": args.model.split("/")[-1],
        "n_vocab": n_vocab,
        "top_k": TOP_K,
        "prompts": [],
    }
    for name, text, special in prompts:
        ids = llm.tokenize(text.encode("utf-8"), add_bos=True, special=special)
        # Greedy continuation, one token at a time, recording the top-2 margin at each step.
        llm.reset()
        llm.eval(ids)
        cont, margins = [], []
        for _ in range(N_GREEDY_GEMMA if args.set == "gemma" else N_TOKENS):
            row = np.array(llm.scores[llm.n_tokens - 1], dtype=np.float64)
            top2 = np.argsort(-row, kind="stable")[:2]
            nxt = int(top2[0])
            cont.append(nxt)
            margins.append(round(float(row[top2[0]] - row[top2[1]]), 5))
            if nxt in eog:
                break
            llm.eval([nxt])
        # Teacher-forced pass over prompt + continuation in one batch.
        seq = (ids + cont)[:N_TOKENS_LONG if name == "long" else N_TOKENS]
        llm.reset()
        llm.eval(seq)
        top = []
        for pos in range(len(seq)):
            row = np.array(llm.scores[pos], dtype=np.float64)
            order = np.argsort(-row, kind="stable")[:TOP_K]
            top.append({"ids": [int(i) for i in order], "logits": [round(float(row[i]), 5) for i in order]})
        out["prompts"].append({
            "name": name,
            "text": text,
            "parse_special": special,
            "ids": ids,
            "greedy": cont,
            "greedy_top2_margin": margins,
            "greedy_text": llm.detokenize(cont).decode("utf-8", errors="replace"),
            "forced": seq,
            "forced_top": top,
        })
        print(f"{name}: {len(ids)} prompt tokens, {len(cont)} greedy tokens: {out['prompts'][-1]['greedy_text'][:60]!r}",
              file=sys.stderr)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
