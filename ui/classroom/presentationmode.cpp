// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/classroom/presentationmode.h"

#include "ui/widgets/parametercontrol.h"
#include "ui/widgets/parameterpanel.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QGroupBox>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTimer>

namespace posenc {

PresentationMode::PresentationMode(MainWindow &window)
    : m_window(window)
{
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
        m_savedPalette = QApplication::palette();
        QApplication::setPalette(highContrastPalette());
        m_inspectorWasVisible = !m_window.m_inspectorDock->isHidden();
        m_statusBarWasVisible = !m_window.statusBar()->isHidden();
        m_window.m_inspectorDock->hide();
        // The lesson shares the inspector's place: keep it in front when it is open.
        if (!m_window.m_lessonsDock->isHidden()) {
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
