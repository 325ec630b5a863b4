#!/usr/bin/env python3
"""Random-weight GGUF models of the architectures InferScope runs beyond plain llama, written with
llama.cpp's gguf-py (independent of our writer) so that llama.cpp can serve as the reference on the
very same files (tests/reference/make_reference.py --set stories, then tests/golden/tst_golden_archs.cpp).

Small models with the metadata kinds of the real ones (GQA everywhere):
  arch_llama3.gguf        llama with rope_freqs.weight (Llama 3.1/3.2 rope scaling: per-dimension
                          divisors; random here, in [1, 8], so that they change every position's angles)
  arch_llama_linear.gguf  llama with rope.scaling.type linear, factor 4 (all with an output.weight: tied
                          heads made these random models repeat one token, which hides attention)
  arch_qwen3.gguf         qwen3: per-head Q/K RMSNorm, key_length 32 != embedding / heads
  arch_gemma3.gguf        gemma3: window 8 with pattern 3 (layers 0, 1 local, 2 global), key_length 32,
                          global rope base 1e6, post-norms, GELU FFN
All use stories260K's SentencePiece vocabulary (512 tokens) and F32 weights.

    PYTHONPATH=<llama.cpp>/gguf-py python3 tests/reference/make_arch_models.py \
        --vocab tests/data/models/stories260K.gguf --out ~/.cache/inferscope/arch-models
packaging/bootstrap.sh does exactly this with the sdist's gguf-py and checks the files' pinned SHA-256
(the models are seeded: the same bytes every time), so no model file lives in the repository.

--real-llama32 PATH writes a random model with Llama-3.2-1B's exact shapes and metadata (F16,
~2.5 GB; quantize it with llama-quantize PATH out.gguf Q4_K_M) instead.
"""
import argparse
import math
import os

import numpy as np
from gguf import GGUFReader, GGUFWriter, RopeScalingType, TokenType  # noqa: F401


def read_vocab(path):
    r = GGUFReader(path)
    f = r.fields
    tokens = [bytes(f["tokenizer.ggml.tokens"].parts[i]).decode("utf-8") for i in f["tokenizer.ggml.tokens"].data]
    scores = [float(f["tokenizer.ggml.scores"].parts[i][0]) for i in f["tokenizer.ggml.scores"].data]
    types = [int(f["tokenizer.ggml.token_type"].parts[i][0]) for i in f["tokenizer.ggml.token_type"].data]
    return tokens, scores, types


def add_vocab(w, vocab):
    tokens, scores, types = vocab
    w.add_tokenizer_model("llama")
    w.add_tokenizer_pre("default")
    w.add_token_list(tokens)
    w.add_token_scores(scores)
    w.add_token_types(types)
    w.add_bos_token_id(1)
    w.add_eos_token_id(2)
    w.add_unk_token_id(0)
    w.add_add_bos_token(True)
    w.add_add_eos_token(False)


class Rand:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    def mat(self, n_out, n_in, scale=0.08):
        return (self.rng.standard_normal((n_out, n_in)) * scale).astype(np.float32)

    def norm(self, n):
        return (1.0 + 0.1 * self.rng.standard_normal(n)).astype(np.float32)


def write_model(path, arch, hp, vocab, seed, extra=None, dtype=np.float32):
    """hp: n_embd, n_ff, n_layers, n_heads, n_kv, head_dim; extra(w, rand) adds arch-specific parts."""
    rnd = Rand(seed)
    w = GGUFWriter(path, arch)
    w.add_name(f"random {arch} ({os.path.basename(path)})")
    n_vocab = len(vocab[0])
    E, F, L, H, KV, D = hp["n_embd"], hp["n_ff"], hp["n_layers"], hp["n_heads"], hp["n_kv"], hp["head_dim"]
    w.add_context_length(hp.get("ctx", 512))
    w.add_embedding_length(E)
    w.add_block_count(L)
    w.add_feed_forward_length(F)
    w.add_head_count(H)
    w.add_head_count_kv(KV)
    w.add_rope_freq_base(hp["rope_base"])
    w.add_layer_norm_rms_eps(hp.get("eps", 1e-5))
    if D * H != E or hp.get("write_key_length"):
        w.add_key_length(D)
        w.add_value_length(D)
    w.add_rope_dimension_count(D)
    w.add_vocab_size(n_vocab)
    add_vocab(w, vocab)
    cast = lambda a: a.astype(dtype) if a.ndim == 2 else a
    w.add_tensor("token_embd.weight", cast(rnd.mat(n_vocab, E, 0.1 if arch == "gemma3" else 1.0)))
    w.add_tensor("output_norm.weight", rnd.norm(E))
    if not hp.get("tied", True):
        w.add_tensor("output.weight", cast(rnd.mat(n_vocab, E)))
    for l in range(L):
        p = f"blk.{l}."
        w.add_tensor(p + "attn_norm.weight", rnd.norm(E))
        w.add_tensor(p + "attn_q.weight", cast(rnd.mat(H * D, E, 0.25)))
        w.add_tensor(p + "attn_k.weight", cast(rnd.mat(KV * D, E, 0.25)))
        w.add_tensor(p + "attn_v.weight", cast(rnd.mat(KV * D, E, 0.25)))
        w.add_tensor(p + "attn_output.weight", cast(rnd.mat(E, H * D, 0.1)))
        w.add_tensor(p + "ffn_norm.weight", rnd.norm(E))
        w.add_tensor(p + "ffn_gate.weight", cast(rnd.mat(F, E, 0.15)))
        w.add_tensor(p + "ffn_up.weight", cast(rnd.mat(F, E, 0.15)))
        w.add_tensor(p + "ffn_down.weight", cast(rnd.mat(E, F, 0.1)))
        if arch in ("qwen3", "gemma3"):
            w.add_tensor(p + "attn_q_norm.weight", rnd.norm(D))
            w.add_tensor(p + "attn_k_norm.weight", rnd.norm(D))
        if arch == "gemma3":
            w.add_tensor(p + "post_attention_norm.weight", rnd.norm(E))
            w.add_tensor(p + "post_ffw_norm.weight", rnd.norm(E))
    if extra:
        extra(w, rnd)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    print("wrote", path)


