// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/classroom/presentationmode.h"

#include "ui/classroom/lessonspanel.h"
#include "ui/widgets/parametercontrol.h"
#include "ui/widgets/parameterpanel.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QGroupBox>
#include <QScreen>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>

namespace posenc {

PresentationMode::PresentationMode(MainWindow &window)
    : m_window(window)
{
    // Esc leaves, as in every slide program; the window owns it (the menu bar is hidden).
    m_leaveAction = new QAction(QCoreApplication::translate("posenc::MainWindow", "Leave presentation mode"), &window);
    m_leaveAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leaveAction->setEnabled(false);
    QObject::connect(m_leaveAction, &QAction::triggered, &window, [this] { setOn(false); });
    window.addAction(m_leaveAction);
}

int PresentationMode::lessonTextPixelSize(int screenHeight, int fontPixelSize)
{
    // About 24 px at 1080 lines (what a projector's back row reads), in proportion on other
    // screens, and never smaller than a quarter above the enlarged interface text.
    return std::max(qRound(24.0 * screenHeight / 1080.0), qRound(fontPixelSize * 1.25));
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

void PresentationMode::setOn(bool on)
{
    if (on == m_on)
        return;
    m_on = on;
    {
        const QSignalBlocker blocker(m_window.m_presentationAction);
        m_window.m_presentationAction->setChecked(on);
    }
    m_leaveAction->setEnabled(on);
    // Whole tab titles rather than close buttons on a projector (Ctrl+W still closes).
    m_window.m_tabs->setTabsClosable(!on);
    // The advanced rows: the start position and the conventions.
    QWidget *conventions = m_window.m_panel->layoutBox()->parentWidget();
    ParameterControl *start = m_window.m_panel->control(ParamField::Start);
    if (on) {
        // What the session is outside presentation mode: saved to the preferences instead of
        // the full-screen layout without an inspector.
        m_normalGeometry = m_window.saveGeometry();
        m_normalDockState = m_window.saveState();
        m_savedFont = QApplication::font();
        QFont font = m_savedFont;
        if (font.pointSizeF() > 0)
            font.setPointSizeF(font.pointSizeF() * MainWindow::kPresentationFontFactor);
        else
            font.setPixelSize(qRound(font.pixelSize() * MainWindow::kPresentationFontFactor));
        QApplication::setFont(font);
        const QScreen *screen = m_window.screen();
        m_window.m_lessons->setPresenting(
            true, lessonTextPixelSize(screen ? screen->geometry().height() : 1080, QFontInfo(font).pixelSize()));
        m_savedPalette = QApplication::palette();
        QApplication::setPalette(highContrastPalette());
        m_inspectorWasVisible = !m_window.m_inspectorDock->isHidden();
        m_statusBarWasVisible = !m_window.statusBar()->isHidden();
        // The lesson shares the inspector's place: keep it in front when it is open, with the
        // inspector a tab behind it (a click on a cell, or Ctrl+I, brings it forward). Without
        // the lesson the inspector goes, to leave the plots the room; Ctrl+I brings it back.
        const bool lessonOpen = !m_window.m_lessonsDock->isHidden();
        if (!lessonOpen || !m_window.tabifiedDockWidgets(m_window.m_lessonsDock).contains(m_window.m_inspectorDock))
            m_window.m_inspectorDock->hide();
        if (lessonOpen) {
            m_window.m_lessonsDock->show();
            m_window.m_lessonsDock->raise();
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
        // With fonts 1.6 times larger the docks' usual widths would fit a dozen Chinese
        // characters a line: give them a share of the full-screen width instead, once the
        // window has its new size.
        m_normalDockWidths = {m_window.m_parametersDock->width(), m_window.m_lessonsDock->width()};
        QTimer::singleShot(0, &m_window, [this] {
            if (!m_on)
                return;
            m_window.resizeDocks({m_window.m_parametersDock}, {m_window.width() * 22 / 100}, Qt::Horizontal);
            if (!m_window.m_lessonsDock->isHidden())
                m_window.resizeDocks({m_window.m_lessonsDock}, {m_window.width() * 30 / 100}, Qt::Horizontal);
        });
    } else {
        QApplication::setFont(m_savedFont);
        m_window.m_lessons->setPresenting(false);
        QApplication::setPalette(m_savedPalette);
        m_magnifier.restore();
        m_window.m_inspectorDock->setVisible(m_inspectorWasVisible);
        m_window.statusBar()->setVisible(m_statusBarWasVisible);
        start->show();
        conventions->show();
        m_window.setWindowState(m_savedWindowState);
        if (m_normalDockWidths.size() == 2)
            m_window.resizeDocks({m_window.m_parametersDock, m_window.m_lessonsDock}, m_normalDockWidths, Qt::Horizontal);
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
