// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/mainwindow.h"

#include "ui/animationbar.h"
#include "ui/curvesview.h"
#include "ui/dataexport.h"
#include "ui/encodingstate.h"
#include "ui/heatmapview.h"
#include "ui/language.h"
#include "ui/inspectorpanel.h"
#include "ui/keyboardhelp.h"
#include "ui/lessonspanel.h"
#include "ui/parametercontrol.h"
#include "ui/parameterpanel.h"
#include "ui/preferences.h"
#include "ui/rotationview.h"
#include "ui/similarityview.h"
#include "ui/spectrumview.h"
#include "ui/temporalview.h"
#include "ui/version.h"

#include <qcustomplot.h>

#include <Eigen/Core>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QGroupBox>
#include <QKeyEvent>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>

namespace posenc {

MainWindow::MainWindow(Preferences *preferences, QWidget *parent)
    : QMainWindow(parent)
    , m_preferences(preferences)
    , m_state(new EncodingState(this))
    , m_tabs(new QTabWidget(this))
    , m_sizeLabel(new QLabel(this))
    , m_timeLabel(new QLabel(this))
{
    setWindowTitle(tr("PosEnc Lab"));
    setObjectName(QStringLiteral("MainWindow"));
    if (m_preferences) {
        m_state->setParams(m_preferences->parameters());
        m_state->setCurveDimensions(m_preferences->curveDimensions());
        m_state->flush();
    }

    m_panel = new ParameterPanel(m_state);
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(m_panel->minimumSizeHint().width()
                            + scroll->verticalScrollBar()->sizeHint().width());
    auto *dock = m_parametersDock = new QDockWidget(tr("Parameters"), this);
    dock->setObjectName(QStringLiteral("ParametersDock"));
    dock->setWidget(scroll);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    m_inspectorDock = new QDockWidget(tr("Inspector"), this);
    m_inspectorDock->setObjectName(QStringLiteral("InspectorDock"));
    m_inspectorDock->setWidget(new InspectorPanel(m_state));
    m_inspectorDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::RightDockWidgetArea, m_inspectorDock);

    m_lessons = new LessonsPanel;
    m_lessonsDock = new QDockWidget(tr("Lessons"), this);
    m_lessonsDock->setObjectName(QStringLiteral("LessonsDock"));
    m_lessonsDock->setWidget(m_lessons);
    m_lessonsDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::RightDockWidgetArea, m_lessonsDock);
    tabifyDockWidget(m_inspectorDock, m_lessonsDock);
    m_inspectorDock->raise();
    connect(m_lessons, &LessonsPanel::sceneRequested, this, &MainWindow::showRequestedScene);

    m_views.insert(QStringLiteral("heatmap"), new HeatmapView(m_state));
    m_views.insert(QStringLiteral("curves"), new CurvesView(m_state));
    m_views.insert(QStringLiteral("spectrum"), new SpectrumView(m_state));
    m_views.insert(QStringLiteral("rotation"), new RotationView(m_state));
    m_views.insert(QStringLiteral("similarity"), new SimilarityView(m_state));
    m_views.insert(QStringLiteral("temporal"), new TemporalView(m_state));
    // Each view sits in a scroll area of its own: the window can then be smaller than a
    // view's minimum (a small laptop screen, a small screenshot) and the view scrolls.
    for (auto it = m_views.cbegin(); it != m_views.cend(); ++it) {
        auto *page = new QScrollArea;
        page->setWidget(it.value());
        page->setWidgetResizable(true);
        page->setFrameShape(QFrame::NoFrame);
        page->setAccessibleName(viewTitle(it.key()).remove(QLatin1Char('&')));
        m_pages.insert(it.key(), page);
    }
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setDocumentMode(true);
    setCentralWidget(m_tabs);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this,
            [this](int index) { closeView(m_pages.key(m_tabs->widget(index))); });

    // The status texts may be cut rather than hold the window wider than the screen.
    m_sizeLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    statusBar()->addWidget(m_sizeLabel, 1);
    statusBar()->addPermanentWidget(m_timeLabel);
    connect(m_state, &EncodingState::updateFinished, this, &MainWindow::updateStatus);

    createMenus();
    createSceneControls();
    createAnimation();
    qApp->installEventFilter(this);

    for (const QString &name : viewNames())
        showView(name);
    m_tabs->setCurrentIndex(0);
    resize(1280, 800);
    resizeDocks({m_parametersDock, m_inspectorDock}, {290, 320}, Qt::Horizontal);
    if (m_preferences)
        restorePreferences();
    updateStatus(m_state->lastUpdateMs());
}

