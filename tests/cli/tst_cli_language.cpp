// SPDX-License-Identifier: GPL-3.0-or-later
// The command line speaks the user's language (issue 17): under LANG=zh_CN.UTF-8, or with
// --lang zh_CN, help, errors and progress are in Chinese, from the window's translation; the
// exit status and the option names stay the same, and nothing is written for a refusal.
#include "clirun.h"

#include <QRegularExpression>

using namespace posenc::clitest;

namespace {

// The environment of a user whose locale is Chinese: LANG only (no LC_ALL, which the tests'
// C.UTF-8 sets and which would win), even where the system has not generated that locale.
QProcessEnvironment chineseEnvironment()
{
    QProcessEnvironment environment = headlessEnvironment();
    environment.remove(QStringLiteral("LC_ALL"));
    environment.remove(QStringLiteral("LC_MESSAGES"));
    environment.remove(QStringLiteral("LANGUAGE"));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("zh_CN.UTF-8"));
    return environment;
}

Result runIn(const QProcessEnvironment &environment, const QStringList &arguments, const QString &folder)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(folder);
    return runProcess(process, binaryPath(), arguments);
}

bool hasChinese(const QByteArray &text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return QString::fromUtf8(text).contains(han);
}

qsizetype chineseCount(const QByteArray &text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return QString::fromUtf8(text).count(han);
}

} // namespace

class CliLanguageTest : public QObject
{
    Q_OBJECT

private slots:
    void refusal_data();
    void refusal();
    void help_data();
    void help();
    void englishByDefault();
    void progress();
};

void CliLanguageTest::refusal_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("byLocale"); // LANG=zh_CN.UTF-8, else --lang zh_CN
    QTest::addColumn<QString>("option"); // named in the message, in English
    QTest::newRow("export d-model, LANG") << list({"export", "--view", "heatmap", "--d-model", "1", "-o", "pe.npy"})
                                         << true << QStringLiteral("--d-model");
    QTest::newRow("export d-model, --lang")
        << list({"export", "--lang", "zh_CN", "--view", "heatmap", "--d-model", "1", "-o", "pe.npy"}) << false
        << QStringLiteral("--d-model");
    QTest::newRow("unknown view, LANG") << list({"export", "--view", "nosuch", "-o", "pe.npy"}) << true
                                        << QStringLiteral("--view");
    QTest::newRow("screenshot size, --lang")
        << list({"screenshot", "--lang", "zh_CN", "--size", "1x1", "-o", "shot.png"}) << false
        << QStringLiteral("--size");
    QTest::newRow("train task, LANG") << list({"train", "--task", "nosuch", "-o", "run.csv"}) << true
                                      << QStringLiteral("--task");
    QTest::newRow("train steps, --lang")
        << list({"train", "--lang", "zh_CN", "--task", "order", "--steps", "0", "-o", "run.csv"}) << false
        << QStringLiteral("--steps");
    QTest::newRow("train lr, --lang")
        << list({"train", "--lang", "zh_CN", "--task", "order", "--lr", "0", "-o", "run.csv"}) << false
        << QStringLiteral("(0, 1]");
    QTest::newRow("train batch, LANG")
        << list({"train", "--task", "bag", "--examples", "16", "--batch", "32", "-o", "run.csv"}) << true
        << QStringLiteral("--batch");
    QTest::newRow("window option, LANG") << list({"--base", "0.5"}) << true << QStringLiteral("--base");
    QTest::newRow("unwritable file, LANG")
        << list({"export", "--view", "heatmap", "-o", "no-such-folder/pe.npy"}) << true << QStringLiteral("pe.npy");
}

