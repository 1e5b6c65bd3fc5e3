// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "core/encodingparams.h"
#include "core/temporal.h"
#include "ui/state/datatable.h"
#include "ui/state/scene.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QFileDevice;
class QIODevice;

namespace posenc {

// Writes the data behind a view to .npy (NumPy format 1.0, little-endian, C order) or .csv.
// Files are written through SafeSave: a failed export leaves no file and keeps any old one.
class DataExport
{
    Q_DECLARE_TR_FUNCTIONS(DataExport)

public:
    // Views whose data can be exported, by their command-line names (from ViewRegistry).
    static QStringList viewNames();

    // The table of `view` for `scene`: its descriptor's dataTable.
    static std::optional<DataTable> table(const QString &view, const Scene &scene, QString *error);
    // The same for a scene of these members and the defaults (kept for callers and tests).
    static std::optional<DataTable> table(const QString &view, const EncodingParams &params,
                                          const QList<int> &dimensions,
                                          const TemporalParams &temporal, QString *error);
    static std::optional<DataTable> table(const QString &view, const EncodingParams &params,
                                          const QList<int> &dimensions, QString *error)
    {
        return table(view, params, dimensions, TemporalParams{}, error);
    }

    // Writes `table` to `path`, the format chosen by its extension (.npy or .csv). `comments`
    // become "# " lines at the top of a CSV. False with a one-line reason in `error`.
    // Errors name `shownPath` when given (see SafeSave).
    static bool write(const QString &path, const DataTable &table, DType dtype,
                      const QStringList &comments, QString *error, const QString &shownPath = QString());

    static bool writeNpy(QIODevice *device, const RowMatrixXd &values, DType dtype);
    static bool writeNpy(QIODevice *device, const DataTable &table, DType dtype);
    static bool writeCsv(QIODevice *device, const DataTable &table, DType dtype,
                         const QStringList &comments);
};

} // namespace posenc
