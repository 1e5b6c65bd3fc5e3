// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: a session saved to preferences (a temporary INI file, never the user's settings)
// comes back in a new window; invalid saved values give the defaults; the About text and the
// status bar say what they should; unknown view names are refused.

#include "expected.h"

#include "ui/encodingstate.h"
#include "ui/heatmapview.h"
#include "ui/mainwindow.h"
#include "ui/parametercontrol.h"
#include "ui/parameterpanel.h"
#include "ui/preferences.h"
#include "ui/version.h"

#include <qcustomplot.h>

#include <Eigen/Core>

#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace posenc;

Q_DECLARE_METATYPE(QList<int>)

namespace {

std::unique_ptr<Preferences> preferencesAt(const QString &iniPath)
{
    return std::make_unique<Preferences>(std::make_unique<QSettings>(iniPath, QSettings::IniFormat));
}

QString statusText(MainWindow &window)
{
    QStringList texts;
    for (const QLabel *label : window.statusBar()->findChildren<QLabel *>())
        texts << label->text();
    return texts.join(QLatin1Char('\n'));
}

QTabWidget *tabsOf(MainWindow &window)
{
    return qobject_cast<QTabWidget *>(window.centralWidget());
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void startsWithDefaults();
    void sessionRestored_data();
    void sessionRestored();
    void closeSavesSession();
    void invalidSavedValuesGiveDefaults_data();
    void invalidSavedValuesGiveDefaults();
    void aboutText();
    void statusBarShowsSize();
    void unknownViewRefused();
    void closedViewCatchesUpWhenReopened();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_ini;
};

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestMainWindow::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_ini = m_dir->filePath(QStringLiteral("posenc-lab.ini"));
}

void TestMainWindow::startsWithDefaults()
{
    const auto preferences = preferencesAt(m_ini); // an empty file
    MainWindow window(preferences.get());
    QCOMPARE(window.state()->params(), EncodingParams{});
    QCOMPARE(window.state()->curveDimensions(), expected::range(0, 5));
    QCOMPARE(window.openViews(), MainWindow::viewNames());
    QCOMPARE(window.currentView(), MainWindow::viewNames().constFirst());
    QVERIFY(MainWindow::viewNames().contains(QStringLiteral("heatmap")));
    QVERIFY(MainWindow::viewNames().contains(QStringLiteral("curves")));
    for (const QString &name : MainWindow::viewNames())
        QVERIFY2(window.view(name), qPrintable(name));
    QCOMPARE(window.parameterPanel()->control(ParamField::DModel)->entry()->text(), QStringLiteral("128"));
}

void TestMainWindow::sessionRestored_data()
{
    QTest::addColumn<QStringList>("close");
    QTest::addColumn<QString>("front");
    QTest::addColumn<bool>("moveFirstTabToEnd");

    QTest::newRow("curves closed") << QStringList{QStringLiteral("curves")} << QString() << false;
    QTest::newRow("all open, heatmap in front") << QStringList{} << QStringLiteral("heatmap") << false;
    QTest::newRow("all open, curves in front") << QStringList{} << QStringLiteral("curves") << false;
    QTest::newRow("heatmap closed, curves in front")
        << QStringList{QStringLiteral("heatmap")} << QStringLiteral("curves") << false;
    // The tabs are movable and Preferences keeps "the views open as tabs, in order".
    QTest::newRow("tabs reordered") << QStringList{} << QStringLiteral("heatmap") << true;
}

