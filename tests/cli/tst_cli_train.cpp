// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc-lab train`, run as a user would run it (the real binary, no display): the
// file's comment lines and exact header, one sane row per step, the same bytes for the same
// arguments (and for the reproducing command the file records), --json, --help, and every
// invalid command line ending with status 2, one line on stderr naming the option and its
// range, and no file left behind.
#include "../sanitizers/addresssanitizer.h"
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace posenc::clitest;

namespace {

const QByteArray kHeader = "step,task,loss,accuracy,heldout_loss,heldout_accuracy,scale,norm_ratio";

// Runs train with `arguments` in a new folder and returns the file it wrote (run.csv), after
// checking status 0, nothing on stderr, and run.csv the only entry. stdout in *out if given.
QByteArray trainFile(const QStringList &arguments, QByteArray *out = nullptr)
{
    QTemporaryDir dir;
    if (!dir.isValid())
        return {};
    const Result result = run(QStringList{QStringLiteral("train")} + arguments + QStringList{QStringLiteral("-o"), QStringLiteral("run.csv")},
                              dir.path());
    if (!result.finished || result.crashed || result.exitCode != 0 || !result.err.isEmpty()) {
        qWarning("%s", qPrintable(describe(result)));
        return {};
    }
    if (entriesBelow(dir.path()) != QStringList{QStringLiteral("run.csv")})
        return {};
    if (out)
        *out = result.out;
    return readAll(dir.filePath(QStringLiteral("run.csv")));
}

double number(const QByteArray &field, bool *ok)
{
    if (field == "nan") {
        *ok = true;
        return std::nan("");
    }
    return field.toDouble(ok);
}

} // namespace

class TestCliTrain : public QObject
{
    Q_OBJECT

private slots:
    // The default run of each task: the file's structure and values that make sense.
    void defaultRun_data()
    {
        QTest::addColumn<QString>("task");
        QTest::newRow("order") << QStringLiteral("order");
        QTest::newRow("bag") << QStringLiteral("bag");
    }
    void defaultRun()
    {
        QFETCH(QString, task);
        const QByteArray file = trainFile({QStringLiteral("--task"), task});
        QVERIFY(!file.isEmpty());
        const QList<QByteArray> lines = file.chopped(1).split('\n');
        QVERIFY(lines.size() > 3);
        QVERIFY2(lines[0].startsWith("# posenc-lab "), lines[0].constData());
        QVERIFY2(lines[1].startsWith("# command: posenc-lab train --task " + task.toUtf8() + " "), lines[1].constData());
        QVERIFY(lines[1].endsWith(" -o run.csv"));
        QString why;
        const std::optional<CsvTable> table = parseCsv(file, &why);
        QVERIFY2(table, qPrintable(why));
        QCOMPARE(table->header.join(','), kHeader);
        QCOMPARE(table->rows.size(), 300); // the default --steps
        double firstTenth = 0, lastTenth = 0;
        for (qsizetype i = 0; i < table->rows.size(); ++i) {
            const QList<QByteArray> &row = table->rows[i];
            QCOMPARE(row.size(), 8);
            QCOMPARE(row[0], QByteArray::number(i + 1));
            QCOMPARE(row[1], task.toUtf8());
            bool ok[6];
            const double loss = number(row[2], &ok[0]), accuracy = number(row[3], &ok[1]);
            const double heldoutLoss = number(row[4], &ok[2]), heldoutAccuracy = number(row[5], &ok[3]);
            const double scale = number(row[6], &ok[4]), ratio = number(row[7], &ok[5]);
            for (bool b : ok)
                QVERIFY2(b, qPrintable(QString::fromUtf8(row.join(','))));
            QVERIFY(std::isfinite(loss) && loss >= 0);
            QVERIFY(std::isfinite(heldoutLoss) && heldoutLoss >= 0);
            QVERIFY(accuracy >= 0 && accuracy <= 1 && heldoutAccuracy >= 0 && heldoutAccuracy <= 1);
            QVERIFY2(scale >= 0.1 && scale <= 2.0, row[6].constData()); // the default clamp
            QVERIFY(std::isfinite(ratio) && ratio > 0);
            if (i < 30)
                firstTenth += loss;
            if (i >= 270)
                lastTenth += loss;
        }
        QVERIFY2(lastTenth <= 0.8 * firstTenth, qPrintable(QStringLiteral("%1 -> %2").arg(firstTenth).arg(lastTenth)));
    }

