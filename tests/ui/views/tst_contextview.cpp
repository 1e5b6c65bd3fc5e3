// SPDX-License-Identifier: GPL-3.0-or-later
// The Context lab driven offscreen through its own controls: what its plots hold against the
// methods written out again here (PI divides every frequency by s, NTK-aware raises the base to
// base · s^(d/(d−2)), YaRN's ramp over pair indices), what its sentences count, that a control
// is one change of the state, that an odd d_model shows why instead of plots, and that a model's
// config.json opened into the lab puts that model's RoPE, its lists included, on the right.

#include "ui/state/encodingstate.h"
#include "ui/views/context/contextview.h"
#include "ui/views/viewregistry.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <cmath>
#include <numbers>

using namespace posenc;

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;

double invFreq(double base, int d, int i)
{
    return std::pow(base, -2.0 * i / d);
}

// The graph of `plot` named `name` (the legend's words), or null.
QCPGraph *graphNamed(QCustomPlot *plot, const QString &name)
{
    for (int g = 0; g < plot->graphCount(); ++g) {
        if (plot->graph(g)->name() == name)
            return plot->graph(g);
    }
    return nullptr;
}

void choose(QComboBox *box, RopeMethod method)
{
    const int index = box->findData(int(method));
    QVERIFY(index >= 0);
    box->setCurrentIndex(index);
}

} // namespace