void CliLanguageTest::refusal()
{
    QFETCH(QStringList, arguments);
    QFETCH(bool, byLocale);
    QFETCH(QString, option);
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const Result chinese = runIn(byLocale ? chineseEnvironment() : headlessEnvironment(), arguments, folder.path());
    QVERIFY2(chinese.finished && !chinese.crashed, qPrintable(chinese.problem));
    QCOMPARE(chinese.exitCode, 2);
    QVERIFY2(hasChinese(chinese.err), chinese.err.constData());
    QVERIFY2(chinese.err.contains(option.toUtf8()), chinese.err.constData());
    // No rule left in English inside the Chinese line (core's training errors are worded by
    // the front end from their rule and bounds).
    QVERIFY2(!chinese.err.contains("must be") && !chinese.err.contains("at most"), chinese.err.constData());
    QCOMPARE(chinese.err.count('\n'), 1);
    QVERIFY2(entriesBelow(folder.path()).isEmpty(), qPrintable(entriesBelow(folder.path()).join(QLatin1Char(' '))));

    // The same refusal in English: the same status, a different line without Chinese.
    QStringList english = arguments;
    const qsizetype lang = english.indexOf(QStringLiteral("--lang"));
    if (lang >= 0)
        english.remove(lang, 2);
    const Result reference = run(english, folder.path());
    QCOMPARE(reference.exitCode, 2);
    QVERIFY2(!hasChinese(reference.err), reference.err.constData());
    QVERIFY(reference.err != chinese.err);
}

void CliLanguageTest::help_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("window") << list({"--help"});
    QTest::newRow("export") << list({"export", "--help"});
    QTest::newRow("check") << list({"check", "--help"});
    QTest::newRow("train") << list({"train", "--help"});
}

void CliLanguageTest::help()
{
    QFETCH(QStringList, arguments);
    QTemporaryDir folder;
    const Result chinese = runIn(chineseEnvironment(), arguments, folder.path());
    QCOMPARE(chinese.exitCode, 0);
    QVERIFY2(hasChinese(chinese.out), chinese.out.constData());
    const Result byOption = run(arguments + list({"--lang", "zh_CN"}), folder.path());
    QCOMPARE(byOption.exitCode, 0);
    QCOMPARE(byOption.out, chinese.out);
    // The option names are the same in both languages.
    // The English help quotes Chinese only in examples (the attention lab's 我 吃 鱼).
    const Result english = run(arguments, folder.path());
    QVERIFY2(chineseCount(chinese.out) > chineseCount(english.out) + 50, chinese.out.constData());
    static const QRegularExpression optionName(QStringLiteral("(?<![\\w-])--[a-z][a-z0-9-]*"));
    QStringList englishNames, chineseNames;
    for (auto it = optionName.globalMatch(QString::fromUtf8(english.out)); it.hasNext();)
        englishNames << it.next().captured();
    for (auto it = optionName.globalMatch(QString::fromUtf8(chinese.out)); it.hasNext();)
        chineseNames << it.next().captured();
    englishNames.removeDuplicates();
    chineseNames.removeDuplicates();
    englishNames.sort();
    chineseNames.sort();
    QCOMPARE(chineseNames, englishNames);
}

void CliLanguageTest::englishByDefault()
{
    // Another locale, or none, is English; a figure is drawn in English under a Chinese locale
    // unless --lang says otherwise (what is drawn does not depend on the machine).
    QTemporaryDir folder;
    QProcessEnvironment french = headlessEnvironment();
    french.remove(QStringLiteral("LC_ALL"));
    french.insert(QStringLiteral("LANG"), QStringLiteral("fr_FR.UTF-8"));
    const Result result = runIn(french, list({"export", "--view", "nosuch", "-o", "pe.npy"}), folder.path());
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(!hasChinese(result.err), result.err.constData());

    const Result figure = runIn(chineseEnvironment(), list({"export", "--view", "spectrum", "-o", "s.svg"}), folder.path());
    QCOMPARE(figure.exitCode, 0);
    QVERIFY(!hasChinese(readAll(folder.filePath(QStringLiteral("s.svg")))));
}

void CliLanguageTest::progress()
{
    // check's report is the command's progress and result in words: Chinese under the locale.
    QTemporaryDir folder;
    const Result exported = run(list({"export", "--view", "heatmap", "--d-model", "16", "--seq-len", "12",
                                      "-o", "pe.npy"}), folder.path());
    QCOMPARE(exported.exitCode, 0);
    const Result chinese = runIn(chineseEnvironment(), list({"check", "pe.npy"}), folder.path());
    QCOMPARE(chinese.exitCode, 0);
    QVERIFY2(hasChinese(chinese.out), chinese.out.constData());
    const Result english = run(list({"check", "pe.npy"}), folder.path());
    QVERIFY2(!hasChinese(english.out), english.out.constData());
}

QTEST_GUILESS_MAIN(CliLanguageTest)
#include "tst_cli_language.moc"
