// SPDX-License-Identifier: GPL-3.0-or-later
// The training lab driven offscreen: played on its own thread until both runs end, what its
// plots hold is what `posenc-lab train` writes for the same settings (the real binary, read
// back from its CSV); reset replays the same run; step and epoch take the steps they say; a
// refused initial scale changes nothing; the verdict calls the source texts' numbers claims.

#include "clirun.h"

#include "ui/state/encodingstate.h"
#include "ui/views/training/trainingview.h"
#include "ui/views/training/trainingtext.h"
#include "ui/widgets/matrixplot.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTest>

#include <cmath>

using namespace posenc;

namespace {

struct Row {
    int step = 0;
    double loss = 0, accuracy = 0, heldoutLoss = 0, heldoutAccuracy = 0, scale = 0, normRatio = 0;
};

struct Run {
    QList<Row> rows;
    QJsonArray extrapolation; // the --json summary's
};

// `posenc-lab train --task TASK ARGS -o run.csv --json`, read back.
Run trainWithTheBinary(const QString &task, const QStringList &arguments)
{
    QTemporaryDir folder;
    const QString out = folder.filePath(QStringLiteral("run.csv"));
    const clitest::Result result = clitest::run(QStringList{QStringLiteral("train"), QStringLiteral("--task"), task} + arguments
                                            + QStringList{QStringLiteral("-o"), out, QStringLiteral("--json")},
                                        folder.path());
    if (!result.finished || result.exitCode != 0) {
        qWarning("train %s: %s", qPrintable(task), result.err.constData());
        return {};
    }
    QFile file(out);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    Run run;
    run.extrapolation = QJsonDocument::fromJson(result.out).object().value(QStringLiteral("extrapolation")).toArray();
    QList<Row> &rows = run.rows;
    bool header = false;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        if (!header) {
            header = line == "step,task,loss,accuracy,heldout_loss,heldout_accuracy,scale,norm_ratio";
            if (!header)
                return {};
            continue;
        }
        const QList<QByteArray> f = line.split(',');
        if (f.size() != 8)
            return {};
        rows << Row{f[0].toInt(),    f[2].toDouble(), f[3].toDouble(), f[4].toDouble(),
                    f[5].toDouble(), f[6].toDouble(), f[7].toDouble()};
    }
    return run;
}

void setUp(EncodingState &state, std::uint64_t seed, int steps)
{
    Scene scene = state.scene();
    scene.training.config.seed = seed;
    scene.training.config.steps = steps;
    QVERIFY(!state.setScene(scene));
    state.flush();
}

// Waits until the view shows `steps` steps of both runs (the runs train on their own thread).
bool waitForSteps(const TrainingView &view, int steps)
{
    return QTest::qWaitFor([&] {
        return int(view.progress().left.size()) == steps && int(view.progress().right.size()) == steps;
    }, 120000);
}

} // namespace

class TestTrainingView : public QObject
{
    Q_OBJECT

private slots:
    void playedRunIsWhatTheCommandLineWrites();
    void resetReplaysTheSameRun();
    void stepAndEpochTakeTheirSteps();
    void refusedInitialScaleChangesNothing();
    void verdictCallsTheClaimsClaims();
    void claimLabelsFitTheScalePlot_data();
    void claimLabelsFitTheScalePlot();
    void attentionMapsAreSquareAndNamed_data();
    void attentionMapsAreSquareAndNamed();
    void learnedTableIsNotEvaluatedPastItsRows();
    void combosShowTheirWholeTextWhereThereIsRoom_data();
    void combosShowTheirWholeTextWhereThereIsRoom();
};

