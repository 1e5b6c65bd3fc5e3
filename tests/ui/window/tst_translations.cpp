// SPDX-License-Identifier: GPL-3.0-or-later
// The Simplified Chinese translation is complete and is what the program loads:
//  - every message of resources/translations/posenc-lab_zh_CN.ts is finished, not empty, and
//    keeps the placeholders (%1..%99, %n), keyboard accelerators and HTML tags of its source;
//  - the :/i18n/posenc-lab_zh_CN.qm that posenc_ui embeds gives, for every message of the .ts,
//    the translation written there (so the .qm is not older than the .ts), and known sources
//    come out in Chinese through QCoreApplication::translate;
//  - a MainWindow built with the translator installed has Chinese menu and dock titles;
//  - every tr("...") literal of ui/ and app/ is a source in the .ts, which catches strings
//    added to the code after the last lupdate (see sourceLiterals() for what the scan misses).
// The .ts and the sources are found next to this file with QFINDTESTDATA.

#include "ui/window/mainwindow.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QDockWidget>
#include <QFile>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

#include <algorithm>
#include <memory>

using namespace posenc;

namespace {

const QString kQmPath = QStringLiteral(":/i18n/posenc-lab_zh_CN.qm");

struct Message
{
    QString context;
    QString source;
    QString comment;              // disambiguation, passed to translate()
    QString type;                 // "", "unfinished", "vanished", "obsolete"
    bool numerus = false;
    QStringList translations;     // one, or the numerus forms
    qint64 line = 0;              // line in the .ts, for the failure messages
};

struct TsFile
{
    QString language;
    QString sourceLanguage;
    QList<Message> messages;
    QString error;
};

TsFile readTs(const QString &path)
{
    TsFile ts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ts.error = QStringLiteral("cannot open %1: %2").arg(path, file.errorString());
        return ts;
    }
    QXmlStreamReader xml(&file);
    QString context;
    Message message;
    bool inMessage = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("TS")) {
                ts.language = xml.attributes().value(QLatin1String("language")).toString();
                ts.sourceLanguage =
                    xml.attributes().value(QLatin1String("sourcelanguage")).toString();
            } else if (name == QLatin1String("name") && !inMessage) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                inMessage = true;
                message = Message{};
                message.context = context;
                message.line = xml.lineNumber();
                message.numerus =
                    xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            } else if (inMessage && name == QLatin1String("source")) {
                message.source = xml.readElementText();
            } else if (inMessage && name == QLatin1String("comment")) {
                message.comment = xml.readElementText();
            } else if (inMessage && name == QLatin1String("translation")) {
                message.type = xml.attributes().value(QLatin1String("type")).toString();
                if (!message.numerus)
                    message.translations << xml.readElementText();
            } else if (inMessage && name == QLatin1String("numerusform")) {
                message.translations << xml.readElementText();
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            inMessage = false;
            ts.messages << message;
        }
    }
    if (xml.hasError())
        ts.error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return ts;
}

// Sorted, so that the order of the words may change in a translation.
QStringList matches(const QRegularExpression &re, const QString &text)
{
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(1);
    std::sort(found.begin(), found.end());
    return found;
}

// Each placeholder once: QString::arg() fills every occurrence of %1, so a translation may
// repeat one ("the first %1 and the last %1") but must not drop or add one.
QStringList unique(QStringList list)
{
    list.removeDuplicates();
    return list;
}

QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%(L?[1-9][0-9]?|n)"));
    return matches(re, text);
}

// "&File" has the accelerator F; "&nbsp;", "&#x2501;", "&gt;" are HTML entities, "&&" is a
// literal ampersand.
int acceleratorCount(const QString &text)
{
    static const QRegularExpression re(
        QStringLiteral("&(?!&|#|[A-Za-z]+;)([^\\s&])"));
    return int(matches(re, text).size());
}

QStringList htmlTags(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("<(/?[A-Za-z][A-Za-z0-9]*)"));
    return matches(re, text);
}

bool hasCjk(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(), [](QChar c) {
        return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF;
    });
}

