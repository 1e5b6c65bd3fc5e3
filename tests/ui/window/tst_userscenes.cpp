// SPDX-License-Identifier: GPL-3.0-or-later
// A teacher's own named scenes: saved from the window's state under a title, listed in the
// Scenes menu and box beside the built-in ones, kept as preset files in a folder of their own
// (beside the settings file here), added from a preset file and removed again.
#include "ui/export/preferences.h"
#include "ui/export/preset.h"
#include "ui/export/scenelibrary.h"
#include "ui/state/encodingstate.h"
#include "ui/window/mainwindow.h"
#include "ui/window/scenecontrols.h"
#include "ui/window/undohistory.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace posenc;

namespace {

std::unique_ptr<Preferences> preferencesIn(const QTemporaryDir &dir)
{
    return std::make_unique<Preferences>(
        std::make_unique<QSettings>(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat));
}

QStringList boxTitles(const MainWindow &window)
{
    QStringList titles;
    for (int n = 0; n < window.sceneBox()->count(); ++n)
        titles << window.sceneBox()->itemText(n);
    return titles;
}

QMenu *scenesMenu(const MainWindow &window)
{
    for (QAction *action : window.menuBar()->actions()) {
        if (action->menu() && action->menu()->findChild<QMenu *>())
            for (QAction *item : action->menu()->actions())
                if (item->text() == MainWindow::tr("&Save Current Scene…"))
                    return action->menu();
    }
    return nullptr;
}

QStringList menuTexts(QMenu *menu)
{
    QStringList texts;
    for (QAction *action : menu->actions())
        texts << action->text();
    return texts;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

class TestUserScenes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void savedSceneIsListedAndShownAgain();
    void scenesStayForTheNextWindow();
    void sameTitleReplaces();
    void badTitleRefused_data();
    void badTitleRefused();
    void presetFileAdded();
    void badFileRefused_data();
    void badFileRefused();
    void removeDeletesItsFileOnly();
    void folderFilesThatAreNoScenesSkipped();
    void withoutPreferencesNoUserScenes();
};

// Saved from the state and the view in front: the box names it at once, says "Choose" as soon
// as anything differs, and choosing it brings back the state and the view in one undo step.
void TestUserScenes::savedSceneIsListedAndShownAgain()
{
    QTemporaryDir dir;
    auto preferences = preferencesIn(dir);
    MainWindow window(preferences.get());
    QVERIFY(!window.state()->setDModel(64));
    QVERIFY(!window.state()->setBase(500));
    window.showView(QStringLiteral("rotation"));
    window.state()->flush();
    const Scene saved = window.state()->scene();
    const int builtIn = window.sceneBox()->count();

    QString error;
    QVERIFY2(window.sceneControls()->saveCurrentScene(QStringLiteral("  Base 500 & a rotation "), &error), qPrintable(error));
    const QString title = QStringLiteral("Base 500 & a rotation"); // trimmed
    QCOMPARE(window.sceneBox()->count(), builtIn + 2); // a separator, then the scene
    QCOMPARE(window.sceneBox()->currentText(), title);
    QMenu *menu = scenesMenu(window);
    QVERIFY(menu);
    QVERIFY(menuTexts(menu).contains(QStringLiteral("Base 500 && a rotation"))); // "&" is no mnemonic

    window.showView(QStringLiteral("heatmap"));
    QCOMPARE(window.sceneBox()->currentIndex(), 0); // the view differs
    window.showView(QStringLiteral("rotation"));
    QCOMPARE(window.sceneBox()->currentText(), title);
    QVERIFY(!window.state()->setBase(10000));
    window.state()->flush();
    QCOMPARE(window.sceneBox()->currentIndex(), 0);
    window.showView(QStringLiteral("curves"));

    QUndoStack *undo = window.undoHistory()->stack();
    const int steps = undo->count();
    const int index = window.sceneBox()->findText(title);
    QVERIFY(index > builtIn);
    window.sceneBox()->setCurrentIndex(index);
    Q_EMIT window.sceneBox()->activated(index);
    window.state()->flush();
    QCOMPARE(window.state()->scene(), saved);
    QCOMPARE(window.currentView(), QStringLiteral("rotation"));
    QCOMPARE(undo->count(), steps + 1);
    QCOMPARE(undo->undoText(), MainWindow::tr("Scene: %1").arg(title));
    undo->undo();
    window.state()->flush();
    QCOMPARE(window.state()->params().base, 10000.0);
}

// The scene is a preset file with its title in the folder beside the settings: the next
// window lists it, and the file opens as any preset does.
void TestUserScenes::scenesStayForTheNextWindow()
{
    QTemporaryDir dir;
    auto preferences = preferencesIn(dir);
    Scene saved;
    {
        MainWindow window(preferences.get());
        QVERIFY(!window.state()->setSeqLen(77));
        window.showView(QStringLiteral("spectrum"));
        window.state()->flush();
        saved = window.state()->scene();
        QString error;
        QVERIFY2(window.sceneControls()->saveCurrentScene(QStringLiteral("旋转：七十七"), &error), qPrintable(error));
    }
    const QStringList files = QDir(preferences->sceneFolder()).entryList({QStringLiteral("*.json")}, QDir::Files);
    QCOMPARE(files, QStringList{QStringLiteral("旋转-七十七.json")});
    const PresetFile::Result read = PresetFile::read(QDir(preferences->sceneFolder()).filePath(files.first()));
    QVERIFY(std::holds_alternative<Preset>(read));
    QCOMPARE(std::get<Preset>(read).title, QStringLiteral("旋转：七十七"));
    QCOMPARE(std::get<Preset>(read).view, QStringLiteral("spectrum"));
    QCOMPARE(std::get<Preset>(read).scene.params.seqLen, 77);

    MainWindow next(preferencesIn(dir).get());
    QVERIFY(boxTitles(next).contains(QStringLiteral("旋转：七十七")));
    QString error;
    QVERIFY2(next.showNamedScene(SceneControls::userSceneId(QStringLiteral("旋转：七十七")), &error), qPrintable(error));
    next.state()->flush();
    QCOMPARE(next.state()->scene(), saved);
    QCOMPARE(next.currentView(), QStringLiteral("spectrum"));
}

void TestUserScenes::sameTitleReplaces()
{
    QTemporaryDir dir;
    auto preferences = preferencesIn(dir);
    MainWindow window(preferences.get());
    QString error;
    QVERIFY(window.sceneControls()->saveCurrentScene(QStringLiteral("Mine"), &error));
    QVERIFY(!window.state()->setDModel(32));
    window.state()->flush();
    QVERIFY(window.sceneControls()->saveCurrentScene(QStringLiteral("Mine"), &error));
    QCOMPARE(boxTitles(window).count(QStringLiteral("Mine")), 1);
    QCOMPARE(QDir(preferences->sceneFolder()).entryList(QDir::Files).size(), 1);
    QVERIFY(!window.state()->setDModel(128));
    window.state()->flush();
    QVERIFY(window.showNamedScene(SceneControls::userSceneId(QStringLiteral("Mine")), &error));
    window.state()->flush();
    QCOMPARE(window.state()->params().dModel, 32);
}

void TestUserScenes::badTitleRefused_data()
{
    QTest::addColumn<QString>("title");
    QTest::newRow("empty") << QString();
    QTest::newRow("spaces") << QStringLiteral("   ");
    QTest::newRow("two lines") << QStringLiteral("one\ntwo");
    QTest::newRow("81 characters") << QString(Preset::kMaxTitleChars + 1, QLatin1Char('x'));
}

void TestUserScenes::badTitleRefused()
{
    QFETCH(QString, title);
    QTemporaryDir dir;
    auto preferences = preferencesIn(dir);
    MainWindow window(preferences.get());
    const QStringList before = boxTitles(window);
    QString error;
    QVERIFY(!window.sceneControls()->saveCurrentScene(title, &error));
    QVERIFY2(error.startsWith(QStringLiteral("title:")) && error.contains(QStringLiteral("1 to 80")), qPrintable(error));
    QCOMPARE(boxTitles(window), before);
    QVERIFY(QDir(preferences->sceneFolder()).entryList(QDir::Files).isEmpty());
}

// A colleague's preset: its own title, or the file's name when it has none.
void TestUserScenes::presetFileAdded()
{
    QTemporaryDir dir;
    auto preferences = preferencesIn(dir);
    MainWindow window(preferences.get());
    const QString titled = dir.filePath(QStringLiteral("shared.json"));
    QVERIFY(writeFile(titled, R"({"format": "posenc-lab/1", "title": "Colleague’s long context", "view": "similarity",
                                   "parameters": {"seq_len": 2048}})"));
    const QString untitled = dir.filePath(QStringLiteral("small base.json"));
    QVERIFY(writeFile(untitled, R"({"format": "posenc-lab/1", "parameters": {"base": 100}})"));
    QString error;
    QVERIFY2(window.sceneControls()->addSceneFile(titled, &error), qPrintable(error));
    QVERIFY2(window.sceneControls()->addSceneFile(untitled, &error), qPrintable(error));
    QVERIFY(boxTitles(window).contains(QStringLiteral("Colleague’s long context")));
    QVERIFY(boxTitles(window).contains(QStringLiteral("small base")));
    QVERIFY(window.showNamedScene(SceneControls::userSceneId(QStringLiteral("Colleague’s long context")), &error));
    window.state()->flush();
    QCOMPARE(window.state()->params().seqLen, 2048);
    QCOMPARE(window.currentView(), QStringLiteral("similarity"));
    QCOMPARE(window.sceneBox()->currentText(), QStringLiteral("Colleague’s long context"));
}

void TestUserScenes::badFileRefused_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("reason"); // the message holds it
    QTest::newRow("not JSON") << QByteArray("{") << QStringLiteral("not valid JSON");
    QTest::newRow("d_model out of range") << QByteArray(R"({"format": "posenc-lab/1", "parameters": {"d_model": 5000}})")
                                          << QStringLiteral("parameters.d_model: 5000 is out of range");
    QTest::newRow("title taken") << QByteArray(R"({"format": "posenc-lab/1", "title": "Mine"})")
                                 << QStringLiteral("“Mine” is already the title of a scene");
}

