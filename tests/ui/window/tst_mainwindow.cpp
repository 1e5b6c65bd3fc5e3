// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: a session saved to preferences (a temporary INI file, never the user's settings)
// comes back in a new window; invalid saved values give the defaults; the About text and the
// status bar say what they should; unknown view names are refused. Presets: saved
// and opened they bring back the whole state, a refused one changes nothing, the title shows
// the file and whether it was changed, and the recent list holds the last eight. Keys and
// descriptions: Ctrl+1..N go to a view, Ctrl+Tab, Ctrl+PgDown, Ctrl+W, Tab in reading order,
// F2 describes the view in front.

#include "expected.h"

#include "ui/widgets/animationbar.h"
#include "ui/state/encodingstate.h"
#include "ui/views/heatmap/heatmapview.h"
#include "ui/classroom/lessonspanel.h"
#include "ui/window/mainwindow.h"
#include "ui/widgets/parametercontrol.h"
#include "ui/widgets/parameterpanel.h"
#include "ui/export/preferences.h"
#include "ui/export/preset.h"
#include "ui/version.h"
#include "ui/views/viewregistry.h"

#include <qcustomplot.h>

#include <Eigen/Core>

#include <QApplication>
#include <QDialog>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QTimer>
#include <QToolBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QToolButton>
#include <QTreeWidget>
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

QTreeWidget *viewListOf(MainWindow &window)
{
    return window.centralWidget()->findChild<QTreeWidget *>(QStringLiteral("ViewList"));
}

// A state far from the defaults in every field a preset holds.
void setUnusualState(MainWindow &window)
{
    const EncodingParams params = expected::Params().dModel(64).seqLen(50).base(500).scale(0.5)
                                      .offset(-3).start(10).position(12).split().tensor2tensor().p;
    QVERIFY(!window.state()->setParams(params));
    window.state()->changeScene([](Scene &scene) { scene.dimensions = {0, 7, 63}; });
    TemporalParams temporal;
    temporal.periods = {12, 30.5};
    temporal.steps = 100;
    QVERIFY(!window.state()->changeScene([&](Scene &scene) { scene.temporal = temporal; }));
    window.state()->changeScene([](Scene &scene) { scene.rotationPair = 5; });
    window.state()->changeScene([](Scene &scene) { scene.cosine = true; });
    window.state()->flush();
    QVERIFY(window.showView(QStringLiteral("rotation")));
    ExportSettings settings = window.exportSettings();
    settings.page.preset.clear();
    settings.page.widthMm = 120;
    settings.page.heightMm = 70.5;
    settings.page.dpi = 200;
    settings.page.fontPt = 9;
    settings.page.theme = QStringLiteral("dark");
    settings.page.colormap = QStringLiteral("viridis");
    window.setExportSettings(settings);
}

struct WindowSnapshot {
    EncodingParams params;
    QList<int> dimensions;
    TemporalParams temporal;
    int rotationPair = 0;
    bool cosine = false;
    QString view;
    FigurePage page;
    QString presetPath;
    QString title;
    bool modified = false;

