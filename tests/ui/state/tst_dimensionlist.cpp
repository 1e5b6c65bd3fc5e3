// SPDX-License-Identifier: GPL-3.0-or-later
// DimensionList: the text a user types for the curves view ("0-5", "0, 2, 64-66") and back.

#include "expected.h"

#include "ui/state/dimensionlist.h"

#include <QStandardPaths>
#include <QTest>

using namespace posenc;

Q_DECLARE_METATYPE(QList<int>)

class TestDimensionList : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void parseValid_data();
    void parseValid();
    void parseInvalid_data();
    void parseInvalid();
    void format_data();
    void format();
    void roundTrip_data();
    void roundTrip();
};

void TestDimensionList::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestDimensionList::parseValid_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<QList<int>>("dimensions");

    QTest::newRow("single") << QStringLiteral("3") << 128 << QList<int>{3};
    QTest::newRow("zero") << QStringLiteral("0") << 128 << QList<int>{0};
    QTest::newRow("list") << QStringLiteral("0, 2, 64") << 128 << QList<int>{0, 2, 64};
    QTest::newRow("list without spaces") << QStringLiteral("0,2,64") << 128 << QList<int>{0, 2, 64};
    QTest::newRow("range") << QStringLiteral("0-5") << 128 << expected::range(0, 5);
    QTest::newRow("range of one") << QStringLiteral("4-4") << 128 << QList<int>{4};
    QTest::newRow("mixed") << QStringLiteral("0, 7, 64-66") << 128 << QList<int>{0, 7, 64, 65, 66};
    QTest::newRow("spaces everywhere") << QStringLiteral("  1 - 3 ,5 ") << 128 << QList<int>{1, 2, 3, 5};
    QTest::newRow("order kept") << QStringLiteral("9, 3, 5") << 128 << QList<int>{9, 3, 5};
    QTest::newRow("duplicates dropped") << QStringLiteral("1, 1, 0-2") << 128 << QList<int>{1, 0, 2};
    QTest::newRow("overlapping ranges") << QStringLiteral("0-3, 2-5") << 128 << expected::range(0, 5);
    QTest::newRow("trailing comma") << QStringLiteral("1, 2,") << 128 << QList<int>{1, 2};
    QTest::newRow("leading zeros") << QStringLiteral("007") << 128 << QList<int>{7};
    QTest::newRow("16, the most") << QStringLiteral("0-15") << 128 << expected::range(0, 15);
    QTest::newRow("16 after repeats") << QStringLiteral("0-15, 3, 0-15") << 128 << expected::range(0, 15);
    QTest::newRow("last column") << QStringLiteral("127") << 128 << QList<int>{127};
    QTest::newRow("d_model 2") << QStringLiteral("0-1") << 2 << QList<int>{0, 1};
    QTest::newRow("d_model 4096") << QStringLiteral("4090-4095") << 4096 << expected::range(4090, 4095);
}

void TestDimensionList::parseValid()
{
    QFETCH(QString, text);
    QFETCH(int, dModel);
    QFETCH(QList<int>, dimensions);

    QString error;
    const std::optional<QList<int>> parsed = DimensionList::parse(text, dModel, &error);
    QVERIFY2(parsed.has_value(), qPrintable(error));
    QCOMPARE(*parsed, dimensions);
    QVERIFY(error.isEmpty());
    // The same without anywhere to put an error.
    QCOMPARE(DimensionList::parse(text, dModel, nullptr), std::optional<QList<int>>(dimensions));
}

void TestDimensionList::parseInvalid_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("dModel");
    QTest::addColumn<QString>("reasonContains");

    QTest::newRow("empty") << QString() << 128 << QStringLiteral("at least one");
    QTest::newRow("only commas") << QStringLiteral(",,") << 128 << QStringLiteral("at least one");
    QTest::newRow("blank item") << QStringLiteral("1, ,2") << 128 << QStringLiteral("neither");
    QTest::newRow("garbage") << QStringLiteral("x") << 128 << QStringLiteral("x");
    QTest::newRow("number then letters") << QStringLiteral("3a") << 128 << QStringLiteral("3a");
    QTest::newRow("negative") << QStringLiteral("-1") << 128 << QStringLiteral("[0, 127]");
    QTest::newRow("fraction") << QStringLiteral("1.5") << 128 << QStringLiteral("1.5");
    QTest::newRow("open range") << QStringLiteral("3-") << 128 << QStringLiteral("3-");
    QTest::newRow("double dash") << QStringLiteral("1--2") << 128 << QStringLiteral("1--2");
    QTest::newRow("semicolons") << QStringLiteral("1; 2") << 128 << QStringLiteral("1; 2");
    QTest::newRow("backwards") << QStringLiteral("5-2") << 128 << QStringLiteral("5-2");
    QTest::newRow("too many: 17 in a range") << QStringLiteral("0-16") << 128 << QStringLiteral("16");
    QTest::newRow("too many: 17 in a list") << QStringLiteral("0-10, 20-25") << 128 << QStringLiteral("16");
    QTest::newRow("too many: a long range") << QStringLiteral("0-100") << 128 << QStringLiteral("16");
    QTest::newRow("out of range: d_model") << QStringLiteral("128") << 128 << QStringLiteral("[0, 127]");
    QTest::newRow("out of range: 200") << QStringLiteral("200") << 128 << QStringLiteral("[0, 127]");
    QTest::newRow("out of range: range end") << QStringLiteral("120-130") << 128 << QStringLiteral("[0, 127]");
    QTest::newRow("out of range: after good ones") << QStringLiteral("0, 1, 2") << 2 << QStringLiteral("[0, 1]");
    // Numbers too big for any integer type are out of range too, not read as something else.
    QTest::newRow("out of range: 20 digits")
        << QStringLiteral("99999999999999999999") << 128 << QStringLiteral("[0, 127]");
    QTest::newRow("out of range: 20-digit range end")
        << QStringLiteral("0-99999999999999999999") << 128 << QStringLiteral("[0, 127]");
    QTest::newRow("out of range: 2^32") << QStringLiteral("4294967296") << 128 << QStringLiteral("[0, 127]");
}

