// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QTimer>

class QDialog;
class QPlainTextEdit;
class QWidget;

namespace posenc {

class EncodingState;
class ViewPages;

// View > Describe View (F2) of a window: the paragraph of the view in front (its descriptor's
// describe, through ViewRegistry) in a dialog of selectable text that follows the state while
// it is open, and the same text as the accessible description of the view's page. A burst of
// changes (a dragged slider) is described once it has settled. It reads the views of the
// window's tabs and the state, and opens its dialog over `window`. Texts in MainWindow's context.
class DescribeView
{
    Q_DECLARE_TR_FUNCTIONS(posenc::MainWindow)

public:
    // How long the state must rest before the description follows it.
    static constexpr int kDelayMs = 250;

    DescribeView(QWidget *window, const ViewPages *views, const EncodingState *state);

    // The paragraph of the view in front, or empty while every view is closed.
    QString describe() const;
    // Describes the view in front now.
    void update();
    // Describes it once the state has rested kDelayMs.
    void updateLater() { m_timer.start(); }
    void show();
    QPlainTextEdit *text() const { return m_text; }

private:
    QWidget *m_window;
    const ViewPages *m_views;
    const EncodingState *m_state;
    QDialog *m_dialog = nullptr;
    QPlainTextEdit *m_text = nullptr;
    QTimer m_timer;
};

} // namespace posenc
