// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/attention/attentionpane.h"
#include "ui/views/attention/attentionview.h"

#include "ui/state/encodingstate.h"
#include "ui/state/stdtext.h"
#include "ui/widgets/buddylabel.h"
#include "ui/widgets/matrixplot.h"
#include "ui/views/attention/attentionscene.h"
#include "ui/views/celltext.h"
#include "ui/widgets/plotstyle.h"
#include "ui/widgets/richtextlabel.h"
#include "ui/widgets/sizefence.h"
#include "ui/widgets/spinrange.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

QStringList tokenLabels(const Scene &scene)
{
    return AttentionOptions::tokens(scene.attention.sentence);
}

double mean(const Eigen::VectorXd &v)
{
    return v.size() == 0 ? 0.0 : v.mean();
}

} // namespace

AttentionPane::AttentionPane(QWidget *parent)
    : QWidget(parent)
    , m_scheme(new QComboBox)
    , m_scores(new MatrixPlot(MatrixPlot::Range::Signed))
    , m_weights(new MatrixPlot(MatrixPlot::Range::Unit))
    , m_output(new MatrixPlot(MatrixPlot::Range::Signed))
    , m_shift(new MatrixPlot(MatrixPlot::Range::Signed))
    , m_norms(sentenceLabel())
    , m_shuffle(sentenceLabel())
    , m_shiftText(sentenceLabel())
    , m_problem(sentenceLabel())
    , m_caption(new QLabel)
    , m_plots(new QWidget)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *header = new QHBoxLayout;
    auto *schemeLabel = new QLabel(AttentionView::tr("&Position:"));
    schemeLabel->setBuddy(m_scheme);
    for (AttentionEncoding encoding : kAttentionEncodings)
        m_scheme->addItem(AttentionScene::title(encoding), int(encoding));
    m_scheme->setToolTip(AttentionView::tr("How position information reaches this head"));
    // As narrow as a short name: two panes side by side must fit a 1280 x 720 window.
    m_scheme->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_scheme->setMinimumContentsLength(12);
    header->addWidget(schemeLabel);
    header->addWidget(m_scheme, 1);
    PlotStyle::markScreenOnly(schemeLabel);
    PlotStyle::markScreenOnly(m_scheme);
    layout->addLayout(header);
    // A figure has no combo box: the scheme's name in bold above the pane instead.
    QFont bold = m_caption->font();
    bold.setBold(true);
    m_caption->setFont(bold);
    m_caption->setAlignment(Qt::AlignCenter);
    // In lines where longer than the pane: a long scheme's name must not widen its pane at
    // the other's cost (the panes share the width equally).
    m_caption->setWordWrap(true);
    m_caption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_caption->hide();
    layout->addWidget(m_caption);

    auto *grid = new QGridLayout(m_plots);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(2);
    grid->addWidget(m_scores, 0, 0);
    grid->addWidget(m_weights, 0, 1);
    grid->addWidget(m_output, 1, 0);
    grid->addWidget(m_shift, 1, 1);
    // The titles say what each matrix is and the tokens label its rows and columns: no axis
    // titles but the output's dimensions, so that the cells keep their room on a projector at
    // 1280 x 720.
    m_output->xAxis->setLabel(AttentionView::tr("dimension"));
    m_output->setLastRowLabelled(true); // the mean, under the tokens
    m_scores->setToolTip(AttentionView::tr("Scores: q_i · k_j / √d plus the scheme's bias, query token i in the rows, key "
                                           "token j in the columns"));
    m_weights->setToolTip(AttentionView::tr("Attention weights: the softmax of each row of scores (each row sums to 1)"));
    m_output->setToolTip(AttentionView::tr("Output rows (weights · V) and, in the last row, their mean: what a classifier "
                                           "that averages the tokens sees"));
    m_shift->setToolTip(AttentionView::tr("The shift test: the scores with the phrase moved later, minus the scores now"));
    layout->addWidget(m_plots, 1);
    layout->addWidget(m_problem);
    m_problem->hide();
    // The verdicts' numbers change with every change of the encoding.
    layout->addWidget(SizeFence::around(m_shuffle));
    layout->addWidget(SizeFence::around(m_shiftText));
    layout->addWidget(m_norms);

    connect(m_scheme, &QComboBox::activated, this, [this] {
        emit schemeChosen(AttentionEncoding(m_scheme->currentData().toInt()));
    });
    for (MatrixPlot *plot : {m_scores, m_weights})
        connect(plot, &MatrixPlot::cellClicked, this, &AttentionPane::scoreClicked);
}

