// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <functional>

class QAction;
class QMainWindow;
class QMenu;

namespace posenc {

class DescribeView;
class ExportCommands;
class PresentationMode;
class PresetDocument;
class UndoHistory;
class ViewPages;
class WindowLayout;

// The entries of the window's menus that the window hands on: to its getters, to the export
// button below the list of views, to the Scenes menu (which goes before View) and to Reset All.
struct MenuActions {
    QAction *openPreset = nullptr;
    QList<QAction *> openViewFile; // one per view that opens files, in the registry's order
    QAction *savePreset = nullptr;
    QAction *savePresetAs = nullptr;
    QAction *exportFigure = nullptr;
    QAction *exportAll = nullptr;
    QAction *copyFigure = nullptr;
    QAction *copyCommandLine = nullptr;
    QAction *describe = nullptr;
    QAction *presentation = nullptr;
    QAction *keyboardHelp = nullptr;
    QMenu *view = nullptr;
    // Edit: the window adds Reset All (the animation bar's) after Undo and Redo, here.
    QMenu *edit = nullptr;
    QAction *afterUndo = nullptr;
};

// The menu bar of the window: File, Edit, View and Help, in that order,
// each entry calling the helper that owns its command. Each menu gets only the helpers its
// entries use. The actions whose keys must work while the menu bar is hidden (presentation
// mode) are the window's own too. Texts in MainWindow's translation context.
class WindowMenus
{
    Q_DECLARE_TR_FUNCTIONS(posenc::MainWindow)

public:
    explicit WindowMenus(QMainWindow *window);

    // Open Preset, Open Recent, the files views open (through `openViewFile`, which says why
    // it refused, or nothing when the user cancelled), Save Preset, Save Preset As, the
    // exports and Quit.
    using ViewFileOpener = std::function<bool(const QString &path, QString *error)>;
    void addFileMenu(PresetDocument &presets, ExportCommands &exports, const ViewFileOpener &openViewFile);
    // Undo, Redo, Copy Figure and Copy Command Line.
    void addEditMenu(UndoHistory &history, ExportCommands &exports);
    // The views, Describe View, the docks, presentation mode and the interface language (a
    // choice other than the current one goes to `requestLanguage`).
    void addViewMenu(ViewPages &views, DescribeView &describe, WindowLayout &layout, PresentationMode &presentation,
                     const std::function<void(const QString &language)> &requestLanguage);
    // Keyboard shortcuts (`showKeyboardHelp`), the user guide and the About boxes.
    void addHelpMenu(const std::function<void()> &showKeyboardHelp);

    const MenuActions &actions() const { return m_actions; }

    // The text of the About box: versions of PosEnc Lab, Qt, Eigen and QCustomPlot.
    static QString aboutText();

private:
    QMainWindow *m_window;
    MenuActions m_actions;
};

} // namespace posenc
