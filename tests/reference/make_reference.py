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
        --model ../shared/models/stories260K.gguf --out tests/data/reference_stories260k.json --set stories
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

TOP_K = 20
N_TOKENS = 64


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--set", choices=["smollm", "stories"], default="smollm")
    args = ap.parse_args()

    prompts = SMOLLM_PROMPTS if args.set == "smollm" else STORIES_PROMPTS
    llm = Llama(model_path=args.model, n_ctx=512, n_batch=512, n_threads=2, logits_all=True, verbose=False, seed=0)
    n_vocab = llm.n_vocab()
    eog = {llm.token_eos()}
    for i in range(n_vocab):
        piece = llm.detokenize([i], special=True).decode("utf-8", errors="replace")
        if piece in ("<|im_end|>", "<|endoftext|>", "</s>"):
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
        for _ in range(N_TOKENS):
            row = np.array(llm.scores[llm.n_tokens - 1], dtype=np.float64)
            top2 = np.argsort(-row, kind="stable")[:2]
            nxt = int(top2[0])
            cont.append(nxt)
            margins.append(round(float(row[top2[0]] - row[top2[1]]), 5))
            if nxt in eog:
                break
            llm.eval([nxt])
        # Teacher-forced pass over prompt + continuation in one batch.
        seq = (ids + cont)[:N_TOKENS]
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