    explicit WindowSnapshot(MainWindow &w)
        : params(w.state()->params())
        , dimensions(w.state()->curveDimensions())
        , temporal(w.state()->temporal())
        , rotationPair(w.state()->rotationPair())
        , cosine(w.state()->cosineSimilarity())
        , view(w.currentView())
        , page(w.exportSettings().page)
        , presetPath(w.presetPath())
        , title(w.windowTitle())
        , modified(w.isWindowModified())
    {
    }
    bool operator==(const WindowSnapshot &) const = default;
};

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QMenu *recentMenu(MainWindow &window)
{
    for (QAction *top : window.menuBar()->actions()) {
        for (QAction *action : top->menu()->actions()) {
            if (action->menu() && action->menu()->title() == QLatin1String("Open &Recent"))
                return action->menu();
        }
    }
    return nullptr;
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
    void resetAllIsAnEditCommand();
    void statusBarShowsSize();
    void unknownViewRefused();
    void closedViewCatchesUpWhenReopened();
    void presetRoundTrip();
    void badPresetChangesNothing_data();
    void badPresetChangesNothing();
    void titleShowsPresetAndChanges();
    void recentPresetsKeepTheLastEight();
    void missingRecentPresetIsRemovedWithAMessage();
    void closingAsksToSaveAChangedPreset_data();
    void closingAsksToSaveAChangedPreset();
    void viewKeys();
    void tabFollowsTheReadingOrder();
    void describeView();

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
    QCOMPARE(window.state()->curveDimensions(), (QList<int>{0, 16, 32, 64}));
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

    QTest::newRow("curves closed") << QStringList{QStringLiteral("curves")} << QString();
    QTest::newRow("all open, heatmap in front") << QStringList{} << QStringLiteral("heatmap");
    QTest::newRow("all open, curves in front") << QStringList{} << QStringLiteral("curves");
    QTest::newRow("heatmap closed, curves in front") << QStringList{QStringLiteral("heatmap")} << QStringLiteral("curves");
    QTest::newRow("two labs closed, training in front")
        << QStringList{QStringLiteral("check"), QStringLiteral("vit")} << QStringLiteral("training");
}