// C escapes that occur in our literals: \" \\ \n \t \uXXXX. Others are kept as written.
QString unescape(const QString &literal)
{
    QString out;
    out.reserve(literal.size());
    for (qsizetype i = 0; i < literal.size(); ++i) {
        const QChar c = literal.at(i);
        if (c != QLatin1Char('\\') || i + 1 == literal.size()) {
            out += c;
            continue;
        }
        const QChar next = literal.at(++i);
        if (next == QLatin1Char('n')) {
            out += QLatin1Char('\n');
        } else if (next == QLatin1Char('t')) {
            out += QLatin1Char('\t');
        } else if (next == QLatin1Char('"') || next == QLatin1Char('\\')
                   || next == QLatin1Char('\'')) {
            out += next;
        } else if (next == QLatin1Char('u') && i + 4 < literal.size()) {
            out += QChar(char16_t(literal.mid(i + 1, 4).toUShort(nullptr, 16)));
            i += 4;
        } else {
            out += QLatin1Char('\\') + next;
        }
    }
    return out;
}

struct Literal
{
    QString where;  // file:line
    QString text;   // unescaped
};

// tr("...") and QT_TR_NOOP("...") literals whose call closes on the same line, in the .cpp and
// .h files directly under `dir`. Deliberately simple (one regex, line by line), so it does
// not see:
//  - a string split over several adjacent literals ("a" "b"), or a call spread over lines;
//  - tr() with a disambiguation or a count (tr("x", "comment"), tr("%n", nullptr, n));
//  - QCoreApplication::translate("Context", "x") and QT_TRANSLATE_NOOP;
//  - escapes other than \" \\ \n \t \uXXXX (octal, hex, \U) — such a literal would be
//    reported;
// and it skips lines that start with // (but not /* */ blocks). lupdate itself sees all
// of these; this scan only guards against a tr() added since the .ts was last updated.
QList<Literal> sourceLiterals(const QString &dir)
{
    static const QRegularExpression re(
        QStringLiteral("\\b(?:tr|QT_TR_NOOP)\\(\"((?:[^\"\\\\]|\\\\.)*)\"\\)"));
    QList<Literal> literals;
    // Recursive: ui/ is in rooms (state/, views/<id>/, ...), and a flat scan would miss them.
    QStringList files;
    for (QDirIterator it(dir, {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                         QDirIterator::Subdirectories);
         it.hasNext();)
        files << QDir(dir).relativeFilePath(it.next());
    files.sort();
    for (const QString &name : files) {
        QFile file(QDir(dir).filePath(name));
        if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
            continue;
        int lineNumber = 0;
        while (!file.atEnd()) {
            const QString line = QString::fromUtf8(file.readLine());
            ++lineNumber;
            if (line.trimmed().startsWith(QLatin1String("//")))
                continue;
            for (auto it = re.globalMatch(line); it.hasNext();) {
                const auto match = it.next();
                literals << Literal{QStringLiteral("%1/%2:%3")
                                        .arg(QDir(dir).dirName(), name)
                                        .arg(lineNumber),
                                    unescape(match.captured(1))};
            }
        }
    }
    return literals;
}

QString shortened(const QString &text)
{
    QString s = text;
    s.replace(QLatin1Char('\n'), QLatin1String("\\n"));
    return s.size() > 60 ? s.left(57) + QLatin1String("...") : s;
}

// Installs the embedded zh_CN translator for as long as it lives.
class InstalledTranslator
{
public:
    InstalledTranslator() { m_loaded = m_translator.load(kQmPath); }
    bool install() { return m_loaded && QCoreApplication::installTranslator(&m_translator); }
    ~InstalledTranslator() { QCoreApplication::removeTranslator(&m_translator); }
    const QTranslator &translator() const { return m_translator; }
    bool loaded() const { return m_loaded; }

private:
    QTranslator m_translator;
    bool m_loaded = false;
};

} // namespace

Q_DECLARE_METATYPE(Message)

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void tsFileIsZhCn();
    void messageIsTranslated_data();
    void messageIsTranslated();

    void qmIsEmbedded();
    void qmMatchesTs();
    void knownSourcesAreChinese_data();
    void knownSourcesAreChinese();
    void mainWindowIsChinese();

    void sourceLiteralIsInTs_data();
    void sourceLiteralIsInTs();