MainWindow::~MainWindow() = default;

QStringList MainWindow::viewNames()
{
    return {QStringLiteral("heatmap"), QStringLiteral("curves"), QStringLiteral("spectrum"),
            QStringLiteral("rotation"), QStringLiteral("similarity"), QStringLiteral("temporal")};
}

QString MainWindow::viewTitle(const QString &name) const
{
    if (name == QLatin1String("heatmap"))
        return tr("&Heatmap");
    if (name == QLatin1String("curves"))
        return tr("&Curves");
    if (name == QLatin1String("spectrum"))
        return tr("&Spectrum");
    if (name == QLatin1String("rotation"))
        return tr("&Rotation");
    if (name == QLatin1String("similarity"))
        return tr("S&imilarity");
    if (name == QLatin1String("temporal"))
        return tr("&Temporal");
    return name;
}

QStringList MainWindow::openViews() const
{
    QStringList names;
    for (int i = 0; i < m_tabs->count(); ++i)
        names << m_pages.key(m_tabs->widget(i));
    return names;
}

QString MainWindow::currentView() const
{
    return m_pages.key(m_tabs->currentWidget());
}

bool MainWindow::showView(const QString &name)
{
    QWidget *widget = m_pages.value(name);
    if (!widget)
        return false;
    if (m_tabs->indexOf(widget) < 0)
        m_tabs->addTab(widget, viewTitle(name));
    m_tabs->setCurrentWidget(widget);
    if (QAction *action = m_viewActions.value(name))
        action->setChecked(true);
    return true;
}

