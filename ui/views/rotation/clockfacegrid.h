// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QList>
#include <QPixmap>
#include <QPointF>
#include <QString>
#include <QWidget>

#include <array>

namespace posenc {

// The clock picture of the encoding: one small clock face per pair, its hand at the angle
// pos · w_i (12 o'clock is angle 0, turning clockwise) and a second, lighter hand at
// (pos + k) · w_i. It draws what it is given and computes no angle itself; clicking a face
// reports its pair. When the faces would be too small to read (or more than maxFaces), it shows
// every s-th pair only, the smallest stride s that keeps the faces readable in its size.
class ClockFaceGrid : public QWidget
{
    Q_OBJECT

public:
    struct Face {
        int pair = 0;
        QString caption;     // second line under the face, e.g. "λ 9.67"
        double angle = 0;    // pos · w_i (radians), for tests and tooltips
        double shiftedAngle = 0; // (pos + k) · w_i
        QPointF hand;        // (x, y) of the hand at pos, in units of the radius, y up
        QPointF shiftedHand; // the same at pos + k
    };

    explicit ClockFaceGrid(QWidget *parent = nullptr);

    // One face per pair, in pair order.
    void setFaces(const QList<Face> &faces, int highlightedPair);
    const QList<Face> &faces() const { return m_faces; }
    int highlightedPair() const { return m_highlightedPair; }

    // Every stride-th face is drawn (pairs 0, s, 2s, ...), at most maxFaces of them.
    void setMaxFaces(int count);
    int stride() const { return m_stride; }
    QList<Face> shownFaces() const;

    // The rectangle of the shown face number `index` in the current size.
    QRectF faceRect(int index) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void pairClicked(int pair);
    // The stride changed (new faces or a new size).
    void strideChanged(int stride);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // The parts of the faces that do not move with pos or k (dials, ticks, captions) are drawn
    // once into m_dials and copied on every paint; only the hands and their hubs are drawn
    // each time (the captions' text was most of the cost of a paint).
    // The dials in two layers: the faces (background, circles, ticks), which a new d_model
    // leaves as they were, and the captions over them, which it changes.
    enum DialPart { Faces = 1, Captions = 2 };
    void invalidateDials();
    void paintDials(QPainter &painter, int parts = Faces | Captions) const;
    void paintHands(QPainter &painter, int index) const;
    // Where face `index` draws its hands: its rectangle and the width of a hand's round cap
    // and antialiased edge beyond it.
    QRect handsRect(int index) const;

    struct Grid {
        int columns = 1;
        qreal cellWidth = 0;
        qreal cellHeight = 0;
        qreal radius = 0;
    };
    // The best arrangement of `count` faces in the current size.
    Grid grid(int count) const;
    // The arrangement of the shown faces, worked out again only when what it depends on changed
    // (every moved hand asks for its face's rectangle).
    Grid grid() const;
    void updateStride();
    int shownCount() const;
    int captionHeight() const;
    int captionWidth() const { return m_captionWidth; }
    void measureCaptions();
    QFont captionFont() const;
    int faceAt(const QPointF &point) const;

    QList<Face> m_faces;
    int m_highlightedPair = -1;
    int m_maxFaces = 64;
    int m_stride = 1;
    int m_captionWidth = 0; // the widest caption, measured when the faces or the font change
    int m_captionHeight = 0; // two lines of the caption font, measured with the widths
    mutable Grid m_grid;
    mutable std::array<int, 5> m_gridKey{}; // shown faces, width, height, caption height and width
    QPixmap m_dials;        // faces and captions; null when stale
    QColor m_dialsBase;     // the palette's colours m_dials was drawn with
    QColor m_dialsInk;
    // The faces alone, and what they were drawn for: the size, the device pixel ratio, the
    // colours, the grid and which shown face is the chosen one.
    QPixmap m_faceLayer;
    QList<qreal> m_faceLayerKey;
    QList<qreal> faceLayerKey() const;
};

} // namespace posenc
