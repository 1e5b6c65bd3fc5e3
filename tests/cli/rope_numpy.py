#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`posenc-lab rope` against the reference code of RoPE scaling, written again here with numpy.

    rope_numpy.py POSENC_LAB_BINARY

Each case is a Hugging Face config.json shaped as published models ship theirs. This script
computes its frequencies the way transformers' modeling_rope_utils does (the functions below
follow _compute_*_parameters rule by rule, as docs/context-extension.md states them, in float64),
runs `posenc-lab rope CONFIG --json` and compares every pair's inv_freq and inv_freq_scaled, the
attention factor, the dimension, the base and the factor (relative 1e-12). Then the contract:
one JSON object on stdout and nothing on stderr; the text report; the refusals (exit 2, one line
on stderr naming the key, nothing on stdout), in English and in Chinese.
Exit 0 when every case agrees.
"""
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np


def rope_params(config):
    """The dict transformers reads the method from: rope_parameters (v5) or rope_scaling."""
    return config.get("rope_parameters") or config.get("rope_scaling")


def head_dim(config):
    dim = config.get("qk_rope_head_dim") or config.get("head_dim") \
        or config["hidden_size"] // config["num_attention_heads"]
    params = rope_params(config) or {}
    partial = params.get("partial_rotary_factor") or config.get("partial_rotary_factor") \
        or config.get("rotary_pct") or 1.0
    return int(dim * partial)


def default(config):
    params = rope_params(config) or {}
    base = params.get("rope_theta") or config.get("rope_theta") or config.get("rotary_emb_base") or 10000.0
    dim = head_dim(config)
    inv = 1.0 / (base ** (np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim))
    return inv, base, dim


def compute(config, seq_len=None):
    """(inv_freq, inv_freq_scaled, attention_factor, factor) as transformers computes them."""
    inv, base, dim = default(config)
    params = rope_params(config)
    kind = (params or {}).get("rope_type", (params or {}).get("type", "default"))
    kind = {"su": "longrope", "mrope": "default"}.get(kind, kind)
    max_pos = config.get("max_position_embeddings")
    if kind == "default":
        return inv, inv, 1.0, 1.0
    factor = params.get("factor")
    if kind == "linear":
        return inv, inv / factor, 1.0, factor
    if kind == "dynamic":
        seq = max(seq_len or max_pos, max_pos)
        new_base = base * ((factor * seq / max_pos) - (factor - 1)) ** (dim / (dim - 2))
        scaled = 1.0 / (new_base ** (np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim))
        return inv, scaled, 1.0, factor
    if kind == "yarn":
        original = params.get("original_max_position_embeddings") or max_pos
        if factor is None:
            factor = max_pos / original
        beta_fast = params.get("beta_fast") or 32
        beta_slow = params.get("beta_slow") or 1
        mscale, mscale_all_dim = params.get("mscale"), params.get("mscale_all_dim")
        truncate = params.get("truncate", True)

        def get_mscale(scale, m=1):
            return 1.0 if scale <= 1 else 0.1 * m * math.log(scale) + 1.0

        attention = params.get("attention_factor")
        if attention is None:
            if mscale and mscale_all_dim:
                attention = get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim)
            else:
                attention = get_mscale(factor)

        def correction_dim(rotations):
            return (dim * math.log(original / (rotations * 2 * math.pi))) / (2 * math.log(base))

        low, high = correction_dim(beta_fast), correction_dim(beta_slow)
        if truncate:
            low, high = math.floor(low), math.ceil(high)
        low, high = max(low, 0), min(high, dim - 1)
        if low == high:
            high += 0.001
        ramp = np.clip((np.arange(dim // 2, dtype=np.float64) - low) / (high - low), 0, 1)
        extrapolation = 1 - ramp
        scaled = (inv / factor) * (1 - extrapolation) + inv * extrapolation
        return inv, scaled, attention, factor
    if kind == "llama3":
        low_ff, high_ff = params["low_freq_factor"], params["high_freq_factor"]
        old = params["original_max_position_embeddings"]
        wavelen = 2 * math.pi / inv
        scaled = np.where(wavelen > old / low_ff, inv / factor, inv)
        smooth = (old / wavelen - low_ff) / (high_ff - low_ff)
        smoothed = (1 - smooth) * scaled / factor + smooth * scaled
        medium = ~(wavelen < old / high_ff) * ~(wavelen > old / low_ff)
        return inv, np.where(medium, smoothed, scaled), 1.0, factor
    if kind == "longrope":
        original = params.get("original_max_position_embeddings") \
            or config.get("original_max_position_embeddings") or max_pos
        if factor is None:
            factor = max_pos / original if "original_max_position_embeddings" in config or \
                "original_max_position_embeddings" in params else 1.0
        attention = params.get("attention_factor")
        if attention is None:
            attention = 1.0 if factor <= 1.0 else math.sqrt(1 + math.log(factor) / math.log(original))
        ext = params["long_factor"] if seq_len and seq_len > original else params["short_factor"]
        return inv, inv / np.asarray(ext, dtype=np.float64), attention, factor
    raise ValueError(kind)


def ramp_list(n, first, last):
    return [float(x) for x in np.linspace(first, last, n)]


CASES = [
    ("Llama 2", {"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096,
                 "rope_theta": 10000.0, "rope_scaling": None}, None),
    ("LongChat linear", {"hidden_size": 5120, "num_attention_heads": 40, "max_position_embeddings": 16384,
                         "rope_scaling": {"type": "linear", "factor": 8.0}}, None),
    ("dynamic at 4L", {"head_dim": 128, "max_position_embeddings": 4096,
                       "rope_scaling": {"rope_type": "dynamic", "factor": 4.0}}, 16384),
    ("dynamic at 1M", {"head_dim": 256, "max_position_embeddings": 32768, "rope_theta": 1e6,
                       "rope_scaling": {"rope_type": "dynamic", "factor": 2.0}}, 1000000),
    ("Qwen2.5 YaRN", {"hidden_size": 5120, "num_attention_heads": 40, "max_position_embeddings": 131072,
                      "rope_theta": 1000000.0,
                      "rope_scaling": {"factor": 4.0, "original_max_position_embeddings": 32768,
                                       "type": "yarn"}}, None),
    ("DeepSeek-V3", {"hidden_size": 7168, "num_attention_heads": 128, "qk_rope_head_dim": 64,
                     "max_position_embeddings": 163840, "rope_theta": 10000,
                     "rope_scaling": {"beta_fast": 32, "beta_slow": 1, "factor": 40, "mscale": 0.707,
                                      "mscale_all_dim": 1.0, "original_max_position_embeddings": 4096,
                                      "type": "yarn"}}, None),
    ("gpt-oss", {"head_dim": 64, "num_attention_heads": 64, "hidden_size": 2880,
                 "max_position_embeddings": 131072, "rope_theta": 150000,
                 "rope_scaling": {"beta_fast": 32.0, "beta_slow": 1.0, "factor": 32.0,
                                  "original_max_position_embeddings": 4096, "rope_type": "yarn",
                                  "truncate": False}}, None),
    ("YaRN explicit attention", {"head_dim": 128, "max_position_embeddings": 65536,
                                 "rope_scaling": {"rope_type": "yarn", "factor": 16, "attention_factor": 0.9,
                                                  "beta_fast": 16, "beta_slow": 2}}, None),
    ("Llama 3.1 8B", {"hidden_size": 4096, "num_attention_heads": 32, "head_dim": 128,
                      "max_position_embeddings": 131072, "rope_theta": 500000.0,
                      "rope_scaling": {"factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                                       "original_max_position_embeddings": 8192, "rope_type": "llama3"}}, None),
    ("Llama 3.2 1B", {"hidden_size": 2048, "num_attention_heads": 32, "head_dim": 64,
                      "max_position_embeddings": 131072, "rope_theta": 500000.0,
                      "rope_scaling": {"factor": 32.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                                       "original_max_position_embeddings": 8192, "rope_type": "llama3"}}, None),
    ("Phi-3 short", {"hidden_size": 3072, "num_attention_heads": 32, "max_position_embeddings": 131072,
                     "original_max_position_embeddings": 4096, "rope_theta": 10000.0,
                     "rope_scaling": {"type": "longrope", "short_factor": ramp_list(48, 1.05, 3.05),
                                      "long_factor": ramp_list(48, 1.03, 64.81)}}, None),
    ("Phi-3 long", {"hidden_size": 3072, "num_attention_heads": 32, "max_position_embeddings": 131072,
                    "original_max_position_embeddings": 4096, "rope_theta": 10000.0,
                    "rope_scaling": {"type": "su", "short_factor": ramp_list(48, 1.05, 3.05),
                                     "long_factor": ramp_list(48, 1.03, 64.81)}}, 8192),
    ("v5 rope_parameters", {"head_dim": 128, "max_position_embeddings": 131072,
                            "rope_parameters": {"rope_type": "yarn", "rope_theta": 1e6, "factor": 4.0,
                                                "original_max_position_embeddings": 32768}}, None),
    ("GPT-NeoX rotary_pct", {"hidden_size": 2560, "num_attention_heads": 32, "rotary_pct": 0.25,
                             "rotary_emb_base": 10000, "max_position_embeddings": 2048}, None),
]

REFUSALS = [
    ("not JSON", b'{"head_dim": 128,', ["JSON"]),
    ("unknown rope_type", b'{"head_dim": 128, "rope_scaling": {"rope_type": "ntk-by-parts"}}', ["ntk-by-parts"]),
    ("list of the wrong length", b'{"head_dim": 8, "max_position_embeddings": 4096, "rope_scaling": '
                                 b'{"rope_type": "longrope", "short_factor": [1, 1, 1], "long_factor": [1, 1, 1, 1]}}',
     ["rope_scaling.short_factor", "4"]),
    ("missing key", b'{"head_dim": 128, "rope_scaling": {"rope_type": "llama3", "factor": 8, '
                    b'"high_freq_factor": 4, "original_max_position_embeddings": 8192}}',
     ["rope_scaling.low_freq_factor"]),
    ("wrong type", b'{"head_dim": "128"}', ["head_dim"]),
    ("not an object", b'[1, 2]', ["JSON"]),
    ("beyond a double", b'{"head_dim": 1e400}', []),
    ("no head dimension", b'{"max_position_embeddings": 4096}', ["head_dim", "num_attention_heads"]),
    ("odd rotary dimension", b'{"head_dim": 127, "max_position_embeddings": 4096}', ["head_dim", "127"]),
    ("out of range", b'{"head_dim": 128, "max_position_embeddings": 4096, "rope_theta": 0.5}', ["rope_theta", "0.5"]),
    ("layer type", b'{"head_dim": 128, "rope_parameters": {"sliding": {"rope_type": "default"}}}', ["sliding"]),
]


def run(binary, args, env=None):
    return subprocess.run([binary] + args, capture_output=True, timeout=60, env=env)


def close(a, b, rel=1e-12):
    return abs(a - b) <= rel * abs(b)


def check_case(binary, folder, name, config, seq_len):
    problems = []
    path = os.path.join(folder, name.replace(" ", "_") + ".json")
    with open(path, "w") as f:
        json.dump(config, f)
    args = ["rope", path, "--json"] + (["--seq-len", str(seq_len)] if seq_len else [])
    out = run(binary, args)
    if out.returncode != 0 or out.stderr:
        return [f"{name}: exit {out.returncode}, stderr {out.stderr!r}"]
    got = json.loads(out.stdout)
    inv, scaled, attention, factor = compute(config, seq_len)
    if got["dim"] != 2 * len(inv):
        problems.append(f"{name}: dim {got['dim']}, expected {2 * len(inv)}")
    if not close(got["attention_factor"], attention):
        problems.append(f"{name}: attention_factor {got['attention_factor']}, expected {attention}")
    if not close(got["factor"], factor):
        problems.append(f"{name}: factor {got['factor']}, expected {factor}")
    if len(got["pairs"]) != len(inv):
        return problems + [f"{name}: {len(got['pairs'])} pairs, expected {len(inv)}"]
    for i, pair in enumerate(got["pairs"]):
        if pair["i"] != i or not close(pair["inv_freq"], inv[i]) or not close(pair["inv_freq_scaled"], scaled[i]):
            problems.append(f"{name}: pair {i}: {pair['inv_freq']} -> {pair['inv_freq_scaled']}, "
                            f"expected {inv[i]} -> {scaled[i]}")
            break
        if not close(pair["divisor"], inv[i] / scaled[i]) or not close(pair["wavelength"], 2 * math.pi / inv[i]):
            problems.append(f"{name}: pair {i}: divisor or wavelength wrong")
            break
    for finding in got["findings"]:
        if set(finding) != {"code", "severity", "message"} or finding["severity"] not in ("info", "warning", "error"):
            problems.append(f"{name}: malformed finding {finding}")
    chinese = json.loads(run(binary, args + ["--lang", "zh_CN"]).stdout)
    for finding in chinese["findings"]:
        if not any("\u4e00" <= c <= "\u9fff" for c in finding["message"]):
            problems.append(f"{name}: finding {finding['code']} has no Chinese: {finding['message']!r}")
    text = run(binary, ["rope", path])
    if text.returncode != 0 or b"rope_type" not in text.stdout or text.stderr:
        problems.append(f"{name}: the text report failed: {text.returncode} {text.stderr!r}")
    return problems


def check_refusals(binary, folder):
    problems = []
    for name, data, mentions in REFUSALS:
        path = os.path.join(folder, "bad.json")
        with open(path, "wb") as f:
            f.write(data)
        for lang in ("en", "zh_CN"):
            extra = ["--layer-type", "full"] if name == "layer type" else []
            out = run(binary, ["rope", path, "--json", "--lang", lang] + extra)
            err = out.stderr.decode()
            if out.returncode != 2 or out.stdout or err.count("\n") != 1 or not err.startswith("posenc-lab: "):
                problems.append(f"{name} ({lang}): exit {out.returncode}, stdout {out.stdout!r}, stderr {err!r}")
            elif any(m not in err for m in mentions):
                problems.append(f"{name} ({lang}): {err!r} does not name {mentions}")
            elif lang == "zh_CN" and not any("\u4e00" <= c <= "\u9fff" for c in err):
                problems.append(f"{name}: the Chinese refusal has no Chinese: {err!r}")
    for args, mention in ((["--seq-len", "0"], "--seq-len"), (["--seq-len", "1.5"], "--seq-len"),
                          (["--bogus"], "--bogus"), ([], "config")):
        out = run(binary, ["rope"] + ([os.path.join(folder, "bad.json")] if args else []) + args)
        if out.returncode != 2 or out.stdout or mention not in out.stderr.decode():
            problems.append(f"rope {args}: exit {out.returncode}, stderr {out.stderr!r}")
    return problems


def main():
    binary = sys.argv[1]
    problems = []
    with tempfile.TemporaryDirectory() as folder:
        for name, config, seq_len in CASES:
            problems += check_case(binary, folder, name, config, seq_len)
        problems += check_refusals(binary, folder)
    for p in problems:
        print(p)
    print(f"{len(CASES)} configs, {len(REFUSALS)} refusals: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
