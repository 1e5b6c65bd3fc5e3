// SPDX-License-Identifier: GPL-3.0-or-later
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

// The weights of Describe View and the inspector, drawn once for every d_model (at 4096 a
// fresh draw takes a second): on the GUI thread only, like the views that ask.
const AttentionWeights &sharedWeights(const AttentionSetup &setup)
{
    static AttentionWeightCache cache;
    return cache.weights(setup.seed, setup.encoding.dModel, setup.weights, setup.join == PeJoin::ConcatProject);
}

// The built-in phrases: the source texts' pair and its English twin.
const QStringList &builtInPhrases()
{
    static const QStringList phrases{QStringLiteral("我 吃 鱼"), QStringLiteral("鱼 吃 我"),
                                     QStringLiteral("dog bites man"), QStringLiteral("man bites dog"),
                                     QStringLiteral("我 喜欢 吃 苹果"), QStringLiteral("苹果 喜欢 吃 我")};
    return phrases;
}

// The slope ALiBi's published get_slopes (and BLOOM) gives head h of H heads: for H a power
// of 2 the paper's 2^(-8(h+1)/H); otherwise the slopes of the largest power of 2 below H,
// then every other slope of twice that power. The lab itself uses the paper's formula.
double publishedAlibiSlope(int head, int heads)
{
    int power = 1;
    while (power * 2 <= heads)
        power *= 2;
    return head < power ? alibiSlope(head, power) : alibiSlope(2 * (head - power), 2 * power);
}

} // namespace