void TestMainWindow::sessionRestored()
{
    QFETCH(QStringList, close);
    QFETCH(QString, front);
    QFETCH(bool, moveFirstTabToEnd);

    const EncodingParams params = expected::Params().dModel(64).seqLen(50).base(500).scale(0.5)
                                      .offset(-3).start(10).position(12).split().tensor2tensor().p;
    const QList<int> dimensions{0, 7, 63};
    const QSize size(700, 500);
    QStringList open;
    QString current;
    {
        const auto preferences = preferencesAt(m_ini);
        MainWindow window(preferences.get());
        QVERIFY(!window.state()->setParams(params));
        window.state()->setCurveDimensions(dimensions);
        window.state()->flush();
        for (const QString &name : close)
            window.closeView(name);
        if (moveFirstTabToEnd)
            tabsOf(window)->tabBar()->moveTab(0, tabsOf(window)->count() - 1);
        if (!front.isEmpty())
            QVERIFY(window.showView(front));
        window.resize(size);
        window.savePreferences();

        open = window.openViews();
        current = window.currentView();
        // The session is what the row set up.
        QStringList expectedOpen = MainWindow::viewNames();
        for (const QString &name : close)
            expectedOpen.removeAll(name);
        if (moveFirstTabToEnd)
            expectedOpen.move(0, expectedOpen.size() - 1);
        QCOMPARE(open, expectedOpen);
        QCOMPARE(current, front.isEmpty() ? expectedOpen.constFirst() : front);
        for (const QString &name : close)
            QVERIFY(!window.view(name)->isVisible());
    }

    const auto preferences = preferencesAt(m_ini);
    MainWindow window(preferences.get());
    QCOMPARE(window.state()->params(), params);
    QCOMPARE(window.state()->curveDimensions(), dimensions);
    QCOMPARE(window.openViews(), open);
    QCOMPARE(window.currentView(), current);
    QCOMPARE(window.size(), size);
    // The panel shows the restored values.
    QCOMPARE(window.parameterPanel()->control(ParamField::DModel)->entry()->text(), QStringLiteral("64"));
    QCOMPARE(window.parameterPanel()->control(ParamField::Base)->entry()->text(), QStringLiteral("500"));
}

void TestMainWindow::closeSavesSession()
{
    {
        const auto preferences = preferencesAt(m_ini);
        MainWindow window(preferences.get());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!window.state()->setDModel(32));
        QVERIFY(!window.state()->setScale(2));
        window.state()->flush();
        window.closeView(QStringLiteral("heatmap"));
        QVERIFY(window.close());
    }
    const auto preferences = preferencesAt(m_ini);
    EncodingParams want;
    want.dModel = 32;
    want.scale = 2;
    QCOMPARE(preferences->parameters(), want);
    QVERIFY(!preferences->openViews().contains(QStringLiteral("heatmap")));
    QVERIFY(preferences->openViews().contains(QStringLiteral("curves")));
}

void TestMainWindow::invalidSavedValuesGiveDefaults_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<bool>("valid");

    QTest::newRow("control: all valid") << QStringLiteral("Parameters/Position") << QVariant(20.0) << true;
    QTest::newRow("d_model 1") << QStringLiteral("Parameters/DModel") << QVariant(1) << false;
    QTest::newRow("d_model 5000") << QStringLiteral("Parameters/DModel") << QVariant(5000) << false;
    QTest::newRow("d_model abc") << QStringLiteral("Parameters/DModel") << QVariant(QStringLiteral("abc")) << false;
    QTest::newRow("seq_len 0") << QStringLiteral("Parameters/SeqLen") << QVariant(0) << false;
    QTest::newRow("base 1") << QStringLiteral("Parameters/Base") << QVariant(1.0) << false;
    QTest::newRow("scale 2e6") << QStringLiteral("Parameters/Scale") << QVariant(2e6) << false;
    QTest::newRow("start 1e9") << QStringLiteral("Parameters/Start") << QVariant(1e9) << false;
    QTest::newRow("offset nan") << QStringLiteral("Parameters/Offset") << QVariant(QStringLiteral("nan")) << false;
}

void TestMainWindow::invalidSavedValuesGiveDefaults()
{
    QFETCH(QString, key);
    QFETCH(QVariant, value);
    QFETCH(bool, valid);

    {
        // A hand-edited file: valid values that differ from the defaults, and one bad value.
        QSettings settings(m_ini, QSettings::IniFormat);
        settings.setValue(QStringLiteral("Parameters/DModel"), 64);
        settings.setValue(QStringLiteral("Parameters/SeqLen"), 50);
        settings.setValue(QStringLiteral("Parameters/Base"), 500.0);
        settings.setValue(QStringLiteral("Parameters/Layout"), QStringLiteral("split"));
        settings.setValue(key, value);
        settings.sync();
        QCOMPARE(settings.status(), QSettings::NoError);
    }
    const auto preferences = preferencesAt(m_ini);
    MainWindow window(preferences.get());
    EncodingParams want;
    if (valid) {
        want = expected::Params().dModel(64).seqLen(50).base(500).position(20).split().p;
    }
    QCOMPARE(window.state()->params(), want);
    QCOMPARE(window.parameterPanel()->control(ParamField::DModel)->entry()->text(),
             QString::number(want.dModel));
}

