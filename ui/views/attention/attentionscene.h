// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/attention.h"
#include "ui/state/scene.h"

#include <QString>
#include <QStringList>

namespace posenc {

// Between the scene and core's attention engine: the setup one pane computes, the export's
// spec, and the names of the schemes in the window's language. Used by the lab's view and by
// its descriptor (headless).
namespace AttentionScene {

// The head of one pane: the scene's encoding parameters and attention options with `kind`.
AttentionSetup setup(const Scene &scene, AttentionEncoding kind);
// What `export --view attention` writes: the right pane's scheme over seq_len positions.
AttentionExportSpec exportSpec(const Scene &scene);

// "none", "sinusoidal", ... as the command line and presets spell them.
QStringList encodingNames();
QStringList ropePairsNames();
QStringList joinNames();
QStringList weightsNames();
QString name(AttentionEncoding encoding);

// The scheme in words for the window: "none (NoPE)", "sinusoidal, added", "RoPE", ...
QString title(AttentionEncoding encoding);
QString joinTitle(PeJoin join);

// The phrase's tokens (AttentionOptions::tokens) joined by spaces for display.
QString tokenText(const QStringList &tokens);

} // namespace AttentionScene

} // namespace posenc
