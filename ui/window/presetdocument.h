// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/preset.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

class QMainWindow;

namespace posenc {

class EncodingState;
class ExportCommands;
class Preferences;
class RecentFiles;
class UndoHistory;
class ViewPages;

// The window's preset document, taken out of MainWindow: the preset file it was
// opened from or saved to, Open, Save, Save As, Open Recent, whether it has changed since
// (the title's modified marker) and the question before it would be lost. MainWindow keeps
// its public API as one-line forwards. A preset is the state, the view in front and the
// export settings' page: opening one sets them (one undo step); the window's title, its
// dialogs and its status bar show the document. The recent files live in `preferences`
// (none without). The texts keep MainWindow's translation context.
class PresetDocument
{
    Q_DECLARE_TR_FUNCTIONS(posenc::MainWindow)

public:
    PresetDocument(QMainWindow *window, EncodingState *state, UndoHistory *history, ViewPages *views,
                   ExportCommands *exports, Preferences *preferences);

    Preset currentPreset() const;
    QStringList recentPresets() const;
    RecentFiles *recentFiles() const { return m_recent; }
    QString path() const { return m_presetPath; }
    bool openPreset(const QString &path, QString *error);
    bool savePreset(const QString &path, QString *error);
    // Asks whether to save a changed preset first; false when the user cancels.
    bool maybeSavePreset();
    void chooseAndOpenPreset();
    void openPresetOrSayWhy(const QString &path);
    void openRecentPreset(const QString &path);
    bool saveCurrentPreset();
    bool chooseAndSavePreset();
    // The window title: the preset's file name and the modified marker.
    void updateTitle();
    // The window's state as it is now counts as saved (a new window).
    void markSaved() { m_savedPreset = currentPreset(); }
    // Takes over the document of the window this one replaces (another language).
    void continueFrom(const PresetDocument &previous);

private:
    QMainWindow *m_window;
    EncodingState *m_state;
    UndoHistory *m_history;
    ViewPages *m_views;
    ExportCommands *m_exports;
    RecentFiles *m_recent;
    QString m_presetPath;
    QList<PresetFigure> m_presetFigures; // carried over from the preset last opened
    QString m_presetTitle;               // likewise
    Preset m_savedPreset; // as last opened or saved: what "modified" compares with
};

} // namespace posenc
