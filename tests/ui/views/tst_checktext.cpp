// SPDX-License-Identifier: GPL-3.0-or-later
// The words of a check, built in ui for the window and the command line alike: every finding
// code that core can produce has a sentence of its own (FindingText), in English and in
// Chinese, with the finding's numbers, and its fix; every refusal of core's reader of matrix
// files (FileErrorText) says in English exactly what core says, and says it in Chinese.

#include "core/encodingcheck.h"
#include "core/matrixfile.h"
#include "ui/views/fileerrortext.h"
#include "ui/views/findingtext.h"
#include "ui/window/language.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <cmath>
#include <string>
#include <vector>

using namespace posenc;

Q_DECLARE_METATYPE(std::string)

namespace {

// Every code core/encodingcheck.h lists for Finding::code.
const QStringList kCodes = {
    // errors
    QStringLiteral("doubled_exponent"), QStringLiteral("per_column_exponent"),
    QStringLiteral("integer_truncated_frequencies"), QStringLiteral("all_frequencies_equal"),
    QStringLiteral("sin_cos_swapped"), QStringLiteral("sin_written_twice"), QStringLiteral("cos_of_sin"),
    QStringLiteral("wrong_d_in_exponent"), QStringLiteral("multiply_instead_of_divide"),
    QStringLiteral("not_sinusoidal"), QStringLiteral("unexplained_difference"), QStringLiteral("too_small"),
    // warnings
    QStringLiteral("wrong_base"), QStringLiteral("positions_scaled"), QStringLiteral("first_row_zeroed"),
    QStringLiteral("zeroed_rows"), QStringLiteral("low_precision_positions"), QStringLiteral("low_precision_angles"),
    // information (residual is either)
    QStringLiteral("start_offset"), QStringLiteral("positions_descending"), QStringLiteral("scaled_amplitude"),
    QStringLiteral("computed_in_lower_precision"), QStringLiteral("transposed"), QStringLiteral("cos_first"),
    QStringLiteral("padding_row_zeroed"), QStringLiteral("rope_cache"), QStringLiteral("learned_table"),
    QStringLiteral("residual")};

// The codes that name something to write instead.
const QSet<QString> kFixed = {
    QStringLiteral("doubled_exponent"), QStringLiteral("per_column_exponent"),
    QStringLiteral("integer_truncated_frequencies"), QStringLiteral("all_frequencies_equal"),
    QStringLiteral("sin_cos_swapped"), QStringLiteral("sin_written_twice"), QStringLiteral("cos_of_sin"),
    QStringLiteral("wrong_d_in_exponent"), QStringLiteral("multiply_instead_of_divide"), QStringLiteral("wrong_base"),
    QStringLiteral("positions_scaled"), QStringLiteral("first_row_zeroed"), QStringLiteral("zeroed_rows"),
    QStringLiteral("low_precision_positions"), QStringLiteral("low_precision_angles")};


bool hasChinese(const QString &text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return text.contains(han);
}

// A finding of `code` with every number and word some code reads.
Finding findingOf(const QString &code)
{
    Finding f;
    f.code = code.toStdString();
    f.severity = Severity::Warning;
    f.expected = 10000;
    f.found = 12345.5;
    f.row = 3;
    f.columns = {0, 1, 2, 3, 17};
    f.evidence = {{"cos_over_sin_frequency", 0.866}, {"exponent_step_d", 64},  {"zero_rows", 2},
                  {"fitted_base", 1e8},              {"largest_exact_integer", 256}, {"residual_rms", 0.00125},
                  {"residual_max", 0.0043},          {"tolerance", 4.5e-5},  {"base", 500000},
                  {"rotary_dim", 96},                {"start", 0},           {"position_step", 1},
                  {"pc1_share", 0.25},               {"pc2_share", 0.125},   {"components_90", 7},
                  {"sinusoid_columns", 5},           {"repeated_frequencies", 11}, {"zero_frequencies", 4}};
    f.words = {{"layout", "interleaved"}, {"function", "sin"}, {"trajectory", "helix"}};
    return f;
}

EncodingCheck checkOf()
{
    EncodingCheck check;
    check.computedIn = Precision::BFloat16;
    check.start = 63;
    check.dModel = 96;
    check.layout = "interleaved";
    check.frequencies = "paper";
    return check;
}

// The numbers of a sentence: each run of digits with its decimal point.
QStringList numbersIn(const QString &text)
{
    static const QRegularExpression number(QStringLiteral("\\d+(?:\\.\\d+)?(?:e[+−-]?\\d+)?"));
    QStringList found;
    for (auto match = number.globalMatch(text); match.hasNext();)
        found << match.next().captured();
    return found;
}

// The codes core's check makes, read off its sources: the string literals of makeFinding's
// first argument (a ternary's two) and those assigned to a finding's code.
QSet<QString> codesInCore()
{
    const QString folder = QFileInfo(QFINDTESTDATA("../../../core/encodingcheck.h")).absolutePath();
    static const QRegularExpression made(QStringLiteral("makeFinding\\(([^,;]*),"));
    static const QRegularExpression assigned(QStringLiteral("\\.code\\s*=\\s*\"([a-z0-9_]+)\""));
    static const QRegularExpression literal(QStringLiteral("\"([a-z0-9_]+)\""));
    QSet<QString> codes;
    for (const QFileInfo &file : QDir(folder).entryInfoList({QStringLiteral("*.cpp")}, QDir::Files)) {
        QFile source(file.absoluteFilePath());
        if (!source.open(QIODevice::ReadOnly))
            continue;
        const QString text = QString::fromUtf8(source.readAll());
        for (auto m = made.globalMatch(text); m.hasNext();) {
            const QString arguments = m.next().captured(1);
            for (auto l = literal.globalMatch(arguments); l.hasNext();)
                codes << l.next().captured(1);
        }
        for (auto m = assigned.globalMatch(text); m.hasNext();)
            codes << m.next().captured(1);
    }
    return codes;
}

// A version 1.0 .npy with the header dict `dict` and `data` after it.
std::string npy(const std::string &dict, const std::string &data = {})
{
    const std::string header = dict + '\n';
    std::string out = "\x93NUMPY\x01";
    out += char(0);
    out += char(header.size() & 0xFF);
    out += char((header.size() >> 8) & 0xFF);
    return out + header + data;
}

std::string float64(std::initializer_list<double> values)
{
    std::string out;
    for (double v : values)
        out.append(reinterpret_cast<const char *>(&v), sizeof v);
    return out;
}

} // namespace

