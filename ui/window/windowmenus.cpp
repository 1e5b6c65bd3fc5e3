// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/windowmenus.h"

#include "ui/version.h"
#include "ui/views/viewregistry.h"
#include "ui/window/describeview.h"
#include "ui/window/exportcommands.h"
#include "ui/window/language.h"
#include "ui/window/presentationmode.h"
#include "ui/window/presetdocument.h"
#include "ui/window/undohistory.h"
#include "ui/window/userguide.h"
#include "ui/window/viewpages.h"
#include "ui/window/windowlayout.h"
#include "ui/export/recentfiles.h"

#include <qcustomplot.h>

#include <Eigen/Core>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QUndoStack>

namespace posenc {

namespace {
// File > Open… of a view that opens files of its own (the check view's encoding matrix).
QAction *addOpenViewFile(QMenu *file, QMainWindow *window, const ViewDescriptor *view,
                         const WindowMenus::ViewFileOpener &openViewFile)
{
    const QString id = view->id;
    QAction *open = file->addAction(view->openFileTitle(), window, [window, id, openViewFile] {
        const ViewDescriptor *view = ViewRegistry::find(id);
        const QString title = QString(view->openFileTitle()).remove(QLatin1Char('&'));
        const QString path = QFileDialog::getOpenFileName(window, title, QString(),
                                                          view->openFileFilter ? view->openFileFilter() : QString());
        QString error;
        // No reason: the user cancelled a question of the view's (which tensor to check).
        if (!path.isEmpty() && !openViewFile(path, &error) && !error.isEmpty())
            QMessageBox::warning(window, title, error);
    });
    open->setObjectName(QStringLiteral("open-file-") + id);
    return open;
}
} // namespace

WindowMenus::WindowMenus(QMainWindow *window)
    : m_window(window)
{
}

void WindowMenus::addFileMenu(PresetDocument &presets, ExportCommands &exports, const ViewFileOpener &openViewFile)
{
    QMenu *file = m_window->menuBar()->addMenu(tr("&File"));
    PresetDocument *document = &presets;
    m_actions.openPreset =
        file->addAction(tr("&Open Preset…"), m_window, [document] { document->chooseAndOpenPreset(); });
    m_actions.openPreset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    m_actions.openPreset->setStatusTip(tr("Load parameters, view and export settings from a preset file"));
    file->addMenu(presets.recentFiles()->menu());
    for (const ViewDescriptor *view : ViewRegistry::all()) {
        if (view->openFile && view->openFileTitle)
            m_actions.openViewFile << addOpenViewFile(file, m_window, view, openViewFile);
    }
    m_actions.savePreset = file->addAction(tr("&Save Preset"), m_window, [document] { document->saveCurrentPreset(); });
    m_actions.savePreset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_S));
    m_actions.savePreset->setStatusTip(tr("Save parameters, view and export settings to the preset file"));
    m_actions.savePresetAs =
        file->addAction(tr("Save Preset &As…"), m_window, [document] { document->chooseAndSavePreset(); });
    m_actions.savePresetAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    file->addSeparator();
    ExportCommands *commands = &exports;
    m_actions.exportFigure = file->addAction(tr("&Export…"), m_window, [commands] { commands->showExportDialog(); });
    m_actions.exportFigure->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_actions.exportFigure->setStatusTip(tr("Write the current view as a PNG, SVG or PDF figure, or its numbers"));
    m_actions.exportAll = file->addAction(tr("Export &All Open Views…"), m_window,
                                          [commands] { commands->showExportAllDialog(); });
    m_actions.exportAll->setStatusTip(tr("Write every open view into one folder"));
    exports.createExportAnimationAction(file);
    QAction *exportData = file->addAction(tr("Export &data…"), m_window, [commands] { commands->exportData(); });
    exportData->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportData->setStatusTip(tr("Save the numbers behind the current view as .npy or .csv"));
    for (const ViewDescriptor *view : ViewRegistry::all()) {
        if (!view->exportFolderFiles || !view->exportFolderTitle)
            continue;
        const QString id = view->id;
        QAction *folder = file->addAction(view->exportFolderTitle(), m_window,
                                          [commands, id] { commands->chooseAndExportViewFolder(id); });
        folder->setObjectName(QStringLiteral("export-folder-") + id);
    }
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), m_window, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void WindowMenus::addEditMenu(UndoHistory &history, ExportCommands &exports)
{
    QMenu *edit = m_window->menuBar()->addMenu(tr("&Edit"));
    // QUndoStack's own actions: their text names the step ("Undo d_model 128 → 512") and
    // they are disabled when there is nothing to undo or redo.
    QAction *undo = history.stack()->createUndoAction(m_window, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setStatusTip(tr("Take back the last change of a parameter or view option"));
    QAction *redo = history.stack()->createRedoAction(m_window, tr("&Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    redo->setStatusTip(tr("Make the change taken back again"));
    edit->addAction(undo);
    edit->addAction(redo);
    // Window-level, so that they work while the menu bar is hidden (presentation mode).
    m_window->addAction(undo);
    m_window->addAction(redo);
    m_actions.edit = edit;
    m_actions.afterUndo = edit->addSeparator();
    QMainWindow *window = m_window;
    ExportCommands *commands = &exports;
    m_actions.copyFigure = edit->addAction(tr("Copy &Figure"), m_window, [window, commands] {
        QString error;
        if (!commands->copyFigure(&error))
            QMessageBox::warning(window, tr("Copy Figure"), error);
    });
    m_actions.copyFigure->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_actions.copyFigure->setStatusTip(tr("Put the current view on the clipboard as an image"));
    m_actions.copyCommandLine =
        edit->addAction(tr("Copy Command &Line"), m_window, [commands] { commands->copyCommandLine(); });
    m_actions.copyCommandLine->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    m_actions.copyCommandLine->setStatusTip(
        tr("Put the posenc-lab command that exports the current view on the clipboard"));
}

void WindowMenus::addViewMenu(ViewPages &views, DescribeView &describe, WindowLayout &layout,
                              PresentationMode &presentation,
                              const std::function<void(const QString &language)> &requestLanguage)
{
    QMenu *menu = m_actions.view = m_window->menuBar()->addMenu(tr("&View"));
    const QList<QAction *> navigation = views.addActions(menu, m_window);
    DescribeView *description = &describe;
    m_actions.describe = menu->addAction(tr("&Describe View"), m_window, [description] { description->show(); });
    m_actions.describe->setShortcut(QKeySequence(Qt::Key_F2));
    m_actions.describe->setStatusTip(tr("What the current view shows, in words"));
    // Window-level, so they work while the menu bar is hidden (presentation mode).
    m_window->addActions(navigation);
    m_window->addAction(m_actions.describe);

    menu->addSeparator();
    layout.addActions(menu);

    menu->addSeparator();
    m_actions.presentation = presentation.addToggleAction(menu);

    // Each language is named in itself, so that anyone can find their own.
    QMenu *languages = menu->addMenu(tr("&Language"));
    auto *languageGroup = new QActionGroup(languages);
    const QList<std::pair<QString, QString>> names{{QStringLiteral("en"), QStringLiteral("English")},
                                                   {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
    for (const auto &[code, name] : names) {
        QAction *action = languages->addAction(name);
        action->setCheckable(true);
        action->setChecked(Language::current() == code);
        languageGroup->addAction(action);
        QObject::connect(action, &QAction::triggered, m_window, [requestLanguage, code = code] {
            if (code != Language::current())
                requestLanguage(code);
        });
    }
}

void WindowMenus::addHelpMenu(const std::function<void()> &showKeyboardHelp)
{
    QMenu *help = m_window->menuBar()->addMenu(tr("&Help"));
    m_actions.keyboardHelp = help->addAction(tr("&Keyboard shortcuts"), m_window, showKeyboardHelp);
    m_actions.keyboardHelp->setShortcut(QKeySequence(Qt::Key_F1));
    m_window->addAction(m_actions.keyboardHelp);
    QMainWindow *window = m_window;
    help->addAction(tr("&User Guide"), m_window, [window] { UserGuide::show(window); })
        ->setStatusTip(tr("A short guide to the lessons, views, parameters and exports"));
    help->addAction(tr("&About PosEnc Lab"), m_window,
                    [window] { QMessageBox::about(window, tr("About PosEnc Lab"), aboutText()); });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

QString WindowMenus::aboutText()
{
    return tr("<h3>PosEnc Lab %1</h3>"
              "<p>See, teach and publish the sinusoidal positional encoding of Transformers.</p>"
              "<p>Qt %2 (built with %3)<br>Eigen %4.%5.%6<br>QCustomPlot %7</p>")
        .arg(QStringLiteral(POSENC_VERSION_STRING), QString::fromLatin1(qVersion()),
             QStringLiteral(QT_VERSION_STR), QString::number(EIGEN_WORLD_VERSION),
             QString::number(EIGEN_MAJOR_VERSION), QString::number(EIGEN_MINOR_VERSION),
             QStringLiteral(QCUSTOMPLOT_VERSION_STR));
}

} // namespace posenc