void AttentionPane::showProblem(const QString &problem)
{
    m_problem->setText(problem);
    m_problem->show();
    m_plots->hide();
    m_norms->clear();
    m_shuffle->clear();
    m_shiftText->clear();
}

void AttentionPane::show(const Scene &scene, const AttentionSetup &setup, const AttentionTests &tests)
{
    const QSignalBlocker blocker(m_scheme);
    m_scheme->setCurrentIndex(m_scheme->findData(int(setup.kind)));
    m_caption->setText(AttentionScene::title(setup.kind));
    m_problem->hide();
    m_plots->show();
    const QStringList labels = tokenLabels(scene);
    const ShuffleResult &shuffle = tests.shuffle;
    const AttentionResult &result = shuffle.original;
    const int n = int(result.output.rows());

    m_scores->setTitle(setup.kind == AttentionEncoding::Alibi || setup.kind == AttentionEncoding::T5
                               || setup.kind == AttentionEncoding::SeedRelative
                           ? AttentionView::tr("scores + bias")
                           : AttentionView::tr("scores"));
    m_scores->setMatrix(result.scores, labels, labels);
    m_weights->setTitle(AttentionView::tr("weights"));
    m_weights->setMatrix(result.weights, labels, labels);
    // The output rows and, under them, their mean: what a mean-pooling classifier sees.
    RowMatrixXd output(n + 1, result.output.cols());
    output.topRows(n) = result.output;
    output.row(n) = result.pooled.transpose();
    QStringList outputRows = labels;
    outputRows << AttentionView::tr("mean");
    m_output->setTitle(m_figure ? AttentionView::tr("output") : AttentionView::tr("output, mean"));
    m_output->setMatrix(output, outputRows, {});

    const double shiftBy = scene.attention.shift;
    const RowMatrixXd &difference = tests.shiftDifference;
    const double moved = MatrixPlot::largestMagnitude(difference);
    const double tolerance = 1e-12 * std::max(1.0, MatrixPlot::largestMagnitude(result.scores));
    m_shiftBy = shiftBy;
    const bool unchanged = moved <= tolerance;
    m_shiftUnchanged = unchanged;
    m_shift->setTitle(shiftTitle());
    // Rounding alone (RoPE, ALiBi, T5, none) is drawn white on ±1, not as noise on ±1e-16.
    m_shift->setMatrix(difference, labels, labels, unchanged ? 1.0 : 0.0);
    // Short verdicts under the plots (a class reads them from the back); the sentence behind
    // each in its tooltip and in Describe View.
    m_shiftText->setText(unchanged ? AttentionView::tr("Shift +%1: scores unchanged (max |Δ| %2)").arg(CellText::number(shiftBy, 6), CellText::number(moved, 2))
                                   : AttentionView::tr("Shift +%1: scores change by up to %2").arg(CellText::number(shiftBy, 6), CellText::number(moved, 3)));
    m_shiftText->setToolTip(unchanged ? AttentionView::tr("The phrase %1 positions later gives the same scores, to rounding: this head "
                                                          "sees only how far apart tokens are, not where the phrase starts.")
                                            .arg(CellText::number(shiftBy, 6))
                                      : AttentionView::tr("The phrase %1 positions later gives other scores: this head sees where the "
                                                          "phrase starts, not only how far apart tokens are.")
                                            .arg(CellText::number(shiftBy, 6)));

    QStringList shuffled;
    for (const std::string &token : shuffle.shuffledTokens)
        shuffled << QString::fromStdString(token);
    const QString rows = shuffle.rowsEquivariant
                             ? AttentionView::tr("rows equivariant (max |Δ| %1)").arg(CellText::number(shuffle.maxRowDifference, 2))
                             : AttentionView::tr("rows not equivariant (Δ up to %1)").arg(CellText::number(shuffle.maxRowDifference, 3));
    const QString pooled = shuffle.poolInvariant
                               ? AttentionView::tr("mean invariant (|Δ| %1)").arg(CellText::number(shuffle.maxPooledDifference, 2))
                               : AttentionView::tr("mean changes (Δ up to %1)").arg(CellText::number(shuffle.maxPooledDifference, 3));
    m_shuffle->setText(AttentionView::tr("Shuffle → “%1”: %2, %3").arg(AttentionScene::tokenText(shuffled), rows, pooled));
    m_shuffle->setToolTip(shuffle.poolInvariant && shuffle.rowsEquivariant
                              ? AttentionView::tr("Shuffled, the output rows only move with their tokens (permutation-"
                                                  "equivariant) and their mean stays the same (invariant): the phrase and its "
                                                  "shuffle look alike to this head.")
                              : AttentionView::tr("Shuffled, the output rows and their mean change: this head tells the two "
                                                  "orders apart."));

    if (addsPositionVectors(setup.kind)) {
        QString norms = (setup.kind == AttentionEncoding::Sinusoidal ? AttentionView::tr("|token| %1, |scale·PE| %2, ratio %3")
                                                                     : AttentionView::tr("|token| %1, |learned row| %2, ratio %3"))
                            .arg(CellText::number(mean(result.tokenNorms), 4), CellText::number(mean(result.positionNorms), 4),
                                 CellText::number(mean(result.normRatios), 3));
        if (!result.positionsWithoutRow.empty()) {
            const double first = setup.encoding.start + result.positionsWithoutRow.front();
            norms += QStringLiteral("; ")
                     + AttentionView::tr("no row from position %1 (table: 0 to %2)")
                           .arg(CellText::number(first, 8))
                           .arg(setup.learnedPositions - 1);
        }
        m_norms->setText(norms);
        m_norms->setToolTip(AttentionView::tr("Means over the phrase of the token embedding's norm, the position vector's "
                                              "and their ratio: how much of the sum is position. Joined: %1.")
                                .arg(AttentionScene::joinTitle(setup.join)));
    } else {
        m_norms->setText(setup.kind == AttentionEncoding::None ? AttentionView::tr("X = the tokens alone")
                         : setup.kind == AttentionEncoding::Rope
                             ? AttentionView::tr("X = the tokens; q, k rotated by position · θ_t")
                             : AttentionView::tr("X = the tokens; a bias that depends on the offset j − i is added to the scores"));
        m_norms->setToolTip(QString());
    }
}