class TestCheckText : public QObject
{
    Q_OBJECT

private slots:
    void everyCodeOfCoreIsListed();
    void sentences_data();
    void sentences();
    void unknownCodeFallsBack();
    void residualSaysWhatItIsMeasuredAgainst();
    void fileErrors_data();
    void fileErrors();
    void fileErrorOfTomorrow();
    void columnRanges();
    void cleanup() { Language::install(QStringLiteral("en")); }
};

// The list the sentences are tested on holds every code core can produce: a code added to
// core without a sentence here fails.
void TestCheckText::everyCodeOfCoreIsListed()
{
    const QSet<QString> core = codesInCore();
    // Read in each of the ways core names a code: a literal, a ternary's, an assignment.
    for (const char *code : {"residual", "first_row_zeroed", "zeroed_rows", "doubled_exponent"})
        QVERIFY2(core.contains(QLatin1String(code)), code);
    for (const QString &code : core)
        QVERIFY2(kCodes.contains(code), qPrintable(code + QStringLiteral(" is made by core and has no test here")));
}

void TestCheckText::sentences_data()
{
    QTest::addColumn<QString>("code");
    for (const QString &code : kCodes)
        QTest::newRow(qPrintable(code)) << code;
}

// Each code's own sentence, never core's: the same numbers in English and Chinese, and the
// Chinese in Chinese characters; a fix where there is something to fix, built here too.
void TestCheckText::sentences()
{
    QFETCH(QString, code);
    const Finding f = findingOf(code);
    const EncodingCheck check = checkOf();
    const QString english = FindingText::sentence(f, check);
    QVERIFY2(!english.isEmpty() && english != code, qPrintable(english));
    const QString englishFix = FindingText::fix(f, check);
    QCOMPARE(!englishFix.isEmpty(), kFixed.contains(code));

    QVERIFY2(Language::install(QStringLiteral("zh_CN")), "no zh_CN translation");
    const QString chinese = FindingText::sentence(f, check);
    QVERIFY2(hasChinese(chinese), qPrintable(chinese));
    QVERIFY2(chinese != english, qPrintable(chinese));
    for (const QString &n : numbersIn(english))
        QVERIFY2(chinese.contains(n), qPrintable(n + QStringLiteral(" missing from: ") + chinese));
    const QString chineseFix = FindingText::fix(f, check);
    QCOMPARE(chineseFix.isEmpty(), englishFix.isEmpty());
    for (const QString &n : numbersIn(englishFix))
        QVERIFY2(chineseFix.contains(n), qPrintable(n + QStringLiteral(" missing from: ") + chineseFix));
}