    // The same arguments write the same bytes; so does the command recorded in the file.
    void sameArgumentsSameBytes()
    {
        const QStringList args{QStringLiteral("--task"), QStringLiteral("order"), QStringLiteral("--steps"),
                               QStringLiteral("60"), QStringLiteral("--pe-dtype"), QStringLiteral("float16"),
                               QStringLiteral("--join"), QStringLiteral("alpha"), QStringLiteral("--seed"),
                               QStringLiteral("42")};
        const QByteArray first = trainFile(args);
        QVERIFY(!first.isEmpty());
        QCOMPARE(trainFile(args), first);
        QVERIFY(trainFile({QStringLiteral("--task"), QStringLiteral("order"), QStringLiteral("--steps"), QStringLiteral("60"),
                           QStringLiteral("--pe-dtype"), QStringLiteral("float16"), QStringLiteral("--join"),
                           QStringLiteral("alpha"), QStringLiteral("--seed"), QStringLiteral("43")})
                != first);

        // The recorded command, every option spelled out (no quoting needed for these values).
        const QByteArray command = first.split('\n').value(1);
        QVERIFY(command.startsWith("# command: posenc-lab train "));
        QStringList recorded = QString::fromUtf8(command.mid(int(sizeof("# command: posenc-lab ") - 1))).split(QLatin1Char(' '));
        QCOMPARE(recorded.takeFirst(), QStringLiteral("train"));
        QCOMPARE(recorded.mid(recorded.size() - 2), (QStringList{QStringLiteral("-o"), QStringLiteral("run.csv")}));
        recorded.resize(recorded.size() - 2);
        QVERIFY(recorded.contains(QStringLiteral("--scale-lr-ratio")));
        QCOMPARE(trainFile(recorded), first);
    }

    // A run of this command is the training lab's run with the same options (its flags without
    // the lab's prefix): the lab's export of its first task holds the same numbers, every
    // setting included (a training set smaller than the batch is one batch in both).
    void sameRunInTheLab()
    {
        const QStringList run = {QStringLiteral("--task"), QStringLiteral("order"), QStringLiteral("--steps"), QStringLiteral("6"),
                                 QStringLiteral("--seed"), QStringLiteral("3000000000"), QStringLiteral("--examples"),
                                 QStringLiteral("16"), QStringLiteral("--lr"), QStringLiteral("0.05"), QStringLiteral("--optimizer"),
                                 QStringLiteral("sgd"), QStringLiteral("--layers"), QStringLiteral("2"), QStringLiteral("--clamp"),
                                 QStringLiteral("0.2,0.9"), QStringLiteral("--heldout"), QStringLiteral("24"), QStringLiteral("--base"),
                                 QStringLiteral("500")};
        const QByteArray trained = trainFile(run);
        QVERIFY(!trained.isEmpty());
        QStringList lab = {QStringLiteral("export"), QStringLiteral("--view"), QStringLiteral("training"),
                           QStringLiteral("--train-right-task"), QStringLiteral("bag")};
        for (qsizetype i = 0; i < run.size(); i += 2) {
            const QString flag = run[i] == QLatin1String("--task") ? QStringLiteral("--train-left-task")
                                 : run[i] == QLatin1String("--base") ? run[i]
                                                                     : QStringLiteral("--train-") + run[i].mid(2);
            lab << flag << run[i + 1];
        }
        QTemporaryDir dir;
        const Result exported = posenc::clitest::run(lab + QStringList{QStringLiteral("-o"), QStringLiteral("lab.csv")}, dir.path());
        QVERIFY2(exported.finished && exported.exitCode == 0, qPrintable(describe(exported)));
        QString why;
        const auto mine = parseCsv(trained, &why);
        QVERIFY2(mine, qPrintable(why));
        const auto theirs = parseCsv(readAll(dir.filePath(QStringLiteral("lab.csv"))), &why);
        QVERIFY2(theirs, qPrintable(why));
        QCOMPARE(mine->rows.size(), 6);
        QCOMPARE(theirs->rows.size(), 12);
        for (int step = 0; step < 6; ++step) {
            QCOMPARE(theirs->rows[step][1].toDouble(), 0.0); // the first task's run
            for (int column = 2; column < 8; ++column) {
                bool ok = false, okLab = false;
                const double value = number(mine->rows[step][column], &ok);
                const double fromLab = number(theirs->rows[step][column], &okLab);
                QVERIFY(ok && okLab);
                QVERIFY2(value == fromLab, qPrintable(QStringLiteral("step %1 column %2: %3 vs %4").arg(step + 1).arg(column)
                                                          .arg(value, 0, 'g', 17).arg(fromLab, 0, 'g', 17)));
            }
        }
    }

