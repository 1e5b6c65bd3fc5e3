// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

#include <QCoreApplication>
#include <QString>

namespace posenc {

class EncodingState;

// One paragraph of plain text that says what a view currently shows, with its numbers, for
// readers who cannot see the plot (screen readers, the "Describe view" command) and for
// anyone who wants the picture in words. Computed from the state and core, like the view.
class ViewDescription
{
    Q_DECLARE_TR_FUNCTIONS(ViewDescription)

public:
    // `view` is a command-line view name (one of ViewRegistry's); empty for an unknown one.
    static QString describe(const QString &view, const EncodingState &state);

    // Each view's paragraph (its descriptor's describe).
    static QString heatmap(const EncodingState &state);
    static QString curves(const EncodingState &state);
    static QString spectrum(const EncodingState &state);
    static QString rotation(const EncodingState &state);
    static QString similarity(const EncodingState &state);
    static QString temporal(const EncodingState &state);

private:
    // Whole sentences shared by several views.
    static QString columnSentence(const EncodingParams &params, int column);
    static QString markerSentence(const EncodingParams &params);
    static QString conventionSentences(const EncodingParams &params);
};

} // namespace posenc
