// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/presetdocument.h"

#include "ui/export/recentfiles.h"
#include "ui/state/encodingstate.h"
#include "ui/views/viewregistry.h"
#include "ui/window/exportcommands.h"
#include "ui/window/undohistory.h"
#include "ui/window/viewpages.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>

namespace posenc {

namespace {
QString presetFilter()
{
    return PresetDocument::tr("PosEnc Lab preset (*.json);;All files (*)");
}
} // namespace

PresetDocument::PresetDocument(QMainWindow *window, EncodingState *state, UndoHistory *history, ViewPages *views,
                               ExportCommands *exports, Preferences *preferences)
    : m_window(window)
    , m_state(state)
    , m_history(history)
    , m_views(views)
    , m_exports(exports)
    , m_recent(new RecentFiles(preferences, window))
{
    QObject::connect(m_recent, &RecentFiles::openRequested, window,
                     [this](const QString &path) { openRecentPreset(path); });
}

void PresetDocument::continueFrom(const PresetDocument &previous)
{
    const QStringList recent = previous.recentPresets();
    for (auto it = recent.crbegin(); it != recent.crend(); ++it)
        m_recent->add(*it);
    m_presetPath = previous.m_presetPath;
    m_presetFigures = previous.m_presetFigures;
    m_presetTitle = previous.m_presetTitle;
    m_savedPreset = previous.m_savedPreset;
    updateTitle();
}

Preset PresetDocument::currentPreset() const
{
    const QString view = m_views->currentView().isEmpty() ? ViewRegistry::defaultId() : m_views->currentView();
    Preset preset = PresetFile::fromState(*m_state, view, m_exports->exportSettings().page, m_presetFigures);
    preset.title = m_presetTitle;
    return preset;
}

QStringList PresetDocument::recentPresets() const
{
    return m_recent->files();
}

bool PresetDocument::openPreset(const QString &path, QString *error)
{
    const PresetFile::Result result = PresetFile::read(path);
    if (const auto *reason = std::get_if<QString>(&result)) {
        if (error)
            *error = *reason;
        return false;
    }
    const Preset &preset = std::get<Preset>(result);
    if (!m_views->contains(preset.view)) {
        if (error)
            *error = tr("view: unknown view “%1”").arg(preset.view);
        return false;
    }
    // One undo step of its own, named after the file.
    const UndoHistory::Step step(*m_history, [file = QFileInfo(path).fileName()] {
        return tr("Open preset %1").arg(file);
    });
    // All or nothing: applyTo checks everything before it changes the state.
    if (!PresetFile::applyTo(preset, *m_state, error))
        return false;
    m_state->flush();
    m_views->showView(preset.view);
    m_presetFigures = preset.figures;
    m_presetTitle = preset.title;
    m_presetPath = QFileInfo(path).absoluteFilePath();
    m_recent->add(m_presetPath);
    ExportSettings settings = m_exports->exportSettings();
    settings.page = preset.page;
    m_exports->setExportSettings(settings);
    m_savedPreset = currentPreset();
    updateTitle();
    m_window->statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(m_presetPath)), 5000);
    return true;
}

bool PresetDocument::savePreset(const QString &path, QString *error)
{
    const Preset preset = currentPreset();
    if (!PresetFile::write(preset, path, error))
        return false;
    m_presetPath = QFileInfo(path).absoluteFilePath();
    m_recent->add(m_presetPath);
    m_savedPreset = preset;
    updateTitle();
    m_window->statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(m_presetPath)), 5000);
    return true;
}

bool PresetDocument::maybeSavePreset()
{
    // The session itself survives in the preferences; the preset file's changes would not.
    if (m_presetPath.isEmpty() || !m_window->isWindowModified())
        return true;
    const auto answer = QMessageBox::question(
        m_window, tr("Save Preset"),
        tr("%1 has changed since it was saved. Save the changes?").arg(QFileInfo(m_presetPath).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return saveCurrentPreset();
    return answer == QMessageBox::Discard;
}

void PresetDocument::chooseAndOpenPreset()
{
    if (!maybeSavePreset())
        return;
    const QString start =
        m_presetPath.isEmpty() ? m_exports->exportSettings().directory : QFileInfo(m_presetPath).absolutePath();
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Preset"), start, presetFilter());
    if (path.isEmpty())
        return;
    openPresetOrSayWhy(path);
}

void PresetDocument::openPresetOrSayWhy(const QString &path)
{
    QString error;
    if (!openPreset(path, &error))
        QMessageBox::warning(m_window, tr("Open Preset"),
                             tr("%1 was not opened, and nothing was changed:\n%2")
                                 .arg(QDir::toNativeSeparators(path), error));
}

void PresetDocument::openRecentPreset(const QString &path)
{
    if (QFileInfo::exists(path) && !maybeSavePreset())
        return;
    if (!QFileInfo::exists(path)) {
        m_recent->remove(path);
        QMessageBox::information(m_window, tr("Open Recent"),
                                 tr("%1 no longer exists; it was removed from the recent presets.")
                                     .arg(QDir::toNativeSeparators(path)));
        return;
    }
    openPresetOrSayWhy(path);
}

bool PresetDocument::saveCurrentPreset()
{
    if (m_presetPath.isEmpty())
        return chooseAndSavePreset();
    QString error;
    if (savePreset(m_presetPath, &error))
        return true;
    QMessageBox::warning(m_window, tr("Save Preset"), tr("%1 was not saved: %2")
                                                      .arg(QDir::toNativeSeparators(m_presetPath), error));
    return false;
}

bool PresetDocument::chooseAndSavePreset()
{
    const QString start = m_presetPath.isEmpty()
                              ? QDir(m_exports->exportSettings().directory)
                                    .filePath(m_views->currentView() + QStringLiteral(".json"))
                              : m_presetPath;
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Preset As"), start, presetFilter());
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    QString error;
    if (savePreset(path, &error))
        return true;
    QMessageBox::warning(m_window, tr("Save Preset"),
                         tr("%1 was not saved: %2").arg(QDir::toNativeSeparators(path), error));
    return false;
}

void PresetDocument::updateTitle()
{
    if (m_presetPath.isEmpty()) {
        m_window->setWindowTitle(tr("PosEnc Lab"));
        m_window->setWindowModified(false);
        return;
    }
    // "[*]" is where Qt shows the modified marker.
    m_window->setWindowTitle(tr("%1[*] — PosEnc Lab").arg(QFileInfo(m_presetPath).fileName()));
    m_window->setWindowModified(currentPreset() != m_savedPreset);
}

} // namespace posenc
