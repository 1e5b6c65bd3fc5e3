// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/exportdialog.h"
#include "ui/window/describeview.h"
#include "ui/window/windowmenus.h"
#include "ui/export/exportsettings.h"
#include "ui/export/figurerequest.h"
#include "ui/classroom/lesson.h"
#include "ui/export/preset.h"

#include "ui/widgets/plotmagnifier.h"

#include <QFont>
#include <QMainWindow>
#include <QMap>
#include <QPalette>
#include <QTimer>

#include <memory>
#include <optional>

class QComboBox;
class QDockWidget;
class QLabel;
class QPlainTextEdit;
class QScrollArea;

namespace posenc {

class AnimationBar;
class ExportCommands;
class PresetDocument;
class PresentationMode;
class SceneControls;
class SceneLibrary;
class ViewPages;
class WindowLayout;
class EncodingState;
class UndoHistory;
class LessonsPanel;
class ParameterPanel;
class Preferences;
class RecentFiles;

// The main window: the parameter panel in a dock on the left, the views as tabs in the
// middle, the matrix size in the status bar. With
// preferences it restores parameters, geometry and open views, and saves them on close;
// without (headless screenshots) it starts from the defaults and remembers nothing.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(Preferences *preferences = nullptr, QWidget *parent = nullptr);
    ~MainWindow() override;

    EncodingState *state() const { return m_state; }
    // Undo and redo of every change of the state (Edit > Undo, Ctrl+Z).
    UndoHistory *undoHistory() const { return m_history; }
    ParameterPanel *parameterPanel() const { return m_panel; }

    // Views by their command-line names, in the registry's order (ViewRegistry).
    static QStringList viewNames();
    QWidget *view(const QString &name) const;
    QStringList openViews() const;
    QString currentView() const;
    // Opens the view if it is closed and brings it to the front; false for an unknown name.
    bool showView(const QString &name);
    void closeView(const QString &name);

    // Applies a scene (see lesson.h) and opens `view` (if not empty). Refuses an unknown view
    // or an invalid scene with a reason and then changes nothing.
    bool showScene(const QString &view, const QJsonObject &scene, QString *error = nullptr);

    // The lessons dock ("Lessons", Ctrl+L) and the named scenes of resources/scenes.json.
    LessonsPanel *lessonsPanel() const { return m_lessons; }
    QDockWidget *lessonsDock() const { return m_lessonsDock; }
    const QList<SceneEntry> &namedScenes() const;
    bool showNamedScene(const QString &id, QString *error = nullptr);
    QComboBox *sceneBox() const;
    // The translated title of a named scene, by its id in scenes.json.
    static QString sceneTitle(const QString &id);
    // The Scenes menu and box, the user's own scenes included.
    SceneControls *sceneControls() const { return m_scenes.get(); }

    // The animation of pos and k and Reset All (a tool bar; the shortcuts belong to the window).
    AnimationBar *animationBar() const { return m_animation; }

    // Presentation mode (F5): the application font and every plot's fonts enlarged by
    // kPresentationFontFactor, plot lines by kPresentationLineFactor, a high-contrast palette,
    // no inspector, no status bar, no advanced parameters (start, conventions), full screen
    // (maximised on a platform without screens). Leaving puts back exactly what was there.
    static constexpr double kPresentationFontFactor = 1.6;
    static constexpr double kPresentationLineFactor = 2.0;
    bool isPresentationMode() const;
    void setPresentationMode(bool on);
    QAction *presentationAction() const { return m_menus.presentation; }

    // The keyboard-help overlay (F1), listing the shortcuts of every action of the window.
    QAction *keyboardHelpAction() const { return m_menus.keyboardHelp; }
    void showKeyboardHelp();
    // The widgets Tab visits, in order (see focusNextPrevChild()).
    QList<QWidget *> keyboardOrder() const;

    // Export. The settings of the next export: the page, the number type, the
    // folder and the format; remembered in the preferences and saved in presets (the page).
    const ExportSettings &exportSettings() const;
    void setExportSettings(const ExportSettings &settings);
    // What File > Export… starts from for `view`: the state, the export settings and the
    // file <folder>/<view>.<format>. Its commandLine() is what "Copy command line" copies.
    FigureRequest exportRequest(const QString &view) const;
    // Writes a request through the code `posenc-lab export` runs (FigureExport::writeFile) and
    // remembers its settings. False with the reason in `error` (no message box).
    bool exportFile(const FigureRequest &request, QString *error = nullptr);
    // File > Export…: the dialog for the view in front, then exportFile().
    void showExportDialog();
    // Edit > Copy Command Line: exportRequest(currentView()).commandLine() on the clipboard.
    void copyCommandLine();
    // Edit > Copy Figure: the view in front, as the export settings draw it, on the
    // clipboard as an image and as SVG ("image/svg+xml").
    bool copyFigure(QString *error = nullptr);
    // File > Export All Open Views…: each view of `views` (open tabs, in order) to
    // <folder>/<view>.<format> of `settings`, with a cancellable progress dialog. A cancel
    // keeps the files already written.
    struct BatchResult {
        QStringList written;
        bool cancelled = false;
        QString error; // the first failure; the batch stops there
        QStringList notes; // "file: what its page left out" (FigureExport::omissionNote)
    };
    BatchResult exportViews(const QStringList &views, const ExportSettings &settings);
    // File > Export Training Run as PyTorch… and any view's own folder export
    // (ViewDescriptor::exportFolderFiles): its files for the current state written into
    // `folder` as one set, without the folder dialog. False with the reason in `error`.
    bool exportViewFolder(const QString &view, const QString &folder, QString *error = nullptr);
    void showExportAllDialog();

