// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/preset.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace posenc {

// A teacher's own named scenes: preset files with a "title", one scene a file, in one folder
// (Preferences::sceneFolder()). They stay ordinary presets, so that a scene travels as a
// file: it opens with File > Open Preset and `posenc-lab --preset`, and any preset added to
// the folder (Scenes > Add Scene from Preset File) becomes a scene. A scene is its state and its view; the
// export settings and figures a preset may hold are kept but not applied by the Scene box.
class SceneLibrary
{
    Q_DECLARE_TR_FUNCTIONS(posenc::SceneLibrary)

public:
    struct Scene {
        QString file; // absolute path of its preset file
        Preset preset; // its title is never empty
    };

    explicit SceneLibrary(QString folder);
    QString folder() const { return m_folder; }

    // Reads the folder again: the scenes sorted by title (case-insensitively); a file that is
    // not a preset with a title, or repeats an earlier title, is left out and named in
    // skipped() with the reason.
    void reload();
    const QList<Scene> &scenes() const { return m_scenes; }
    const QStringList &skipped() const { return m_skipped; }
    // The scene of that title, or null.
    const Scene *find(const QString &title) const;

    // Saves `preset` as the scene of its title (which must be valid, see titleError()),
    // replacing a scene of the same title. On failure the folder is as it was.
    bool save(const Preset &preset, QString *error);
    // Adds the preset file at `path` as a scene: its own title, or the file's base name when
    // it has none. Refused, with the reason, when the file is not a valid preset.
    bool addFile(const QString &path, QString *error);
    bool remove(const QString &title, QString *error);

    // Why `title` cannot name a scene (empty, too long, several lines), or empty if it can.
    static QString titleError(const QString &title);

private:
    QString fileFor(const QString &title) const;

    QString m_folder;
    QList<Scene> m_scenes;
    QStringList m_skipped;
};

} // namespace posenc
