// SPDX-License-Identifier: GPL-3.0-or-later
// What the lessons and the scene titles tell a student (lessons-fidelity review,
// usability review #11 and #27), read from the files and the translation the app ships:
//  - no user-visible text says "seed" (the jargon of the app's origins) or its literal
//    Chinese "种子": the lesson files of both languages, every English source and Chinese
//    translation in the .ts, and every scene title in both languages;
//  - the one term for the texts the lessons follow, "the source texts" / "参考材料", is
//    defined in the first lesson, in both languages, and nowhere else;
//  - every lesson or scene title that repeats the source texts' learned-scale values (0.7,
//    1.2–1.5, 1.5) marks them as unverified ("unverified" / "未经验证");
//  - the Chinese lessons, as the lessons panel renders them, have no slanted (faux-italic)
//    CJK: Chinese typography emphasises with bold or 「」, never italics.

#include "lessonfiles.h"

#include "ui/classroom/lesson.h"
#include "ui/classroom/lessonspanel.h"
#include "ui/window/scenecontrols.h"
#include "ui/window/language.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QXmlStreamReader>

#include <algorithm>

using namespace posenc;

namespace {

QStringList idsOf(const QString &path, const QString &key)
{
    QStringList ids;
    for (const QJsonValue &entry : entriesOf(path, key))
        ids << entry.toObject().value(QLatin1String("id")).toString();
    return ids;
}

QStringList lessonIds()
{
    return idsOf(QFINDTESTDATA("../../../resources/lessons/lessons.json"), QStringLiteral("lessons"));
}

QStringList sceneIds()
{
    return idsOf(QFINDTESTDATA("../../../resources/scenes.json"), QStringLiteral("scenes"));
}

bool isCjk(QChar c)
{
    return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff;
}

// "seed", "seeds", "seed's", "Seed text" as words ("seeded" is not one of them). A random
// generator's "random seed" (随机种子), which the attention lab shows so that a figure can be
// made again, is the one use of the word that is not the source texts' jargon.
const QRegularExpression &seedWord()
{
    static const QRegularExpression pattern(QStringLiteral("(?<!random )\\bseeds?\\b"),
                                            QRegularExpression::CaseInsensitiveOption);
    return pattern;
}

const QRegularExpression kSeedZh(QStringLiteral("(?<!随机)种子"));

// The learned-scale values of the source texts: 0.7 (not 0.70x, 0.74 or 0.750), 1.2–1.5
// and 1.5 (not 1.55).
bool repeatsScaleClaim(const QString &text)
{
    static const QRegularExpression pattern(
        QStringLiteral("(?<![\\d.])(?:0\\.7|1\\.5)(?![\\d])|1\\.2\\s*[–-]\\s*1\\.5"));
    return text.contains(pattern);
}

QString unverifiedMarker(const QString &language)
{
    return language == QLatin1String("en") ? QStringLiteral("unverified") : QStringLiteral("未经验证");
}

struct Message {
    QString source;
    QString translation;
};

QList<Message> translationMessages()
{
    QFile file(QFINDTESTDATA("../../../resources/translations/posenc-lab_zh_CN.ts"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("source"))
            messages.append({xml.readElementText(), QString()});
        else if (xml.isStartElement() && xml.name() == QLatin1String("translation")
                 && !messages.isEmpty())
            messages.last().translation = xml.readElementText();
    }
    return messages;
}

// With POSENC_SCREENSHOT_DIR set, the panel is saved there as a PNG for a person to look at.
void saveIfAsked(QWidget &panel, const QString &name)
{
    const QString directory = qEnvironmentVariable("POSENC_SCREENSHOT_DIR");
    if (directory.isEmpty())
        return;
    QDir().mkpath(directory);
    panel.resize(520, 900);
    panel.show();
    QVERIFY(panel.grab().save(directory + QLatin1Char('/') + name));
}

} // namespace