void TestTrainingView::playedRunIsWhatTheCommandLineWrites()
{
    EncodingState state;
    TrainingView view(&state);
    view.resize(1400, 900);
    view.show();
    setUp(state, 3, 30);
    QVERIFY(QTest::qWaitFor([&] { return !view.progress().leftAttention.layers.empty(); }, 30000)); // configured
    view.playButton()->click();
    QVERIFY(view.playing());
    QVERIFY(waitForSteps(view, 30));
    QTRY_VERIFY(!view.playing()); // it stops at the end by itself
    const QStringList arguments{QStringLiteral("--seed"), QStringLiteral("3"), QStringLiteral("--steps"),
                                QStringLiteral("30")};
    const Run order = trainWithTheBinary(QStringLiteral("order"), arguments);
    const Run bag = trainWithTheBinary(QStringLiteral("bag"), arguments);
    QCOMPARE(order.rows.size(), 30);
    QCOMPARE(bag.rows.size(), 30);
    // The loss and accuracy plots: graph 0 the first run's batches, 1 its held-out set, 2 and 3
    // the second's.
    // The scale plot: the first point is step 0, the initial scale.
    const QCustomPlot *loss = view.lossPlot();
    const QCustomPlot *scale = view.scalePlot();
    const QCustomPlot *ratio = view.ratioPlot();
    for (int run = 0; run < 2; ++run) {
        const QList<Row> &rows = (run == 0 ? order : bag).rows;
        QCOMPARE(loss->graph(2 * run)->dataCount(), 30);
        QCOMPARE(scale->graph(run)->dataCount(), 31);
        QCOMPARE(scale->graph(run)->data()->at(0)->value, 1.0);
        for (int i = 0; i < 30; ++i) {
            // The CSV holds 17 significant digits: the same double.
            QCOMPARE(loss->graph(2 * run)->data()->at(i)->value, rows[i].loss);
            QCOMPARE(loss->graph(2 * run + 1)->data()->at(i)->value, rows[i].heldoutLoss);
            QCOMPARE(scale->graph(run)->data()->at(i + 1)->value, rows[i].scale);
            QCOMPARE(ratio->graph(run)->data()->at(i)->value, rows[i].normRatio);
            QCOMPARE(view.accuracyPlot()->graph(2 * run)->data()->at(i)->value, rows[i].accuracy);
            QCOMPARE(view.accuracyPlot()->graph(2 * run + 1)->data()->at(i)->value, rows[i].heldoutAccuracy);
        }
        // Longer than trained: the held-out accuracy at each length of the --json summary
        // (lengths 8, 12, 16, 24, 32, all available for the sinusoid).
        const QJsonArray &longer = (run == 0 ? order : bag).extrapolation;
        QCOMPARE(longer.size(), 5);
        const QCPGraph *points = view.extrapolationPlot()->graph(run);
        QCOMPARE(points->dataCount(), 5);
        for (int i = 0; i < 5; ++i) {
            const QJsonObject p = longer[i].toObject();
            QCOMPARE(points->data()->at(i)->key, p.value(QStringLiteral("length")).toDouble());
            QCOMPARE(points->data()->at(i)->value, p.value(QStringLiteral("heldout_accuracy")).toDouble());
        }
    }
    // The attention weights shown are a held-out example's, rows summing to 1.
    const RowMatrixXd &weights = view.leftAttentionPlot()->matrix();
    QCOMPARE(int(weights.rows()), 8);
    for (int i = 0; i < weights.rows(); ++i)
        QVERIFY(std::abs(weights.row(i).sum() - 1) <= 1e-12);
}

void TestTrainingView::resetReplaysTheSameRun()
{
    EncodingState state;
    TrainingView view(&state);
    view.resize(1400, 900);
    view.show();
    setUp(state, 5, 300);
    QVERIFY(QTest::qWaitFor([&] { return !view.progress().leftAttention.layers.empty(); }, 30000));
    for (int k = 0; k < 7; ++k) {
        view.stepButton()->click();
        QVERIFY(waitForSteps(view, k + 1));
    }
    const std::vector<TrainingRecord> first = view.progress().left;
    view.resetButton()->click();
    QVERIFY(waitForSteps(view, 0));
    for (int k = 0; k < 7; ++k) {
        view.stepButton()->click();
        QVERIFY(waitForSteps(view, k + 1));
    }
    const std::vector<TrainingRecord> again = view.progress().left;
    QCOMPARE(again.size(), first.size());
    for (std::size_t i = 0; i < first.size(); ++i) {
        QCOMPARE(again[i].loss, first[i].loss);
        QCOMPARE(again[i].scale, first[i].scale);
    }
    // A new random seed is another run.
    view.newSeedButton()->click();
    state.flush();
    QCOMPARE(state.scene().training.config.seed, std::uint64_t(6));
    QVERIFY(waitForSteps(view, 0));
}

