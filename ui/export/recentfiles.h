// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace posenc {

class Preferences;

// The presets opened or saved last, most recent first, at most
// Preferences::kMaxRecentPresets of them, and the File > Open Recent menu that lists them.
// Remembered in the preferences when the window has any (a headless window keeps them for
// its own life only).
class RecentFiles : public QObject
{
    Q_OBJECT

public:
    explicit RecentFiles(Preferences *preferences, QObject *parent = nullptr);

    QStringList files() const { return m_files; }
    // Puts `path` first (once); the oldest falls off the end.
    void add(const QString &path);
    void remove(const QString &path);
    void clear();

    // "&1 name.json" ... with the full path as tool and status tip, then "Clear".
    QMenu *menu() const { return m_menu; }

Q_SIGNALS:
    void openRequested(const QString &path);

private:
    void setFiles(const QStringList &files);
    void rebuildMenu();

    Preferences *m_preferences;
    QStringList m_files;
    QMenu *m_menu;
};

} // namespace posenc