// Refused with the reason, the file named, and the scenes as they were.
void TestUserScenes::badFileRefused()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    auto preferences = preferencesIn(dir);
    MainWindow window(preferences.get());
    QString error;
    QVERIFY(window.sceneControls()->saveCurrentScene(QStringLiteral("Mine"), &error));
    const QStringList before = boxTitles(window);
    const QByteArray mine = [&] {
        QFile file(QDir(preferences->sceneFolder()).filePath(QStringLiteral("mine.json")));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }();
    QVERIFY(!mine.isEmpty());
    const QString path = dir.filePath(QStringLiteral("other.json"));
    QVERIFY(writeFile(path, json));
    QVERIFY(!window.sceneControls()->addSceneFile(path, &error));
    QVERIFY2(error.contains(reason), qPrintable(error));
    QVERIFY(!error.contains(QLatin1Char('\n')));
    QCOMPARE(boxTitles(window), before);
    QFile file(QDir(preferences->sceneFolder()).filePath(QStringLiteral("mine.json")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), mine);
}

void TestUserScenes::removeDeletesItsFileOnly()
{
    QTemporaryDir dir;
    auto preferences = preferencesIn(dir);
    MainWindow window(preferences.get());
    QString error;
    QVERIFY(window.sceneControls()->saveCurrentScene(QStringLiteral("One"), &error));
    QVERIFY(window.sceneControls()->saveCurrentScene(QStringLiteral("Two"), &error));
    QVERIFY2(window.sceneControls()->removeUserScene(QStringLiteral("One"), &error), qPrintable(error));
    QCOMPARE(QDir(preferences->sceneFolder()).entryList(QDir::Files), QStringList{QStringLiteral("two.json")});
    QVERIFY(!boxTitles(window).contains(QStringLiteral("One")));
    QVERIFY(boxTitles(window).contains(QStringLiteral("Two")));
    QVERIFY(!window.sceneControls()->removeUserScene(QStringLiteral("One"), &error));
    QVERIFY2(error.contains(QStringLiteral("One")), qPrintable(error));
    QVERIFY(window.sceneControls()->removeUserScene(QStringLiteral("Two"), &error));
    QCOMPARE(window.sceneBox()->count(), window.namedScenes().size() + 1); // no separator left
}

