// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/vit/vitview.h"

#include "core/attention.h"
#include "core/patchgrid.h"
#include "ui/state/encodingstate.h"
#include "ui/widgets/buddylabel.h"
#include "ui/widgets/matrixplot.h"
#include "ui/views/celltext.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/richtextlabel.h"
#include "ui/widgets/spinrange.h"

#include <QCoreApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

// 64 -> "₆₄": the dimensions of one half of the 2-D encoding, as a subscript of PE.
QString subscript(int value)
{
    QString text = QString::number(value);
    for (QChar &c : text)
        c = QChar(0x2080 + c.digitValue());
    return text;
}

// "next in the row 0.97, next in the column 0.649": what one grid says of the chosen patch's
// two neighbours.
QString neighbourText(const VitResult &r, const RowMatrixXd &grid)
{
    if (!r.hasRowNeighbour())
        return VitView::tr("One patch: it has no neighbour.");
    return VitView::tr("Next patch in its row: %1 · in its column: %2")
        .arg(CellText::number(grid(r.row, r.rowNeighbourColumn), 3), CellText::number(grid(r.columnNeighbourRow, r.column), 3));
}

} // namespace

// ---------------------------------------------------------------------------------------------
// VitResult

VitResult VitResult::compute(const Scene &scene)
{
    VitResult r;
    const VitOptions &o = labOptions<VitOptions>(scene);
    if (const auto problem = o.validate()) {
        r.problem = *problem;
        return r;
    }
    r.grid = o.grid();
    r.row = o.row();
    r.column = o.column();
    if (const auto problem = validatePatchGrid(scene.params, r.grid, r.row, r.column, false)) {
        r.problem = QString::fromStdString(problem->message);
        return r;
    }
    r.rowNeighbourColumn = r.column + 1 < r.grid ? r.column + 1 : std::max(r.column - 1, 0);
    r.columnNeighbourRow = r.row + 1 < r.grid ? r.row + 1 : std::max(r.row - 1, 0);
    r.oneD = patchSimilarity(scene.params, r.grid, r.row, r.column, false);
    if (const auto problem = validatePatchGrid(scene.params, r.grid, r.row, r.column, true))
        r.twoDProblem = QString::fromStdString(problem->message);
    else
        r.twoD = patchSimilarity(scene.params, r.grid, r.row, r.column, true);
    return r;
}

// ---------------------------------------------------------------------------------------------
// VitView