def llama3_factors(head_dim, base, factor=32.0, low=1.0, high=4.0, orig_ctx=8192):
    """Llama 3.1/3.2's divisors (rope_scaling llama3), as the model converters compute them."""
    freqs = 1.0 / (base ** (np.arange(0, head_dim, 2, dtype=np.float64) / head_dim))
    low_wavelen, high_wavelen = orig_ctx / low, orig_ctx / high
    out = []
    for f in freqs:
        wavelen = 2 * math.pi / f
        if wavelen < high_wavelen:
            out.append(1.0)
        elif wavelen > low_wavelen:
            out.append(factor)
        else:
            smooth = (orig_ctx / wavelen - low) / (high - low)
            out.append(1.0 / ((1 - smooth) / factor + smooth))
    return np.array(out, dtype=np.float32)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vocab", required=True, help="a GGUF whose SentencePiece vocabulary the models use")
    ap.add_argument("--out", default="tests/data")
    ap.add_argument("--real-llama32", help="write only a Llama-3.2-1B-shaped random model to this path")
    args = ap.parse_args()
    vocab = read_vocab(args.vocab)

    if args.real_llama32:
        # Llama-3.2-1B: 16 layers, 2048 hidden, 8192 FFN, 32 heads, 8 KV heads, head 64, base 500000,
        # tied embeddings, llama3 rope scaling factor 32 (rope_freqs.weight). Its 128256-token vocabulary
        # is not needed for the arithmetic; this one keeps the file loadable by both engines.
        hp = dict(n_embd=2048, n_ff=8192, n_layers=16, n_heads=32, n_kv=8, head_dim=64, rope_base=500000.0,
                  ctx=131072)
        write_model(args.real_llama32, "llama", hp, vocab, 7,
                    extra=lambda w, r: w.add_tensor("rope_freqs.weight", llama3_factors(64, 500000.0)),
                    dtype=np.float16)
        return

    os.makedirs(args.out, exist_ok=True)
    base = dict(n_embd=64, n_ff=128, n_layers=2, n_heads=4, n_kv=2, head_dim=16, rope_base=10000.0)

    def rope_freqs(w, rnd):
        w.add_tensor("rope_freqs.weight", (1.0 + 7.0 * rnd.rng.random(8)).astype(np.float32))
    write_model(os.path.join(args.out, "arch_llama3.gguf"), "llama", dict(base, tied=False), vocab, 1, rope_freqs)

    def linear(w, rnd):
        w.add_rope_scaling_type(RopeScalingType.LINEAR)
        w.add_rope_scaling_factor(4.0)
    write_model(os.path.join(args.out, "arch_llama_linear.gguf"), "llama", dict(base, tied=False), vocab, 2, linear)

    write_model(os.path.join(args.out, "arch_qwen3.gguf"), "qwen3", dict(base, head_dim=32, eps=1e-6, tied=False), vocab, 3)

    def gemma(w, rnd):
        w.add_sliding_window(8)
        w.add_sliding_window_pattern(3)
    write_model(os.path.join(args.out, "arch_gemma3.gguf"), "gemma3",
                dict(base, n_layers=3, n_heads=2, n_kv=1, head_dim=32, rope_base=1000000.0, eps=1e-6, tied=False), vocab, 4, gemma)


if __name__ == "__main__":
    main()
