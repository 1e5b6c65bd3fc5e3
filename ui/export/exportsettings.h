// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/dataexport.h"
#include "ui/export/figurerequest.h"

#include <QDir>
#include <QString>
#include <QStringList>

namespace posenc {

// What the window's exports remember between one export and the next (and between runs,
// through Preferences): the page of a figure, the number type of data, and where and in
// which format the next file goes. A file is named after its view, so a batch export of
// every open view and a single export agree on names.
struct ExportSettings {
    FigurePage page;
    // Whether a figure was exported with `page` (the user's choice, kept from then on); until
    // then each view's figure starts on the page its descriptor recommends (recommendedSize).
    bool pageChosen = false;
    DType dtype = DType::Float64;
    QString directory = QDir::homePath();
    QString format = QStringLiteral("png"); // the suffix, without the dot

    // The formats the window writes, figures first: png, svg, pdf, npy, csv.
    static QStringList formats()
    {
        return {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf"),
                QStringLiteral("npy"), QStringLiteral("csv")};
    }

    // <directory>/<view>.<format>
    QString pathFor(const QString &view) const
    {
        return QDir(directory).filePath(view + QLatin1Char('.') + format);
    }
};

} // namespace posenc