void TestCheckText::unknownCodeFallsBack()
{
    const Finding f = findingOf(QStringLiteral("tomorrows_bug"));
    // Its code, so that the report still names it; the test of every code above fails first.
    QCOMPARE(FindingText::sentence(f, checkOf()), QLatin1String("tomorrows_bug"));
    QCOMPARE(FindingText::fix(f, checkOf()), QString());
}

// A residual says its convention, its size, what it is measured against and where it
// concentrates.
void TestCheckText::residualSaysWhatItIsMeasuredAgainst()
{
    Finding f = findingOf(QStringLiteral("residual"));
    f.severity = Severity::Info;
    f.columns.clear();
    const EncodingCheck check = checkOf();
    const QString precise = FindingText::sentence(f, check);
    QVERIFY2(precise.contains(QLatin1String("paper convention")) && precise.contains(QLatin1String("0.00125"))
                 && precise.contains(QLatin1String("0.0043")) && precise.contains(QLatin1String("4.5e-05"))
                 && precise.contains(QLatin1String("at the level of the file's precision"))
                 && !precise.contains(QLatin1String("columns")),
             qPrintable(precise));
    CheckOptions atol;
    atol.atol = 0.01;
    QVERIFY(FindingText::sentence(f, check, atol).contains(QLatin1String("within --atol")));
    f.severity = Severity::Warning;
    f.columns = {4, 5, 6, 9};
    const QString above = FindingText::sentence(f, check);
    QVERIFY2(above.contains(QLatin1String("above the file's precision")) && above.contains(QStringLiteral("4–6, 9")),
             qPrintable(above));
    QVERIFY(FindingText::sentence(f, check, atol).contains(QLatin1String("beyond --atol")));
}

void TestCheckText::fileErrors_data()
{
    QTest::addColumn<std::string>("bytes");
    QTest::addColumn<QString>("code");
    const std::string six = float64({1, 2, 3, 4, 5, 6});
    const std::string good = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }";
    const auto with = [&](const std::string &from, const std::string &to) {
        std::string header = good;
        header.replace(header.find(from), from.size(), to);
        return npy(header, six);
    };
    QTest::newRow("empty_file") << std::string() << QStringLiteral("empty_file");
    QTest::newRow("binary_file") << std::string("PK\x03\x04\0\0zip", 9) << QStringLiteral("binary_file");
    QTest::newRow("no_numbers") << std::string("a,b,c\n") << QStringLiteral("no_numbers");
    std::string version = npy(good, six);
    version[6] = 4;
    QTest::newRow("npy_version") << version << QStringLiteral("npy_version");
    QTest::newRow("npy_truncated_header_length") << std::string("\x93NUMPY\x02\x00\x10\x00", 10)
                                                 << QStringLiteral("npy_truncated_header_length");
    std::string longHeader = npy(good, six);
    longHeader[8] = char(0xFF);
    longHeader[9] = char(0xFF);
    QTest::newRow("npy_truncated_header") << longHeader << QStringLiteral("npy_truncated_header");
    QTest::newRow("npy_dtype (int64)") << with("<f8", "<i8") << QStringLiteral("npy_dtype");
    QTest::newRow("too_few_axes") << with("(2, 3)", "(6,)") << QStringLiteral("too_few_axes");
    QTest::newRow("too_many_axes") << with("(2, 3)", "(1, 1, 2, 3)") << QStringLiteral("too_many_axes");
    QTest::newRow("empty_array") << with("(2, 3)", "(0, 3)") << QStringLiteral("empty_array");
    QTest::newRow("too_many_numbers") << with("(2, 3)", "(100000, 100000)") << QStringLiteral("too_many_numbers");
    QTest::newRow("npy_truncated_data") << with("(2, 3)", "(3, 3)") << QStringLiteral("npy_truncated_data");
    QTest::newRow("not_finite") << npy(good, float64({1, 2, 3, 4, std::nan(""), 6})) << QStringLiteral("not_finite");
    QTest::newRow("text_not_finite") << std::string("1 -inf\n3 4\n") << QStringLiteral("text_not_finite");
    QTest::newRow("ragged_rows") << std::string("1,2,3\n4,5\n") << QStringLiteral("ragged_rows");
    QTest::newRow("not_a_number") << std::string("1 2\n3 four\n") << QStringLiteral("not_a_number");
    QTest::newRow("npy_header_not_dict") << npy("('descr', '<f8')") << QStringLiteral("npy_header_not_dict");
    QTest::newRow("npy_header_key_not_string") << npy("{descr: '<f8'}") << QStringLiteral("npy_header_key_not_string");
    QTest::newRow("npy_header_no_colon") << npy("{'descr' '<f8'}") << QStringLiteral("npy_header_no_colon");
    QTest::newRow("npy_header_structured_dtype") << npy("{'descr': [('x', '<f8')]}")
                                                 << QStringLiteral("npy_header_structured_dtype");
    QTest::newRow("npy_header_descr_not_string") << npy("{'descr': 8}")
                                                 << QStringLiteral("npy_header_descr_not_string");
    QTest::newRow("npy_header_fortran_order") << npy("{'descr': '<f8', 'fortran_order': 1}")
                                              << QStringLiteral("npy_header_fortran_order");
    QTest::newRow("npy_header_shape") << with("(2, 3)", "(-2, 3)") << QStringLiteral("npy_header_shape");
    QTest::newRow("npy_header_unknown_key") << with("'shape'", "'shapes'") << QStringLiteral("npy_header_unknown_key");
    QTest::newRow("npy_header_no_separator") << npy("{'descr': '<f8' 'shape': (2, 3)}")
                                             << QStringLiteral("npy_header_no_separator");
    QTest::newRow("npy_header_missing_key") << npy("{'descr': '<f8', 'fortran_order': False}")
                                            << QStringLiteral("npy_header_missing_key");
}

