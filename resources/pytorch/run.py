#!/usr/bin/env python3
"""The training lab's run, in PyTorch.

    python3 run.py OUT.csv

trains in float64 the model PosEnc Lab's training lab trains, from the same initial weights, on
the same examples in the same batches (all in run.npz beside this file, NumPy's format, no
pickle), and writes the CSV columns `posenc-lab train` writes, one row per step, so that the two
runs can be compared row by row. PosEnc Lab trains with backpropagation written by hand; this
program lets PyTorch's autograd and optimisers do it.

The modules follow the source texts: ScaledSinuEmbedding (an nn.Parameter scale times a sinusoid
whose angles come from einsum), LearnedSinusoidalPE (the sinusoid plus a learned adjustment) and
the three joins (add, concatenate then project, a learned alpha).
"""

import csv
import math
import os
import sys

import numpy as np
import torch
import torch.nn.functional as F
from torch import einsum, nn

# @SETTINGS@

torch.set_default_dtype(torch.float64)

PE_TORCH_DTYPE = {"float64": None, "float32": torch.float32, "float16": torch.float16}[PE_DTYPE]
SCALE_TORCH_DTYPE = torch.float32 if SCALE_STORAGE == "float32" else PE_TORCH_DTYPE


def rounded(x, dtype):
    """x rounded to `dtype` (None: not rounded) in the forward pass, with the gradient of the
    identity (straight through), as mixed-precision training treats a cast.

    PyTorch casts float64 to float16 through float32, two roundings, where the lab rounds once:
    a value within half a float32 step of a tie between two float16 numbers (about one in
    16,000) can round the other way, and the run then differs by that rounding from there on."""
    if dtype is None:
        return x
    return x + (x.to(dtype).to(x.dtype) - x).detach()


def sinusoid(max_len, dim):
    """PE(0 .. max_len-1) as the lab computes it: frequency w_i = BASE^(-2i/dim) ("paper") or
    BASE^(-i/(n-1)) ("tensor2tensor"), sin and cos of pos * w_i interleaved (columns 2i, 2i+1)
    or split ([sin | cos]); an odd dim keeps a lone sine (interleaved) or a zero column (split)."""
    count = (dim + 1) // 2 if LAYOUT == "interleaved" else dim // 2
    if FREQUENCIES == "paper":
        inv_freq = 1.0 / (BASE ** (torch.arange(0, 2 * count, 2).double() / dim))
    else:
        inv_freq = BASE ** (-torch.arange(count).double() / max(count - 1, 1))
    t = torch.arange(max_len).double()
    sinu = einsum("i,j->ij", t, inv_freq)
    pe = torch.zeros(max_len, dim)
    if LAYOUT == "interleaved":
        pe[:, 0::2] = sinu.sin()
        pe[:, 1::2] = sinu.cos()[:, : dim // 2]
    else:
        pe[:, : 2 * count] = torch.cat((sinu.sin(), sinu.cos()), dim=-1)
    return pe


def stored_scale(value):
    """The scale as the lab keeps it between steps: rounded to float32 or to the PE's dtype."""
    return value if SCALE_TORCH_DTYPE is None else value.to(SCALE_TORCH_DTYPE).to(value.dtype)


class ScaledSinuEmbedding(nn.Module):
    """P = s * PE, s learnable: the source text's module, its table computed once."""

    def __init__(self, dim, max_len):
        super().__init__()
        self.scale = nn.Parameter(stored_scale(torch.ones(1,) * SCALE_INIT))
        if CLAMP != "off":
            self.scale.data.clamp_(min=CLAMP_LOW, max=CLAMP_HIGH)  # the source text's clamp
        self.register_buffer("pe", rounded(sinusoid(max_len, dim), PE_TORCH_DTYPE), persistent=False)

    def forward(self, n):
        return rounded(self.pe[:n] * self.scale, PE_TORCH_DTYPE)


class LearnedSinusoidalPE(nn.Module):
    """P = PE + A, A learnable from zeros. The source text keeps PE as a frozen nn.Parameter; a
    buffer is the same constant, left out of the saved weights so that it is computed here."""

    def __init__(self, max_seq_len, d_model):
        super().__init__()
        self.register_buffer("base_pe", rounded(sinusoid(max_seq_len, d_model), PE_TORCH_DTYPE), persistent=False)
        self.learned_adjustment = nn.Parameter(torch.zeros(max_seq_len, d_model))

    def forward(self, seq_len):
        return rounded(self.base_pe[:seq_len] + self.learned_adjustment[:seq_len], PE_TORCH_DTYPE)


class LearnedPositionEmbedding(nn.Module):
    """P = L, a learned absolute table (nn.Embedding), rows 0 .. max_seq_len-1 only."""

    def __init__(self, max_seq_len, d_model):
        super().__init__()
        self.table = nn.Embedding(max_seq_len, d_model)

    def forward(self, n):
        return rounded(self.table.weight[:n], PE_TORCH_DTYPE)


class Join(nn.Module):
    """X from the token rows T and the position term P: T + P; [T | P] W (W [2d, d], no bias:
    the source text's nn.Linear(2 * d_model, d_model) without its bias); or a T + (1 - a) P."""

    def __init__(self, d_model):
        super().__init__()
        if JOIN == "concat_project":
            self.projection = nn.Parameter(torch.empty(2 * d_model, d_model))
        elif JOIN == "alpha":
            self.alpha = nn.Parameter(torch.tensor(0.5))

    def forward(self, t, p):
        if JOIN == "concat_project":
            return torch.cat([t, p.expand_as(t)], dim=-1) @ self.projection
        if JOIN == "alpha":
            return self.alpha * t + (1 - self.alpha) * p
        return t + p


class AttentionLayer(nn.Module):
    """H <- H + softmax(Z Wq (Z Wk)^T / sqrt(d)) Z Wv with Z = LayerNorm(H) (pre-norm) or H:
    one head, a residual connection, no output projection."""

    def __init__(self, d_model):
        super().__init__()
        self.query = nn.Parameter(torch.empty(d_model, d_model))
        self.key = nn.Parameter(torch.empty(d_model, d_model))
        self.value = nn.Parameter(torch.empty(d_model, d_model))
        self.norm = nn.LayerNorm(d_model, eps=1e-5) if LAYER_NORM else nn.Identity()

    def forward(self, h):
        z = self.norm(h)
        q, k, v = z @ self.query, z @ self.key, z @ self.value
        weights = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1]), dim=-1)
        return h + weights @ v


