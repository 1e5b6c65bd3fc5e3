// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

#include <QFont>
#include <QList>
#include <QString>
#include <QWidget>

#include <functional>
#include <utility>

class QLabel;
class QLayout;

namespace posenc {

class RotationMatrixLabel;

// The rotation view's equations: M_k = [cos, sin; −sin, cos](k·w_i) = [numbers], then
// PE(pos + k) = M_k PE(pos) evaluated in column and in row notation, and the direct values both
// agree with. A widget of its own because it sizes its fonts to the space it gets (large on a
// projector, still complete in a small window), which no other part of the view has to know.
class RotationEquationPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RotationEquationPanel(QWidget *parent = nullptr);

    // Shows pair `pair` of `params` at pos = params.position and k = params.offset.
    void setPair(const EncodingParams &params, int pair);

    // The 2x2 block as shown: the number behind entry (r, c) and the text of all four.
    double matrixEntry(int row, int column) const;
    QString matrixText() const;
    // Column notation M·v and row notation v·Mᵀ, one line each.
    QString columnEquationText() const;
    QString rowEquationText() const;
    // The font of M_k's numbers, the largest text of the panel.
    QFont matrixFont() const;
    // The smallest pixel size of M_k's block (M_k = [symbols] = [numbers]), asked each time the
    // fonts are fitted: the view gives the largest of its other texts, so that the matrices
    // stay the largest text on screen; the equations below fill what space is left. Where
    // that leaves them too small to read, the floor is waived rather than the equations hidden.
    void setMatrixPixelFloor(std::function<int()> floor);
    // How much of the column and row equations is shown. Complete: each as symbols (the
    // entries PE(pos, 2i) named) and as numbers. Numbers: the numbers only, under captions that
    // name the equation, where the symbols would leave them too small to read. Hidden: a note
    // instead, where even the numbers would be smaller than kReadableEquationPixels.
    enum class Equations { Complete, Numbers, Hidden };
    Equations equations() const { return m_equations; }
    bool equationsShown() const { return m_equations != Equations::Hidden; }
    static constexpr int kReadableEquationPixels = 9;

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // Scales the fonts so that the content fills the panel without clipping. With
    // `reconsider` (the panel's size or font changed), first decides whether the equations
    // fit at a readable size; a change of the numbers alone keeps that choice, so that a k
    // drag never shows and hides them.
    void fitFonts(bool reconsider = false);
    void fitOnce();
    void showEquations(Equations shown);

    // The panel has no layout of its own: fitFonts() sizes the content and its fonts.
    QWidget *m_content = nullptr;
    QList<std::pair<QWidget *, qreal>> m_scaledFonts; // widget, point size at scale 1
    qreal m_fontScale = 1.0;
    std::function<int()> m_matrixFloor;
    qreal m_blockScale = 0; // the smallest scale of M_k's block, from m_matrixFloor
    bool m_floorWaived = false; // M_k's block scales with the equations to leave them room
    QLayout *m_blockGrid = nullptr;
    QList<QWidget *> m_blockWidgets; // M_k = [symbols] = [numbers]
    RotationMatrixLabel *m_symbolicMatrix = nullptr;
    RotationMatrixLabel *m_numericMatrix = nullptr;
    QLabel *m_columnCaption = nullptr;
    RotationMatrixLabel *m_columnLeft = nullptr;  // [PE(pos+k, s); PE(pos+k, c)]
    RotationMatrixLabel *m_columnRight = nullptr; // [PE(pos, s); PE(pos, c)]
    RotationMatrixLabel *m_columnResult = nullptr;
    RotationMatrixLabel *m_columnMatrix = nullptr;
    RotationMatrixLabel *m_columnVector = nullptr;
    QLabel *m_rowCaption = nullptr;
    RotationMatrixLabel *m_rowLeft = nullptr;
    RotationMatrixLabel *m_rowRight = nullptr;
    RotationMatrixLabel *m_rowResult = nullptr;
    RotationMatrixLabel *m_rowVector = nullptr;
    RotationMatrixLabel *m_rowMatrix = nullptr;
    QLabel *m_agreement = nullptr;
    QWidget *m_equationsBox = nullptr; // the column and row equations and the agreement
    QLabel *m_hiddenNote = nullptr; // "the equations are hidden at this size"
    Equations m_equations = Equations::Complete;
    QList<QWidget *> m_symbolRows; // the equations' lines of symbols, hidden in Numbers
    double m_block[2][2] = {{1, 0}, {0, 1}};
};

} // namespace posenc
