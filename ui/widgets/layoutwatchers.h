// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QSize>

class QBoxLayout;
class QWidget;

namespace posenc {

// Keeps a widget's minimum height at its minimum size hint while its vertical policy ignores
// the hints (a splitter that must not ask for more than a 720-line screen has).
class KeepMinimumHeight : public QObject
{
public:
    explicit KeepMinimumHeight(QWidget *widget);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void update();
    QWidget *m_widget;
};

// A note and a square plot in one panel: the note above the plot where the panel is tall,
// beside it where the plot's square comes out larger so (a wide, low panel: three lines of
// note above a map leave it a sliver; beside the note the map has the panel's height).
// `layout` holds the note first, the plot second, and belongs to the watched panel. `frame`
// is the room the plot's axes, labels and colour bar take around its square, in lines of the
// plot's font (width, height).
class NoteBesidePlot : public QObject
{
public:
    NoteBesidePlot(QBoxLayout *layout, QWidget *note, QWidget *plot, QSizeF frameLines);

    bool beside() const { return m_beside; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void arrange();

    QBoxLayout *m_layout;
    QWidget *m_note;
    QWidget *m_plot;
    QSizeF m_frameLines;
    bool m_beside = false;
};

} // namespace posenc