void TestMainWindow::sessionRestored()
{
    QFETCH(QStringList, close);
    QFETCH(QString, front);

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
        window.state()->changeScene([&](Scene &scene) { scene.dimensions = dimensions; });
        window.state()->flush();
        for (const QString &name : close)
            window.closeView(name);
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
    // No developer text (the time of the last update) for students.
    QVERIFY2(!text.contains(QStringLiteral("ms")), qPrintable(text));

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

void TestMainWindow::presetRoundTrip()
{
    const QString path = m_dir->filePath(QStringLiteral("unusual.json"));
    MainWindow saved;
    setUnusualState(saved);
    QString error;
    QVERIFY2(saved.savePreset(path, &error), qPrintable(error));
    const QJsonObject json = QJsonDocument::fromJson(readAll(path)).object();
    QCOMPARE(json.value(QLatin1String("format")).toString(), QStringLiteral("posenc-lab/1"));
    QCOMPARE(json.value(QLatin1String("view")).toString(), QStringLiteral("rotation"));

    MainWindow opened;
    QVERIFY(opened.state()->params() != saved.state()->params());
    QVERIFY2(opened.openPreset(path, &error), qPrintable(error));
    QCOMPARE(opened.state()->params(), saved.state()->params());
    QCOMPARE(opened.state()->curveDimensions(), (QList<int>{0, 7, 63}));
    QCOMPARE(opened.state()->temporal().periods, (std::vector<double>{12, 30.5}));
    QCOMPARE(opened.state()->temporal().steps, 100);
    QCOMPARE(opened.state()->rotationPair(), 5);
    QVERIFY(opened.state()->cosineSimilarity());
    QCOMPARE(opened.currentView(), QStringLiteral("rotation"));
    QCOMPARE(opened.exportSettings().page, saved.exportSettings().page);
    QCOMPARE(opened.currentPreset(), saved.currentPreset());
    // The panel shows what was opened.
    QCOMPARE(opened.parameterPanel()->control(ParamField::DModel)->entry()->text(), QStringLiteral("64"));
    QCOMPARE(opened.presetPath(), path);
}

void TestMainWindow::badPresetChangesNothing_data()
{
    QTest::addColumn<QString>("key");   // a path into the good preset: "parameters/d_model"
    QTest::addColumn<QJsonValue>("value");
    QTest::addColumn<QString>("named"); // what the refusal must name

    QTest::newRow("format version 9") << "format" << QJsonValue(QStringLiteral("posenc-lab/9")) << "format";
    QTest::newRow("d_model 1") << "parameters/d_model" << QJsonValue(1) << "parameters.d_model";
    QTest::newRow("base text") << "parameters/base" << QJsonValue(QStringLiteral("big")) << "parameters.base";
    QTest::newRow("dpi 900") << "export/dpi" << QJsonValue(900) << "export.dpi";
    QTest::newRow("theme neon") << "export/theme" << QJsonValue(QStringLiteral("neon")) << "export.theme";
    QTest::newRow("view nope") << "view" << QJsonValue(QStringLiteral("nope")) << "view";
    QTest::newRow("unknown key") << "colour" << QJsonValue(1) << "colour";
    QTest::newRow("steps 0") << "view_options/steps" << QJsonValue(0) << "view_options.steps";
    QTest::newRow("malformed JSON") << "" << QJsonValue() << "JSON";
    QTest::newRow("missing file") << "-" << QJsonValue() << "missing.json";
}

void TestMainWindow::badPresetChangesNothing()
{
    QFETCH(QString, key);
    QFETCH(QJsonValue, value);
    QFETCH(QString, named);

    // A good preset, opened first, so that the title and the path have something to keep.
    const QString good = m_dir->filePath(QStringLiteral("good.json"));
    {
        MainWindow author;
        setUnusualState(author);
        QVERIFY(author.savePreset(good));
    }
    QString path = m_dir->filePath(QStringLiteral("bad.json"));
    if (key == QLatin1String("-")) {
        path = m_dir->filePath(QStringLiteral("missing.json"));
    } else if (key.isEmpty()) {
        QVERIFY(writeAll(path, readAll(good).left(40)));
    } else {
        QJsonObject json = QJsonDocument::fromJson(readAll(good)).object();
        const QStringList parts = key.split(QLatin1Char('/'));
        if (parts.size() == 1) {
            json.insert(parts[0], value);
        } else {
            QJsonObject inner = json.value(parts[0]).toObject();
            inner.insert(parts[1], value);
            json.insert(parts[0], inner);
        }
        QVERIFY(writeAll(path, QJsonDocument(json).toJson()));
    }

    MainWindow window;
    QVERIFY(window.openPreset(good));
    QVERIFY(window.showView(QStringLiteral("curves")));
    QVERIFY(!window.state()->setScale(2));
    window.state()->flush();
    const WindowSnapshot before(window);
    QVERIFY(before.modified);
    const QStringList recent = window.recentPresets();

    QString error;
    QVERIFY(!window.openPreset(path, &error));
    QVERIFY2(error.contains(named), qPrintable(error));
    window.state()->flush();
    QCoreApplication::processEvents();
    QVERIFY(WindowSnapshot(window) == before);
    QCOMPARE(window.recentPresets(), recent);
}

void TestMainWindow::titleShowsPresetAndChanges()
{
    MainWindow window;
    QCOMPARE(window.windowTitle(), QStringLiteral("PosEnc Lab"));
    QVERIFY(!window.isWindowModified());
    const QString path = m_dir->filePath(QStringLiteral("lecture 1.json"));
    QVERIFY(window.savePreset(path));
    QCOMPARE(window.windowTitle(), QStringLiteral("lecture 1.json[*] — PosEnc Lab"));
    QVERIFY(!window.isWindowModified());

    // Any part of the preset: a parameter, the view in front, the export page.
    QVERIFY(!window.state()->setScale(1.5));
    QTRY_VERIFY(window.isWindowModified());
    QVERIFY(!window.state()->setScale(1));
    QTRY_VERIFY(!window.isWindowModified()); // back to what the file holds
    QVERIFY(window.showView(QStringLiteral("temporal")));
    QVERIFY(window.isWindowModified());
    QVERIFY(window.showView(QStringLiteral("heatmap")));
    QVERIFY(!window.isWindowModified());
    ExportSettings settings = window.exportSettings();
    settings.page.dpi = 150;
    window.setExportSettings(settings);
    QVERIFY(window.isWindowModified());
    QVERIFY(window.savePreset(path));
    QVERIFY(!window.isWindowModified());
    // Save (Ctrl+S) writes to the preset's own file without asking.
    QVERIFY(!window.state()->setDModel(32));
    window.state()->flush();
    QVERIFY(window.isWindowModified());
    QCOMPARE(window.savePresetAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_S));
    window.savePresetAction()->trigger();
    QVERIFY(!window.isWindowModified());
    const auto reread = PresetFile::read(path);
    QVERIFY(std::holds_alternative<Preset>(reread));
    QCOMPARE(std::get<Preset>(reread).scene.params.dModel, 32);
    QCOMPARE(window.openPresetAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_O));
    QCOMPARE(window.savePresetAsAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
}

