// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/recentfiles.h"

#include "ui/export/preferences.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>

namespace posenc {

RecentFiles::RecentFiles(Preferences *preferences, QObject *parent)
    : QObject(parent)
    , m_preferences(preferences)
    , m_menu(new QMenu(tr("Open &Recent")))
{
    // The menu has no QWidget parent to delete it: this object does.
    connect(this, &QObject::destroyed, m_menu, &QObject::deleteLater);
    if (m_preferences)
        m_files = m_preferences->recentPresets();
    rebuildMenu();
}

void RecentFiles::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = m_files;
    files.removeAll(absolute);
    files.prepend(absolute);
    setFiles(files.mid(0, Preferences::kMaxRecentPresets));
}

void RecentFiles::remove(const QString &path)
{
    QStringList files = m_files;
    files.removeAll(QFileInfo(path).absoluteFilePath());
    files.removeAll(path);
    setFiles(files);
}

void RecentFiles::clear()
{
    setFiles({});
}

void RecentFiles::setFiles(const QStringList &files)
{
    if (files == m_files)
        return;
    m_files = files;
    if (m_preferences)
        m_preferences->setRecentPresets(m_files);
    rebuildMenu();
}

void RecentFiles::rebuildMenu()
{
    m_menu->clear();
    int number = 1;
    for (const QString &path : std::as_const(m_files)) {
        // Numbers 1 to 8 as mnemonics, so the menu works from the keyboard alone.
        const QString text = QStringLiteral("&%1 %2").arg(number++).arg(QFileInfo(path).fileName());
        QAction *action = m_menu->addAction(text, this, [this, path] { Q_EMIT openRequested(path); });
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
    }
    if (m_files.isEmpty()) {
        m_menu->addAction(tr("No recent presets"))->setEnabled(false);
        return;
    }
    m_menu->addSeparator();
    m_menu->addAction(tr("&Clear Recent Presets"), this, &RecentFiles::clear);
}

} // namespace posenc
