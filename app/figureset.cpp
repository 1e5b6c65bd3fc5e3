// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/figureset.h"

#include "app/headless.h"
#include "ui/export/figureexport.h"
#include "ui/io/fileset.h"

#include <QFileInfo>

namespace posenc {

int writeFigureSet(const QString &folder, const QList<FigureRequest> &figures, const QString &language)
{
    QList<SetFile> files;
    for (FigureRequest request : figures) {
        request.language = language;
        files.append({QFileInfo(request.output).fileName(), [request](const QString &path, QString *error) {
                          return FigureExport::writeFile(request, error, path);
                      }});
    }
    QString error;
    const int status = writeFileSet(folder, QStringLiteral("--out-dir"), files, &error);
    if (status != 0)
        reportError(error);
    return status;
}

} // namespace posenc