void TestTrainingView::stepAndEpochTakeTheirSteps()
{
    EncodingState state;
    TrainingView view(&state);
    view.resize(1400, 900);
    view.show();
    setUp(state, 1, 300);
    QVERIFY(QTest::qWaitFor([&] { return !view.progress().leftAttention.layers.empty(); }, 30000));
    view.stepButton()->click();
    QVERIFY(waitForSteps(view, 1));
    // 512 examples in batches of 32: an epoch is 16 steps.
    view.epochButton()->click();
    QVERIFY(waitForSteps(view, 17));
}

void TestTrainingView::refusedInitialScaleChangesNothing()
{
    EncodingState state;
    TrainingView view(&state);
    view.resize(1400, 900);
    view.show();
    state.flush();
    const Scene before = state.scene();
    view.initBox()->lineEdit()->setText(QStringLiteral("twelve"));
    QTest::keyClick(view.initBox()->lineEdit(), Qt::Key_Return);
    state.flush();
    QCOMPARE(state.scene(), before);
    QVERIFY(!view.problemLabel()->isHidden());
    QVERIFY2(view.problemLabel()->text().contains(QStringLiteral("1000")), qPrintable(view.problemLabel()->text()));
    // d^-0.5 is x-transformers' start: 1/sqrt(32) for the lab's d_model 32.
    view.initBox()->lineEdit()->setText(QStringLiteral("d^-0.5"));
    QTest::keyClick(view.initBox()->lineEdit(), Qt::Key_Return);
    state.flush();
    QCOMPARE(state.scene().training.config.scaleInit, 1.0 / std::sqrt(32.0));
}

void TestTrainingView::verdictCallsTheClaimsClaims()
{
    TrainingOptions options;
    TrainingProgress progress;
    TrainingRecord r;
    r.step = 10;
    r.scale = 1.25;
    r.heldoutAccuracy = 0.75;
    progress.left = {r};
    progress.right = {r};
    progress.leftInitialScale = progress.rightInitialScale = 1;
    const QString text = TrainingText::verdict(options, progress);
    QVERIFY2(text.contains(QStringLiteral("from 1 to 1.25")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("claim")) && text.contains(QStringLiteral("no experiment")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("no evidence")), qPrintable(text));
}

void TestTrainingView::claimLabelsFitTheScalePlot_data()
{
    QTest::addColumn<int>("width");
    QTest::newRow("a window") << 1200;
    QTest::newRow("a figure's column") << 640;
    QTest::newRow("narrow") << 420;
}