class Model(nn.Module):
    """Token embedding, position term, join, attention layers, a final layer norm, mean pooling
    over the slots and a linear classifier: the logits of each sequence."""

    def __init__(self):
        super().__init__()
        self.tokens = nn.Embedding(VOCAB, D_MODEL)
        if ENCODING == "scaled_sinu":
            self.position = ScaledSinuEmbedding(D_MODEL, SEQ_LEN)
        elif ENCODING == "learned_sinusoidal":
            self.position = LearnedSinusoidalPE(SEQ_LEN, D_MODEL)
        elif ENCODING == "learned":
            self.position = LearnedPositionEmbedding(SEQ_LEN, D_MODEL)
        else:
            self.position = None
        self.join = Join(D_MODEL) if self.position is not None else None
        self.layers = nn.ModuleList(AttentionLayer(D_MODEL) for _ in range(LAYERS))
        self.final_norm = nn.LayerNorm(D_MODEL, eps=1e-5) if LAYER_NORM else nn.Identity()
        self.classifier = nn.Parameter(torch.empty(D_MODEL, CLASSES))
        self.classifier_bias = nn.Parameter(torch.zeros(CLASSES))

    def position_term(self, n):
        return self.position(n) if self.position is not None else None

    def forward(self, x):
        h = self.tokens(x)
        if self.position is not None:
            h = self.join(h, self.position_term(x.shape[1]))
        for layer in self.layers:
            h = layer(h)
        pooled = self.final_norm(h).mean(dim=1)
        return pooled @ self.classifier + self.classifier_bias


def norm_ratio(model):
    """sqrt(mean_i |P_i|^2) / sqrt(mean_v |E_v|^2) at the training length: how loudly position
    speaks next to the tokens (0 without a position term)."""
    if model.position is None:
        return 0.0
    p = model.position_term(SEQ_LEN)
    position = torch.sqrt((p * p).sum() / SEQ_LEN)
    tokens = torch.sqrt((model.tokens.weight ** 2).sum() / VOCAB)
    return float(position / tokens)


def loss_and_accuracy(model, x, y):
    logits = model(x)
    # argmax takes the lowest class among equal logits, as the lab does.
    return F.cross_entropy(logits, y), float((logits.argmax(dim=-1) == y).double().mean())


def main(out_path):
    data = np.load(os.path.join(os.path.dirname(os.path.abspath(__file__)), "run.npz"), allow_pickle=False)
    model = Model()
    model.load_state_dict({name: torch.from_numpy(data[name]) for name in model.state_dict()})
    train_x = torch.from_numpy(data["train_tokens"]).long()
    train_y = torch.from_numpy(data["train_labels"]).long()
    heldout_x = torch.from_numpy(data["heldout_tokens"]).long()
    heldout_y = torch.from_numpy(data["heldout_labels"]).long()
    batches = torch.from_numpy(data["batches"]).long()

    # The scale learns at LR * SCALE_LR_RATIO, everything else at LR.
    scale = [model.position.scale] if ENCODING == "scaled_sinu" else []
    others = [p for p in model.parameters() if all(p is not s for s in scale)]
    groups = [{"params": others}] + ([{"params": scale, "lr": LR * SCALE_LR_RATIO}] if scale else [])
    if OPTIMIZER == "adam":
        optimizer = torch.optim.Adam(groups, lr=LR, betas=(0.9, 0.999), eps=1e-8)
    else:
        optimizer = torch.optim.SGD(groups, lr=LR)

    with open(out_path, "w", newline="") as out:
        out.write("# PyTorch %s, from %s\n" % (torch.__version__, COMMAND))
        if not scale:
            out.write("# scale: nan, the encoding %s has no scale\n" % ENCODING)
        rows = csv.writer(out, lineterminator="\n")
        rows.writerow(["step", "task", "loss", "accuracy", "heldout_loss", "heldout_accuracy", "scale", "norm_ratio"])
        for step in range(1, STEPS + 1):
            # The batch's loss and accuracy before its update, as the lab records them.
            batch = batches[step - 1]
            loss, accuracy = loss_and_accuracy(model, train_x[batch], train_y[batch])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            with torch.no_grad():
                if scale:
                    scale[0].copy_(stored_scale(scale[0]))
                    if CLAMP == "step":
                        scale[0].clamp_(min=CLAMP_LOW, max=CLAMP_HIGH)
                heldout_loss, heldout_accuracy = loss_and_accuracy(model, heldout_x, heldout_y)
                s = float(scale[0]) if scale else float("nan")
                rows.writerow([step, TASK, float(loss), accuracy, float(heldout_loss), heldout_accuracy, s,
                               norm_ratio(model)])


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python3 run.py OUT.csv")
    main(sys.argv[1])