private:
    QString m_tsPath;
    QString m_uiDir;
    QString m_appDir;
    TsFile m_ts;
};

void TestTranslations::initTestCase()
{
    // Unique file names, so that no build-tree folder of the same name is found first.
    m_tsPath = QFINDTESTDATA("../../../resources/translations/posenc-lab_zh_CN.ts");
    const QString mainWindow = QFINDTESTDATA("../../../ui/window/mainwindow.cpp");
    const QString commandLine = QFINDTESTDATA("../../../app/commandline.cpp");
    QVERIFY2(!m_tsPath.isEmpty(), "resources/translations/posenc-lab_zh_CN.ts not found");
    QVERIFY2(!mainWindow.isEmpty(), "ui/window/mainwindow.cpp not found");
    QVERIFY2(!commandLine.isEmpty(), "app/commandline.cpp not found");
    m_uiDir = QFileInfo(QFileInfo(mainWindow).absolutePath() + QStringLiteral("/..")).canonicalFilePath();
    m_appDir = QFileInfo(commandLine).absolutePath();

    m_ts = readTs(m_tsPath);
    QVERIFY2(m_ts.error.isEmpty(), qPrintable(m_ts.error));
    QVERIFY2(m_ts.messages.size() >= 100,
             qPrintable(QStringLiteral("only %1 messages in %2")
                            .arg(m_ts.messages.size())
                            .arg(m_tsPath)));
}

void TestTranslations::tsFileIsZhCn()
{
    QCOMPARE(m_ts.language, QStringLiteral("zh_CN"));
    QCOMPARE(m_ts.sourceLanguage, QStringLiteral("en"));
    QSet<QString> contexts;
    for (const Message &m : m_ts.messages)
        contexts.insert(m.context);
    QVERIFY(contexts.contains(QStringLiteral("posenc::MainWindow")));
    QVERIFY(contexts.contains(QStringLiteral("CommandLineParser"))); // app/ is scanned too
}

void TestTranslations::messageIsTranslated_data()
{
    QTest::addColumn<Message>("message");
    for (const Message &m : std::as_const(m_ts.messages))
        QTest::addRow("%s:%lld %s", qPrintable(m.context), m.line, qPrintable(shortened(m.source)))
            << m;
}

void TestTranslations::messageIsTranslated()
{
    QFETCH(Message, message);
    QVERIFY2(message.type != QLatin1String("unfinished"), "translation is unfinished");
    QVERIFY2(message.type.isEmpty(),
             qPrintable(QStringLiteral("translation is %1 (run lupdate -no-obsolete)")
                            .arg(message.type)));
    QVERIFY2(!message.translations.isEmpty(), "no translation");
    for (const QString &translation : message.translations) {
        QVERIFY2(!translation.trimmed().isEmpty(), "translation is empty");
        QCOMPARE(unique(placeholders(translation)), unique(placeholders(message.source)));
        QCOMPARE(htmlTags(translation), htmlTags(message.source));
        QCOMPARE(acceleratorCount(translation), acceleratorCount(message.source));
    }
}

void TestTranslations::qmIsEmbedded()
{
    QVERIFY2(QFile::exists(kQmPath), "the .qm is not among posenc_ui's resources");
    QTranslator translator;
    QVERIFY(translator.load(kQmPath));
    QCOMPARE(translator.language(), QStringLiteral("zh_CN"));
    QVERIFY(!translator.isEmpty());
}

// lrelease ran on this very .ts: each message translates to what the .ts says.
void TestTranslations::qmMatchesTs()
{
    InstalledTranslator zh;
    QVERIFY(zh.loaded());
    QStringList stale;
    for (const Message &m : std::as_const(m_ts.messages)) {
        if (m.numerus || !m.type.isEmpty() || m.translations.isEmpty())
            continue; // reported by messageIsTranslated
        const QString got = zh.translator().translate(
            m.context.toUtf8().constData(), m.source.toUtf8().constData(),
            m.comment.isEmpty() ? nullptr : m.comment.toUtf8().constData());
        if (got != m.translations.constFirst())
            stale << QStringLiteral("%1 / %2: .qm gives \"%3\"")
                         .arg(m.context, shortened(m.source), shortened(got));
    }
    QVERIFY2(stale.isEmpty(), qPrintable(stale.join(QLatin1Char('\n'))));
}

