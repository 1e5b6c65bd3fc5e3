// SPDX-License-Identifier: GPL-3.0-or-later
// The command line speaks the user's language: under LANG=zh_CN.UTF-8, or with
// --lang zh_CN, help, errors and progress are in Chinese, from the window's translation; the
// exit status and the option names stay the same, and nothing is written for a refusal.
#include "clirun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>
#include <functional>

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

// An English clause: three words of two letters or more in a row ("the exponent is").
bool hasEnglishClause(const QString &text)
{
    static const QRegularExpression clause(QStringLiteral("\\b[A-Za-z]{2,} [A-Za-z]{2,} [A-Za-z]{2,}\\b"));
    return text.contains(clause);
}

// A .npy of float64 (C order) whose cell (r, c) is value(r, c), in NumPy's format 1.0.
bool writeNpy(const QString &path, int rows, int columns, const std::function<double(int, int)> &value,
              const char *descr = "<f8")
{
    QByteArray header = QByteArray("{'descr': '") + descr + "', 'fortran_order': False, 'shape': ("
                        + QByteArray::number(rows) + ", " + QByteArray::number(columns) + "), }";
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    QByteArray bytes("\x93NUMPY\x01\x00", 8);
    bytes += char(header.size() & 0xFF);
    bytes += char(header.size() >> 8);
    bytes += header;
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            const double v = value(r, c);
            bytes.append(reinterpret_cast<const char *>(&v), sizeof v);
        }
    }
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

// The paper's PE(pos, c), interleaved, at base 10000 for d_model `d`.
double paper(int pos, int c, int d)
{
    const double angle = pos * std::pow(10000.0, -2.0 * (c / 2) / d);
    return c % 2 ? std::cos(angle) : std::sin(angle);
}

