// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/presentationmode.h"

#include "ui/classroom/lessonspanel.h"
#include "ui/window/viewpages.h"
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
    widenWhenShown(targets.parametersDock, kParametersShare);
    widenWhenShown(targets.lessonsDock, kLessonsShare);
    widenWhenShown(targets.inspectorDock, kLessonsShare);
}

QAction *PresentationMode::addToggleAction(QMenu *menu)
{
    m_toggleAction = menu->addAction(tr("Pr&esentation mode"));
    m_toggleAction->setCheckable(true);
    m_toggleAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_toggleAction->setStatusTip(tr("Large fonts, thick lines, high contrast, full screen"));
    QObject::connect(m_toggleAction, &QAction::toggled, &m_window, [this](bool on) { setOn(on); });
    m_window.addAction(m_toggleAction);

    // One key for the lesson, in and out of presentation mode.
    QAction *lesson = menu->addAction(tr("Show or Hide the &Lesson"), &m_window, [this] { toggleLesson(); });
    lesson->setShortcut(QKeySequence(Qt::Key_F6));
    lesson->setStatusTip(tr("The lesson beside the view, or the view alone"));
    m_window.addAction(lesson);
    // A presenter's clicker sends PageDown and PageUp: the next lesson and its Show me. Only
    // while presenting, so that they still scroll everywhere else.
    m_nextLesson = menu->addAction(tr("Next Lesson (presenting)"), &m_window, [this] { stepLesson(1); });
    m_nextLesson->setShortcut(QKeySequence(Qt::Key_PageDown));
    m_previousLesson = menu->addAction(tr("Previous Lesson (presenting)"), &m_window, [this] { stepLesson(-1); });
    m_previousLesson->setShortcut(QKeySequence(Qt::Key_PageUp));
    for (QAction *action : {m_nextLesson, m_previousLesson}) {
        action->setEnabled(m_on);
        m_window.addAction(action);
    }
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
        m_statusBarWasVisible = !m_window.statusBar()->isHidden();
        placeDocks(WindowLayout::isCompact(screenArea));
        m_window.statusBar()->hide();
        m_savedWindowState = m_window.windowState();
        if (QGuiApplication::platformName() == QLatin1String("offscreen"))
            m_window.setWindowState((m_window.windowState() & ~Qt::WindowFullScreen) | Qt::WindowMaximized);
        else
            m_window.setWindowState(m_window.windowState() | Qt::WindowFullScreen);
        magnifyPlots();
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
        m_window.statusBar()->setVisible(m_statusBarWasVisible);
        m_window.setWindowState(m_savedWindowState);
        // The docks where the user had them, at their widths, open or closed as they were.
        m_window.restoreState(m_normalDockState);
    }
    fitNavigation();
    for (QAction *action : {m_nextLesson, m_previousLesson}) {
        if (action)
            action->setEnabled(on);
    }
}

void PresentationMode::placeDocks(bool column)
{
    // Where the docks go when they are called back (leaving puts back the user's
    // arrangement): on a narrow screen one column on the left, tabbed, so that the view keeps
    // about three quarters of the width; on a wide one the parameters on the left and the
    // lesson on the right. Then every dock goes: the view has the screen, and F6 (the
    // lesson), Ctrl+P, Ctrl+I and Ctrl+L bring one back.
    m_dockColumn = column;
    QDockWidget *parameters = m_targets.parametersDock;
    QDockWidget *lessons = m_targets.lessonsDock;
    QDockWidget *inspector = m_targets.inspectorDock;
    for (QDockWidget *dock : {parameters, lessons, inspector})
        dock->setFloating(false);
    m_window.addDockWidget(Qt::LeftDockWidgetArea, parameters);
    m_window.addDockWidget(column ? Qt::LeftDockWidgetArea : Qt::RightDockWidgetArea, lessons);
    m_window.addDockWidget(column ? Qt::LeftDockWidgetArea : Qt::RightDockWidgetArea, inspector);
    if (column)
        m_window.tabifyDockWidget(parameters, lessons);
    m_window.tabifyDockWidget(lessons, inspector);
    for (QDockWidget *dock : {parameters, lessons, inspector})
        dock->hide();
}

// On a narrow screen a dock called back takes the column beside the list of views: the view
// would keep half the width, too little for the labs' rows of controls and plots. There the
// list gives way to the one-line picker above the view while a dock is shown.
void PresentationMode::fitNavigation()
{
    if (!m_targets.pages)
        return;
    bool docked = false;
    for (QDockWidget *dock : {m_targets.parametersDock, m_targets.inspectorDock, m_targets.lessonsDock})
        docked = docked || !dock->isHidden();
    m_targets.pages->setNarrow(m_on && m_dockColumn && docked);
}

void PresentationMode::toggleLesson()
{
    QDockWidget *lessons = m_targets.lessonsDock;
    if (!lessons->isHidden() && !lessons->visibleRegion().isEmpty()) {
        lessons->hide();
        return;
    }
    lessons->show();
    lessons->raise();
}

void PresentationMode::widenWhenShown(QDockWidget *dock, double share)
{
    // With fonts up to 1.6 times larger a dock's usual width would fit a dozen Chinese
    // characters a line: a dock called back while presenting gets a share of the full-screen
    // width, once it is laid out.
    // In the context of an object of this one's: the window's docks still report while the
    // window is destroyed, after this is gone.
    QObject::connect(dock, &QDockWidget::visibilityChanged, &m_context, [this, dock, share](bool visible) {
        fitNavigation();
        if (!m_on || !visible)
            return;
        QTimer::singleShot(0, &m_context, [this, dock, share] {
            if (m_on && !dock->isHidden())
                m_window.resizeDocks({dock}, {qRound(m_window.width() * (m_dockColumn ? kCompactDockShare : share))},
                                     Qt::Horizontal);
        });
    });
}

void PresentationMode::stepLesson(int delta)
{
    LessonsPanel *lessons = m_targets.lessons;
    const int count = int(lessons->lessons().size());
    if (count == 0)
        return;
    lessons->setCurrentLesson(std::clamp(lessons->currentLesson() + delta, 0, count - 1));
    lessons->showMe();
}

void PresentationMode::magnifyPlots()
{
    if (!m_on)
        return;
    for (QCustomPlot *plot : m_window.findChildren<QCustomPlot *>())
        m_magnifier.apply(plot);
}

} // namespace posenc