void TestMainWindow::recentPresetsKeepTheLastEight()
{
    QStringList paths;
    {
        const auto preferences = preferencesAt(m_ini);
        MainWindow window(preferences.get());
        for (int i = 0; i < 10; ++i) {
            paths << m_dir->filePath(QStringLiteral("p%1.json").arg(i));
            QVERIFY(window.savePreset(paths.constLast()));
        }
        QVERIFY(window.openPreset(paths.at(4))); // opened again: moves to the front
        QStringList want{paths.at(4)};
        for (int i = 9; want.size() < 8; --i) {
            if (i != 4)
                want << paths.at(i);
        }
        QCOMPARE(window.recentPresets(), want);
        QMenu *menu = recentMenu(window);
        QVERIFY(menu);
        QCOMPARE(menu->actions().constFirst()->text(), QStringLiteral("&1 p4.json"));
        window.savePreferences();
    }
    const auto preferences = preferencesAt(m_ini);
    MainWindow window(preferences.get());
    QCOMPARE(window.recentPresets().size(), 8);
    QCOMPARE(window.recentPresets().constFirst(), paths.at(4));
}

void TestMainWindow::missingRecentPresetIsRemovedWithAMessage()
{
    MainWindow window;
    const QString kept = m_dir->filePath(QStringLiteral("kept.json"));
    const QString gone = m_dir->filePath(QStringLiteral("gone.json"));
    QVERIFY(window.savePreset(kept));
    QVERIFY(window.savePreset(gone));
    QVERIFY(QFile::remove(gone));
    QVERIFY(!window.state()->setSeqLen(40));
    window.state()->flush();
    const EncodingParams before = window.state()->params();

    QMenu *menu = recentMenu(window);
    QVERIFY(menu);
    QAction *entry = menu->actions().constFirst();
    QCOMPARE(entry->text(), QStringLiteral("&1 gone.json"));
    QString message;
    QTimer::singleShot(0, &window, [&message] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            message = box->text();
            box->accept();
        }
    });
    entry->trigger();
    QVERIFY2(message.contains(QStringLiteral("gone.json")), qPrintable(message));
    QCOMPARE(window.recentPresets(), QStringList{kept});
    QCOMPARE(window.state()->params(), before);
    QCOMPARE(menu->actions().constFirst()->text(), QStringLiteral("&1 kept.json"));
}

void TestMainWindow::closingAsksToSaveAChangedPreset_data()
{
    QTest::addColumn<int>("answer");
    QTest::addColumn<bool>("closes");
    QTest::addColumn<int>("savedDModel");
    QTest::newRow("save") << int(QMessageBox::Save) << true << 32;
    QTest::newRow("discard") << int(QMessageBox::Discard) << true << 128;
    QTest::newRow("cancel") << int(QMessageBox::Cancel) << false << 128;
}

void TestMainWindow::closingAsksToSaveAChangedPreset()
{
    QFETCH(int, answer);
    QFETCH(bool, closes);
    QFETCH(int, savedDModel);
    const auto preferences = preferencesAt(m_ini);
    MainWindow window(preferences.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString path = m_dir->filePath(QStringLiteral("class.json"));
    QVERIFY(window.savePreset(path));
    QVERIFY(!window.state()->setDModel(32));
    window.state()->flush();
    QVERIFY(window.isWindowModified());
    QString question;
    QTimer::singleShot(0, &window, [&question, answer] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            question = box->text();
            box->button(QMessageBox::StandardButton(answer))->click();
        }
    });
    QCOMPARE(window.close(), closes);
    QVERIFY2(question.contains(QStringLiteral("class.json")), qPrintable(question));
    QCOMPARE(window.isVisible(), !closes);
    const auto reread = PresetFile::read(path);
    QVERIFY(std::holds_alternative<Preset>(reread));
    QCOMPARE(std::get<Preset>(reread).scene.params.dModel, savedDModel);

    // Unchanged, it closes without a question.
    if (!closes) {
        QVERIFY(!window.state()->setDModel(128));
        window.state()->flush();
        QVERIFY(!window.isWindowModified());
        QVERIFY(window.close());
    }
}