void AttentionPane::setFigure(bool figure)
{
    // A figure is the matrices under the scheme's name; the verdicts are the window's (and
    // Describe View's).
    m_figure = figure;
    m_caption->setVisible(figure);
    // Shorter titles on a page, where the matrices are narrow.
    m_output->setTitle(figure ? AttentionView::tr("output") : AttentionView::tr("output, mean"));
    m_shift->setTitle(shiftTitle());
    for (MatrixPlot *plot : {m_scores, m_weights, m_output, m_shift})
        plot->setFigure(figure);
    for (QLabel *label : {m_norms, m_shuffle, m_shiftText})
        label->setVisible(!figure);
    stretchColumns();
}

QString AttentionPane::shiftTitle() const
{
    const QString by = CellText::number(m_shiftBy, 6);
    if (!m_figure)
        return AttentionView::tr("shift +%1: Δ").arg(by);
    // A figure has no verdict under its plots: an all-white map says why it is white.
    return m_shiftUnchanged ? AttentionView::tr("Δ, +%1 = 0").arg(by) : AttentionView::tr("Δ, +%1").arg(by);
}

void AttentionPane::setCompact(bool compact)
{
    m_compact = compact;
    stretchColumns();
}

void AttentionPane::stretchColumns()
{
    auto *grid = static_cast<QGridLayout *>(m_plots->layout());
    grid->setColumnStretch(0, m_compact ? 3 : m_figure ? 1 : 0);
    grid->setColumnStretch(1, m_compact ? 2 : m_figure ? 1 : 0);
}

int AttentionPane::captionHeight() const
{
    return m_caption->isHidden() ? 0 : m_caption->heightForWidth(std::max(1, width()));
}

void AttentionPane::setCaptionHeight(int height)
{
    if (m_caption->minimumHeight() != height)
        m_caption->setMinimumHeight(height);
}

QString AttentionPane::description() const
{
    QStringList parts{m_scheme->currentText()};
    if (!m_problem->isHidden())
        parts << m_problem->text();
    else
        parts << m_shuffle->text() << m_shiftText->text() << m_norms->text();
    return parts.join(QStringLiteral(" "));
}

} // namespace posenc
