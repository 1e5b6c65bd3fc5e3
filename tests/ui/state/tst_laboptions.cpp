// SPDX-License-Identifier: GPL-3.0-or-later
// A scene's labs: options of types the scene does not know, read as their defaults until set,
// compared by value (an entry equal to its defaults equals no entry), copied without sharing
// what one copy edits, and checked by Scene::validate().
#include "ui/state/scene.h"

#include <QTest>

namespace {

struct Alpha {
    int width = 3;
    QString name = QStringLiteral("a");
    bool operator==(const Alpha &) const = default;
    std::optional<QString> validate() const
    {
        if (width < 1)
            return QStringLiteral("width must be an integer in [1, 10]");
        return std::nullopt;
    }
};

// Checked against the rest of the scene.
struct Beta {
    int column = 0;
    bool operator==(const Beta &) const = default;
    std::optional<QString> validate(const posenc::Scene &scene) const
    {
        if (column >= scene.params.dModel)
            return QStringLiteral("column must be below d_model");
        return std::nullopt;
    }
};

// No check of its own.
struct Gamma {
    double x = 0.5;
    bool operator==(const Gamma &) const = default;
};

} // namespace

using posenc::labOptions;
using posenc::Scene;

class TestLabOptions : public QObject
{
    Q_OBJECT

private slots:
    void absentReadsAsDefaults()
    {
        const Scene scene;
        QCOMPARE(labOptions<Alpha>(scene).width, 3);
        QCOMPARE(labOptions<Beta>(scene).column, 0);
    }

    void setOneLeavesTheOthers()
    {
        Scene scene;
        labOptions<Alpha>(scene).width = 7;
        labOptions<Gamma>(scene).x = 2;
        QCOMPARE(labOptions<Alpha>(std::as_const(scene)).width, 7);
        QCOMPARE(labOptions<Gamma>(std::as_const(scene)).x, 2.0);
        QCOMPARE(labOptions<Beta>(std::as_const(scene)).column, 0);
    }

    void equalByValue_data()
    {
        QTest::addColumn<int>("leftWidth"); // -1: Alpha never touched
        QTest::addColumn<int>("rightWidth");
        QTest::addColumn<bool>("equal");
        QTest::newRow("both absent") << -1 << -1 << true;
        QTest::newRow("absent vs default") << -1 << 3 << true;
        QTest::newRow("default vs absent") << 3 << -1 << true;
        QTest::newRow("absent vs changed") << -1 << 4 << false;
        QTest::newRow("changed vs absent") << 4 << -1 << false;
        QTest::newRow("same") << 5 << 5 << true;
        QTest::newRow("different") << 5 << 6 << false;
    }
    void equalByValue()
    {
        QFETCH(int, leftWidth);
        QFETCH(int, rightWidth);
        QFETCH(bool, equal);
        Scene left, right;
        if (leftWidth >= 0)
            labOptions<Alpha>(left).width = leftWidth;
        if (rightWidth >= 0)
            labOptions<Alpha>(right).width = rightWidth;
        QCOMPARE(left == right, equal);
        QCOMPARE(right == left, equal);
        QCOMPARE(left.labs == right.labs, equal);
    }

    void otherLabsCount()
    {
        Scene left, right;
        labOptions<Alpha>(left).width = 4;
        labOptions<Alpha>(right).width = 4;
        labOptions<Gamma>(right).x = 1;
        QVERIFY(!(left == right));
        labOptions<Gamma>(left).x = 1;
        QVERIFY(left == right);
    }

    // A copy shares its entries until one side edits: the other keeps its value.
    void copiesAreIndependent()
    {
        Scene original;
        labOptions<Alpha>(original).width = 8;
        Scene copy = original;
        labOptions<Alpha>(copy).width = 9;
        labOptions<Alpha>(copy).name = QStringLiteral("b");
        QCOMPARE(labOptions<Alpha>(std::as_const(original)).width, 8);
        QCOMPARE(labOptions<Alpha>(std::as_const(original)).name, QStringLiteral("a"));
        QCOMPARE(labOptions<Alpha>(std::as_const(copy)).width, 9);
        labOptions<Alpha>(original).width = 1;
        QCOMPARE(labOptions<Alpha>(std::as_const(copy)).width, 9);
        Scene assigned;
        assigned = copy;
        labOptions<Alpha>(copy).width = 2;
        QCOMPARE(labOptions<Alpha>(std::as_const(assigned)).width, 9);
    }

    void validateAsksEachLab_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("problem");
        QTest::newRow("valid") << 3 << 0 << QString();
        QTest::newRow("alone") << 0 << 0 << QStringLiteral("width must be an integer in [1, 10]");
        QTest::newRow("against the scene") << 3 << 128 << QStringLiteral("column must be below d_model");
    }
    void validateAsksEachLab()
    {
        QFETCH(int, width);
        QFETCH(int, column);
        QFETCH(QString, problem);
        Scene scene;
        scene.params.dModel = 128;
        labOptions<Alpha>(scene).width = width;
        labOptions<Beta>(scene).column = column;
        labOptions<Gamma>(scene).x = -1;
        QCOMPARE(scene.validate().value_or(QString()), problem);
    }
};

QTEST_GUILESS_MAIN(TestLabOptions)
#include "tst_laboptions.moc"