    QAction *exportAction() const { return m_menus.exportFigure; }
    QAction *exportAllAction() const { return m_menus.exportAll; }
    QAction *copyFigureAction() const { return m_menus.copyFigure; }
    QAction *copyCommandLineAction() const { return m_menus.copyCommandLine; }

    // Presets: the whole state as a "posenc-lab/1" JSON file. open refuses a bad
    // file with the reason (naming the field) and then changes nothing.
    bool openPreset(const QString &path, QString *error = nullptr);
    // A file a view opens (ViewDescriptor::openFile; File > Check an Encoding…, or dropped on
    // the window): given to the view that takes its suffix, which is then brought to the front.
    // False with an empty error when the user cancelled a question the view asked.
    bool openViewFile(const QString &path, QString *error = nullptr);
    // The File menu's entries of the views that open files, in the order of the registry.
    QList<QAction *> openViewFileActions() const { return m_menus.openViewFile; }
    bool savePreset(const QString &path, QString *error = nullptr);
    // The preset as the window holds it now.
    Preset currentPreset() const;
    QString presetPath() const;
    QStringList recentPresets() const;
    QAction *openPresetAction() const { return m_menus.openPreset; }
    QAction *savePresetAction() const { return m_menus.savePreset; }
    QAction *savePresetAsAction() const { return m_menus.savePresetAs; }

    // Describe View (F2): the paragraph of the view in front (ViewRegistry::describe), in a
    // dialog of selectable text that follows the state while it is open. The same text is
    // the accessible description of the view's page.
    QString describeCurrentView() const;
    void showDescription();
    QAction *describeAction() const { return m_menus.describe; }
    // How long the state must rest before the description follows it.
    static constexpr int kDescriptionDelayMs = DescribeView::kDelayMs;
    QPlainTextEdit *descriptionText() const;

    // Takes over the session of `previous` (the window this one replaces when the language
    // changes): the whole state, including what the preferences do not hold (temporal
    // periods, the rotation pair, the similarity measure), the open views, the export
    // settings, the preset file and whether it was changed, presentation mode, and the undo
    // history (its steps named anew in this window's language).
    void continueFrom(MainWindow &previous);

    // Writes parameters, geometry and views to the preferences (also done on close).
    void savePreferences();

    // The text of the About box: versions of PosEnc Lab, Qt, Eigen and QCustomPlot.
    static QString aboutText();

Q_SIGNALS:
    // The user chose another interface language (View > Language). The application installs
    // it and rebuilds the window with the same session: no restart.
    void languageRequested(const QString &language);
    // A file was written by an export from the window (one per file of a batch).
    void fileExported(const QString &path);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    bool focusNextPrevChild(bool next) override;
    void showEvent(QShowEvent *event) override;

private:
    // The helpers each get the parts of the window they work on, and nothing else.
    void createHelpers();
    void createMenus();
    void setKeyboardOrder();
    void updateTitle();
    void stateEdited();
    void createAnimation();
    void restorePreferences();
    void updateStatus();

    Preferences *m_preferences;
    EncodingState *m_state;
    UndoHistory *m_history = nullptr;
    ParameterPanel *m_panel;
    QDockWidget *m_parametersDock = nullptr;
    QDockWidget *m_inspectorDock = nullptr;
    QDockWidget *m_lessonsDock = nullptr;
    LessonsPanel *m_lessons = nullptr;
    AnimationBar *m_animation = nullptr;
    MenuActions m_menus;
    // The helpers (created before the menus: the menus use them).
    std::unique_ptr<ExportCommands> m_export;
    std::unique_ptr<PresetDocument> m_presets;
    std::unique_ptr<PresentationMode> m_presentation;
    std::unique_ptr<SceneLibrary> m_sceneLibrary; // the user's scenes; none without preferences
    std::unique_ptr<SceneControls> m_scenes;
    std::unique_ptr<DescribeView> m_describe;
    std::unique_ptr<ViewPages> m_viewPages;
    std::unique_ptr<WindowLayout> m_layout;
    QLabel *m_sizeLabel;
    bool m_shown = false;
};

} // namespace posenc
