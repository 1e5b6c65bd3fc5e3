// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/scenelibrary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <utility>

namespace posenc {

namespace {

// The longest file name made from a title, before ".json": short enough for every file system.
constexpr int kMaxStemChars = 60;

// A file name stem of the title's letters and digits (any script), other runs of characters
// as one "-": readable in a file manager, safe on every file system.
QString stemOf(const QString &title)
{
    QString stem;
    for (const QChar c : title) {
        if (c.isLetterOrNumber())
            stem += c.toLower();
        else if (!stem.isEmpty() && !stem.endsWith(QLatin1Char('-')))
            stem += QLatin1Char('-');
    }
    stem = stem.left(kMaxStemChars);
    while (stem.endsWith(QLatin1Char('-')))
        stem.chop(1);
    return stem.isEmpty() ? QStringLiteral("scene") : stem;
}

} // namespace

SceneLibrary::SceneLibrary(QString folder)
    : m_folder(std::move(folder))
{
    reload();
}

void SceneLibrary::reload()
{
    m_scenes.clear();
    m_skipped.clear();
    const QDir dir(m_folder);
    for (const QFileInfo &info : dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const PresetFile::Result result = PresetFile::read(info.absoluteFilePath());
        if (const auto *reason = std::get_if<QString>(&result)) {
            m_skipped << tr("%1: %2").arg(info.fileName(), *reason);
            continue;
        }
        const Preset &preset = std::get<Preset>(result);
        if (preset.title.isEmpty()) {
            m_skipped << tr("%1: title: missing; a scene is a preset with a title").arg(info.fileName());
            continue;
        }
        if (find(preset.title)) {
            m_skipped << tr("%1: title: “%2” is the title of another scene").arg(info.fileName(), preset.title);
            continue;
        }
        m_scenes.append({info.absoluteFilePath(), preset});
    }
    std::stable_sort(m_scenes.begin(), m_scenes.end(), [](const Scene &a, const Scene &b) {
        return QString::compare(a.preset.title, b.preset.title, Qt::CaseInsensitive) < 0;
    });
}

const SceneLibrary::Scene *SceneLibrary::find(const QString &title) const
{
    for (const Scene &scene : m_scenes) {
        if (scene.preset.title == title)
            return &scene;
    }
    return nullptr;
}

QString SceneLibrary::titleError(const QString &title)
{
    if (!PresetFile::isTitle(title))
        return tr("title: a scene's title is text of 1 to %1 characters on one line").arg(Preset::kMaxTitleChars);
    return {};
}

QString SceneLibrary::fileFor(const QString &title) const
{
    if (const Scene *existing = find(title))
        return existing->file;
    const QString stem = stemOf(title);
    const QDir dir(m_folder);
    QString name = stem + QStringLiteral(".json");
    for (int n = 2; QFileInfo::exists(dir.filePath(name)); ++n)
        name = stem + QStringLiteral("-%1.json").arg(n);
    return dir.filePath(name);
}

bool SceneLibrary::save(const Preset &preset, QString *error)
{
    if (const QString problem = titleError(preset.title); !problem.isEmpty()) {
        if (error)
            *error = problem;
        return false;
    }
    if (!QDir().mkpath(m_folder)) {
        if (error)
            *error = tr("%1: cannot create the folder of scenes").arg(QDir::toNativeSeparators(m_folder));
        return false;
    }
    Preset scene = preset;
    scene.title = preset.title.trimmed();
    if (!PresetFile::write(scene, fileFor(scene.title), error))
        return false;
    reload();
    return true;
}

bool SceneLibrary::addFile(const QString &path, QString *error)
{
    PresetFile::Result result = PresetFile::read(path);
    if (auto *reason = std::get_if<QString>(&result)) {
        if (error)
            *error = tr("%1: %2").arg(QFileInfo(path).fileName(), *reason);
        return false;
    }
    Preset &preset = std::get<Preset>(result);
    if (preset.title.isEmpty())
        preset.title = QFileInfo(path).completeBaseName().left(Preset::kMaxTitleChars);
    // A scene of one's own is never replaced by a file from elsewhere.
    if (find(preset.title.trimmed())) {
        if (error)
            *error = tr("%1: title: “%2” is already the title of a scene; remove that scene first, or give the file another title")
                         .arg(QFileInfo(path).fileName(), preset.title.trimmed());
        return false;
    }
    return save(preset, error);
}

bool SceneLibrary::remove(const QString &title, QString *error)
{
    const Scene *scene = find(title);
    if (!scene) {
        if (error)
            *error = tr("no scene titled “%1”").arg(title);
        return false;
    }
    if (!QFile::remove(scene->file)) {
        if (error)
            *error = tr("%1: cannot remove the file").arg(QDir::toNativeSeparators(scene->file));
        return false;
    }
    reload();
    return true;
}

} // namespace posenc