void TestTranslations::knownSourcesAreChinese_data()
{
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    QTest::newRow("File menu") << QStringLiteral("posenc::MainWindow") << QStringLiteral("&File")
                               << QStringLiteral("文件(&F)");
    QTest::newRow("Help menu") << QStringLiteral("posenc::MainWindow") << QStringLiteral("&Help")
                               << QStringLiteral("帮助(&H)");
    QTest::newRow("Heatmap view") << QStringLiteral("posenc::MainWindow")
                                  << QStringLiteral("&Heatmap") << QStringLiteral("热力图(&H)");
    QTest::newRow("cosine similarity") << QStringLiteral("posenc::SimilarityView")
                                       << QStringLiteral("C&osine similarity")
                                       << QStringLiteral("余弦相似度(&O)");
    QTest::newRow("offset k") << QStringLiteral("posenc::ParameterPanel")
                              << QStringLiteral("offset k") << QStringLiteral("偏移量 k");
    QTest::newRow("command line") << QStringLiteral("CommandLineParser")
                                  << QStringLiteral("%1: out of range; %2")
                                  << QStringLiteral("%1：超出范围；%2");
    QTest::newRow("Q_DECLARE_TR_FUNCTIONS") << QStringLiteral("HeatmapText")
                                            << QStringLiteral("pos = %1, dimension %2")
                                            << QStringLiteral("pos = %1，维度 %2");
}

void TestTranslations::knownSourcesAreChinese()
{
    QFETCH(QString, context);
    QFETCH(QString, source);
    QFETCH(QString, expected);
    InstalledTranslator zh;
    QVERIFY(zh.install());
    QCOMPARE(QCoreApplication::translate(context.toUtf8().constData(),
                                         source.toUtf8().constData()),
             expected);
}

void TestTranslations::mainWindowIsChinese()
{
    InstalledTranslator zh;
    QVERIFY(zh.install());
    MainWindow window;
    const QList<QAction *> menus = window.menuBar()->actions();
    QVERIFY(menus.size() >= 3);
    for (const QAction *menu : menus) {
        if (menu->isSeparator())
            continue;
        QVERIFY2(hasCjk(menu->text()), qPrintable(QStringLiteral("menu title \"%1\" is not Chinese")
                                                      .arg(menu->text())));
    }
    const QList<QDockWidget *> docks = window.findChildren<QDockWidget *>();
    QVERIFY(!docks.isEmpty());
    for (const QDockWidget *dock : docks)
        QVERIFY2(hasCjk(dock->windowTitle()),
                 qPrintable(QStringLiteral("dock title \"%1\" is not Chinese")
                                .arg(dock->windowTitle())));
}

void TestTranslations::sourceLiteralIsInTs_data()
{
    QTest::addColumn<QString>("literal");
    QList<Literal> literals = sourceLiterals(m_uiDir) + sourceLiterals(m_appDir);
    // A scan that finds nothing checks nothing: the regex or the paths would be broken.
    QVERIFY2(literals.size() >= 100,
             qPrintable(QStringLiteral("only %1 tr() literals found").arg(literals.size())));
    for (const Literal &literal : std::as_const(literals))
        QTest::addRow("%s %s", qPrintable(literal.where), qPrintable(shortened(literal.text)))
            << literal.text;
}

void TestTranslations::sourceLiteralIsInTs()
{
    QFETCH(QString, literal);
    static QSet<QString> sources;
    if (sources.isEmpty()) {
        for (const Message &m : std::as_const(m_ts.messages))
            sources.insert(m.source);
    }
    QVERIFY2(sources.contains(literal),
             "not in the .ts: run `cmake --build <dir> --target update_translations` "
             "(or lupdate) and translate the new entries");
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
