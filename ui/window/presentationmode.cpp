// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/presentationmode.h"

#include "ui/classroom/lessonspanel.h"
#include "ui/widgets/parametercontrol.h"
#include "ui/widgets/parameterpanel.h"
#include "ui/window/windowlayout.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QScreen>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>

#include <algorithm>

namespace posenc {

PresentationMode::PresentationMode(const PresentationTargets &targets)
    : m_targets(targets)
    , m_window(*targets.window)
{
    // Esc leaves, as in every slide program; the window owns it (the menu bar is hidden).
    m_leaveAction = new QAction(tr("Leave presentation mode"), &m_window);
    m_leaveAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leaveAction->setEnabled(false);
    QObject::connect(m_leaveAction, &QAction::triggered, &m_window, [this] { setOn(false); });
    m_window.addAction(m_leaveAction);
}

QAction *PresentationMode::addToggleAction(QMenu *menu)
{
    m_toggleAction = menu->addAction(tr("Pr&esentation mode"));
    m_toggleAction->setCheckable(true);
    m_toggleAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_toggleAction->setStatusTip(tr("Large fonts, thick lines, high contrast, full screen"));
    QObject::connect(m_toggleAction, &QAction::toggled, &m_window, [this](bool on) { setOn(on); });
    m_window.addAction(m_toggleAction);
    return m_toggleAction;
}

int PresentationMode::lessonTextPixelSize(int screenHeight, int fontPixelSize)
{
    // About 24 px at 1080 lines (what a projector's back row reads), in proportion on other
    // screens, and never smaller than a quarter above the enlarged interface text.
    return std::max(qRound(24.0 * screenHeight / 1080.0), qRound(fontPixelSize * 1.25));
}

double PresentationMode::fontFactor(int screenHeight)
{
    return std::clamp(MainWindow::kPresentationFontFactor * screenHeight / 1080.0, kSmallestFontFactor,
                      MainWindow::kPresentationFontFactor);
}

namespace {
// A widget with a style sheet takes its font from its parent when the style sheet is
// polished, and a later application font passes it by (Qt propagates fonts to such widgets
// only from a parent with a style sheet too): the grey zoom hints and the views' coloured
// notes stayed small in presentation mode. Polishing them again takes the font they now
// inherit.
void repolishStyleSheetFonts(QWidget &window)
{
    for (QWidget *widget : window.findChildren<QWidget *>()) {
        if (widget->testAttribute(Qt::WA_StyleSheet) && !widget->styleSheet().isEmpty())
            widget->setStyleSheet(widget->styleSheet());
    }
}

// A dock's title bar for presentation mode: the title in the dock's own (enlarged) font and
// a close button. QDockWidget draws its own title in a font taken once when it was made, so
// "Parameters" and "Lessons" stayed small beside the enlarged text.
QWidget *presentationTitleBar(QDockWidget *dock)
{
    auto *bar = new QWidget(dock);
    bar->setObjectName(QStringLiteral("PresentationTitleBar"));
    auto *layout = new QHBoxLayout(bar);
    layout->setContentsMargins(6, 2, 2, 2);
    auto *title = new QLabel(dock->windowTitle(), bar);
    title->setObjectName(QStringLiteral("PresentationTitle"));
    auto *close = new QToolButton(bar);
    close->setIcon(dock->style()->standardIcon(QStyle::SP_TitleBarCloseButton, nullptr, dock));
    close->setAutoRaise(true);
    close->setFocusPolicy(Qt::NoFocus);
    close->setAccessibleName(QCoreApplication::translate("posenc::MainWindow", "Close the panel"));
    QObject::connect(close, &QToolButton::clicked, dock, &QDockWidget::close);
    layout->addWidget(title, 1);
    layout->addWidget(close);
    return bar;
}

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

void PresentationMode::setOn(bool on)
{
    if (on == m_on)
        return;
    m_on = on;
    {
        const QSignalBlocker blocker(m_toggleAction);
        if (m_toggleAction)
            m_toggleAction->setChecked(on);
    }
    m_leaveAction->setEnabled(on);
    // Whole tab titles rather than close buttons on a projector (Ctrl+W still closes).
    m_targets.tabs->setTabsClosable(!on);
    // The advanced rows: the start position and the conventions.
    QWidget *conventions = m_targets.panel->layoutBox()->parentWidget();
    ParameterControl *start = m_targets.panel->control(ParamField::Start);
    if (on) {
        // What the session is outside presentation mode: saved to the preferences instead of
        // the full-screen layout without an inspector.
        m_normalGeometry = m_window.saveGeometry();
        m_normalDockState = m_window.saveState();
        const QScreen *screen = m_window.screen();
        const QRect screenArea = screen ? screen->geometry() : QRect(0, 0, 1920, 1080);
        const double factor = fontFactor(screenArea.height());
        m_magnifier = PlotMagnifier(factor, MainWindow::kPresentationLineFactor);
        m_savedFont = QApplication::font();
        QFont font = m_savedFont;
        if (font.pointSizeF() > 0)
            font.setPointSizeF(font.pointSizeF() * factor);
        else
            font.setPixelSize(qRound(font.pixelSize() * factor));
        QApplication::setFont(font);
        repolishStyleSheetFonts(m_window);
        for (QDockWidget *dock : {m_targets.parametersDock, m_targets.inspectorDock, m_targets.lessonsDock})
            dock->setTitleBarWidget(presentationTitleBar(dock));
        m_targets.lessons->setPresenting(true, lessonTextPixelSize(screenArea.height(), QFontInfo(font).pixelSize()));
        m_savedPalette = QApplication::palette();
        QApplication::setPalette(highContrastPalette());
        m_inspectorWasVisible = !m_targets.inspectorDock->isHidden();
        m_statusBarWasVisible = !m_window.statusBar()->isHidden();
        // Where the docks go (leaving puts back the user's arrangement): on a narrow screen
        // one column on the left, tabbed, so that the view keeps about three quarters of the
        // width; on a wide one the parameters on the left and the lesson on the right.
        m_dockColumn = WindowLayout::isCompact(screenArea);
        QDockWidget *parameters = m_targets.parametersDock;
        QDockWidget *lessons = m_targets.lessonsDock;
        QDockWidget *inspector = m_targets.inspectorDock;
        for (QDockWidget *dock : {parameters, lessons, inspector})
            dock->setFloating(false);
        m_window.addDockWidget(Qt::LeftDockWidgetArea, parameters);
        m_window.addDockWidget(m_dockColumn ? Qt::LeftDockWidgetArea : Qt::RightDockWidgetArea, lessons);
        m_window.addDockWidget(m_dockColumn ? Qt::LeftDockWidgetArea : Qt::RightDockWidgetArea, inspector);
        if (m_dockColumn)
            m_window.tabifyDockWidget(parameters, lessons);
        m_window.tabifyDockWidget(lessons, inspector);
        const bool lessonOpen = !m_targets.lessonsDock->isHidden();
        if (m_dockColumn && !lessonOpen)
            parameters->raise();
        // The lesson shares the inspector's place: keep it in front when it is open, with the
        // inspector a tab behind it (a click on a cell, or Ctrl+I, brings it forward). Without
        // the lesson the inspector goes, to leave the plots the room; Ctrl+I brings it back.
        if (!lessonOpen || !m_window.tabifiedDockWidgets(m_targets.lessonsDock).contains(m_targets.inspectorDock))
            m_targets.inspectorDock->hide();
        if (lessonOpen) {
            m_targets.lessonsDock->show();
            m_targets.lessonsDock->raise();
        }
        m_window.statusBar()->hide();
        start->hide();
        conventions->hide();
        m_savedWindowState = m_window.windowState();
        if (QGuiApplication::platformName() == QLatin1String("offscreen"))
            m_window.setWindowState((m_window.windowState() & ~Qt::WindowFullScreen) | Qt::WindowMaximized);
        else
            m_window.setWindowState(m_window.windowState() | Qt::WindowFullScreen);
        magnifyPlots();
        // With fonts up to 1.6 times larger the docks' usual widths would fit a dozen Chinese
        // characters a line: give them a share of the full-screen width instead, once the
        // window has its new size.
        QTimer::singleShot(0, &m_window, [this] {
            if (!m_on)
                return;
            const int width = m_window.width();
            if (m_dockColumn) {
                m_window.resizeDocks({m_targets.parametersDock}, {qRound(width * kCompactDockShare)}, Qt::Horizontal);
                return;
            }
            m_window.resizeDocks({m_targets.parametersDock}, {qRound(width * kParametersShare)}, Qt::Horizontal);
            if (!m_targets.lessonsDock->isHidden())
                m_window.resizeDocks({m_targets.lessonsDock}, {qRound(width * kLessonsShare)}, Qt::Horizontal);
        });
    } else {
        QApplication::setFont(m_savedFont);
        repolishStyleSheetFonts(m_window);
        for (QDockWidget *dock : {m_targets.parametersDock, m_targets.inspectorDock, m_targets.lessonsDock}) {
            QWidget *bar = dock->titleBarWidget();
            dock->setTitleBarWidget(nullptr); // the dock's own title again
            delete bar;
        }
        m_targets.lessons->setPresenting(false);
        QApplication::setPalette(m_savedPalette);
        m_magnifier.restore();
        m_targets.inspectorDock->setVisible(m_inspectorWasVisible);
        m_window.statusBar()->setVisible(m_statusBarWasVisible);
        start->show();
        conventions->show();
        m_window.setWindowState(m_savedWindowState);
        // The docks where the user had them, at their widths.
        m_window.restoreState(m_normalDockState);
        m_targets.inspectorDock->setVisible(m_inspectorWasVisible);
    }
}

void PresentationMode::magnifyPlots()
{
    if (!m_on)
        return;
    for (QCustomPlot *plot : m_window.findChildren<QCustomPlot *>())
        m_magnifier.apply(plot);
}

} // namespace posenc