void TestMainWindow::viewKeys()
{
    MainWindow window;
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    const QStringList names = MainWindow::viewNames();
    QCOMPARE(window.currentView(), names.constFirst());
    for (int i = names.size() - 1; i >= 0; --i) {
        // Each view's own key (Ctrl+1 .. Ctrl+9, Ctrl+0 for the tenth), as its descriptor says.
        QTest::keySequence(&window, ViewRegistry::find(names.at(i))->shortcut);
        QCOMPARE(window.currentView(), names.at(i));
        QCOMPARE(window.openViews().size(), names.size()); // brought to the front, not closed
    }
    // The view in front: its key keeps it there (it goes to the view, it never closes it).
    QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
    QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
    QCOMPARE(window.currentView(), names.constFirst());
    QCOMPARE(window.openViews().size(), names.size());
    QTest::keyClick(&window, Qt::Key_3, Qt::ControlModifier);
    QCOMPARE(window.currentView(), QStringLiteral("spectrum"));
    QTest::keyClick(&window, Qt::Key_PageDown, Qt::ControlModifier);
    QCOMPARE(window.currentView(), QStringLiteral("rotation"));
    QTest::keyClick(&window, Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(window.currentView(), QStringLiteral("similarity"));
    QTest::keyClick(&window, Qt::Key_PageUp, Qt::ControlModifier);
    QCOMPARE(window.currentView(), QStringLiteral("rotation"));
    QTest::keySequence(&window, ViewRegistry::find(names.constLast())->shortcut); // the last view
    QTest::keyClick(&window, Qt::Key_PageDown, Qt::ControlModifier); // wraps round
    QCOMPARE(window.currentView(), QStringLiteral("heatmap"));
    // Ctrl+W closes the view in front; its Ctrl+N opens it again.
    QTest::keyClick(&window, Qt::Key_W, Qt::ControlModifier);
    QVERIFY(!window.openViews().contains(QStringLiteral("heatmap")));
    QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
    QVERIFY(window.openViews().contains(QStringLiteral("heatmap")));
    QCOMPARE(window.currentView(), QStringLiteral("heatmap"));
}

void TestMainWindow::tabFollowsTheReadingOrder()
{
    MainWindow window;
    window.resize(1280, 800);
    // The layout of a wide screen (the offscreen screen is small, where the docks share one
    // column): the inspector and the lessons tabbed on the right, the inspector in front.
    auto *inspectorDock = window.findChild<QDockWidget *>(QStringLiteral("InspectorDock"));
    window.addDockWidget(Qt::RightDockWidgetArea, inspectorDock);
    window.addDockWidget(Qt::RightDockWidgetArea, window.lessonsDock());
    window.tabifyDockWidget(inspectorDock, window.lessonsDock());
    inspectorDock->raise();
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.showView(QStringLiteral("curves"))); // a view with an entry of its own

    // Walk with Tab from the scene box (the first tool bar) round to it again.
    window.sceneBox()->setFocus(Qt::TabFocusReason);
    QList<QWidget *> visited;
    for (int press = 0; press < 200; ++press) {
        QWidget *focus = QApplication::focusWidget();
        QVERIFY(focus);
        if (!visited.isEmpty() && focus == visited.constFirst())
            break;
        visited << focus;
        QTest::keyClick(focus, Qt::Key_Tab);
    }
    QVERIFY(QApplication::focusWidget() == visited.constFirst()); // a cycle
    const auto firstIndexIn = [&visited](const QWidget *container) {
        for (qsizetype i = 0; i < visited.size(); ++i) {
            if (container == visited.at(i) || container->isAncestorOf(visited.at(i)))
                return i;
        }
        return qsizetype(-1);
    };
    const qsizetype animation = firstIndexIn(window.animationBar());
    const qsizetype panel = firstIndexIn(window.parameterPanel());
    const qsizetype viewList = firstIndexIn(viewListOf(window));
    const qsizetype exportButton = firstIndexIn(window.findChild<QToolButton *>(QStringLiteral("ViewExportButton")));
    const qsizetype view = firstIndexIn(window.view(QStringLiteral("curves")));
    const qsizetype inspector = firstIndexIn(window.findChild<QDockWidget *>(QStringLiteral("InspectorDock")));
    QVERIFY(animation > 0);
    QVERIFY(panel > animation);
    QVERIFY(viewList > panel);
    QVERIFY(exportButton > viewList);
    QVERIFY(view > exportButton);
    QVERIFY(inspector > view);
    // Every entry of the panel is on the way.
    for (ParamField field : {ParamField::DModel, ParamField::SeqLen, ParamField::Base, ParamField::Scale,
                             ParamField::Offset, ParamField::Position, ParamField::Start})
        QVERIFY(visited.contains(window.parameterPanel()->control(field)->entry()));
    // The lessons are a hidden tab behind the inspector: not visited while hidden (a focus
    // there could not be seen) ...
    QCOMPARE(firstIndexIn(window.lessonsPanel()), qsizetype(-1));
    // ... and visited once they are in front.
    window.lessonsDock()->raise();
    QTRY_VERIFY(!window.lessonsDock()->visibleRegion().isEmpty());
    QVERIFY(window.keyboardOrder().contains(window.lessonsPanel()->showMeButton()));
    // Shift+Tab goes back the same way.
    QWidget *entry = window.parameterPanel()->control(ParamField::SeqLen)->slider();
    entry->setFocus(Qt::TabFocusReason);
    QTest::keyClick(entry, Qt::Key_Backtab, Qt::ShiftModifier);
    QCOMPARE(QApplication::focusWidget(), window.parameterPanel()->control(ParamField::DModel)->entry());
}