// A refusal read off real bytes: in English the very line core writes, in Chinese a line of
// Chinese with the same names and numbers.
void TestCheckText::fileErrors()
{
    QFETCH(std::string, bytes);
    QFETCH(QString, code);
    const MatrixFileResult result = readMatrixFile(bytes);
    const auto *error = std::get_if<MatrixFileError>(&result);
    QVERIFY2(error, "the bytes were accepted");
    QCOMPARE(QString::fromStdString(error->code), code);
    const QString english = FileErrorText::sentence(*error);
    QCOMPARE(english, QString::fromStdString(error->message));
    QVERIFY2(Language::install(QStringLiteral("zh_CN")), "no zh_CN translation");
    const QString chinese = FileErrorText::sentence(*error);
    QVERIFY2(hasChinese(chinese), qPrintable(chinese));
    for (const std::string &arg : error->args) {
        const QString name = QString::fromStdString(arg);
        if (name != QLatin1String("NaN") && name != QLatin1String("infinity"))
            QVERIFY2(chinese.contains(name), qPrintable(name + QStringLiteral(" missing from: ") + chinese));
    }
    // No English clause left in the Chinese line.
    for (const char *words : {"is not accepted", "accepted:", "malformed", "the file", "the array", "counted from"})
        QVERIFY2(!chinese.contains(QLatin1String(words)), qPrintable(chinese));
}

// A code of another reader (or of tomorrow's) is said as core says it; so are args that do
// not fit the sentence of a known code.
void TestCheckText::fileErrorOfTomorrow()
{
    QVERIFY2(Language::install(QStringLiteral("zh_CN")), "no zh_CN translation");
    const MatrixFileError unknown{"the tensor 'pe' is int8", "safetensors_dtype_of_tomorrow", {"pe", "int8"}};
    QCOMPARE(FileErrorText::sentence(unknown), QStringLiteral("the tensor 'pe' is int8"));
    const MatrixFileError tooFew{"the array has shape (2,): it is empty", "empty_array", {}};
    QCOMPARE(FileErrorText::sentence(tooFew), QStringLiteral("the array has shape (2,): it is empty"));
    // Known codes built by hand where real bytes would be too large for a test.
    const MatrixFileError large{"the file has 600000000 bytes; at most 512 MiB are accepted", "file_too_large",
                                {"600000000"}};
    const QString largeText = FileErrorText::sentence(large);
    QVERIFY2(hasChinese(largeText) && largeText.contains(QLatin1String("600000000")), qPrintable(largeText));
    const MatrixFileError many{"the file holds more than 2^26 = 67108864 numbers", "text_too_many_numbers", {}};
    QVERIFY(hasChinese(FileErrorText::sentence(many)));
    // An arg holding a placeholder stays as it is (the args are put in at once, not one by one).
    const MatrixFileError percent{"npy format version %2.0 is not accepted; versions 1.0, 2.0 and 3.0 are",
                                  "npy_version", {"%2", "0"}};
    const QString percentText = FileErrorText::sentence(percent);
    QVERIFY2(percentText.contains(QLatin1String("%2.0")), qPrintable(percentText));
}

void TestCheckText::columnRanges()
{
    QCOMPARE(FindingText::columnRanges({0, 1, 2, 3, 4, 5, 9, 12, 13, 14}), QStringLiteral("0–5, 9, 12–14"));
    QCOMPARE(FindingText::columnRanges({7}), QStringLiteral("7"));
    QCOMPARE(FindingText::columnRanges({}), QString());
}

QTEST_MAIN(TestCheckText)
#include "tst_checktext.moc"