void MainWindow::closeView(const QString &name)
{
    QWidget *widget = m_pages.value(name);
    const int index = widget ? m_tabs->indexOf(widget) : -1;
    if (index < 0)
        return;
    m_tabs->removeTab(index);
    widget->hide();
    if (QAction *action = m_viewActions.value(name))
        action->setChecked(false);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *exportData = file->addAction(tr("Export &data…"), this, &MainWindow::exportData);
    exportData->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportData->setStatusTip(tr("Save the numbers behind the current view as .npy or .csv"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *views = m_viewMenu = menuBar()->addMenu(tr("&View"));
    int key = 1;
    for (const QString &name : viewNames()) {
        QAction *action = views->addAction(viewTitle(name));
        action->setCheckable(true);
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_0 + key++)));
        connect(action, &QAction::triggered, this, [this, name](bool checked) {
            if (checked)
                showView(name);
            else
                closeView(name);
        });
        m_viewActions.insert(name, action);
    }
    views->addSeparator();
    QAction *panel = m_parametersDock->toggleViewAction();
    panel->setText(tr("&Parameters"));
    panel->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    views->addAction(panel);
    QAction *inspector = m_inspectorDock->toggleViewAction();
    inspector->setText(tr("&Inspector"));
    inspector->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    views->addAction(inspector);
    QAction *lessons = m_lessonsDock->toggleViewAction();
    lessons->setText(tr("&Lessons"));
    lessons->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    views->addAction(lessons);

    views->addSeparator();
    m_presentationAction = views->addAction(tr("Pr&esentation mode"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presentationAction->setStatusTip(tr("Large fonts, thick lines, high contrast, full screen"));
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    // The window owns it, so F5 also leaves presentation mode when the menu bar is hidden.
    addAction(m_presentationAction);

    // Each language is named in itself, so that anyone can find their own.
    QMenu *languages = views->addMenu(tr("&Language"));
    auto *languageGroup = new QActionGroup(languages);
    const QList<std::pair<QString, QString>> names{{QStringLiteral("en"), QStringLiteral("English")},
                                                   {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
    for (const auto &[code, name] : names) {
        QAction *action = languages->addAction(name);
        action->setCheckable(true);
        action->setChecked(Language::current() == code);
        languageGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, code = code] {
            if (code != Language::current())
                Q_EMIT languageRequested(code);
        });
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    m_keyboardHelpAction = help->addAction(tr("&Keyboard shortcuts"), this,
                                           &MainWindow::showKeyboardHelp);
    m_keyboardHelpAction->setShortcut(QKeySequence(Qt::Key_F1));
    addAction(m_keyboardHelpAction);
    help->addAction(tr("&About PosEnc Lab"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createSceneControls()
{
    QString error;
    m_namedScenes = SceneReader::readList(QStringLiteral(":/scenes.json"), QStringLiteral("scenes"),
                                          &error);
    if (m_namedScenes.isEmpty())
        qWarning("%s", qUtf8Printable(error));

    QMenu *menu = new QMenu(tr("S&cenes"), this);
    menuBar()->insertMenu(m_viewMenu->menuAction(), menu);
    auto *bar = addToolBar(tr("Scenes"));
    bar->setObjectName(QStringLiteral("ScenesToolBar"));
    auto *label = new QLabel(tr("Scene:"));
    m_sceneBox = new QComboBox;
    m_sceneBox->setAccessibleName(tr("Named scene"));
    m_sceneBox->setToolTip(tr("Prepared parameter sets, one click away"));
    m_sceneBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_sceneBox->addItem(tr("Choose a scene…"));
    label->setBuddy(m_sceneBox);
    for (const SceneEntry &entry : std::as_const(m_namedScenes)) {
        const QString title = sceneTitle(entry.id);
        m_sceneBox->addItem(title, entry.id);
        menu->addAction(title, this, [this, id = entry.id] {
            QString reason;
            if (!showNamedScene(id, &reason))
                QMessageBox::warning(this, tr("Scene"), reason);
        });
    }
    connect(m_sceneBox, &QComboBox::activated, this, [this](int index) {
        const QString id = m_sceneBox->itemData(index).toString();
        QString reason;
        if (!id.isEmpty() && !showNamedScene(id, &reason))
            QMessageBox::warning(this, tr("Scene"), reason);
    });
    bar->addWidget(label);
    bar->addWidget(m_sceneBox);
}

QString MainWindow::sceneTitle(const QString &id)
{
    if (id == QLatin1String("seed-figure"))
        return tr("The seed text's figure (d_model 128, 30 positions, dims 0–5)");
    if (id == QLatin1String("original-transformer"))
        return tr("The original Transformer (d_model 512)");
    if (id == QLatin1String("long-context"))
        return tr("A long context (seq_len 8192)");
    if (id == QLatin1String("small-base"))
        return tr("A small base (100)");
    if (id == QLatin1String("large-base"))
        return tr("A large base (1e6)");
    if (id == QLatin1String("hourly-weekly"))
        return tr("Hourly and weekly periods (24, 168)");
    if (id == QLatin1String("scale-0.7"))
        return tr("Learnable scale at 0.7");
    if (id == QLatin1String("scale-1.5"))
        return tr("Learnable scale at 1.5");
    return id;
}

bool MainWindow::showScene(const QString &view, const QJsonObject &scene, QString *error)
{
    if (!view.isEmpty() && !m_views.contains(view)) {
        if (error)
            *error = tr("scene: unknown view \"%1\"").arg(view);
        return false;
    }
    if (!applyScene(scene, *m_state, error))
        return false;
    if (!view.isEmpty())
        showView(view);
    return true;
}

bool MainWindow::showNamedScene(const QString &id, QString *error)
{
    for (const SceneEntry &entry : std::as_const(m_namedScenes)) {
        if (entry.id == id) {
            const bool ok = showScene(entry.view, entry.scene, error);
            if (ok && m_sceneBox)
                m_sceneBox->setCurrentIndex(m_sceneBox->findData(id));
            return ok;
        }
    }
    if (error)
        *error = tr("no scene named \"%1\"").arg(id);
    return false;
}

void MainWindow::showRequestedScene(const QString &view, const QJsonObject &scene)
{
    QString error;
    if (!showScene(view, scene, &error))
        QMessageBox::warning(this, tr("Lesson"), error);
}

void MainWindow::createAnimation()
{
    m_animation = new AnimationBar(m_state, this);
    addToolBar(m_animation);
    QMenu *menu = new QMenu(tr("&Animation"), this);
    menuBar()->insertMenu(menuBar()->actions().constLast(), menu);
    for (QAction *action : m_animation->shortcutActions()) {
        menu->addAction(action);
        if (action == m_animation->stepOffsetForwardAction())
            menu->addSeparator();
    }
    // Window-level shortcuts that work while the tool bar is hidden too.
    addActions(m_animation->shortcutActions());

    // Views restyle their plots when they recompute: keep presentation mode's sizes.
    connect(m_state, &EncodingState::updateFinished, this, [this] {
        if (m_presentation)
            magnifyPlots();
    });
    connect(m_state, &EncodingState::inspectionChanged, this, [this] {
        if (m_presentation)
            QMetaObject::invokeMethod(this, &MainWindow::magnifyPlots, Qt::QueuedConnection);
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_presentation)
            QMetaObject::invokeMethod(this, &MainWindow::magnifyPlots, Qt::QueuedConnection);
    });
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
    return QMainWindow::eventFilter(watched, event);
}

namespace {
QPalette highContrastPalette()
{
    QPalette palette(QColor(0xf0, 0xf0, 0xf0), Qt::white);
    for (QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        palette.setColor(group, QPalette::Window, Qt::white);
        palette.setColor(group, QPalette::WindowText, Qt::black);
        palette.setColor(group, QPalette::Base, Qt::white);
        palette.setColor(group, QPalette::AlternateBase, QColor(0xee, 0xee, 0xee));
        palette.setColor(group, QPalette::Text, Qt::black);
        palette.setColor(group, QPalette::Button, QColor(0xf0, 0xf0, 0xf0));
        palette.setColor(group, QPalette::ButtonText, Qt::black);
        palette.setColor(group, QPalette::Highlight, QColor(0x00, 0x00, 0x99));
        palette.setColor(group, QPalette::HighlightedText, Qt::white);
        palette.setColor(group, QPalette::ToolTipBase, Qt::white);
        palette.setColor(group, QPalette::ToolTipText, Qt::black);
        palette.setColor(group, QPalette::PlaceholderText, QColor(0x33, 0x33, 0x33));
        palette.setColor(group, QPalette::Link, QColor(0x00, 0x00, 0xcc));
    }
    palette.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x55, 0x55, 0x55));
    palette.setColor(QPalette::Disabled, QPalette::Text, QColor(0x55, 0x55, 0x55));
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x55, 0x55, 0x55));
    return palette;
}
} // namespace