VitView::VitView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_oneD(new MatrixPlot(MatrixPlot::Range::Unit))
    , m_twoD(new MatrixPlot(MatrixPlot::Range::Unit))
    , m_imageSize(new QSpinBox)
    , m_patchSize(new QSpinBox)
    , m_row(new QSpinBox)
    , m_column(new QSpinBox)
    , m_gridText(new QLabel)
    , m_oneDText(sentenceLabel())
    , m_twoDText(sentenceLabel())
    , m_twoDMissing(sentenceLabel())
    , m_problem(sentenceLabel())
    , m_verdict(sentenceLabel())
    , m_controls(new QWidget)
{
    setAccessibleName(tr("ViT lab: the similarity of image patches under a 1-D and a 2-D position encoding"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    m_imageSize->setRange(1, VitOptions::kMaxImageSize);
    m_imageSize->setSuffix(tr(" px"));
    m_imageSize->setToolTip(tr("The image's side in pixels (ViT-B/16 reads 224 × 224)"));
    m_patchSize->setRange(1, VitOptions::kMaxImageSize);
    m_patchSize->setSuffix(tr(" px"));
    m_patchSize->setToolTip(tr("The patch's side in pixels: the image becomes (image / patch)² patches, at most %1 a side")
                                .arg(VitOptions::kMaxGrid));
    m_row->setToolTip(tr("The chosen patch's row, from the top (or click a patch)"));
    m_column->setToolTip(tr("The chosen patch's column, from the left (or click a patch)"));
    // Two short rows (the image, then the chosen patch): one would be wider than a 1280 x 720
    // window in presentation mode.
    auto *controls = new QVBoxLayout(m_controls);
    controls->setContentsMargins(0, 0, 0, 0);
    controls->setSpacing(2);
    auto *image = new QHBoxLayout;
    image->addWidget(buddyLabel(tr("I&mage:"), m_imageSize));
    image->addWidget(m_imageSize);
    image->addWidget(buddyLabel(tr("&Patch size:"), m_patchSize));
    image->addWidget(m_patchSize);
    image->addWidget(m_gridText);
    image->addStretch(1);
    auto *chosen = new QHBoxLayout;
    chosen->addWidget(buddyLabel(tr("Chosen patch: &row"), m_row));
    chosen->addWidget(m_row);
    chosen->addWidget(buddyLabel(tr("co&lumn"), m_column));
    chosen->addWidget(m_column);
    chosen->addStretch(1);
    controls->addLayout(image);
    controls->addLayout(chosen);
    PlotStyle::markScreenOnly(m_controls);
    layout->addWidget(m_controls);
    m_problem->hide();
    PlotStyle::markScreenOnly(m_problem);
    layout->addWidget(m_problem);

    for (MatrixPlot *plot : {m_oneD, m_twoD}) {
        plot->setSquareCells(true);
        plot->setScaleLabel(tr("cosine similarity"));
        plot->xAxis->setLabel(tr("column of the grid"));
        plot->yAxis->setLabel(tr("row of the grid"));
    }
    auto *grids = new QGridLayout;
    grids->setContentsMargins(0, 0, 0, 0);
    grids->addWidget(m_oneD, 0, 0);
    grids->addWidget(m_twoD, 0, 1);
    grids->addWidget(m_twoDMissing, 0, 1, Qt::AlignCenter);
    m_twoDMissing->hide();
    grids->addWidget(m_oneDText, 1, 0);
    grids->addWidget(m_twoDText, 1, 1);
    grids->setRowStretch(0, 1);
    grids->setColumnStretch(0, 1);
    grids->setColumnStretch(1, 1);
    layout->addLayout(grids, 1);
    layout->addWidget(m_verdict);

    connect(m_imageSize, &QSpinBox::valueChanged, this, [this](int size) {
        changeOptions([size](VitOptions &o) { o.imageSize = size; });
    });
    connect(m_patchSize, &QSpinBox::valueChanged, this, [this](int size) {
        changeOptions([size](VitOptions &o) { o.patchSize = size; });
    });
    connect(m_row, &QSpinBox::valueChanged, this, [this](int row) { choosePatch(row, m_column->value()); });
    connect(m_column, &QSpinBox::valueChanged, this, [this](int column) { choosePatch(m_row->value(), column); });
    for (MatrixPlot *plot : {m_oneD, m_twoD})
        connect(plot, &MatrixPlot::cellClicked, this, &VitView::choosePatch);

    // Any figure: the grids and their titles, no sentences.
    PlotStyle::watchFigure(this, [this](bool figure) { setFigure(figure); });
    connect(m_state, &EncodingState::changed, this, &VitView::onStateChanged);
    refresh();
}

VitView::~VitView() = default;

QString VitView::oneDTitle(int grid)
{
    return tr("1-D: PE(row × %1 + column)").arg(grid);
}

QString VitView::twoDTitle(int dModel)
{
    return tr("2-D: [PE%1(row) | PE%2(column)]")
        .arg(subscript(dModel / 2), subscript(dModel - dModel / 2));
}

template <typename Change>
void VitView::changeOptions(Change change)
{
    Scene scene = m_state->scene();
    VitOptions &options = labOptions<VitOptions>(scene);
    change(options);
    // A smaller grid keeps the chosen patch inside it (the middle one stays the middle one).
    const int grid = options.grid();
    if (grid > 0) {
        if (options.patchRow != VitOptions::kMiddle)
            options.patchRow = std::min(options.patchRow, grid - 1);
        if (options.patchCol != VitOptions::kMiddle)
            options.patchCol = std::min(options.patchCol, grid - 1);
    }
    if (options == labOptions<VitOptions>(m_state->scene()))
        return;
    if (const auto refused = m_state->setScene(scene)) {
        // Refused: the state keeps its grid, the controls go back to it.
        m_problem->setText(*refused);
        m_problem->show();
        syncControls(m_state->scene());
        return;
    }
    m_problem->hide();
}

void VitView::choosePatch(int row, int column)
{
    changeOptions([row, column](VitOptions &o) {
        o.patchRow = row;
        o.patchCol = column;
    });
    Inspection inspection;
    inspection.kind = patchKind();
    inspection.a = row;
    inspection.b = column;
    m_state->setInspection(inspection);
}

void VitView::onStateChanged()
{
    m_dirty = true;
    if (isVisible())
        refresh();
}

void VitView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void VitView::setFigure(bool figure)
{
    m_figure = figure;
    for (QLabel *label : {m_oneDText, m_twoDText, m_verdict})
        label->setVisible(!figure);
    for (MatrixPlot *plot : {m_oneD, m_twoD}) {
        plot->setFigure(figure);
        // A figure's grid is small: one word per axis.
        plot->xAxis->setLabel(figure ? tr("column") : tr("column of the grid"));
        plot->yAxis->setLabel(figure ? tr("row") : tr("row of the grid"));
        plot->setScaleLabel(figure ? tr("cosine") : tr("cosine similarity"));
    }
    // The titles follow (short in a figure).
    m_shown.reset();
    refresh();
}

void VitView::syncControls(const Scene &scene)
{
    const VitOptions &o = labOptions<VitOptions>(scene);
    const QSignalBlocker b0(m_imageSize), b1(m_patchSize), b2(m_row), b3(m_column);
    m_imageSize->setValue(o.imageSize);
    setSpinMaximum(m_patchSize, o.imageSize);
    m_patchSize->setValue(o.patchSize);
    const int grid = std::max(o.grid(), 1);
    setSpinMaximum(m_row, grid - 1);
    setSpinMaximum(m_column, grid - 1);
    m_row->setValue(o.row());
    m_column->setValue(o.column());
    m_gridText->setText(tr("→ a %1 × %1 grid (%2 in all)").arg(o.grid()).arg(o.grid() * o.grid()));
}

void VitView::refresh()
{
    m_dirty = false;
    m_state->takeChanges(this);
    const Scene scene = m_state->scene();
    syncControls(scene);
    // Only the encoding's shape and the ViT options matter: pos, k, seq_len and start do not
    // (a ViT numbers its patches from 0).
    Scene shown;
    shown.params = scene.params;
    shown.params.position = 0;
    shown.params.offset = 0;
    shown.params.seqLen = 1;
    shown.params.start = 0;
    labOptions<VitOptions>(shown) = labOptions<VitOptions>(scene);
    if (m_shown && *m_shown == shown)
        return;
    m_shown = shown;

    const VitResult r = VitResult::compute(scene);
    if (!r.problem.isEmpty()) {
        m_problem->setText(r.problem);
        m_problem->show();
        return;
    }
    // One colour scale for both grids, from the least similar patch of either to 1 (the
    // chosen patch itself), so that the same colour is the same similarity on both sides.
    double low = r.oneD.minCoeff();
    if (r.twoD.size() > 0)
        low = std::min(low, r.twoD.minCoeff());
    const QCPRange range(std::min(low, 1.0 - 1e-9), 1.0);
    const auto show = [&](MatrixPlot *plot, const RowMatrixXd &values, const QString &title) {
        plot->setGivenRange(range);
        plot->setTitle(title);
        plot->setMatrix(values, {}, {});
        plot->highlight(std::pair{r.row, r.column});
    };
    // A figure's column is narrow: the formulas in short.
    show(m_oneD, r.oneD, m_figure ? tr("1-D: PE(%1r + c)").arg(r.grid) : oneDTitle(r.grid));
    m_oneDText->setText(neighbourText(r, r.oneD));
    const bool twoD = r.twoD.size() > 0;
    m_twoD->setVisible(twoD);
    m_twoDText->setVisible(twoD && !m_figure);
    m_twoDMissing->setVisible(!twoD);
    if (twoD) {
        show(m_twoD, r.twoD, m_figure ? tr("2-D: [PE(r) | PE(c)]") : twoDTitle(scene.params.dModel));
        m_twoDText->setText(neighbourText(r, r.twoD));
    } else {
        m_twoDMissing->setText(tr("No 2-D grid: %1").arg(r.twoDProblem));
    }
    m_verdict->setText(tr("In reading order the patch beside the chosen one is 1 position away and the patch below it "
                          "%1 positions away: the 1-D encoding sees rows, not the grid. The 2-D encoding gives row and "
                          "column half the dimensions each.")
                           .arg(r.grid));
    setAccessibleDescription(describe(*m_state));
}

QString VitView::describe(const EncodingState &state)
{
    const Scene scene = state.scene();
    const VitResult r = VitResult::compute(scene);
    if (!r.problem.isEmpty())
        return tr("ViT lab: %1").arg(r.problem);
    QString text = tr("ViT lab: a %1 px image in patches of %2 px, %3 × %3 patches; the chosen patch is at row %4, "
                      "column %5 (1-D position %6), d_model %7.")
                       .arg(labOptions<VitOptions>(scene).imageSize)
                       .arg(labOptions<VitOptions>(scene).patchSize)
                       .arg(r.grid)
                       .arg(r.row)
                       .arg(r.column)
                       .arg(r.row * r.grid + r.column)
                       .arg(scene.params.dModel);
    if (!r.hasRowNeighbour())
        return text;
    text += QLatin1Char(' ')
            + tr("Cosine similarity to the next patch in its row and in its column: 1-D %1 and %2")
                  .arg(CellText::number(r.oneD(r.row, r.rowNeighbourColumn), 3), CellText::number(r.oneD(r.columnNeighbourRow, r.column), 3));
    if (r.twoD.size() > 0)
        text += tr("; 2-D %1 and %2.")
                    .arg(CellText::number(r.twoD(r.row, r.rowNeighbourColumn), 3), CellText::number(r.twoD(r.columnNeighbourRow, r.column), 3));
    else
        text += tr("; no 2-D grid: %1.").arg(r.twoDProblem);
    return text;
}

QString VitView::patchExplanation(const Scene &scene, const Inspection &what)
{
    Q_UNUSED(what); // a click chooses the patch: the scene holds it
    const VitResult r = VitResult::compute(scene);
    if (!r.problem.isEmpty() || !r.hasRowNeighbour())
        return {};
    const int p = r.row * r.grid + r.column;
    const int d = scene.params.dModel;
    const int besideP = r.row * r.grid + r.rowNeighbourColumn;
    const int belowP = r.columnNeighbourRow * r.grid + r.column;
    QStringList lines;
    lines << tr("<b>Patch at row %1, column %2 of a %3 × %3 grid (image %4 px / patch %5 px)</b>")
                 .arg(r.row)
                 .arg(r.column)
                 .arg(r.grid)
                 .arg(labOptions<VitOptions>(scene).imageSize)
                 .arg(labOptions<VitOptions>(scene).patchSize);
    lines << tr("1-D: the patches numbered in reading order, position = row × %1 + column = %2; its encoding PE(%2) "
                "has %3 dimensions.")
                 .arg(r.grid)
                 .arg(p)
                 .arg(d);
    lines << tr("Next in its row: position %1, %2 away: cos = %3.")
                 .arg(besideP)
                 .arg(std::abs(besideP - p))
                 .arg(CellText::number(r.oneD(r.row, r.rowNeighbourColumn), 6));
    lines << tr("Next in its column: position %1, %2 away: cos = %3.")
                 .arg(belowP)
                 .arg(std::abs(belowP - p))
                 .arg(CellText::number(r.oneD(r.columnNeighbourRow, r.column), 6));
    if (r.twoD.size() > 0) {
        lines << tr("2-D: [PE%1(row) | PE%2(column)], %3 + %4 dimensions: a step along the row changes only the "
                    "column's half, a step down only the row's half.")
                     .arg(subscript(d / 2), subscript(d - d / 2))
                     .arg(d / 2)
                     .arg(d - d / 2);
        lines << tr("Next in its row: cos = %1; next in its column: cos = %2.")
                     .arg(CellText::number(r.twoD(r.row, r.rowNeighbourColumn), 6), CellText::number(r.twoD(r.columnNeighbourRow, r.column), 6));
    }
    lines << tr("cos(u, v) = u · v / (|u| |v|), with the app's base, scale and layout.");
    return lines.join(QStringLiteral("<br>"));
}

} // namespace posenc
