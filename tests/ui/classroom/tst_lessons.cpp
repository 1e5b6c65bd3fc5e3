// SPDX-License-Identifier: GPL-3.0-or-later
// Lessons and named scenes: every lesson's "Show me" and every named scene sets exactly the
// values written in its JSON file (read here from the source tree, independently of the
// code under test) and opens the view it names; a malformed scene is refused and changes
// nothing; the lesson text follows the language.

#include "lessonfiles.h"

#include "ui/state/encodingstate.h"
#include "ui/classroom/lesson.h"
#include "ui/classroom/lessonspanel.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextLayout>

using namespace posenc;

namespace {

QString lessonsPath()
{
    return QFINDTESTDATA("../../../resources/lessons/lessons.json");
}

QString scenesPath()
{
    return QFINDTESTDATA("../../../resources/scenes.json");
}

// The scene as the test reads it: every key of the files, compared one by one.
void compareWithScene(const EncodingState &state, const QJsonObject &scene)
{
    const QJsonObject p = scene.value(QLatin1String("parameters")).toObject();
    const EncodingParams &params = state.params();
    QCOMPARE(params.dModel, p.value(QLatin1String("d_model")).toInt());
    QCOMPARE(params.seqLen, p.value(QLatin1String("seq_len")).toInt());
    QCOMPARE(params.base, p.value(QLatin1String("base")).toDouble());
    QCOMPARE(params.scale, p.value(QLatin1String("scale")).toDouble());
    QCOMPARE(params.offset, p.value(QLatin1String("offset")).toDouble());
    QCOMPARE(params.start, p.value(QLatin1String("start")).toDouble());
    QCOMPARE(params.position, p.value(QLatin1String("pos")).toDouble());
    QCOMPARE(QString::fromUtf8(layoutName(params.layout).data()),
             p.value(QLatin1String("layout")).toString());
    QCOMPARE(QString::fromUtf8(frequencyConventionName(params.frequencies).data()),
             p.value(QLatin1String("frequencies")).toString());
    QVERIFY(!params.validate());

    const QJsonObject o = scene.value(QLatin1String("view_options")).toObject();
    QList<int> dims;
    for (const QJsonValue &v : o.value(QLatin1String("dims")).toArray())
        dims << v.toInt();
    QCOMPARE(state.curveDimensions(), dims);
    std::vector<double> periods;
    for (const QJsonValue &v : o.value(QLatin1String("periods")).toArray())
        periods.push_back(v.toDouble());
    QCOMPARE(state.temporal().periods, periods);
    QCOMPARE(state.temporal().steps, o.value(QLatin1String("steps")).toInt());
    QCOMPARE(state.rotationPair(), o.value(QLatin1String("rotation_pair")).toInt());
    QCOMPARE(state.cosineSimilarity(), o.value(QLatin1String("cosine")).toBool());
    // The attention lab's phrase and schemes, where a scene sets them.
    const AttentionOptions &attention = state.scene().attention;
    if (o.contains(QLatin1String("sentence")))
        QCOMPARE(attention.sentence, o.value(QLatin1String("sentence")).toString());
    if (o.contains(QLatin1String("encoding")))
        QCOMPARE(QString::fromUtf8(attentionEncodingName(attention.encoding).data()),
                 o.value(QLatin1String("encoding")).toString());
    if (o.contains(QLatin1String("baseline")))
        QCOMPARE(QString::fromUtf8(attentionEncodingName(attention.baseline).data()),
                 o.value(QLatin1String("baseline")).toString());
    if (o.contains(QLatin1String("shift")))
        QCOMPARE(attention.shift, o.value(QLatin1String("shift")).toDouble());
}

bool hasCjk(const QString &text)
{
    for (const QChar c : text) {
        if (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff)
            return true;
    }
    return false;
}

} // namespace

