// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/mainwindow.h"

#include "ui/window/presentationmode.h"
#include "ui/window/scenecontrols.h"
#include "ui/window/exportcommands.h"
#include "ui/window/keyboardorder.h"
#include "ui/window/presetdocument.h"
#include "ui/window/undohistory.h"
#include "ui/window/viewpages.h"
#include "ui/window/windowlayout.h"

#include "ui/widgets/animationbar.h"
#include "ui/state/encodingstate.h"
#include "ui/window/inspectorpanel.h"
#include "ui/window/keyboardhelp.h"
#include "ui/classroom/lessonspanel.h"
#include "ui/widgets/parameterpanel.h"
#include "ui/widgets/plotzoom.h"
#include "ui/widgets/sizefence.h"
#include "ui/export/preferences.h"
#include "ui/export/scenelibrary.h"
#include "ui/views/viewregistry.h"

#include <QAbstractSlider>
#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QUrl>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QToolBar>

namespace posenc {

MainWindow::MainWindow(Preferences *preferences, QWidget *parent)
    : QMainWindow(parent)
    , m_preferences(preferences)
    , m_state(new EncodingState(this))
    , m_sizeLabel(new QLabel(this))
{
    setWindowTitle(tr("PosEnc Lab"));
    setObjectName(QStringLiteral("MainWindow"));
    if (m_preferences) {
        m_state->setParams(m_preferences->parameters());
        if (const QList<int> dimensions = m_preferences->curveDimensions(); !dimensions.isEmpty())
            m_state->changeScene([&dimensions](Scene &scene) { scene.dimensions = dimensions; });
        m_state->flush();
    }

    m_history = new UndoHistory(m_state, this);
    m_panel = new ParameterPanel(m_state);
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(m_panel->minimumSizeHint().width()
                            + scroll->verticalScrollBar()->sizeHint().width());
    m_lessons = new LessonsPanel;
    m_layout = std::make_unique<WindowLayout>(*this, m_state,
                                              [this] { return m_presentation && m_presentation->isOn(); });
    m_layout->createDocks(scroll, new InspectorPanel(m_state), m_lessons);
    m_parametersDock = m_layout->parametersDock();
    m_inspectorDock = m_layout->inspectorDock();
    m_lessonsDock = m_layout->lessonsDock();

    auto *centre = new QWidget(this);
    centre->setObjectName(QStringLiteral("Views"));
    m_viewPages = std::make_unique<ViewPages>(centre, m_state);
    setCentralWidget(centre);
    createHelpers();
    connect(m_lessons, &LessonsPanel::sceneRequested, this,
            [this](const QString &view, const QJsonObject &scene) { m_scenes->showRequestedScene(view, scene); });

    // The status texts may be cut rather than hold the window wider than the screen.
    m_sizeLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    statusBar()->addWidget(SizeFence::around(m_sizeLabel), 1); // new numbers on every change
    // The time of an update is for developers (bench): students see the size only.
    connect(m_state, &EncodingState::updateFinished, this, &MainWindow::updateStatus);

    createMenus();
    setAcceptDrops(true); // a file a view opens (dropEvent)
    m_scenes->createSceneControls(m_menus.view->menuAction());
    createAnimation();
    m_viewPages->setFooter(m_export->createExportButton(
        m_menus.exportFigure, {m_menus.copyFigure, m_menus.copyCommandLine, m_menus.describe}));
    qApp->installEventFilter(this);
    setKeyboardOrder();
    // Bringing another view to the front describes it at once (DescribeView waits for a
    // burst of changes to settle).
    connect(m_state, &EncodingState::changed, this, &MainWindow::stateEdited);
    m_viewPages->onCurrentChanged([this] {
        if (!m_presets->path().isEmpty())
            updateTitle();
        m_describe->update();
        // The play keys act on what the view in front shows (its descriptor says which).
        const ViewDescriptor *front = ViewRegistry::find(currentView());
        m_animation->setRowsEnabled(front && front->showsPosition, front && front->showsOffset);
    });

    for (const QString &name : viewNames())
        showView(name);
    showView(ViewRegistry::defaultId());
    // The screen the window opens on (the primary one until it is shown), and the Lessons
    // in front the first time the application runs.
    const QScreen *screen = QGuiApplication::primaryScreen();
    m_layout->applyDefaults(screen ? screen->availableGeometry() : QRect(0, 0, 1280, 800),
                            m_preferences && m_preferences->windowState().isEmpty());
    if (m_preferences)
        restorePreferences();
    updateStatus();
    m_presets->markSaved();
    updateTitle();
    m_describe->update();
    // From here on every change is a step; the preferences restored above are none.
    m_history->clear();
}

MainWindow::~MainWindow()
{
    // The application font and palette are the application's: a window that goes away in
    // presentation mode (closed, or rebuilt for another language) must give them back, or
    // the next window takes the enlarged ones for normal.
    if (m_presentation->isOn())
        setPresentationMode(false);
}

QStringList MainWindow::viewNames()
{
    return ViewRegistry::ids();
}

void MainWindow::createHelpers()
{
    m_export = std::make_unique<ExportCommands>(
        this, m_state, m_viewPages.get(), m_preferences, [this] { updateTitle(); },
        [this](const QString &path) { Q_EMIT fileExported(path); });
    m_presets = std::make_unique<PresetDocument>(this, m_state, m_history, m_viewPages.get(), m_export.get(),
                                                 m_preferences);
    m_presentation = std::make_unique<PresentationMode>(PresentationTargets{
        this, m_lessons, m_parametersDock, m_inspectorDock, m_lessonsDock, m_viewPages.get()});
    if (m_preferences)
        m_sceneLibrary = std::make_unique<SceneLibrary>(m_preferences->sceneFolder());
    m_scenes = std::make_unique<SceneControls>(this, m_state, m_history, m_viewPages.get(), m_sceneLibrary.get());
    m_describe = std::make_unique<DescribeView>(this, m_viewPages.get(), m_state);
}

void MainWindow::createMenus()
{
    WindowMenus menus(this);
    menus.addFileMenu(*m_presets, *m_export,
                      [this](const QString &path, QString *error) { return openViewFile(path, error); });
    menus.addEditMenu(*m_history, *m_export);
    menus.addViewMenu(*m_viewPages, *m_describe, *m_layout, *m_presentation,
                      [this](const QString &language) { Q_EMIT languageRequested(language); });
    menus.addHelpMenu([this] { showKeyboardHelp(); });
    m_menus = menus.actions();
}

void MainWindow::createAnimation()
{
    m_animation = new AnimationBar(m_state, this);
    addToolBar(m_animation);
    m_export->setAnimationBar(m_animation);
    QMenu *menu = new QMenu(tr("&Animation"), this);
    menuBar()->insertMenu(menuBar()->actions().constLast(), menu);
    for (QAction *action : m_animation->shortcutActions()) {
        if (action != m_animation->resetAllAction())
            menu->addAction(action);
    }
    // Reset All changes every parameter, not the animation: Edit, beside Undo, as it is undone.
    m_menus.edit->insertAction(m_menus.afterUndo, m_animation->resetAllAction());
    // Window-level shortcuts that work while the tool bar is hidden too.
    addActions(m_animation->shortcutActions());
    // Reset All (Ctrl+R) also puts every zoomed or panned plot back.
    connect(m_animation->resetAllAction(), &QAction::triggered, this, [this] { PlotZoom::resetAll(centralWidget()); });

    // A slider's drag and a playback are one undo step each, not one per tick.
    const QList<QAbstractSlider *> sliders =
        m_panel->findChildren<QAbstractSlider *>() + m_animation->findChildren<QAbstractSlider *>();
    for (QAbstractSlider *slider : sliders) {
        connect(slider, &QAbstractSlider::sliderPressed, m_history, &UndoHistory::beginInteraction);
        connect(slider, &QAbstractSlider::sliderReleased, m_history, &UndoHistory::endInteraction);
    }
    for (ParameterAnimator *animator : m_animation->findChildren<ParameterAnimator *>()) {
        connect(animator, &ParameterAnimator::playingChanged, m_history, [this](bool playing) {
            playing ? m_history->beginInteraction() : m_history->endInteraction();
        });
    }
    connect(m_animation->resetAllAction(), &QAction::triggered, m_history,
            [this] { m_history->recordNamed([] { return tr("Reset All"); }); });

    // Views restyle their plots when they recompute: keep presentation mode's sizes.
    connect(m_state, &EncodingState::updateFinished, this, [this] { m_presentation->magnifyPlots(); });
    const auto magnifyLater = [this] {
        if (m_presentation->isOn())
            QMetaObject::invokeMethod(this, [this] { m_presentation->magnifyPlots(); }, Qt::QueuedConnection);
    };
    connect(m_state, &EncodingState::inspectionChanged, this, magnifyLater);
    m_viewPages->onCurrentChanged(magnifyLater);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // The defaults were laid out for the primary screen; the window may open on another.
    if (m_shown)
        return;
    m_shown = true;
    if ((!m_preferences || m_preferences->windowState().isEmpty()) && screen() && !m_presentation->isOn())
        m_layout->fitDocksToScreen(screen()->availableGeometry());
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    // A window shortcut (Space, the arrows) gives way to a focused control that needs the key.
    if (event->type() == QEvent::ShortcutOverride) {
        auto *widget = qobject_cast<QWidget *>(watched);
        if (widget && widget->window() == this
            && AnimationBar::keepsKey(widget, static_cast<QKeyEvent *>(event))) {
            event->accept();
            return true;
        }
    }
    if (event->type() == QEvent::KeyPress) {
        auto *widget = qobject_cast<QWidget *>(watched);
        if (widget && widget->window() == this && AnimationBar::pressesButton(widget, static_cast<QKeyEvent *>(event)))
            return true;
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::showKeyboardHelp()
{
    auto *help = new KeyboardHelp(this, this);
    help->setAttribute(Qt::WA_DeleteOnClose);
    help->open();
}

void MainWindow::restorePreferences()
{
    restoreGeometry(m_preferences->windowGeometry());
    restoreState(m_preferences->windowState());
    // The saved open views; unknown names (from a newer version) are skipped.
    QStringList open;
    for (const QString &name : m_preferences->openViews()) {
        if (m_viewPages->contains(name) && !open.contains(name))
            open << name;
    }
    if (!open.isEmpty()) {
        for (const QString &name : viewNames())
            closeView(name);
        for (const QString &name : open)
            showView(name);
    }
    const QString current = m_preferences->currentView();
    if (openViews().contains(current))
        showView(current);
}

void MainWindow::savePreferences()
{
    if (!m_preferences)
        return;
    m_preferences->setParameters(m_state->params());
    m_preferences->setCurveDimensions(m_state->curveDimensions());
    m_preferences->setWindowGeometry(m_presentation->isOn() ? m_presentation->normalGeometry() : saveGeometry());
    m_preferences->setWindowState(m_presentation->isOn() ? m_presentation->normalDockState() : saveState());
    m_preferences->setOpenViews(openViews());
    m_preferences->setCurrentView(currentView());
    m_preferences->sync();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_presets->maybeSavePreset()) {
        event->ignore();
        return;
    }
    savePreferences();
    QMainWindow::closeEvent(event);
}

void MainWindow::updateStatus()
{
    const EncodingParams &p = m_state->params();
    m_sizeLabel->setText(tr("PE: %1 positions × %2 dimensions (%3 values)")
                             .arg(p.seqLen)
                             .arg(p.dModel)
                             .arg(QLocale().toString(qint64(p.seqLen) * p.dModel)));
}

QString MainWindow::aboutText()
{
    return WindowMenus::aboutText();
}

void MainWindow::setKeyboardOrder()
{
    // Tool bar buttons take no focus by default; a keyboard user reaches them with Tab too.
    for (QToolBar *bar : findChildren<QToolBar *>(Qt::FindDirectChildrenOnly)) {
        for (QToolButton *button : bar->findChildren<QToolButton *>())
            button->setFocusPolicy(Qt::TabFocus);
    }
}

bool MainWindow::focusNextPrevChild(bool next)
{
    const QList<QWidget *> order = keyboardOrder();
    if (order.isEmpty())
        return QMainWindow::focusNextPrevChild(next);
    // From the focus widget, or from the group it sits in when it is not a stop itself.
    QWidget *focus = QApplication::focusWidget();
    qsizetype index = order.indexOf(focus);
    for (QWidget *p = focus; index < 0 && p && p != this; p = p->parentWidget())
        index = order.indexOf(p);
    const qsizetype count = order.size();
    const qsizetype target = index < 0 ? (next ? 0 : count - 1) : (index + (next ? 1 : count - 1)) % count;
    order.at(target)->setFocus(next ? Qt::TabFocusReason : Qt::BacktabFocusReason);
    return true;
}

void MainWindow::continueFrom(MainWindow &previous)
{
    PresetFile::applyTo(previous.currentPreset(), *m_state);
    m_state->flush();
    const QStringList open = previous.openViews();
    for (const QString &name : viewNames())
        closeView(name);
    for (const QString &name : open)
        showView(name);
    if (!previous.currentView().isEmpty())
        showView(previous.currentView());
    setExportSettings(previous.exportSettings());
    m_presets->continueFrom(*previous.m_presets);
    // The previous window gives the application font and palette back first, so that this
    // one enlarges the normal ones, not the enlarged ones again.
    if (previous.isPresentationMode()) {
        previous.setPresentationMode(false);
        setPresentationMode(true);
    }
    // The replaced window's steps, named in this one's language.
    m_history->continueFrom(*previous.m_history);
}

// The collaborators, forwarded.
QWidget *MainWindow::view(const QString &name) const { return m_viewPages->view(name); }
QStringList MainWindow::openViews() const { return m_viewPages->openViews(); }
QString MainWindow::currentView() const { return m_viewPages->currentView(); }
bool MainWindow::showView(const QString &name) { return m_viewPages->showView(name); }
void MainWindow::closeView(const QString &name) { m_viewPages->closeView(name); }
QList<QWidget *> MainWindow::keyboardOrder() const
{
    return posenc::keyboardOrder(*this, m_parametersDock,
                                  {m_viewPages->navigation(), m_viewPages->footer(), m_viewPages->pages()},
                                  {m_inspectorDock, m_lessonsDock});
}
void MainWindow::showDescription() { m_describe->show(); }
QPlainTextEdit *MainWindow::descriptionText() const { return m_describe->text(); }
bool MainWindow::isPresentationMode() const { return m_presentation->isOn(); }
void MainWindow::setPresentationMode(bool on) { m_presentation->setOn(on); }
const QList<SceneEntry> &MainWindow::namedScenes() const { return m_scenes->namedScenes(); }
QComboBox *MainWindow::sceneBox() const { return m_scenes->sceneBox(); }
QString MainWindow::sceneTitle(const QString &id) { return SceneControls::title(id); }
bool MainWindow::showScene(const QString &view, const QJsonObject &scene, QString *error)
{
    return m_scenes->showScene(view, scene, error);
}
bool MainWindow::showNamedScene(const QString &id, QString *error) { return m_scenes->showNamedScene(id, error); }
const ExportSettings &MainWindow::exportSettings() const { return m_export->exportSettings(); }
void MainWindow::setExportSettings(const ExportSettings &settings) { m_export->setExportSettings(settings); }
FigureRequest MainWindow::exportRequest(const QString &view) const { return m_export->exportRequest(view); }
bool MainWindow::exportFile(const FigureRequest &request, QString *error) { return m_export->exportFile(request, error); }
void MainWindow::showExportDialog() { m_export->showExportDialog(); }
void MainWindow::copyCommandLine() { m_export->copyCommandLine(); }
bool MainWindow::copyFigure(QString *error) { return m_export->copyFigure(error); }
bool MainWindow::exportViewFolder(const QString &view, const QString &folder, QString *error)
{
    return m_export->exportViewFolder(view, folder, error);
}

MainWindow::BatchResult MainWindow::exportViews(const QStringList &views, const ExportSettings &settings)
{
    return m_export->exportViews(views, settings);
}
void MainWindow::showExportAllDialog() { m_export->showExportAllDialog(); }
Preset MainWindow::currentPreset() const { return m_presets->currentPreset(); }
QString MainWindow::presetPath() const { return m_presets->path(); }
QStringList MainWindow::recentPresets() const { return m_presets->recentPresets(); }
bool MainWindow::openPreset(const QString &path, QString *error) { return m_presets->openPreset(path, error); }

bool MainWindow::openViewFile(const QString &path, QString *error)
{
    const ViewDescriptor *view = ViewRegistry::opening(path);
    if (!view) {
        if (error)
            *error = tr("%1: no view opens this kind of file").arg(QDir::toNativeSeparators(path));
        return false;
    }
    if (!view->openFile(m_state, path, error))
        return false;
    m_state->flush();
    showView(view->id);
    return true;
}

// A dropped file that a view opens (an encoding matrix for the check view).
void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile() && ViewRegistry::opening(urls.first().toLocalFile()))
        event->acceptProposedAction();
    else
        QMainWindow::dragEnterEvent(event);
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.first().isLocalFile() || !ViewRegistry::opening(urls.first().toLocalFile())) {
        QMainWindow::dropEvent(event);
        return;
    }
    event->acceptProposedAction();
    QString error;
    if (!openViewFile(urls.first().toLocalFile(), &error) && !error.isEmpty())
        QMessageBox::warning(this, tr("Open"), error);
}
bool MainWindow::savePreset(const QString &path, QString *error) { return m_presets->savePreset(path, error); }
void MainWindow::updateTitle() { m_presets->updateTitle(); }

void MainWindow::stateEdited()
{
    if (!m_presets->path().isEmpty())
        updateTitle();
    m_describe->updateLater();
}

QString MainWindow::describeCurrentView() const { return m_describe->describe(); }

} // namespace posenc