void MainWindow::setPresentationMode(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    {
        const QSignalBlocker blocker(m_presentationAction);
        m_presentationAction->setChecked(on);
    }
    // The advanced rows: the start position and the conventions.
    QWidget *conventions = m_panel->layoutBox()->parentWidget();
    ParameterControl *start = m_panel->control(ParamField::Start);
    if (on) {
        m_savedFont = QApplication::font();
        QFont font = m_savedFont;
        if (font.pointSizeF() > 0)
            font.setPointSizeF(font.pointSizeF() * kPresentationFontFactor);
        else
            font.setPixelSize(qRound(font.pixelSize() * kPresentationFontFactor));
        QApplication::setFont(font);
        m_savedPalette = QApplication::palette();
        QApplication::setPalette(highContrastPalette());
        m_inspectorWasVisible = !m_inspectorDock->isHidden();
        m_statusBarWasVisible = !statusBar()->isHidden();
        m_inspectorDock->hide();
        // The lesson shares the inspector's place: keep it in front when it is open.
        if (!m_lessonsDock->isHidden()) {
            m_lessonsDock->show();
            m_lessonsDock->raise();
        }
        statusBar()->hide();
        start->hide();
        conventions->hide();
        m_savedWindowState = windowState();
        if (QGuiApplication::platformName() == QLatin1String("offscreen"))
            setWindowState((windowState() & ~Qt::WindowFullScreen) | Qt::WindowMaximized);
        else
            setWindowState(windowState() | Qt::WindowFullScreen);
        magnifyPlots();
    } else {
        QApplication::setFont(m_savedFont);
        QApplication::setPalette(m_savedPalette);
        m_magnifier.restore();
        m_inspectorDock->setVisible(m_inspectorWasVisible);
        statusBar()->setVisible(m_statusBarWasVisible);
        start->show();
        conventions->show();
        setWindowState(m_savedWindowState);
    }
}