void TestMainWindow::describeView()
{
    MainWindow window;
    window.show();
    QApplication::setActiveWindow(&window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.showView(QStringLiteral("spectrum")));
    const QString spectrum = ViewRegistry::describe(QStringLiteral("spectrum"), *window.state());
    QVERIFY(!spectrum.isEmpty());
    QWidget *page = window.view(QStringLiteral("spectrum"))->parentWidget();
    while (page && !qobject_cast<QScrollArea *>(page))
        page = page->parentWidget();
    QVERIFY(page);
    QCOMPARE(page->accessibleDescription(), spectrum);

    QCOMPARE(window.describeAction()->shortcut(), QKeySequence(Qt::Key_F2));
    QTest::keyClick(&window, Qt::Key_F2);
    QPlainTextEdit *text = window.descriptionText();
    QVERIFY(text);
    QTRY_VERIFY(text->window()->isVisible());
    QCOMPARE(text->toPlainText(), spectrum);
    QVERIFY(text->isReadOnly());
    QVERIFY(text->textInteractionFlags() & Qt::TextSelectableByKeyboard);

    // It follows the state and the view in front while open.
    QVERIFY(!window.state()->setDModel(32));
    window.state()->flush();
    const QString smaller = ViewRegistry::describe(QStringLiteral("spectrum"), *window.state());
    QVERIFY(smaller != spectrum);
    // After the state has rested (a burst of changes is described once).
    QTRY_COMPARE(text->toPlainText(), smaller);
    QCOMPARE(page->accessibleDescription(), smaller);
    QVERIFY(window.showView(QStringLiteral("temporal")));
    QCOMPARE(text->toPlainText(), ViewRegistry::describe(QStringLiteral("temporal"), *window.state()));
    text->window()->close();
}

// Reset All changes every parameter and is undone as one step: an Edit command beside Undo,
// not one of the animation's.
void TestMainWindow::resetAllIsAnEditCommand()
{
    MainWindow window;
    QStringList menusWithIt;
    for (QAction *top : window.menuBar()->actions()) {
        for (QAction *action : top->menu()->actions()) {
            if (action == window.animationBar()->resetAllAction())
                menusWithIt << top->text();
        }
    }
    QCOMPARE(menusWithIt, QStringList{MainWindow::tr("&Edit")});
    QVERIFY(window.actions().contains(window.animationBar()->resetAllAction())); // Ctrl+R without a menu bar
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
