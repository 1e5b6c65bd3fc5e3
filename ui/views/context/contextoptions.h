// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/ropescaling.h"

#include <QList>
#include <QString>

#include <optional>

namespace posenc {

struct Scene;

// What the lab's second plot shows, pair by pair or against a quantity: each pair's divisor,
// the turns it makes, RoFormer's decay bound against distance, the attention factor against
// the stretch, and the angle error of keys a dynamic method cached.
enum class ContextPlot { Divisor, Turns, Decay, Attention, CachedKeys };

// The context-extension lab's options, held in a scene's labs (labOptions<ContextOptions>):
// two methods side by side, the length L the model was trained on, the stretch s, the current
// sequence length, and the methods' own parameters. The ladder itself is the app's: d_model is
// the rotary head dimension d, and the base is the app's base.
struct ContextOptions {
    static constexpr double kMaxContext = 1e9;
    static constexpr double kMaxFactor = 1e4;

    RopeMethod left = RopeMethod::Yarn;
    RopeMethod right = RopeMethod::Llama3;
    double context = 4096;  // L
    double factor = 8;      // s
    double seqLen = 0;      // the current length; 0: s·L
    double betaFast = 32;   // YaRN
    double betaSlow = 1;
    bool truncate = true;
    double lowFreqFactor = 1; // Llama 3.1
    double highFreqFactor = 4;
    // A model's config.json: when set, the right method is the model's (read from it, LongRoPE's
    // lists too), and both methods stand on its ladder (head dimension, base) and its L and s.
    QString config;
    ContextPlot plot = ContextPlot::Divisor;

    bool operator==(const ContextOptions &) const = default;

    // The methods the lab offers (LongRoPE needs a model's lists: a config opened into it).
    static QList<RopeMethod> methods();
    static QList<ContextPlot> plots();
    // "divisor", "turns", "decay", "attention", "cache": --context-plot's words.
    static QString plotId(ContextPlot plot);
    // The current sequence length: seqLen, or s·L when it is 0 (of the config's L and s when
    // a config is open: ContextResult::compute).
    double length() const { return seqLen > 0 ? seqLen : factor * context; }
    // `method` with these options on the ladder of head dimension `dim` and `base`.
    RopeScaling scaling(RopeMethod method, int dim, double base) const;
    // The first invalid member, one English line naming it and the range; nothing if valid.
    std::optional<QString> validate() const;
};

} // namespace posenc
