// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/animationexport.h"
#include "ui/export/exportdialog.h"
#include "ui/export/exportsettings.h"
#include "ui/export/figurerequest.h"
#include "ui/window/mainwindow.h"

#include <QCoreApplication>

#include <functional>
#include <optional>

class QAction;
class QMainWindow;
class QMenu;
class QToolButton;

namespace posenc {

class AnimationBar;
class EncodingState;
class Preferences;
class ViewPages;

// What the window's export commands do, taken out of MainWindow: File > Export…,
// Export All Open Views…, Export data…, Edit > Copy Figure and Copy Command Line, and the
// export button in the corner of the tab bar. It owns the export settings; MainWindow keeps
// its public API as one-line forwards. It reads the state and the views of the window's tabs,
// shows its dialogs over `window` and its results in the window's status bar, and knows the
// window only through two calls: `settingsChanged` after the export settings change (the page
// is part of the preset) and `exported` for each file written. The texts keep MainWindow's
// translation context.
class ExportCommands
{
    Q_DECLARE_TR_FUNCTIONS(posenc::MainWindow)

public:
    ExportCommands(QMainWindow *window, const EncodingState *state, const ViewPages *views, Preferences *preferences,
                   std::function<void()> settingsChanged, std::function<void(const QString &path)> exported);

    const ExportSettings &exportSettings() const { return m_exportSettings; }
    void setExportSettings(const ExportSettings &settings);
    FigureRequest exportRequest(const QString &view) const;
    bool exportFile(const FigureRequest &request, QString *error);
    std::optional<FigureRequest> askForExport(const QString &view, ExportDialog::Mode mode);
    void showExportDialog();
    void copyCommandLine();
    bool copyFigure(QString *error);
    MainWindow::BatchResult exportViews(const QStringList &views, const ExportSettings &settings);
    void showExportAllDialog();
    void exportData();
    // A view's own folder export (ViewDescriptor::exportFolderFiles) into `folder` as one set.
    bool exportViewFolder(const QString &view, const QString &folder, QString *error);
    // The File menu's entry for it: a folder chosen in a dialog, then exportViewFolder.
    void chooseAndExportViewFolder(const QString &view);
    // The export button under the list of views: `exportAction` with `more` under its arrow.
    QToolButton *createExportButton(QAction *exportAction, const QList<QAction *> &more);
    // The animation bar whose parameter an animation export sweeps (made after the menus).
    void setAnimationBar(const AnimationBar *bar) { m_animation = bar; }

    // File > Export Animation… (added to `file`): the view in front as an animated GIF.
    QAction *createExportAnimationAction(QMenu *file);
    // What it starts from: the view, the state, the page of the export settings, and the
    // animation bar's parameter (offset while k plays, else pos) over its range, at its speed.
    AnimationRequest animationRequest(const QString &view) const;
    // The dialog, then exportAnimation().
    void showExportAnimationDialog();
    // Writes the GIF with a progress dialog whose Cancel stops it (a cancel leaves no file).
    bool exportAnimation(const AnimationRequest &request, QString *error, bool *cancelled);

private:
    QMainWindow *m_window;
    const EncodingState *m_state;
    const ViewPages *m_views;
    Preferences *m_preferences;
    std::function<void()> m_settingsChanged;
    std::function<void(const QString &)> m_exported;
    const AnimationBar *m_animation = nullptr;
    ExportSettings m_exportSettings;
};

} // namespace posenc