void MainWindow::magnifyPlots()
{
    if (!m_presentation)
        return;
    for (QCustomPlot *plot : findChildren<QCustomPlot *>())
        m_magnifier.apply(plot);
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
    // The saved tabs in their saved order; unknown names (from a newer version) are skipped.
    QStringList open;
    for (const QString &name : m_preferences->openViews()) {
        if (m_views.contains(name) && !open.contains(name))
            open << name;
    }
    if (!open.isEmpty()) {
        for (const QString &name : viewNames())
            closeView(name);
        for (const QString &name : open)
            showView(name);
    }
    const QString current = m_preferences->currentView();
    if (m_tabs->indexOf(m_pages.value(current)) >= 0)
        m_tabs->setCurrentWidget(m_pages.value(current));
}

void MainWindow::savePreferences()
{
    if (!m_preferences)
        return;
    m_preferences->setParameters(m_state->params());
    m_preferences->setCurveDimensions(m_state->curveDimensions());
    m_preferences->setWindowGeometry(saveGeometry());
    m_preferences->setWindowState(saveState());
    m_preferences->setOpenViews(openViews());
    m_preferences->setCurrentView(currentView());
    m_preferences->sync();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    savePreferences();
    QMainWindow::closeEvent(event);
}

void MainWindow::updateStatus(double milliseconds)
{
    const EncodingParams &p = m_state->params();
    m_sizeLabel->setText(tr("PE: %1 positions × %2 dimensions (%3 values)")
                             .arg(p.seqLen)
                             .arg(p.dModel)
                             .arg(QLocale().toString(qint64(p.seqLen) * p.dModel)));
    m_timeLabel->setText(tr("last update: %1 ms").arg(QString::number(milliseconds, 'f', 1)));
}

void MainWindow::exportData()
{
    QString view = currentView();
    if (!DataExport::viewNames().contains(view))
        view = QStringLiteral("heatmap");
    QString selected;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export data"), view + QStringLiteral(".npy"),
        tr("NumPy array (*.npy);;Comma-separated values (*.csv)"), &selected);
    if (path.isEmpty())
        return;
    QString error;
    const auto table = DataExport::table(view, m_state->params(), m_state->curveDimensions(), &error);
    if (!table || !DataExport::write(path, *table, DType::Float64, {}, &error))
        QMessageBox::warning(this, tr("Export data"), error);
    else
        statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
}

QString MainWindow::aboutText()
{
    return tr("<h3>PosEnc Lab %1</h3>"
              "<p>See, teach and publish the sinusoidal positional encoding of Transformers.</p>"
              "<p>Qt %2 (built with %3)<br>Eigen %4.%5.%6<br>QCustomPlot %7</p>")
        .arg(QStringLiteral(POSENC_VERSION_STRING), QString::fromLatin1(qVersion()),
             QStringLiteral(QT_VERSION_STR), QString::number(EIGEN_WORLD_VERSION),
             QString::number(EIGEN_MAJOR_VERSION), QString::number(EIGEN_MINOR_VERSION),
             QStringLiteral(QCUSTOMPLOT_VERSION_STR));
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About PosEnc Lab"), aboutText());
}

} // namespace posenc
