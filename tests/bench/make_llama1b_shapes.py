#!/usr/bin/env python3
"""Writes an F16 GGUF with Llama-3.2-1B's shapes and random weights, for speed measurements only.

16 layers, 2048 embd, 8192 ffn, 32 heads, 8 KV heads, vocab 128256, tied embeddings, no rope_freqs.
The tokenizer is SmolLM2's (a GGUF given on the command line), padded with unused tokens up to the vocab.
Tensors are written one at a time, so memory stays small. Quantize it with llama.cpp's quantizer:
  llama-quantize OUT.gguf OUT-q4_k_m.gguf Q4_K_M
Usage: make_llama1b_shapes.py TOKENIZER_SOURCE.gguf OUT.gguf
"""
import sys

import numpy as np
import gguf

N_LAYER, N_EMBD, N_FF, N_HEAD, N_KV, N_VOCAB = 16, 2048, 8192, 32, 8, 128256
HEAD = N_EMBD // N_HEAD


def tokenizer_fields(path):
    r = gguf.GGUFReader(path)
    out = {}
    for name, f in r.fields.items():
        if not name.startswith("tokenizer."):
            continue
        if f.types and f.types[0] == gguf.GGUFValueType.ARRAY:
            if f.types[-1] == gguf.GGUFValueType.STRING:
                out[name] = [bytes(f.parts[i]).decode("utf-8") for i in f.data]
            else:
                out[name] = [int(f.parts[i][0]) for i in f.data]
        elif f.types[0] == gguf.GGUFValueType.STRING:
            out[name] = bytes(f.parts[f.data[0]]).decode("utf-8")
        else:
            out[name] = int(f.parts[f.data[0]][0])
    return out


def main():
    src, dst = sys.argv[1], sys.argv[2]
    tok = tokenizer_fields(src)
    tokens = tok["tokenizer.ggml.tokens"]
    types = tok.get("tokenizer.ggml.token_type", [1] * len(tokens))
    pad = N_VOCAB - len(tokens)
    tokens = tokens + [f"<unused_{i}>" for i in range(pad)]
    types = types + [5] * pad  # unused

    w = gguf.GGUFWriter(dst, "llama")
    w.add_name("random Llama-3.2-1B shapes")
    w.add_context_length(8192)
    w.add_embedding_length(N_EMBD)
    w.add_block_count(N_LAYER)
    w.add_feed_forward_length(N_FF)
    w.add_head_count(N_HEAD)
    w.add_head_count_kv(N_KV)
    w.add_rope_freq_base(500000.0)
    w.add_rope_dimension_count(HEAD)
    w.add_layer_norm_rms_eps(1e-5)
    w.add_vocab_size(N_VOCAB)
    w.add_file_type(gguf.LlamaFileType.MOSTLY_F16)
    w.add_tokenizer_model(tok["tokenizer.ggml.model"])
    if "tokenizer.ggml.pre" in tok:
        w.add_tokenizer_pre(tok["tokenizer.ggml.pre"])
    w.add_token_list(tokens)
    w.add_token_types(types)
    if "tokenizer.ggml.merges" in tok:
        w.add_token_merges(tok["tokenizer.ggml.merges"])
    for key, add in (("tokenizer.ggml.bos_token_id", w.add_bos_token_id), ("tokenizer.ggml.eos_token_id", w.add_eos_token_id)):
        if key in tok:
            add(tok[key])

    # (name, numpy shape = (rows, cols), dtype)
    specs = [("token_embd.weight", (N_VOCAB, N_EMBD), np.float16)]
    for i in range(N_LAYER):
        p = f"blk.{i}."
        specs += [
            (p + "attn_norm.weight", (N_EMBD,), np.float32),
            (p + "attn_q.weight", (N_EMBD, N_EMBD), np.float16),
            (p + "attn_k.weight", (N_KV * HEAD, N_EMBD), np.float16),
            (p + "attn_v.weight", (N_KV * HEAD, N_EMBD), np.float16),
            (p + "attn_output.weight", (N_EMBD, N_EMBD), np.float16),
            (p + "ffn_norm.weight", (N_EMBD,), np.float32),
            (p + "ffn_gate.weight", (N_FF, N_EMBD), np.float16),
            (p + "ffn_up.weight", (N_FF, N_EMBD), np.float16),
            (p + "ffn_down.weight", (N_EMBD, N_FF), np.float16),
        ]
    specs.append(("output_norm.weight", (N_EMBD,), np.float32))
    for name, shape, dt in specs:
        w.add_tensor_info(name, shape, np.dtype(dt), int(np.prod(shape)) * np.dtype(dt).itemsize)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_ti_data_to_file()
    rng = np.random.default_rng(1)
    for name, shape, dt in specs:
        if dt == np.float32:
            a = np.ones(shape, dtype=np.float32)
        else:
            a = (rng.standard_normal(shape, dtype=np.float32) * 0.02).astype(np.float16)
        w.write_tensor_data(a)
    w.close()


if __name__ == "__main__":
    main()