// A file in the folder that is no scene (not a preset, no title, a title twice) is left out
// and named; the others are listed.
void TestUserScenes::folderFilesThatAreNoScenesSkipped()
{
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("scenes"));
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(writeFile(folder + QStringLiteral("/a.json"), R"({"format": "posenc-lab/1", "title": "Good"})"));
    QVERIFY(writeFile(folder + QStringLiteral("/b.json"), R"({"format": "posenc-lab/1", "title": "Good"})"));
    QVERIFY(writeFile(folder + QStringLiteral("/c.json"), R"({"format": "posenc-lab/1"})"));
    QVERIFY(writeFile(folder + QStringLiteral("/d.json"), "[]"));
    SceneLibrary library(folder);
    QCOMPARE(library.scenes().size(), 1);
    QCOMPARE(library.scenes().first().preset.title, QStringLiteral("Good"));
    QCOMPARE(library.skipped().size(), 3);
    QVERIFY(library.skipped().at(0).startsWith(QStringLiteral("b.json: title:")));
    QVERIFY(library.skipped().at(1).startsWith(QStringLiteral("c.json: title: missing")));
    QVERIFY(library.skipped().at(2).startsWith(QStringLiteral("d.json: not a preset")));
}

// A window without preferences (a screenshot, the command line) offers no scenes of its own.
void TestUserScenes::withoutPreferencesNoUserScenes()
{
    MainWindow window;
    QMenu *menu = scenesMenu(window);
    QVERIFY(menu);
    for (QAction *action : menu->actions()) {
        if (action->text() == MainWindow::tr("&Save Current Scene…"))
            QVERIFY(!action->isEnabled());
    }
    QString error;
    QVERIFY(!window.sceneControls()->saveCurrentScene(QStringLiteral("Mine"), &error));
    QVERIFY(!error.isEmpty());
    QCOMPARE(window.sceneBox()->count(), window.namedScenes().size() + 1);
}

QTEST_MAIN(TestUserScenes)
#include "tst_userscenes.moc"