AttentionView::AttentionView(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_left(new AttentionPane)
    , m_right(new AttentionPane)
    , m_phrase(new QComboBox)
    , m_phraseProblem(new QLabel)
    , m_shuffleButton(new QPushButton(tr("S&huffle")))
    , m_shuffleOrder(new QComboBox)
    , m_seed(new QSpinBox)
    , m_weightsBox(new QComboBox)
    , m_join(new QComboBox)
    , m_alpha(new QSlider(Qt::Horizontal))
    , m_alphaValue(new QLabel)
    , m_shiftBox(new QSpinBox)
    , m_ropePairs(new QComboBox)
    , m_heads(new QSpinBox)
    , m_head(new QSpinBox)
    , m_learnedRows(new QSpinBox)
    , m_controls(new QWidget)
{
    setAccessibleName(tr("Attention lab: one attention head over a phrase, without and with position information"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    // The controls: the phrase and the head on the first row, the schemes' settings on the
    // second. Screen only: a figure shows what they chose.
    auto *controls = new QGridLayout(m_controls);
    controls->setContentsMargins(0, 0, 0, 0);
    m_phrase->setEditable(true);
    m_phrase->addItems(builtInPhrases());
    m_phrase->setInsertPolicy(QComboBox::NoInsert);
    m_phrase->setMinimumContentsLength(12);
    m_phrase->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_phrase->setToolTip(tr("Type a phrase (tokens split at spaces; Chinese one token per character, up to %1) "
                            "and press Enter, or pick one")
                             .arg(AttentionOptions::kMaxTokens));
    m_shuffleButton->setToolTip(tr("Put the tokens in the order of the shuffle test"));
    m_shuffleOrder->addItem(tr("random order"), int(AttentionOptions::Shuffle::Seeded));
    m_shuffleOrder->addItem(tr("reversed"), int(AttentionOptions::Shuffle::Reverse));
    m_shuffleOrder->setToolTip(tr("The shuffle test's order: a permutation drawn from the random seed, or the phrase "
                                  "reversed (我 吃 鱼 → 鱼 吃 我 keeps every distance |i − j|)"));
    m_seed->setRange(0, AttentionOptions::kMaxSeed);
    // As wide as seven digits: a larger seed scrolls in the field rather than widen the view.
    m_seed->setMaximumWidth(m_seed->fontMetrics().horizontalAdvance(QStringLiteral("0000000")) + 40);
    m_seed->setToolTip(tr("The random seed of the token embeddings, the weights, the learned and T5 tables and the shuffle: "
                          "the same seed gives the same figure"));
    m_weightsBox->addItem(tr("random"), QStringLiteral("random"));
    m_weightsBox->addItem(tr("identity"), QStringLiteral("identity"));
    m_weightsBox->setToolTip(tr("W_q, W_k, W_v: seeded random N(0, 1/d) entries, or the identity (q = k = v = x)"));
    // Short names in the box, the formula in each item's tooltip.
    m_join->addItem(tr("add"), int(PeJoin::Add));
    m_join->addItem(tr("concat + project"), int(PeJoin::ConcatProject));
    m_join->addItem(tr("α-weighted"), int(PeJoin::Alpha));
    for (int index = 0; index < m_join->count(); ++index)
        m_join->setItemData(index, AttentionScene::joinTitle(PeJoin(m_join->itemData(index).toInt())), Qt::ToolTipRole);
    m_join->setToolTip(tr("How the sinusoidal or learned position vector joins the token embedding"));
    m_alpha->setRange(0, 100);
    m_alpha->setToolTip(tr("α, the token's weight in α · token + (1 − α) · position"));
    m_shiftBox->setRange(-int(AttentionOptions::kMaxShift), int(AttentionOptions::kMaxShift));
    m_shiftBox->setToolTip(tr("The shift test: the phrase at this many positions later"));
    m_ropePairs->addItem(tr("interleaved"), int(RopePairs::Interleaved));
    m_ropePairs->addItem(tr("rotate_half"), int(RopePairs::RotateHalf));
    m_ropePairs->setToolTip(tr("The dimensions RoPE rotates together: llama's interleaved pairs (2t, 2t + 1) or "
                               "Hugging Face's rotate_half pairs (t, t + d/2)"));
    m_heads->setRange(1, AttentionSetup::kMaxHeads);
    m_heads->setToolTip(tr("The model's heads H: ALiBi's slopes 2^(−8(h+1)/H) for every H (ALiBi's published code and BLOOM "
                           "differ when H is not a power of 2), T5's table"));
    m_head->setRange(0, AttentionSetup::kMaxHeads - 1);
    m_head->setToolTip(tr("The head shown (ALiBi's slope, T5's column)"));
    m_learnedRows->setRange(1, AttentionSetup::kMaxLearnedPositions);
    m_learnedRows->setToolTip(tr("The rows of the learned table: positions 0 to N − 1; a later position has no row"));

    // Three short rows, each as wide as its controls: a grid would line their columns up
    // and make the view wider than the window.
    const auto row = [controls](int index, const QList<QWidget *> &widgets, int stretchOf = -1) {
        auto *line = new QHBoxLayout;
        for (int n = 0; n < widgets.size(); ++n)
            line->addWidget(widgets[n], n == stretchOf ? 1 : 0);
        if (stretchOf < 0)
            line->addStretch(1);
        controls->addLayout(line, index, 0);
    };
    m_alphaValue->setMinimumWidth(m_alphaValue->fontMetrics().horizontalAdvance(QStringLiteral("α = 0.00")));
    m_alpha->setMinimumWidth(80);
    row(0, {buddyLabel(tr("P&hrase:"), m_phrase), m_phrase, m_shuffleButton, m_shuffleOrder,
            buddyLabel(tr("Shi&ft test:"), m_shiftBox), m_shiftBox}, 1);
    row(1, {buddyLabel(tr("&Join:"), m_join), m_join, m_alpha, m_alphaValue, buddyLabel(tr("Random s&eed:"), m_seed), m_seed,
            buddyLabel(tr("&Weights:"), m_weightsBox), m_weightsBox});
    row(2, {buddyLabel(tr("&RoPE pairs:"), m_ropePairs), m_ropePairs,
            buddyLabel(tr("H&eads:"), m_heads), m_heads, buddyLabel(tr("h&ead:"), m_head), m_head,
            buddyLabel(tr("&Learned rows:"), m_learnedRows), m_learnedRows});
    PlotStyle::markScreenOnly(m_controls);
    layout->addWidget(m_controls);
    m_phraseProblem->setWordWrap(true);
    m_phraseProblem->setTextFormat(Qt::PlainText);
    m_phraseProblem->hide();
    PlotStyle::markScreenOnly(m_phraseProblem);
    layout->addWidget(m_phraseProblem);

    auto *panes = new QHBoxLayout;
    panes->addWidget(m_left, 1);
    panes->addWidget(m_right, 1);
    layout->addLayout(panes, 1);

    connect(m_phrase->lineEdit(), &QLineEdit::returnPressed, this, [this] { applyPhrase(m_phrase->currentText()); });
    connect(m_phrase, &QComboBox::activated, this, [this](int index) { applyPhrase(m_phrase->itemText(index)); });
    connect(m_shuffleButton, &QPushButton::clicked, this, [this] {
        const QStringList tokens = AttentionOptions::tokens(m_state->scene().attention.sentence);
        const std::vector<int> order = m_state->scene().attention.permutation(int(tokens.size()));
        QStringList shuffled;
        for (int index : order)
            shuffled << tokens[index];
        applyPhrase(AttentionScene::tokenText(shuffled));
    });
    connect(m_shuffleOrder, &QComboBox::activated, this, [this] {
        const auto order = AttentionOptions::Shuffle(m_shuffleOrder->currentData().toInt());
        changeOptions([order](AttentionOptions &o) { o.shuffle = order; });
    });
    connect(m_seed, &QSpinBox::valueChanged, this, [this](int seed) {
        changeOptions([seed](AttentionOptions &o) { o.seed = std::uint64_t(seed); });
    });
    connect(m_weightsBox, &QComboBox::activated, this, [this] {
        const auto kind = attentionWeightsKindFromName(m_weightsBox->currentData().toString().toStdString());
        changeOptions([kind](AttentionOptions &o) { o.weights = *kind; });
    });
    connect(m_join, &QComboBox::activated, this, [this] {
        const auto join = PeJoin(m_join->currentData().toInt());
        changeOptions([join](AttentionOptions &o) { o.join = join; });
    });
    connect(m_alpha, &QSlider::valueChanged, this, [this](int value) {
        changeOptions([value](AttentionOptions &o) { o.alpha = value / 100.0; });
    });
    connect(m_shiftBox, &QSpinBox::valueChanged, this, [this](int shift) {
        changeOptions([shift](AttentionOptions &o) { o.shift = shift; });
    });
    connect(m_ropePairs, &QComboBox::activated, this, [this] {
        const auto pairs = RopePairs(m_ropePairs->currentData().toInt());
        changeOptions([pairs](AttentionOptions &o) { o.ropePairs = pairs; });
    });
    connect(m_heads, &QSpinBox::valueChanged, this, [this](int heads) {
        changeOptions([heads](AttentionOptions &o) {
            o.heads = heads;
            o.head = std::min(o.head, heads - 1);
        });
    });
    connect(m_head, &QSpinBox::valueChanged, this, [this](int head) {
        changeOptions([head](AttentionOptions &o) { o.head = std::min(head, o.heads - 1); });
    });
    connect(m_learnedRows, &QSpinBox::valueChanged, this, [this](int rows) {
        changeOptions([rows](AttentionOptions &o) { o.learnedPositions = rows; });
    });
    connect(m_left, &AttentionPane::schemeChosen, this, [this](AttentionEncoding encoding) {
        changeOptions([encoding](AttentionOptions &o) { o.baseline = encoding; });
    });
    connect(m_right, &AttentionPane::schemeChosen, this, [this](AttentionEncoding encoding) {
        changeOptions([encoding](AttentionOptions &o) { o.encoding = encoding; });
    });
    for (AttentionPane *pane : {m_left, m_right}) {
        const bool right = pane == m_right;
        connect(pane, &AttentionPane::scoreClicked, this, [this, right](int i, int j) {
            Inspection inspection;
            inspection.kind = scoreKind(right);
            inspection.a = i;
            inspection.b = j;
            m_state->setInspection(inspection);
        });
    }

    // Any figure: the figure layout; a small one, compact, on a narrow page or a wide one.
    PlotStyle::watchFigureShape(this, QSizeF(40, 12), [this](PlotStyle::FigureShape shape) {
        for (AttentionPane *pane : {m_left, m_right}) {
            pane->setFigure(shape.figure);
            pane->setCompact(shape.compact && !shape.wide);
        }
    }, true);
    // A figure's two scheme names as tall as the taller, whenever the panes are resized.
    for (AttentionPane *pane : {m_left, m_right})
        pane->installEventFilter(this);
    connect(m_state, &EncodingState::changed, this, &AttentionView::onStateChanged);
    connect(m_state, &EncodingState::inspectionChanged, this, &AttentionView::moveHighlights);
    refresh();
}

AttentionView::~AttentionView() = default;

bool AttentionView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && (watched == m_left || watched == m_right)) {
        const int height = std::max(m_left->captionHeight(), m_right->captionHeight());
        m_left->setCaptionHeight(height);
        m_right->setCaptionHeight(height);
    }
    return QWidget::eventFilter(watched, event);
}

QString AttentionView::scoreKind(bool right)
{
    return right ? QStringLiteral("attention-score") : QStringLiteral("attention-baseline-score");
}

template <typename Change>
void AttentionView::changeOptions(Change change)
{
    Scene scene = m_state->scene();
    change(scene.attention);
    if (scene.attention == m_state->scene().attention)
        return;
    if (const auto refused = m_state->setScene(scene)) {
        m_phraseProblem->setText(*refused);
        m_phraseProblem->show();
    }
}

void AttentionView::applyPhrase(const QString &text)
{
    const qsizetype count = AttentionOptions::tokenCount(text);
    if (count < 1 || count > AttentionOptions::kMaxTokens) {
        // Refused, and nothing changes: the phrase stays in the box to be corrected.
        m_phraseProblem->setText(tr("The phrase holds %n token(s); it must hold 1 to %1 (Chinese counts one token per "
                                    "character).",
                                    nullptr, int(count))
                                     .arg(AttentionOptions::kMaxTokens));
        m_phraseProblem->show();
        return;
    }
    m_phraseProblem->hide();
    changeOptions([text](AttentionOptions &o) { o.sentence = text; });
    syncControls(m_state->scene());
}

void AttentionView::onStateChanged()
{
    m_dirty = true;
    if (isVisible())
        refresh();
}

void AttentionView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void AttentionView::syncControls(const Scene &scene)
{
    const AttentionOptions &o = scene.attention;
    const QSignalBlocker b0(m_shuffleOrder);
    m_shuffleOrder->setCurrentIndex(m_shuffleOrder->findData(int(o.shuffle)));
    const QSignalBlocker b1(m_phrase), b2(m_seed), b3(m_weightsBox), b4(m_join), b5(m_alpha), b6(m_shiftBox),
        b7(m_ropePairs), b8(m_heads), b9(m_head), b10(m_learnedRows);
    if (m_phrase->currentText() != o.sentence)
        m_phrase->setEditText(o.sentence);
    m_seed->setValue(int(o.seed));
    m_weightsBox->setCurrentIndex(m_weightsBox->findData(fromStd(attentionWeightsKindName(o.weights))));
    m_join->setCurrentIndex(m_join->findData(int(o.join)));
    m_alpha->setValue(int(std::lround(o.alpha * 100)));
    m_alpha->setEnabled(o.join == PeJoin::Alpha);
    m_alphaValue->setText(tr("α = %1").arg(CellText::number(o.alpha, 3)));
    m_shiftBox->setValue(int(std::lround(o.shift)));
    m_ropePairs->setCurrentIndex(m_ropePairs->findData(int(o.ropePairs)));
    m_heads->setValue(o.heads);
    setSpinMaximum(m_head, o.heads - 1);
    m_head->setValue(o.head);
    m_learnedRows->setValue(o.learnedPositions);
    // A control is live only while a pane uses it, as α is only for the α-weighted join.
    const auto used = [&o](std::initializer_list<AttentionEncoding> kinds) {
        return std::any_of(kinds.begin(), kinds.end(),
                           [&o](AttentionEncoding kind) { return o.encoding == kind || o.baseline == kind; });
    };
    m_ropePairs->setEnabled(used({AttentionEncoding::Rope}));
    m_heads->setEnabled(used({AttentionEncoding::Alibi, AttentionEncoding::T5}));
    m_head->setEnabled(used({AttentionEncoding::Alibi, AttentionEncoding::T5}));
    m_learnedRows->setEnabled(used({AttentionEncoding::Learned}));
}


void AttentionView::refresh()
{
    m_dirty = false;
    m_state->takeChanges(this);
    const Scene scene = m_state->scene();
    syncControls(scene);
    // pos and k change nothing here: the phrase sits at start, start + 1, ...
    Scene shown = scene;
    shown.params.position = 0;
    shown.params.offset = 0;
    if (m_shown && *m_shown == shown)
        return;
    m_shown = shown;
    const std::vector<std::string> tokens = scene.attention.tokens();
    // Both panes' heads are computed together: they share the phrase and the weights, so
    // core projects every distinct row of their six phrases (each, shuffled, shifted) in one
    // pass over each weight matrix.
    std::vector<AttentionPane *> panes;
    std::vector<AttentionSetup> setups;
    for (AttentionPane *pane : {m_left, m_right}) {
        const AttentionEncoding kind = pane == m_left ? scene.attention.baseline : scene.attention.encoding;
        const AttentionSetup setup = AttentionScene::setup(scene, kind);
        std::optional<AttentionError> problem = setup.validate();
        if (!problem)
            problem = validateTokens(setup, tokens.size());
        if (problem) {
            pane->showProblem(QString::fromStdString(problem->message));
            continue;
        }
        panes.push_back(pane);
        setups.push_back(setup);
    }
    if (!setups.empty()) {
        const AttentionSetup &first = setups.front();
        const AttentionWeightTables weights = m_weightsCache.tables(first.seed, first.encoding.dModel, first.weights,
                                                                    first.join == PeJoin::ConcatProject);
        const std::vector<AttentionTests> tests = attentionTests(setups, weights, tokens,
                                                                 scene.attention.permutation(int(tokens.size())),
                                                                 scene.attention.shift);
        for (std::size_t i = 0; i < panes.size(); ++i)
            panes[i]->show(scene, setups[i], tests[i]);
    }
    moveHighlights();
    // What the panes show, in their words (describe() computes it all again, headless).
    setAccessibleDescription(m_left->description() + QLatin1Char(' ') + m_right->description());
}

void AttentionView::moveHighlights()
{
    const Inspection &what = m_state->inspection();
    for (AttentionPane *pane : {m_left, m_right}) {
        const bool mine = what.kind == scoreKind(pane == m_right);
        const auto cell = mine ? std::optional{std::pair{int(what.a), int(what.b)}} : std::nullopt;
        pane->scoresPlot()->highlight(cell);
        pane->weightsPlot()->highlight(cell);
    }
}

QString AttentionView::describe(const EncodingState &state)
{
    const Scene scene = state.scene();
    const QStringList tokens = AttentionOptions::tokens(scene.attention.sentence);
    QStringList parts;
    parts << tr("Attention lab: one head over “%1” (%n token(s), positions from %2), random seed %3, d_model %4.", nullptr,
                int(tokens.size()))
                 .arg(AttentionScene::tokenText(tokens), CellText::number(scene.params.start, 8))
                 .arg(scene.attention.seed)
                 .arg(scene.params.dModel);
    const std::vector<std::string> utf8 = scene.attention.tokens();
    for (AttentionEncoding kind : {scene.attention.baseline, scene.attention.encoding}) {
        const AttentionSetup setup = AttentionScene::setup(scene, kind);
        std::optional<AttentionError> problem = setup.validate();
        if (!problem)
            problem = validateTokens(setup, utf8.size());
        if (problem) {
            parts << tr("%1: %2").arg(AttentionScene::title(kind), QString::fromStdString(problem->message));
            continue;
        }
        const AttentionWeights &weights = sharedWeights(setup);
        const ShuffleResult shuffle = shuffleTest(setup, weights, utf8, scene.attention.permutation(int(utf8.size())));
        const double moved = MatrixPlot::largestMagnitude(shiftDifference(setup, weights, utf8, scene.attention.shift));
        parts << tr("%1: shuffled, the output rows %2 and their mean %3; shifted by %4, the scores change by up to %5.")
                     .arg(AttentionScene::title(kind),
                          shuffle.rowsEquivariant ? tr("only move with their tokens") : tr("change"),
                          shuffle.poolInvariant ? tr("stays the same") : tr("changes"),
                          CellText::number(scene.attention.shift, 6), CellText::number(moved, 2));
    }
    return parts.join(QLatin1Char(' '));
}

QString AttentionView::scoreExplanation(const Scene &scene, const Inspection &what)
{
    const bool right = what.kind == scoreKind(true);
    const AttentionEncoding kind = right ? scene.attention.encoding : scene.attention.baseline;
    const AttentionSetup setup = AttentionScene::setup(scene, kind);
    const std::vector<std::string> tokens = scene.attention.tokens();
    const int i = int(what.a);
    const int j = int(what.b);
    if (setup.validate() || validateTokens(setup, tokens.size()) || i < 0 || j < 0 || i >= int(tokens.size())
        || j >= int(tokens.size()))
        return {};
    const AttentionResult r = attend(setup, sharedWeights(setup), tokens);
    const double d = setup.encoding.dModel;
    const double dot = r.q.row(i).dot(r.k.row(j));
    const QString ti = QString::fromStdString(tokens[std::size_t(i)]);
    const QString tj = QString::fromStdString(tokens[std::size_t(j)]);
    QStringList lines;
    lines << tr("<b>Score of “%1” (token %2, position %3) attending to “%4” (token %5, position %6), %7</b>")
                 .arg(ti.toHtmlEscaped())
                 .arg(i)
                 .arg(CellText::number(r.positions[i], 8))
                 .arg(tj.toHtmlEscaped())
                 .arg(j)
                 .arg(CellText::number(r.positions[j], 8))
                 .arg(AttentionScene::title(kind).toHtmlEscaped());
    switch (kind) {
    case AttentionEncoding::Sinusoidal:
        lines << tr("x_i joins the token embedding and scale · PE(%2) (scale %3): %1.")
                     .arg(AttentionScene::joinTitle(setup.join).toHtmlEscaped(), CellText::number(r.positions[i], 8),
                          CellText::number(setup.encoding.scale, 4));
        break;
    case AttentionEncoding::Learned:
        lines << tr("x_i joins the token embedding and row %2 of the learned table: %1.")
                     .arg(AttentionScene::joinTitle(setup.join).toHtmlEscaped(), CellText::number(r.positions[i], 8));
        break;
    case AttentionEncoding::Rope:
        lines << tr("q_i and k_j are rotated by position × θ_t, θ_t = base^(−2t/d): their dot product depends on j − i = "
                    "%1 only.")
                     .arg(j - i);
        break;
    default:
        break;
    }
    lines << tr("q_i · k_j = %1; divided by √d = √%2: %3").arg(CellText::number(dot, 6)).arg(int(d)).arg(CellText::number(dot / std::sqrt(d), 6));
    const double bias = r.bias(i, j);
    if (kind == AttentionEncoding::Alibi) {
        lines << tr("ALiBi bias −slope · |i − j| = −%1 × %2 = %3 (head %4 of %5, slope 2^(−8(h+1)/H))")
                     .arg(CellText::number(alibiSlope(setup.head, setup.heads), 6))
                     .arg(std::abs(i - j))
                     .arg(CellText::number(bias, 6))
                     .arg(setup.head)
                     .arg(setup.heads);
        if ((setup.heads & (setup.heads - 1)) != 0)
            lines << tr("H = %1 is not a power of 2: ALiBi's published code and BLOOM give head %2 the slope %3; "
                        "the lab uses 2^(−8(h+1)/H) for every H.")
                         .arg(setup.heads)
                         .arg(setup.head)
                         .arg(CellText::number(publishedAlibiSlope(setup.head, setup.heads), 6));
    } else if (kind == AttentionEncoding::T5)
        lines << tr("T5 bias of bucket %1 (offset j − i = %2, %3 buckets, max distance %4): %5")
                     .arg(t5RelativePositionBucket(j - i, true, setup.t5Buckets, setup.t5MaxDistance))
                     .arg(j - i)
                     .arg(setup.t5Buckets)
                     .arg(setup.t5MaxDistance)
                     .arg(CellText::number(bias, 6));
    else if (kind == AttentionEncoding::SeedRelative)
        lines << tr("relative bias q_i · PE(|i − j|) / √d = q_i · PE(%1) / √%2 = %3").arg(std::abs(i - j)).arg(int(d)).arg(CellText::number(bias, 6));
    lines << tr("score = %1").arg(CellText::number(r.scores(i, j), 6));
    lines << tr("weight = exp(score − max of row %1) / Σ over the row = %2 (the row sums to 1)")
                 .arg(i)
                 .arg(CellText::number(r.weights(i, j), 6));
    return lines.join(QStringLiteral("<br>"));
}

} // namespace posenc
