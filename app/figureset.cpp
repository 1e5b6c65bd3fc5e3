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
    // What each figure's page left out, told once the whole set is written.
    QStringList notes;
    for (FigureRequest request : figures) {
        request.language = language;
        const QString name = QFileInfo(request.output).fileName();
        files.append({name, [request, name, &notes](const QString &path, QString *error) {
                          QStringList omitted;
                          if (!FigureExport::writeFile(request, error, path, &omitted))
                              return false;
                          if (const QString note = FigureExport::omissionNote(request.page, omitted); !note.isEmpty())
                              notes.append(name + QStringLiteral(": ") + note);
                          return true;
                      }});
    }
    QString error;
    const int status = writeFileSet(folder, QStringLiteral("--out-dir"), files, &error);
    if (status != 0) {
        reportError(error);
        return status;
    }
    for (const QString &note : notes)
        reportNote(note);
    return status;
}

} // namespace posenc