void TestTrainingView::claimLabelsFitTheScalePlot()
{
    // The source texts' claims are labelled on the scale plot: each label the longest of its
    // wordings that fits inside the plot, always saying "unverified", never cut at the edge.
    QFETCH(int, width);
    EncodingState state;
    TrainingView view(&state);
    view.resize(width, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCustomPlot *scale = view.scalePlot();
    scale->replot();
    const QRect inside = scale->axisRect()->rect();
    int labels = 0;
    for (int n = 0; n < scale->itemCount(); ++n) {
        auto *label = qobject_cast<QCPItemText *>(scale->item(n));
        if (!label || !label->text().contains(QStringLiteral("unverified")))
            continue;
        ++labels;
        const double left = label->position->pixelPosition().x();
        double textWidth = 0;
        for (const QString &line : label->text().split(QLatin1Char('\n')))
            textWidth = std::max(textWidth, QFontMetricsF(label->font()).horizontalAdvance(line));
        QVERIFY2(left + textWidth <= inside.right() + 1,
                 qPrintable(QStringLiteral("\"%1\" ends at %2, the plot at %3").arg(label->text()).arg(left + textWidth).arg(inside.right())));
        // Where there is room the label names the task the claim was made for.
        if (width >= 1200)
            QVERIFY2(label->text().contains(QLatin1Char('(')), qPrintable(label->text()));
    }
    QCOMPARE(labels, 2);
}

void TestTrainingView::attentionMapsAreSquareAndNamed_data()
{
    QTest::addColumn<QSize>("size");
    // The view's area in presentation mode at 1280 x 720, and beside the docks at 1920 x 1080.
    QTest::newRow("1280x720 presenting") << QSize(1000, 630);
    QTest::newRow("1920x1080") << QSize(1090, 740);
    QTest::newRow("a large screen") << QSize(2400, 1300);
}

void TestTrainingView::attentionMapsAreSquareAndNamed()
{
    // A weight of a query token on a key token: the axes say which is which, the cells are
    // square (a matrix read as one) and large enough to tell apart from the back of a room.
    QFETCH(QSize, size);
    EncodingState state;
    TrainingView view(&state);
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(QTest::qWaitFor([&] { return view.rightAttentionPlot()->matrix().cols() > 0; }, 30000));
    for (MatrixPlot *plot : {view.leftAttentionPlot(), view.rightAttentionPlot()}) {
        QVERIFY(plot->isVisible());
        plot->replot();
        QCOMPARE(plot->xAxis->label(), QStringLiteral("key"));
        QCOMPARE(plot->yAxis->label(), QStringLiteral("query"));
        const QRect map = plot->axisRect()->rect();
        const int cells = int(plot->matrix().cols());
        QVERIFY(cells > 0);
        QVERIFY2(std::abs(map.width() - map.height()) <= 2,
                 qPrintable(QStringLiteral("%1 x %2 px").arg(map.width()).arg(map.height())));
        QVERIFY2(map.width() >= 12 * cells, qPrintable(QStringLiteral("%1 px for %2 cells").arg(map.width()).arg(cells)));
    }
}

void TestTrainingView::learnedTableIsNotEvaluatedPastItsRows()
{
    EncodingState state;
    TrainingView view(&state);
    view.resize(1400, 900);
    view.show();
    Scene scene = state.scene();
    scene.training.config.scheme = PositionScheme::Learned;
    scene.training.config.steps = 5;
    QVERIFY(!state.setScene(scene));
    state.flush();
    // The controls: a length of 6 and 16 examples (fewer than a batch of 32: one batch).
    view.seqLenBox()->setValue(6);
    view.examplesBox()->setValue(16);
    state.flush();
    QCOMPARE(state.scene().training.config.seqLen, 6);
    QCOMPARE(state.scene().training.config.examples, 16);
    QCOMPARE(state.scene().training.configFor(false, state.scene().params).batch, 16);
    QVERIFY(QTest::qWaitFor([&] { return !view.progress().leftAttention.layers.empty(); }, 30000));
    QCOMPARE(int(view.progress().leftAttention.example.tokens.size()), 6);
    view.playButton()->click();
    QVERIFY(waitForSteps(view, 5));
    QTRY_VERIFY(!view.progress().leftExtrapolation.empty());
    QTRY_VERIFY(!view.playing()); // drawn on the frame that ends the run
    // Lengths 6, 9, 12, 18, 24: only 6 has rows in a learned table of 6.
    for (int run = 0; run < 2; ++run) {
        const QCPGraph *points = view.extrapolationPlot()->graph(run);
        QTRY_COMPARE(points->dataCount(), 1);
        QCOMPARE(points->data()->at(0)->key, 6.0);
    }
    const QString verdict = view.verdictLabel()->text();
    QVERIFY2(!verdict.contains(QStringLiteral("At length 24")), qPrintable(verdict));
}

void TestTrainingView::combosShowTheirWholeTextWhereThereIsRoom_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("whole"); // every combo shows its longest item whole
    QTest::newRow("1900 wide") << 1900 << true;
    QTest::newRow("640 wide") << 640 << false; // near the lab's narrowest
}

// Where the row has room each combo box shows its longest item whole ("order (A before B?)"
// was cut even at 1920 wide); where it has not, the boxes shrink rather than widen the view.
void TestTrainingView::combosShowTheirWholeTextWhereThereIsRoom()
{
    QFETCH(int, width);
    QFETCH(bool, whole);
    EncodingState state;
    TrainingView view(&state);
    view.resize(width, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.width(), width);
    const QList<QComboBox *> boxes = view.findChildren<QComboBox *>();
    QVERIFY(boxes.size() >= 6);
    int cut = 0;
    for (QComboBox *box : boxes) {
        if (box->isEditable())
            continue;
        int widest = 0;
        for (int n = 0; n < box->count(); ++n)
            widest = std::max(widest, box->fontMetrics().horizontalAdvance(box->itemText(n)));
        QStyleOptionComboBox option;
        option.initFrom(box);
        const QRect text = box->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, box);
        if (text.width() < widest)
            ++cut;
        QVERIFY(box->width() >= box->minimumSizeHint().width());
    }
    QCOMPARE(cut == 0, whole);
}

QTEST_MAIN(TestTrainingView)
#include "tst_trainingview.moc"