class TestLessons : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lessonFileIsComplete()
    {
        const QJsonArray lessons = entriesOf(lessonsPath(), QStringLiteral("lessons"));
        // Every lesson written is listed, and every one listed is written, in each language.
        QStringList listed;
        for (const QJsonValue &lesson : lessons)
            listed << lesson.toObject().value(QLatin1String("id")).toString() + QStringLiteral(".md");
        listed.sort();
        const QDir folder = QFileInfo(lessonsPath()).dir();
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")})
            QCOMPARE(QDir(folder.filePath(language)).entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name), listed);
        MainWindow window;
        QCOMPARE(window.lessonsPanel()->lessons().size(), lessons.size());
        QCOMPARE(window.lessonsPanel()->list()->count(), lessons.size());
        for (const QJsonValue &lesson : lessons) {
            const QString id = lesson.toObject().value(QLatin1String("id")).toString();
            QVERIFY2(!lessonMarkdown(id, QStringLiteral("en")).isEmpty(), qPrintable(id));
            QVERIFY2(hasCjk(lessonMarkdown(id, QStringLiteral("zh_CN"))), qPrintable(id));
        }
    }

    void showMe_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QJsonObject>("scene");
        const QJsonArray lessons = entriesOf(lessonsPath(), QStringLiteral("lessons"));
        QVERIFY(!lessons.isEmpty());
        for (int i = 0; i < lessons.size(); ++i) {
            const QJsonObject lesson = lessons[i].toObject();
            QTest::newRow(qPrintable(lesson.value(QLatin1String("id")).toString()))
                << i << lesson.value(QLatin1String("view")).toString()
                << lesson.value(QLatin1String("scene")).toObject();
        }
    }

    void showMe()
    {
        QFETCH(int, index);
        QFETCH(QString, view);
        QFETCH(QJsonObject, scene);
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        // Start from somewhere else, so that every value must be written by the lesson.
        window.showView(view == QLatin1String("heatmap") ? QStringLiteral("temporal")
                                                         : QStringLiteral("heatmap"));
        window.state()->setScale(1.25);
        window.state()->flush();

        LessonsPanel *panel = window.lessonsPanel();
        panel->setCurrentLesson(index);
        QCOMPARE(panel->currentLesson(), index);
        QVERIFY(!panel->text()->toPlainText().isEmpty());
        QSignalSpy changed(window.state(), &EncodingState::changed);
        QTest::mouseClick(panel->showMeButton(), Qt::LeftButton);
        window.state()->flush();
        QCOMPARE(changed.size(), 1);
        compareWithScene(*window.state(), scene);
        QCOMPARE(window.currentView(), view);
    }

    void namedScenes_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QJsonObject>("scene");
        const QJsonArray scenes = entriesOf(scenesPath(), QStringLiteral("scenes"));
        QCOMPARE(scenes.size(), 13);
        for (const QJsonValue &value : scenes) {
            const QJsonObject entry = value.toObject();
            const QString id = entry.value(QLatin1String("id")).toString();
            QTest::newRow(qPrintable(id)) << id << entry.value(QLatin1String("view")).toString()
                                          << entry.value(QLatin1String("scene")).toObject();
        }
    }

    void namedScenes()
    {
        QFETCH(QString, id);
        QFETCH(QString, view);
        QFETCH(QJsonObject, scene);
        MainWindow window;
        window.show();
        window.showView(view == QLatin1String("heatmap") ? QStringLiteral("temporal")
                                                         : QStringLiteral("heatmap"));
        window.state()->setScale(1.25);
        window.state()->flush();
        // Through the toolbar combo, as a teacher would.
        QComboBox *box = window.sceneBox();
        const int item = box->findData(id);
        QVERIFY(item > 0);
        QVERIFY(!box->itemText(item).isEmpty());
        QVERIFY(box->itemText(item) != id); // a translated title, not the id
        box->setCurrentIndex(item);
        Q_EMIT box->activated(item);
        window.state()->flush();
        compareWithScene(*window.state(), scene);
        QCOMPARE(window.currentView(), view);
    }

    // The issue's scenes, checked against the values it names.
    void namedScenesCoverTheIssue()
    {
        MainWindow window;
        EncodingState &state = *window.state();
        QString error;
        QVERIFY2(window.showNamedScene(QStringLiteral("seed-figure"), &error), qPrintable(error));
        QCOMPARE(state.params().dModel, 128);
        QCOMPARE(state.params().seqLen, 30);
        QCOMPARE(state.curveDimensions(), (QList<int>{0, 1, 2, 3, 4, 5}));
        QVERIFY(window.showNamedScene(QStringLiteral("original-transformer")));
        QCOMPARE(state.params().dModel, 512);
        QVERIFY(window.showNamedScene(QStringLiteral("long-context")));
        QCOMPARE(state.params().seqLen, 8192);
        QVERIFY(window.showNamedScene(QStringLiteral("small-base")));
        QCOMPARE(state.params().base, 100.0);
        QVERIFY(window.showNamedScene(QStringLiteral("large-base")));
        QCOMPARE(state.params().base, 1e6);
        QVERIFY(window.showNamedScene(QStringLiteral("hourly-weekly")));
        QCOMPARE(state.temporal().periods, (std::vector<double>{24, 168}));
        QCOMPARE(window.currentView(), QStringLiteral("temporal"));
        QVERIFY(window.showNamedScene(QStringLiteral("scale-0.7")));
        QCOMPARE(state.params().scale, 0.7);
        QVERIFY(window.showNamedScene(QStringLiteral("scale-1.5")));
        QCOMPARE(state.params().scale, 1.5);
        QVERIFY(!window.showNamedScene(QStringLiteral("no-such-scene"), &error));
        QVERIFY(!error.isEmpty());
    }

    void malformedScene_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QByteArray>("json");
        const QByteArray good = R"("base": 500, "scale": 0.5, "pos": 3)";
        QTest::newRow("d_model 1") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {"d_model": 1, )" + good + "}}");
        QTest::newRow("d_model a string") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {"d_model": "64", )" + good + "}}");
        QTest::newRow("d_model fractional") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {"d_model": 64.5, )" + good + "}}");
        QTest::newRow("unknown parameter") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {"temperature": 3, )" + good + "}}");
        QTest::newRow("unknown top-level key") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {)" + good + R"(}, "camera": {}})");
        QTest::newRow("bad layout") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {"layout": "diagonal", )" + good + "}}");
        QTest::newRow("layout a number") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {"layout": 1, )" + good + "}}");
        QTest::newRow("bad frequencies") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {"frequencies": "bert", )" + good + "}}");
        QTest::newRow("base 1") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {"base": 1}})");
        QTest::newRow("negative dimension") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {)" + good + R"(}, "view_options": {"dims": [0, -1]}})");
        QTest::newRow("period 0") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {)" + good + R"(}, "view_options": {"periods": [0]}})");
        QTest::newRow("cosine a string") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {)" + good + R"(}, "view_options": {"cosine": "yes"}})");
        QTest::newRow("unknown view option") << QStringLiteral("curves")
            << QByteArray(R"({"parameters": {)" + good + R"(}, "view_options": {"zoom": 2}})");
        QTest::newRow("unknown view") << QStringLiteral("hologram")
            << QByteArray(R"({"parameters": {)" + good + "}}");
    }

    void malformedScene()
    {
        QFETCH(QString, view);
        QFETCH(QByteArray, json);
        QJsonParseError parseError;
        const QJsonObject scene = QJsonDocument::fromJson(json, &parseError).object();
        QCOMPARE(parseError.error, QJsonParseError::NoError);

        MainWindow window;
        EncodingState &state = *window.state();
        EncodingParams before;
        before.dModel = 32;
        before.layout = Layout::Split;
        QVERIFY(!state.setParams(before));
        state.changeScene([](Scene &scene) { scene.dimensions = {3, 4}; });
        state.changeScene([](Scene &scene) { scene.rotationPair = 2; });
        state.changeScene([](Scene &scene) { scene.cosine = true; });
        window.showView(QStringLiteral("rotation"));
        state.flush();
        const TemporalParams temporalBefore = state.temporal();

        QSignalSpy changed(&state, &EncodingState::changed);
        QString error;
        QVERIFY(!window.showScene(view, scene, &error));
        QVERIFY(!error.isEmpty());
        if (view != QLatin1String("hologram")) {
            QString bare;
            QVERIFY(!applyScene(scene, state, &bare));
            QCOMPARE(bare, error);
        }
        state.flush();
        QCOMPARE(changed.size(), 0);
        QCOMPARE(state.params(), before);
        QCOMPARE(state.curveDimensions(), (QList<int>{3, 4}));
        QCOMPARE(state.rotationPair(), 2);
        QVERIFY(state.cosineSimilarity());
        QCOMPARE(state.temporal(), temporalBefore);
        QCOMPARE(window.currentView(), QStringLiteral("rotation"));
    }

    void missingKeysTakeDefaults()
    {
        EncodingState state;
        state.setScale(2);
        state.changeScene([](Scene &scene) { scene.dimensions = {7}; });
        QString error;
        QVERIFY2(applyScene(QJsonObject(), state, &error), qPrintable(error));
        QCOMPARE(state.params(), EncodingParams{});
        QCOMPARE(state.curveDimensions(), (QList<int>{0, 16, 32, 64}));
    }

    void languageChoosesTheText()
    {
        MainWindow window;
        LessonsPanel *panel = window.lessonsPanel();
        panel->setCurrentLesson(0);
        panel->setLanguage(QStringLiteral("zh_CN"));
        QVERIFY(hasCjk(panel->text()->toPlainText()));
        QVERIFY(hasCjk(panel->list()->item(0)->text()));
        QCOMPARE(panel->currentLesson(), 0);
        panel->setLanguage(QStringLiteral("en"));
        QVERIFY(!hasCjk(panel->list()->item(0)->text()));
        QVERIFY(panel->text()->toPlainText().contains(QLatin1String("Why order")));
    }

    // A formula wrapped in a narrow dock never leaves one short term alone on its last line
    // (lesson 1's "· V" under "Attention(Q, K, V) = softmax(Q · Kᵀ / √d_k)" at 1280x720).
    void formulasEndInMoreThanALoneTerm_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("textPixels"); // 0: the normal font, else presentation mode's
        for (const char *language : {"en", "zh_CN"}) {
            QTest::addRow("%s", language) << QString::fromLatin1(language) << 0;
            QTest::addRow("%s presenting", language) << QString::fromLatin1(language) << 22;
        }
    }

    void formulasEndInMoreThanALoneTerm()
    {
        QFETCH(QString, language);
        QFETCH(int, textPixels);
        LessonsPanel panel;
        panel.setLanguage(language);
        if (textPixels > 0)
            panel.setPresenting(true, textPixels);
        panel.show();
        for (int width = 200; width <= 520; width += 16) {
            panel.resize(width, 600);
            for (int lesson = 0; lesson < panel.lessons().size(); ++lesson) {
                panel.setCurrentLesson(lesson);
                QCoreApplication::processEvents();
                QTextDocument *document = panel.text()->document();
                document->setTextWidth(panel.text()->viewport()->width());
                document->size(); // laid out now, every block
                for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
                    // A code block, as fitFormulas() leaves it: wrapping with a hanging indent.
                    const bool formula = block.blockFormat().textIndent() < 0;
                    const QTextLayout *layout = block.layout();
                    if (!formula || !layout || layout->lineCount() < 2)
                        continue;
                    const QTextLine last = layout->lineAt(layout->lineCount() - 1);
                    const QString tail = block.text().mid(last.textStart(), last.textLength()).trimmed();
                    // Wrapped at a space (not inside a word or a term longer than the line,
                    // which can only be cut where it is).
                    const bool atSpace = last.textStart() > 0 && block.text().at(last.textStart() - 1) == QLatin1Char(' ');
                    QVERIFY2(!atSpace || tail.size() > 3, qPrintable(QStringLiteral("%1 px, lesson %2: \"%3\" alone under \"%4\"")
                                                             .arg(width).arg(lesson + 1).arg(tail, block.text())));
                }
            }
        }
    }

    void nextAndPrevious()
    {
        LessonsPanel panel;
        panel.setCurrentLesson(0);
        QPushButton *next = nullptr;
        QPushButton *previous = nullptr;
        for (QPushButton *button : panel.findChildren<QPushButton *>()) {
            if (button->accessibleName() == QLatin1String("Next lesson"))
                next = button;
            if (button->accessibleName() == QLatin1String("Previous lesson"))
                previous = button;
        }
        QVERIFY(next && previous);
        QVERIFY(!previous->isEnabled());
        const QString first = panel.text()->toPlainText();
        QTest::mouseClick(next, Qt::LeftButton);
        QCOMPARE(panel.currentLesson(), 1);
        QVERIFY(panel.text()->toPlainText() != first);
        QTest::mouseClick(previous, Qt::LeftButton);
        QCOMPARE(panel.currentLesson(), 0);
        QCOMPARE(panel.text()->toPlainText(), first);
        panel.setCurrentLesson(panel.lessons().size() - 1);
        QVERIFY(!next->isEnabled());
    }

    void lessonsDockToggle()
    {
        // The View menu's Lessons (Ctrl+L) brings the dock forward and never hides it; the
        // dock's close button hides it, and the check mark follows.
        MainWindow window;
        QAction *lessons = nullptr;
        for (QAction *action : window.actions()) {
            if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_L))
                lessons = action;
        }
        QVERIFY(lessons);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        lessons->trigger();
        QVERIFY(window.lessonsDock()->isVisible());
        QVERIFY(lessons->isChecked());
        lessons->trigger();
        QVERIFY(window.lessonsDock()->isVisible());
        QVERIFY(lessons->isChecked());
        window.lessonsDock()->close();
        QVERIFY(!lessons->isChecked());
        lessons->trigger();
        QVERIFY(window.lessonsDock()->isVisible());
    }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