void TestDimensionList::parseInvalid()
{
    QFETCH(QString, text);
    QFETCH(int, dModel);
    QFETCH(QString, reasonContains);

    QString error;
    const std::optional<QList<int>> parsed = DimensionList::parse(text, dModel, &error);
    const QString accepted = parsed ? DimensionList::format(*parsed) : QString();
    QVERIFY2(!parsed.has_value(), qPrintable(QStringLiteral("accepted as ") + accepted));
    QVERIFY2(error.contains(reasonContains), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("dimensions")), qPrintable(error));
    QVERIFY(!DimensionList::parse(text, dModel, nullptr).has_value());
}

void TestDimensionList::format_data()
{
    QTest::addColumn<QList<int>>("dimensions");
    QTest::addColumn<QString>("text");

    QTest::newRow("empty") << QList<int>{} << QString();
    QTest::newRow("one") << QList<int>{3} << QStringLiteral("3");
    QTest::newRow("two in a row stay a list") << QList<int>{0, 1} << QStringLiteral("0, 1");
    QTest::newRow("three in a row become a range") << QList<int>{0, 1, 2} << QStringLiteral("0-2");
    QTest::newRow("seed figure") << expected::range(0, 5) << QStringLiteral("0-5");
    QTest::newRow("range and one") << QList<int>{0, 1, 2, 3, 4, 5, 9} << QStringLiteral("0-5, 9");
    QTest::newRow("mixed") << QList<int>{0, 7, 64, 65, 66} << QStringLiteral("0, 7, 64-66");
    QTest::newRow("pair then range") << QList<int>{1, 2, 4, 5, 6} << QStringLiteral("1, 2, 4-6");
    QTest::newRow("descending stays a list") << QList<int>{5, 4, 3} << QStringLiteral("5, 4, 3");
    QTest::newRow("order kept") << QList<int>{10, 0, 1, 2} << QStringLiteral("10, 0-2");
    QTest::newRow("large") << QList<int>{4094, 4095} << QStringLiteral("4094, 4095");
}

void TestDimensionList::format()
{
    QFETCH(QList<int>, dimensions);
    QFETCH(QString, text);
    QCOMPARE(DimensionList::format(dimensions), text);
}

void TestDimensionList::roundTrip_data()
{
    QTest::addColumn<QList<int>>("dimensions");
    QTest::newRow("seed figure") << expected::range(0, 5);
    QTest::newRow("one") << QList<int>{42};
    QTest::newRow("mixed") << QList<int>{0, 7, 64, 65, 66};
    QTest::newRow("shuffled") << QList<int>{9, 2, 3, 4, 100, 1, 0};
    QTest::newRow("descending") << QList<int>{5, 4, 3, 2, 1};
    QTest::newRow("two runs") << QList<int>{3, 4, 5, 0, 1, 2};
    QTest::newRow("sixteen") << expected::range(100, 115);
    QTest::newRow("sixteen scattered") << QList<int>{0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15};
}

void TestDimensionList::roundTrip()
{
    QFETCH(QList<int>, dimensions);
    const QString text = DimensionList::format(dimensions);
    QString error;
    const std::optional<QList<int>> parsed = DimensionList::parse(text, 4096, &error);
    QVERIFY2(parsed.has_value(), qPrintable(text + QStringLiteral(": ") + error));
    QCOMPARE(*parsed, dimensions);
    QCOMPARE(DimensionList::format(*parsed), text);
}

QTEST_MAIN(TestDimensionList)
#include "tst_dimensionlist.moc"
