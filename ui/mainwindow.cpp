// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/mainwindow.h"

#include "ui/curvesview.h"
#include "ui/dataexport.h"
#include "ui/encodingstate.h"
#include "ui/heatmapview.h"
#include "ui/inspectorpanel.h"
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
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabWidget>

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

    for (const QString &name : viewNames())
        showView(name);
    m_tabs->setCurrentIndex(0);
    resize(1280, 800);
    resizeDocks({m_parametersDock, m_inspectorDock}, {290, 250}, Qt::Horizontal);
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

    QMenu *views = menuBar()->addMenu(tr("&View"));
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

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About PosEnc Lab"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
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
