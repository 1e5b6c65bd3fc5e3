// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPointer>
#include <QSize>
#include <QSizePolicy>
#include <QTimer>
#include <QWidget>

namespace posenc {

// A box around one widget, a label whose text changes on every step of a slider, that passes
// the layout pass the new text asks for on to the window only when the label's size changed.
//
// QLabel::setText always asks for a layout pass, and that pass does not stop at the label's
// own layout: each layout that is laid out again asks its widget's parent for one, up to the
// scroll area of the view, which measures the whole page again. Most steps of a slider change
// a number in a sentence and leave its size as it was (a word-wrapped RichTextLabel keeps its
// size hints while its text keeps changing), so that pass lays everything out where it was:
// 12 % of a change of k in the rotation view at 512 x 512. The box has no layout of its own:
// it receives the label's request, compares the label's size hints, size policy, minimum and
// maximum size and its height for the box's width with those it last passed on, and passes
// the request on (updateGeometry) only when one of them differs. Otherwise the label repaints
// itself where it is.
//
// A layout keeps a widget's heights for other widths it was asked about; a request stopped
// leaves them as they were for the old text. They are refreshed once the text has been still
// for kSettleMs (one pass then, if any request was stopped), before anyone can resize the window
// to one of those widths by hand. The box shows and hides with the widget.
class SizeFence : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kSettleMs = 250;

    // `widget` moves into a new box, which is returned (with no parent: add it to a layout
    // where the widget would have gone).
    static SizeFence *around(QWidget *widget);

    QWidget *widget() const { return m_widget; } // null once the widget was deleted
    // The layout requests of the widget stopped here, in all (for the tests).
    int stopped() const { return m_stopped; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

protected:
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    explicit SizeFence(QWidget *widget);

    struct Hints {
        QSize hint;
        QSize minimumHint;
        QSizePolicy policy;
        QSize minimumSize;
        QSize maximumSize;
        int width = -1;
        int heightForWidth = -1;
        bool operator==(const Hints &other) const = default;
    };
    Hints hints() const;
    // Passes the widget's hints on to the layouts above if they changed (or if `always`).
    void passOn(bool always);
    // `hints` as passed on: the box's own size policy, minimum and maximum size follow them.
    void adopt(const Hints &hints);

    QPointer<QWidget> m_widget; // a widget deleted by its owner leaves an empty box
    Hints m_passed;
    QTimer m_settle; // runs from a stopped request to the pass it is owed
    int m_stopped = 0;
};

} // namespace posenc
