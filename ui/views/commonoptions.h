// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/views/viewdescriptor.h"

namespace posenc {

// Options that several views share, declared once here (each view's own options live in its
// folder): the chosen dimensions, drawn by the curves and spectrum views.
const ViewOption &dimensionsOption();

// A list of columns in a preset or a scene (`value` at `path`, "view_options.dims"): an array
// of 1 (0 if `allowEmpty`) to `maxCount` integers, each below the d_model of `scene` (whose
// parameters are read before its view options). `rule` says the form in a message. Nothing
// and the columns in `out` (repeats dropped if `dropRepeats`), or the message naming the entry.
std::optional<QString> readColumns(const QJsonValue &value, const QString &path, const Scene &scene,
                                   qsizetype maxCount, bool allowEmpty, bool dropRepeats,
                                   const QString &rule, QList<int> *out);

} // namespace posenc