// A number of [-1, 1] with no structure, from a multiplicative hash of (r, c).
double scatter(int r, int c)
{
    const unsigned hash = unsigned(r * 131 + c * 71 + 17) * 2654435761u;
    return (double(hash % 2001) - 1000) / 1000;
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
    void checkRefusal();
    void checkFindings_data();
    void checkFindings();
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
        << list({"train", "--task", "bag", "--examples", "16", "--batch", "300", "-o", "run.csv"}) << true
        << QStringLiteral("--batch");
    QTest::newRow("window option, LANG") << list({"--base", "0.5"}) << true << QStringLiteral("--base");
    // Refusals worded outside the parser's own functions, where a translation's context is easy
    // to lose: the animation's, --out-dir's, check's.
    QTest::newRow("gif without animate, --lang")
        << list({"export", "--lang", "zh_CN", "--view", "heatmap", "-o", "pe.gif"}) << false << QStringLiteral("-o");
    QTest::newRow("out-dir without preset, LANG") << list({"export", "--view", "heatmap", "--out-dir", "figures"})
                                                  << true << QStringLiteral("--out-dir");
    QTest::newRow("check without file, --lang") << list({"check", "--lang", "zh_CN"}) << false
                                                << QStringLiteral("check");
    QTest::newRow("data with figure option, LANG")
        << list({"export", "--view", "heatmap", "--dpi", "300", "-o", "pe.npy"}) << true << QStringLiteral("--dpi");
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

// A file check refuses (int64, as numpy.arange saves it): the line is Chinese under --lang
// zh_CN or the locale, names the file and the dtype, and holds no English clause.
void CliLanguageTest::checkRefusal()
{
    QTemporaryDir folder;
    QVERIFY(writeNpy(folder.filePath(QStringLiteral("ints.npy")), 3, 4, [](int r, int c) { return r * 4 + c; }, "<i8"));
    const Result byOption = run(list({"check", "ints.npy", "--lang", "zh_CN"}), folder.path());
    const Result byLocale = runIn(chineseEnvironment(), list({"check", "ints.npy"}), folder.path());
    const Result english = run(list({"check", "ints.npy"}), folder.path());
    for (const Result *chinese : {&byOption, &byLocale}) {
        QCOMPARE(chinese->exitCode, 2);
        QCOMPARE(chinese->err.count('\n'), 1);
        QVERIFY(chinese->out.isEmpty());
        const QString line = QString::fromUtf8(chinese->err);
        QVERIFY2(hasChinese(chinese->err) && line.contains(QLatin1String("ints.npy"))
                     && line.contains(QLatin1String("<i8")),
                 chinese->err.constData());
        QVERIFY2(!hasEnglishClause(line), chinese->err.constData());
    }
    QCOMPARE(byLocale.err, byOption.err);
    QCOMPARE(english.exitCode, 2);
    QVERIFY2(english.err.contains("dtype '<i8' is not accepted"), english.err.constData());
}

void CliLanguageTest::checkFindings_data()
{
    QTest::addColumn<QString>("code");
    QTest::newRow("doubled exponent") << QStringLiteral("doubled_exponent");
    QTest::newRow("residual") << QStringLiteral("residual");
    QTest::newRow("rope cache") << QStringLiteral("rope_cache");
    QTest::newRow("learned table") << QStringLiteral("learned_table");
    QTest::newRow("fairseq start, scaled, transposed") << QStringLiteral("start_offset");
}

// The findings of the real binary under --lang zh_CN: each sentence and fix of the report in
// Chinese with no English clause left, and the JSON's "message" and "fix" the same words.
void CliLanguageTest::checkFindings()
{
    QFETCH(QString, code);
    QTemporaryDir folder;
    const QString file = folder.filePath(QStringLiteral("pe.npy"));
    const int d = 64, n = 50;
    if (code == QLatin1String("doubled_exponent")) {
        QCOMPARE(run(list({"export", "--view", "heatmap", "--d-model", "64", "--seq-len", "50", "--base", "1e8", "-o",
                           "pe.npy"}),
                     folder.path())
                     .exitCode,
                 0);
    } else if (code == QLatin1String("residual")) {
        QVERIFY(writeNpy(file, n, d, [](int r, int c) { return paper(r, c, d) + 1e-3 * scatter(r, c); }));
    } else if (code == QLatin1String("rope_cache")) {
        // Hugging Face's cos cache: cos of [θ | θ].
        QVERIFY(writeNpy(file, n, d, [](int r, int c) {
            return std::cos(r * std::pow(10000.0, -2.0 * (c % (d / 2)) / d));
        }));
    } else if (code == QLatin1String("learned_table")) {
        QVERIFY(writeNpy(file, n, d, [](int r, int c) { return scatter(r, c); }));
    } else {
        // fairseq's positions from 2, at half the amplitude, channel-first.
        QVERIFY(writeNpy(file, d, n, [](int c, int r) { return 0.5 * paper(r + 2, c, d); }));
    }
    const Result report = run(list({"check", "pe.npy", "--lang", "zh_CN"}), folder.path());
    const Result json = run(list({"check", "pe.npy", "--json", "--lang", "zh_CN"}), folder.path());
    QCOMPARE(report.exitCode, 0);
    QCOMPARE(json.exitCode, 0);
    const QJsonArray findings = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("findings")).toArray();
    QStringList codes;
    const QString text = QString::fromUtf8(report.out);
    for (const QJsonValue &value : findings) {
        const QJsonObject finding = value.toObject();
        const QString message = finding.value(QStringLiteral("message")).toString();
        const QString fix = finding.value(QStringLiteral("fix")).toString();
        codes << finding.value(QStringLiteral("code")).toString();
        QVERIFY2(hasChinese(message.toUtf8()) && !hasEnglishClause(message), qPrintable(message));
        QVERIFY2(fix.isEmpty() || (hasChinese(fix.toUtf8()) && !hasEnglishClause(fix)), qPrintable(fix));
        // The report says the same: "[severity] code：sentence", then "修正：fix".
        QVERIFY2(text.contains(codes.last() + QStringLiteral("：") + message), qPrintable(text));
        QVERIFY2(fix.isEmpty() || text.contains(fix), qPrintable(text));
    }
    QVERIFY2(codes.contains(code), qPrintable(codes.join(QLatin1Char(' '))));
    if (code == QLatin1String("start_offset"))
        QVERIFY2(codes.contains(QStringLiteral("scaled_amplitude")) && codes.contains(QStringLiteral("transposed")),
                 qPrintable(codes.join(QLatin1Char(' '))));
}

QTEST_GUILESS_MAIN(CliLanguageTest)
#include "tst_cli_language.moc"