class TestContextView : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        state = std::make_unique<EncodingState>();
        view = std::make_unique<ContextView>(state.get());
        view->resize(1100, 700);
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
    }

    void cleanup()
    {
        view.reset();
        state.reset();
    }

    void defaultsDrawYarnAgainstLlama3()
    {
        const ContextOptions &o = labOptions<ContextOptions>(state->scene());
        QCOMPARE(o.left, RopeMethod::Yarn);
        QCOMPARE(o.right, RopeMethod::Llama3);
        QCOMPARE(view->leftBox()->currentData().toInt(), int(RopeMethod::Yarn));
        // Llama 2's head read at 8 times its length: YaRN keeps pairs 0 to 20 and divides 46 on.
        QVERIFY2(view->leftLabel()->text().contains(QStringLiteral("pairs kept: 21, divided by s: 18, in between: 25")),
                 qPrintable(view->leftLabel()->text()));
        QVERIFY2(view->leftLabel()->text().contains(QStringLiteral("logits × 1.459")), qPrintable(view->leftLabel()->text()));
        // Each method's thresholds on the ladder: YaRN keeps below L/β_fast, Llama 3.1 below L/4.
        QCPGraph *yarnEdge = graphNamed(view->ladderPlot(), QStringLiteral("L/32 (YaRN)"));
        QCPGraph *llamaEdge = graphNamed(view->ladderPlot(), QStringLiteral("L/4 (Llama 3.1)"));
        QVERIFY(yarnEdge && llamaEdge);
        QCOMPARE(yarnEdge->data()->at(0)->value, 4096.0 / 32);
        QCOMPARE(llamaEdge->data()->at(0)->value, 4096.0 / 4);
        QCPGraph *divisors = graphNamed(view->secondPlot(), QStringLiteral("YaRN"));
        QVERIFY(divisors);
        QCOMPARE(divisors->dataCount(), 64);
        for (int i = 0; i < 64; ++i) {
            const double kappa = divisors->data()->at(i)->value;
            // (46 − i)/26 of the frequency kept between the ends, by the code's linear ramp.
            const double ramp = std::clamp((i - 20.0) / 26.0, 0.0, 1.0);
            const double expected = 1.0 / (ramp / 8.0 + (1.0 - ramp));
            QVERIFY2(std::abs(kappa - expected) < 1e-12 * expected, qPrintable(QString::number(i)));
        }
    }

    void controlsDriveTheStateAndThePlots_data()
    {
        QTest::addColumn<int>("method");
        QTest::addColumn<double>("factor");
        QTest::newRow("PI s=4") << int(RopeMethod::Linear) << 4.0;
        QTest::newRow("PI s=32") << int(RopeMethod::Linear) << 32.0;
        QTest::newRow("NTK s=2") << int(RopeMethod::NtkAware) << 2.0;
        QTest::newRow("NTK s=16") << int(RopeMethod::NtkAware) << 16.0;
    }

    void controlsDriveTheStateAndThePlots()
    {
        QFETCH(int, method);
        QFETCH(double, factor);
        QSignalSpy changed(state.get(), &EncodingState::changed);
        choose(view->leftBox(), RopeMethod(method));
        view->factorBox()->setValue(factor);
        state->flush();
        QVERIFY(changed.size() >= 1);
        const ContextOptions &o = labOptions<ContextOptions>(state->scene());
        QCOMPARE(int(o.left), method);
        QCOMPARE(o.factor, factor);
        const int d = state->params().dModel;
        const double base = state->params().base;
        const QString name = view->leftBox()->currentText();
        QCPGraph *ladder = graphNamed(view->ladderPlot(), name);
        QVERIFY2(ladder, qPrintable(name));
        QCOMPARE(ladder->dataCount(), d / 2);
        for (int i = 0; i < d / 2; ++i) {
            double expected = 0;
            if (RopeMethod(method) == RopeMethod::Linear)
                expected = kTwoPi / (invFreq(base, d, i) / factor);
            else
                expected = kTwoPi / invFreq(base * std::pow(factor, double(d) / (d - 2)), d, i);
            const double got = ladder->data()->at(i)->value;
            QVERIFY2(std::abs(got - expected) < 1e-9 * expected,
                     qPrintable(QStringLiteral("pair %1: %2 against %3").arg(i).arg(got).arg(expected)));
        }
        // The lines L and s·L are drawn at their values.
        QVERIFY(graphNamed(view->ladderPlot(), QStringLiteral("L = 4096 (trained)")));
        QVERIFY(graphNamed(view->ladderPlot(), QStringLiteral("s·L = %1").arg(4096 * factor)));
    }

    void asTrainedCountsThePairsBeyondL()
    {
        choose(view->leftBox(), RopeMethod::Default);
        state->flush();
        // Pairs 46 to 63 never made a turn within 4096 positions: at 8 times that, 18 of them
        // turn through angles training never showed them.
        QVERIFY2(view->leftLabel()->text().contains(QStringLiteral("within 32768 positions: 18")),
                 qPrintable(view->leftLabel()->text()));
        view->contextBox()->setValue(1e9);
        state->flush();
        QVERIFY2(view->leftLabel()->text().endsWith(QStringLiteral("positions: 0; attention factor 1, logits × 1.")),
                 qPrintable(view->leftLabel()->text()));
    }

    void oddDModelShowsWhy()
    {
        EncodingParams p = state->params();
        p.dModel = 127;
        QVERIFY(!state->setParams(p));
        state->flush();
        QVERIFY(view->problemLabel()->isVisible());
        QVERIFY2(view->problemLabel()->text().contains(QStringLiteral("127")), qPrintable(view->problemLabel()->text()));
        QVERIFY(!view->ladderPlot()->isVisible());
        p.dModel = 128;
        QVERIFY(!state->setParams(p));
        state->flush();
        QVERIFY(!view->problemLabel()->isVisible());
        QVERIFY(view->ladderPlot()->isVisible());
    }

    void clickExplainsThePair()
    {
        QCustomPlot *plot = view->ladderPlot();
        plot->replot();
        const QPoint pixel(int(plot->xAxis->coordToPixel(50)), plot->axisRect()->center().y());
        QTest::mouseClick(plot, Qt::LeftButton, Qt::NoModifier, pixel);
        QCOMPARE(state->inspection().kind, ContextView::pairKind());
        QCOMPARE(state->inspection().a, 50.0);
        const QString text = ContextView::pairExplanation(state->scene(), state->inspection());
        // Pair 50 of Llama 2's head: wavelength 2π · 10000^(100/128), under one turn within 4096.
        const double wavelength = kTwoPi / invFreq(1e4, 128, 50);
        QVERIFY2(text.contains(QStringLiteral("Pair 50 of 64 (head dimension 128)")), qPrintable(text));
        QVERIFY2(text.contains(QString::number(wavelength, 'g', 6)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Less than one turn within L")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("divided by κ = 8")), qPrintable(text));
    }

    void describeNamesBothMethods()
    {
        const QString text = ContextView::describe(*state);
        QVERIFY2(text.contains(QStringLiteral("YaRN")) && text.contains(QStringLiteral("Llama 3.1")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("head dimension 128 (64 pairs)")), qPrintable(text));
    }

    // The Plot box: one change of the state, and the second plot shows what it names.
    void plotBoxChoosesTheSecondPlot()
    {
        QComboBox *box = view->plotBox();
        QCOMPARE(box->count(), 5);
        QStringList titles;
        for (int k = 0; k < box->count(); ++k) {
            box->setCurrentIndex(k);
            state->flush();
            QCOMPARE(int(labOptions<ContextOptions>(state->scene()).plot), box->itemData(k).toInt());
            titles << qobject_cast<QCPTextElement *>(view->secondPlot()->plotLayout()->element(0, 0))->text();
        }
        titles.removeDuplicates();
        QCOMPARE(titles.size(), 5);
        // Turns: as trained, L · θ_i / 2π for each pair (L = 4096, d = 128, base 10000).
        box->setCurrentIndex(box->findData(int(ContextPlot::Turns)));
        state->flush();
        QCPGraph *trained = graphNamed(view->secondPlot(), QStringLiteral("as trained"));
        QVERIFY(trained);
        QCOMPARE(trained->dataCount(), 64);
        for (int i = 0; i < 64; ++i)
            QVERIFY(std::abs(trained->data()->at(i)->value - 4096 * invFreq(1e4, 128, i) / kTwoPi) < 1e-9);
        // Cached keys: YaRN and Llama 3.1 fix their frequencies, so neither is wrong.
        box->setCurrentIndex(box->findData(int(ContextPlot::CachedKeys)));
        state->flush();
        QVERIFY(graphNamed(view->secondPlot(), QStringLiteral("YaRN: none (fixed frequencies)")));
    }

    // A LongRoPE config written here: head dimension 16 (8 pairs), base 500, trained on 1000
    // positions, read at 8000 (s = 8), so the long list divides each pair's frequency.
    void openedConfigPutsTheModelOnTheRight()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"head_dim": 16, "rope_theta": 500, "max_position_embeddings": 8000,
                      "original_max_position_embeddings": 1000,
                      "rope_scaling": {"rope_type": "longrope", "short_factor": [1, 1, 1, 1, 1, 1, 1, 1],
                                       "long_factor": [1, 1.5, 2, 3, 5, 8, 13, 21]}})");
        file.close();
        const ViewDescriptor *context = ViewRegistry::find(u"context");
        QVERIFY(context && context->openFile);
        QCOMPARE(ViewRegistry::opening(path), context);
        QString error;
        QVERIFY2(context->openFile(state.get(), path, &error), qPrintable(error));
        state->flush();
        QCOMPARE(labOptions<ContextOptions>(state->scene()).config, path);
        QCOMPARE(view->rightBox()->currentData().toInt(), int(RopeMethod::LongRope));
        QVERIFY(!view->rightBox()->isEnabled() && !view->contextBox()->isEnabled() && !view->factorBox()->isEnabled());
        QCOMPARE(view->contextBox()->value(), 1000.0);
        QCOMPARE(view->factorBox()->value(), 8.0);
        QVERIFY(view->configLabel()->isVisible());
        const double longFactor[] = {1, 1.5, 2, 3, 5, 8, 13, 21};
        QCPGraph *divisors = graphNamed(view->secondPlot(), view->rightBox()->currentText());
        QVERIFY(divisors);
        QCOMPARE(divisors->dataCount(), 8);
        for (int i = 0; i < 8; ++i)
            QCOMPARE(divisors->data()->at(i)->value, longFactor[i]);
        // YaRN on the model's ladder: d 16, base 500, L 1000, s 8.
        QCPGraph *yarn = graphNamed(view->ladderPlot(), QStringLiteral("YaRN"));
        QVERIFY(yarn);
        QCOMPARE(yarn->dataCount(), 8);
        QVERIFY(std::abs(yarn->data()->at(0)->value - kTwoPi) < 1e-12); // pair 0 turns fastest: kept
        QVERIFY2(view->rightLabel()->text().contains(QStringLiteral("head dimension 16, base 500, trained on L = 1000, s = 8")),
                 qPrintable(view->rightLabel()->text()));
        // LongRoPE's attention factor sqrt(1 + ln s / ln L).
        const double factor = std::sqrt(1 + std::log(8.0) / std::log(1000.0));
        QVERIFY2(view->rightLabel()->text().contains(QStringLiteral("attention factor %1").arg(factor, 0, 'g', 4)),
                 qPrintable(view->rightLabel()->text()));

        // Close: the lab's own right method again, and LongRoPE no longer offered.
        view->closeConfigButton()->click();
        state->flush();
        QVERIFY(labOptions<ContextOptions>(state->scene()).config.isEmpty());
        QVERIFY(view->rightBox()->isEnabled());
        QCOMPARE(view->rightBox()->currentData().toInt(), int(RopeMethod::Llama3));
        QCOMPARE(view->rightBox()->findData(int(RopeMethod::LongRope)), -1);
        QVERIFY(!view->configLabel()->isVisible());
    }

    // A config that cannot be read is refused with the key it lacks, and nothing changes.
    void unreadableConfigChangesNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"rope_theta": 10000, "rope_scaling": {"rope_type": "yarn", "factor": 4}})");
        file.close();
        const Scene before = state->scene();
        QString error;
        QVERIFY(!ViewRegistry::find(u"context")->openFile(state.get(), path, &error));
        QVERIFY2(error.contains(QStringLiteral("head_dim")), qPrintable(error));
        QVERIFY(state->scene() == before);
    }

private:
    std::unique_ptr<EncodingState> state;
    std::unique_ptr<ContextView> view;
};

QTEST_MAIN(TestContextView)
#include "tst_contextview.moc"