void TestMainWindow::aboutText()
{
    const QString text = MainWindow::aboutText();
    QVERIFY(!QStringLiteral(POSENC_VERSION_STRING).isEmpty());
    QVERIFY2(text.contains(QStringLiteral(POSENC_VERSION_STRING)), qPrintable(text));
    QVERIFY2(text.contains(QString::fromLatin1(qVersion())), qPrintable(text));
    const QString eigen = QStringLiteral("%1.%2.%3")
                              .arg(EIGEN_WORLD_VERSION).arg(EIGEN_MAJOR_VERSION).arg(EIGEN_MINOR_VERSION);
    QVERIFY2(text.contains(QStringLiteral("Eigen ") + eigen), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("2.1.0")), qPrintable(text)); // QCustomPlot
    QVERIFY2(text.contains(QStringLiteral("PosEnc Lab")), qPrintable(text));
}

void TestMainWindow::statusBarShowsSize()
{
    const auto preferences = preferencesAt(m_ini);
    MainWindow window(preferences.get());
    QString text = statusText(window);
    QVERIFY2(text.contains(QStringLiteral("30")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("128")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("ms")), qPrintable(text));

    QVERIFY(!window.state()->setDModel(64));
    QVERIFY(!window.state()->setSeqLen(50));
    window.state()->flush();
    text = statusText(window);
    QVERIFY2(text.contains(QStringLiteral("64")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("50")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("128")), qPrintable(text));

    // Without flush, at the end of the event-loop turn.
    QVERIFY(!window.state()->setSeqLen(77));
    QTRY_VERIFY2(statusText(window).contains(QStringLiteral("77")), qPrintable(statusText(window)));
}

void TestMainWindow::unknownViewRefused()
{
    const auto preferences = preferencesAt(m_ini);
    MainWindow window(preferences.get());
    const QStringList open = window.openViews();
    const QString current = window.currentView();
    QVERIFY(!window.showView(QStringLiteral("nope")));
    QVERIFY(!window.showView(QString()));
    QVERIFY(window.view(QStringLiteral("nope")) == nullptr);
    window.closeView(QStringLiteral("nope"));
    QCOMPARE(window.openViews(), open);
    QCOMPARE(window.currentView(), current);

    // Known views close and come back in front.
    window.closeView(QStringLiteral("curves"));
    QVERIFY(!window.openViews().contains(QStringLiteral("curves")));
    QVERIFY(window.showView(QStringLiteral("curves")));
    QVERIFY(window.openViews().contains(QStringLiteral("curves")));
    QCOMPARE(window.currentView(), QStringLiteral("curves"));
}

void TestMainWindow::closedViewCatchesUpWhenReopened()
{
    const auto preferences = preferencesAt(m_ini);
    MainWindow window(preferences.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *heatmap = qobject_cast<HeatmapView *>(window.view(QStringLiteral("heatmap")));
    QVERIFY(heatmap);
    window.closeView(QStringLiteral("heatmap"));
    QVERIFY(!heatmap->isVisible());
    QVERIFY(!window.state()->setDModel(16));
    window.state()->flush();
    QVERIFY(window.showView(QStringLiteral("heatmap")));
    QTRY_VERIFY(heatmap->isVisible());
    QCOMPARE(heatmap->colorMap()->data()->keySize(), 16);
    const EncodingParams p = window.state()->params();
    QVERIFY(std::abs(heatmap->colorMap()->data()->cell(3, 10) - expected::pe(p, 10, 3)) < 1e-12);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