class TestLessonTexts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { Language::install(QStringLiteral("en")); }

    void lessonsSayNoSeed_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("language");
        const QStringList ids = lessonIds();
        QVERIFY(!ids.isEmpty());
        for (const QString &id : ids) {
            for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")})
                QTest::addRow("%s %s", qPrintable(id), qPrintable(language)) << id << language;
        }
    }

    void lessonsSayNoSeed()
    {
        QFETCH(QString, id);
        QFETCH(QString, language);
        const QString text = lessonMarkdown(id, language);
        QVERIFY(!text.isEmpty());
        const QRegularExpressionMatch seed = seedWord().match(text);
        QVERIFY2(!seed.hasMatch(), qPrintable(text.mid(std::max<qsizetype>(0, seed.capturedStart() - 60), 120)));
        QVERIFY2(!text.contains(kSeedZh), qPrintable(id));
    }

    void lessonsMarkTheScaleClaimsUnverified_data() { lessonsSayNoSeed_data(); }

    void lessonsMarkTheScaleClaimsUnverified()
    {
        QFETCH(QString, id);
        QFETCH(QString, language);
        const QString text = lessonMarkdown(id, language);
        if (repeatsScaleClaim(text))
            QVERIFY2(text.contains(unverifiedMarker(language)), qPrintable(id));
    }

    // The lesson that teaches the learnable scale repeats the claims, so the check above is
    // not vacuous there.
    void theScaleLessonRepeatsTheClaims()
    {
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            const QString text = lessonMarkdown(QStringLiteral("learnable-scale"), language);
            QVERIFY(repeatsScaleClaim(text));
            QVERIFY(text.contains(QStringLiteral("1.2–1.5")));
            QVERIFY(text.count(unverifiedMarker(language)) >= 3); // the claims, 0.7, 1.5
        }
    }

    void sourceTextsDefinedOnceInTheFirstLesson_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("term");
        QTest::addColumn<QString>("definition");
        QTest::newRow("en") << QStringLiteral("en") << QStringLiteral("the source texts")
                            << QStringLiteral("call them *the source texts*");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("参考材料")
                               << QStringLiteral("统称为「参考材料」");
    }

    void sourceTextsDefinedOnceInTheFirstLesson()
    {
        QFETCH(QString, language);
        QFETCH(QString, term);
        QFETCH(QString, definition);
        const QStringList ids = lessonIds();
        QVERIFY(!ids.isEmpty());
        QCOMPARE(lessonMarkdown(ids.first(), language).count(definition), 1);
        int usedElsewhere = 0;
        for (const QString &id : ids.mid(1)) {
            const QString text = lessonMarkdown(id, language);
            QVERIFY2(!text.contains(definition), qPrintable(id));
            if (text.contains(term, Qt::CaseInsensitive))
                ++usedElsewhere;
        }
        QVERIFY(usedElsewhere >= 5); // the term the later lessons use is the one defined
    }

    // Every message of the translation: no "seed" in English, no "种子" in Chinese.
    void translationSaysNoSeed()
    {
        const QList<Message> messages = translationMessages();
        QVERIFY(messages.size() > 100);
        for (const Message &message : messages) {
            QVERIFY2(!message.source.contains(seedWord()), qPrintable(message.source));
            QVERIFY2(!message.translation.contains(kSeedZh), qPrintable(message.translation));
        }
    }

    void sceneTitles_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("language");
        const QStringList ids = sceneIds();
        QCOMPARE(ids.size(), 13);
        for (const QString &id : ids) {
            for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")})
                QTest::addRow("%s %s", qPrintable(id), qPrintable(language)) << id << language;
        }
    }

    void sceneTitles()
    {
        QFETCH(QString, id);
        QFETCH(QString, language);
        QVERIFY(Language::install(language));
        const QString title = SceneControls::title(id);
        QVERIFY(title != id);
        if (language != QLatin1String("en"))
            QVERIFY2(std::any_of(title.begin(), title.end(), isCjk), qPrintable(title));
        QVERIFY2(!title.contains(seedWord()) && !title.contains(kSeedZh), qPrintable(title));
        if (id.startsWith(QLatin1String("scale-")))
            QVERIFY2(repeatsScaleClaim(title), qPrintable(title));
        if (repeatsScaleClaim(title))
            QVERIFY2(title.contains(unverifiedMarker(language)), qPrintable(title));
    }

    // Emphasis as the lessons panel renders it: italic is for Latin script only.
    void chineseIsNeverSlanted_data()
    {
        QTest::addColumn<int>("index");
        const QStringList ids = lessonIds();
        for (int i = 0; i < ids.size(); ++i)
            QTest::newRow(qPrintable(ids[i])) << i;
    }

    void chineseIsNeverSlanted()
    {
        QFETCH(int, index);
        LessonsPanel panel;
        panel.setLanguage(QStringLiteral("zh_CN"));
        panel.setCurrentLesson(index);
        const QTextDocument *document = panel.text()->document();
        int cjk = 0;
        for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                const QTextFragment fragment = it.fragment();
                const QString text = fragment.text();
                const bool hasCjk = std::any_of(text.begin(), text.end(), isCjk);
                cjk += hasCjk;
                QVERIFY2(!(hasCjk && fragment.charFormat().fontItalic()), qPrintable(text));
            }
        }
        QVERIFY(cjk > 0);
        saveIfAsked(panel, QStringLiteral("lesson-%1-zh_CN.png").arg(index, 2, 10, QLatin1Char('0')));
    }

    // The check above can see italics: the English first lesson has some.
    void englishEmphasisIsItalic()
    {
        LessonsPanel panel;
        panel.setLanguage(QStringLiteral("en"));
        panel.setCurrentLesson(0);
        const QTextDocument *document = panel.text()->document();
        bool italic = false;
        for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
            for (auto it = block.begin(); !it.atEnd(); ++it)
                italic = italic || it.fragment().charFormat().fontItalic();
        }
        QVERIFY(italic);
        saveIfAsked(panel, QStringLiteral("lesson-00-en.png"));
    }
};

QTEST_MAIN(TestLessonTexts)
#include "tst_lessontexts.moc"