    // An encoding without a scale writes nan in its column and says why in a comment.
    void noScaleIsNan()
    {
        const QByteArray file = trainFile({QStringLiteral("--task"), QStringLiteral("bag"), QStringLiteral("--encoding"),
                                           QStringLiteral("none"), QStringLiteral("--steps"), QStringLiteral("20")});
        QVERIFY(file.contains("\n# scale: nan"));
        QString why;
        const auto table = parseCsv(file, &why);
        QVERIFY(table);
        QCOMPARE(table->rows.size(), 20);
        for (const auto &row : table->rows) {
            QCOMPARE(row[6], QByteArray("nan"));
            QCOMPARE(row[7], QByteArray("0"));
        }
    }

    // --json: one JSON object on stdout whose final figures are the file's last row.
    void jsonSummary()
    {
        QByteArray out;
        const QByteArray file = trainFile({QStringLiteral("--task"), QStringLiteral("order"), QStringLiteral("--steps"),
                                           QStringLiteral("40"), QStringLiteral("--encoding"), QStringLiteral("learned"),
                                           QStringLiteral("--json")},
                                          &out);
        QVERIFY(!file.isEmpty());
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(out, &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QCOMPARE(o.value(QStringLiteral("task")).toString(), QStringLiteral("order"));
        QCOMPARE(o.value(QStringLiteral("steps")).toInt(), 40);
        QVERIFY(o.value(QStringLiteral("initial_scale")).isNull()); // learned: no scale
        const QList<QByteArray> last = file.chopped(1).split('\n').constLast().split(',');
        const QJsonObject final = o.value(QStringLiteral("final")).toObject();
        QCOMPARE(final.value(QStringLiteral("heldout_accuracy")).toDouble(), last[5].toDouble());
        QCOMPARE(final.value(QStringLiteral("loss")).toDouble(), last[2].toDouble());
        // A learned table has no rows past the training length: those lengths are N/A.
        const QJsonArray lengths = o.value(QStringLiteral("extrapolation")).toArray();
        QVERIFY(lengths.size() >= 2);
        QCOMPARE(lengths[0].toObject().value(QStringLiteral("available")).toBool(), true);
        for (qsizetype i = 1; i < lengths.size(); ++i) {
            QCOMPARE(lengths[i].toObject().value(QStringLiteral("available")).toBool(), false);
            QVERIFY(lengths[i].toObject().value(QStringLiteral("heldout_accuracy")).isNull());
        }
    }

    void help()
    {
        QTemporaryDir dir;
        const Result result = run({QStringLiteral("train"), QStringLiteral("--help")}, dir.path());
        QVERIFY2(result.finished && result.exitCode == 0, qPrintable(describe(result)));
        for (const char *text : {"--task", "--scale-lr-ratio", "--clamp-mode", "--pe-dtype", "construction"})
            QVERIFY2(result.out.contains(text), text);
        QVERIFY(entriesBelow(dir.path()).isEmpty());
        const Result main = run({QStringLiteral("--help")}, dir.path());
        QVERIFY(main.out.contains("posenc-lab train --task"));
    }

    void invalid_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("mention");
        const auto row = [](const char *name, std::initializer_list<const char *> args, std::initializer_list<const char *> mention) {
            QTest::newRow(name) << (QStringList{QStringLiteral("train")} + list(args)) << list(mention);
        };
        row("no task", {"-o", "run.csv"}, {"--task", "order, bag"});
        row("unknown task", {"--task", "sort", "-o", "run.csv"}, {"--task", "sort", "order, bag"});
        row("no output", {"--task", "order"}, {"-o"});
        row("not a csv", {"--task", "order", "-o", "run.npy"}, {"-o", ".npy"});
        row("steps 0", {"--task", "order", "--steps", "0", "-o", "run.csv"}, {"--steps", "[1, 100000]"});
        row("steps text", {"--task", "order", "--steps", "many", "-o", "run.csv"}, {"--steps", "many", "[1, 100000]"});
        row("vocab 3 for order", {"--task", "order", "--vocab", "3", "-o", "run.csv"}, {"--vocab", "[4, 32]"});
        row("vocab 33", {"--task", "bag", "--vocab", "33", "-o", "run.csv"}, {"--vocab", "[3, 32]"});
        row("d-model 8", {"--task", "order", "--d-model", "8", "-o", "run.csv"}, {"--d-model", "[16, 128]"});
        row("seq-len 100", {"--task", "order", "--seq-len", "100", "-o", "run.csv"}, {"--seq-len", "[2, 64]"});
        row("ratio 5", {"--task", "order", "--scale-lr-ratio", "5", "-o", "run.csv"}, {"--scale-lr-ratio", "[0.1, 3]"});
        row("ratio 1/20", {"--task", "order", "--scale-lr-ratio", "0.05", "-o", "run.csv"}, {"--scale-lr-ratio", "[0.1, 3]"});
        row("clamp reversed", {"--task", "order", "--clamp", "2,0.1", "-o", "run.csv"}, {"--clamp", "LO < HI"});
        row("clamp one number", {"--task", "order", "--clamp", "0.5", "-o", "run.csv"}, {"--clamp", "LO,HI"});
        row("clamp mode", {"--task", "order", "--clamp-mode", "once", "-o", "run.csv"}, {"--clamp-mode", "construction"});
        row("pe dtype", {"--task", "order", "--pe-dtype", "bfloat16", "-o", "run.csv"}, {"--pe-dtype", "float16"});
        row("init text", {"--task", "order", "--init", "one", "-o", "run.csv"}, {"--scale-init", "d^-0.5"});
        row("scale-init 1e4", {"--task", "order", "--scale-init", "1e4", "-o", "run.csv"}, {"--scale-init", "[-1000, 1000]"});
        row("lr 0", {"--task", "order", "--lr", "0", "-o", "run.csv"}, {"--lr", "(0, 1]"});
        row("batch 300", {"--task", "order", "--batch", "300", "-o", "run.csv"}, {"--batch", "[1, 256]"});
        row("layers 3", {"--task", "order", "--layers", "3", "-o", "run.csv"}, {"--layers", "[1, 2]"});
        row("encoding", {"--task", "order", "--encoding", "rope", "-o", "run.csv"}, {"--encoding", "scaled_sinu"});
        row("join", {"--task", "order", "--join", "mul", "-o", "run.csv"}, {"--join", "concat_project"});
        row("base 1", {"--task", "order", "--base", "1", "-o", "run.csv"}, {"--base"});
        row("seed negative", {"--task", "order", "--seed", "-1", "-o", "run.csv"}, {"--seed", "out of range", "18446744073709551615"});
        row("seed past 2^64 - 1", {"--task", "order", "--seed", "18446744073709551616", "-o", "run.csv"},
            {"--seed", "out of range", "[0, 18446744073709551615]"});
        row("seed in hexadecimal", {"--task", "order", "--seed", "0x10", "-o", "run.csv"}, {"--seed", "not an integer"});
        row("unknown option", {"--task", "order", "--epochs", "3", "-o", "run.csv"}, {"--epochs"});
        row("steps without value", {"--task", "order", "-o", "run.csv", "--steps"}, {"--steps: missing value", "train --help"});
        row("stray argument", {"--task", "order", "extra", "-o", "run.csv"}, {"extra"});
        row("no such folder", {"--task", "order", "--steps", "2", "-o", "missing/run.csv"}, {"missing/run.csv"});
    }
    void invalid()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, mention);
        verifyInvalidRun(arguments, mention);
    }

    // A long run tells how far it is, on stderr, only at a terminal (here a pseudo-terminal
    // made by script(1)): "train: step N of M (P %), about T left", rewritten in place and
    // cleared at the end. Through a pipe, as in every other test here, stderr stays empty.
    // train, and an export of the training lab (its two runs trained before the file is
    // written): a progress line at a terminal, cleared at the end.
    void progressAtTerminal_data()
    {
        // About 8 s (the first line comes after 2 s); a sanitized build runs several times slower.
        const int steps = kUnderAddressSanitizer ? 40 : 300;
        const QByteArray n = QByteArray::number(steps), half = QByteArray::number(steps / 2);
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("what");
        QTest::addColumn<int>("total");
        QTest::addColumn<int>("rows");
        QTest::newRow("train") << list({"train", "--task", "order", "--steps", n.constData(), "--d-model", "128", "-o",
                                        "run.csv"})
                               << QByteArray("train") << steps << steps + 3;
        QTest::newRow("export --view training")
            << list({"export", "--view", "training", "--train-steps", half.constData(), "--train-d-model", "128", "-o",
                     "run.csv"})
            << QByteArray("export") << steps << -1;
    }

    void progressAtTerminal()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, what);
        QFETCH(int, total);
        QFETCH(int, rows);
        const QString script = QStandardPaths::findExecutable(QStringLiteral("script"));
        if (script.isEmpty())
            QSKIP("script(1) is not installed");
        QTemporaryDir dir;
        QProcess process;
        process.setWorkingDirectory(dir.path());
        process.setProcessEnvironment(headlessEnvironment());
        // No argument here needs quoting for the shell script(1) runs.
        process.start(script, {QStringLiteral("-qec"), binaryPath() + QLatin1Char(' ') + args.join(QLatin1Char(' ')),
                               QStringLiteral("/dev/null")});
        QVERIFY(process.waitForFinished(600000));
        QCOMPARE(process.exitCode(), 0);
        const QByteArray terminal = process.readAllStandardOutput();
        QVERIFY2(terminal.contains(what + ": step ") && terminal.contains(" of " + QByteArray::number(total) + " (")
                     && terminal.contains("left"),
                 terminal.constData());
        QVERIFY2(terminal.endsWith("\r\033[K"), terminal.constData()); // the line cleared
        if (rows >= 0)
            QCOMPARE(readAll(dir.filePath(QStringLiteral("run.csv"))).count('\n'), rows);
        else
            QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("run.csv"))));
    }

    // A failed run leaves a file already at -o as it was.
    void failureKeepsOldFile()
    {
        verifyFailedRunKeepsFile(list({"train", "--task", "order", "--steps", "-3", "-o", "run.csv"}), QStringLiteral("run.csv"),
                                 "old contents\n");
    }
};

QTEST_GUILESS_MAIN(TestCliTrain)
#include "tst_cli_train.moc"
