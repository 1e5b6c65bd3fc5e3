// SPDX-License-Identifier: GPL-3.0-or-later
// Animation export: the values of the frames (evenly spaced, base on a log scale,
// integers rounded), the checks that name the option and its range, and File > Export
// Animation… driven offscreen: the dialog starts from the animation bar (the parameter that
// plays, its range and speed), its Export writes a GIF of the frames asked for, and Cancel in
// the progress dialog leaves no file.

#include "ui/export/animationdialog.h"
#include "ui/export/animationexport.h"
#include "ui/state/encodingstate.h"
#include "ui/widgets/animationbar.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QImageReader>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cmath>
#include <functional>

using namespace posenc;

namespace {

QStringList entriesOf(const QString &folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
}

// Runs `handle` on the modal dialog once it is open (the action's exec() is running).
void whenModal(const std::function<void(QWidget *)> &handle)
{
    QTimer::singleShot(0, [handle] {
        QWidget *modal = QApplication::activeModalWidget();
        QVERIFY(modal);
        handle(modal);
    });
}

} // namespace

class TestAnimationExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void values_data()
    {
        QTest::addColumn<QString>("parameter");
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<int>("frames");
        QTest::addColumn<QList<double>>("expected");
        QTest::newRow("pos") << "pos" << 0.0 << 18.0 << 4 << QList<double>{0, 6, 12, 18};
        QTest::newRow("offset down") << "offset" << 5.0 << -5.0 << 3 << QList<double>{5, 0, -5};
        QTest::newRow("scale") << "scale" << 0.0 << 1.0 << 5 << QList<double>{0, 0.25, 0.5, 0.75, 1};
        // Base on a log scale: 100, 10^4, 10^6 (each frame a factor of 100).
        QTest::newRow("base") << "base" << 100.0 << 1e6 << 3 << QList<double>{100, 1e4, 1e6};
        // d_model rounded: 8, 26.67, 45.33, 64.
        QTest::newRow("d-model") << "d-model" << 8.0 << 64.0 << 4 << QList<double>{8, 27, 45, 64};
        QTest::newRow("seq-len") << "seq-len" << 1.0 << 4.0 << 2 << QList<double>{1, 4};
    }

    void values()
    {
        QFETCH(QString, parameter);
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(int, frames);
        QFETCH(QList<double>, expected);
        Animation animation;
        animation.parameter = Animation::parameterNamed(parameter).value();
        animation.from = from;
        animation.to = to;
        animation.frames = frames;
        const QList<double> values = animation.values();
        QCOMPARE(values.size(), expected.size());
        for (int i = 0; i < values.size(); ++i)
            QVERIFY2(std::abs(values[i] - expected[i]) <= 1e-9 * std::max(1.0, std::abs(expected[i])),
                     qPrintable(QStringLiteral("frame %1: %2, expected %3").arg(i).arg(values[i]).arg(expected[i])));
        // The ends exactly as given.
        QCOMPARE(values.constFirst(), from);
        QCOMPARE(values.constLast(), to);
    }

    void parameterNames()
    {
        QCOMPARE(Animation::parameterNames(),
                 QStringLiteral("pos,offset,start,scale,base,d-model,seq-len").split(QLatin1Char(',')));
        QVERIFY(!Animation::parameterNamed(QStringLiteral("layout")));
    }

    void validateNamesOptionAndRange_data()
    {
        QTest::addColumn<QString>("parameter");
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<int>("frames");
        QTest::addColumn<double>("fps");
        QTest::addColumn<QString>("message"); // empty: valid
        QTest::newRow("valid") << "pos" << 0.0 << 29.0 << 30 << 10.0 << QString();
        QTest::newRow("to d-model") << "d-model" << 2.0 << 5000.0 << 2 << 10.0
                                    << "--to: 5000 is out of range; d_model must be an integer in [2, 4096]";
        QTest::newRow("from fraction") << "d-model" << 2.5 << 64.0 << 2 << 10.0
                                       << "--from: 2.5 is out of range; d_model must be an integer in [2, 4096]";
        QTest::newRow("frames") << "pos" << 0.0 << 1.0 << 1 << 10.0
                                << "--frames: 1 is out of range; it must be an integer in [2, 600]";
        QTest::newRow("fps") << "pos" << 0.0 << 1.0 << 2 << 0.5 << "--fps: 0.5 is out of range; it must be a number in [1, 50]";
        QTest::newRow("base") << "base" << 1.0 << 10.0 << 2 << 10.0
                              << "--from: 1 is out of range; base must be a finite number in (1, 1e12]";
    }

    void validateNamesOptionAndRange()
    {
        QFETCH(QString, parameter);
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(int, frames);
        QFETCH(double, fps);
        QFETCH(QString, message);
        AnimationRequest request;
        request.animation = {Animation::parameterNamed(parameter).value(), from, to, frames, fps};
        QCOMPARE(request.validate().value_or(QString()), message);
    }

    // The dialog starts from what plays: k here, over every offset in the rows, at its speed;
    // Export writes the GIF with the frames asked for, at the page's pixels.
    void dialogStartsFromTheAnimationAndExports()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        window.showView(QStringLiteral("heatmap"));
        EncodingState *state = window.state();
        QVERIFY(!state->setSeqLen(20));
        state->flush();
        ParameterAnimator *k = window.animationBar()->offsetAnimator();
        k->setSpeed(12);
        k->setPlaying(true);
        auto *action = window.findChild<QAction *>(QStringLiteral("ExportAnimationAction"));
        QVERIFY(action);
        const QString path = folder.filePath(QStringLiteral("k.gif"));
        bool seen = false;
        whenModal([&](QWidget *modal) {
            auto *dialog = qobject_cast<AnimationDialog *>(modal);
            QVERIFY(dialog);
            seen = true;
            QCOMPARE(dialog->parameterBox()->currentData().toString(), QStringLiteral("offset"));
            QCOMPARE(dialog->fromEntry()->text(), QStringLiteral("-19"));
            QCOMPARE(dialog->toEntry()->text(), QStringLiteral("19"));
            QCOMPARE(dialog->framesBox()->value(), 39);
            QCOMPARE(dialog->fpsBox()->value(), 12);
            k->setPlaying(false);
            dialog->framesBox()->setValue(3);
            dialog->dpiBox()->setValue(72);
            dialog->fileEntry()->setText(QDir::toNativeSeparators(path));
            QVERIFY(dialog->commandLabel()->text().contains(
                QStringLiteral("--animate offset --from -19 --to 19 --frames 3 --fps 12 -o ")));
            auto *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
            QVERIFY(ok->isEnabled());
            // A bad value disables Export and says which option and range.
            dialog->toEntry()->setText(QStringLiteral("1e10"));
            QVERIFY(!ok->isEnabled());
            QVERIFY2(dialog->errorLabel()->text().contains(QStringLiteral("--to")), qPrintable(dialog->errorLabel()->text()));
            dialog->toEntry()->setText(QStringLiteral("19"));
            QVERIFY(ok->isEnabled());
            QTest::mouseClick(ok, Qt::LeftButton);
        });
        action->trigger();
        QVERIFY(seen);
        QCOMPARE(entriesOf(folder.path()), QStringList{QStringLiteral("k.gif")});
        QImageReader reader(path);
        QCOMPARE(reader.format(), QByteArray("gif"));
        QCOMPARE(reader.imageCount(), 3);
        QCOMPARE(reader.size(), QSize(int(std::lround(89 / 25.4 * 72)), int(std::lround(66.75 / 25.4 * 72))));
    }

    // A slide is shown on a projector: choosing it offers a screen's DPI and a projector's
    // text, a page for print gives back the print DPI; a DPI the user set stays. The dialog
    // says how much it will draw before it starts.
    void slideOffersAProjectorsPage()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        window.showView(QStringLiteral("heatmap"));
        auto *action = window.findChild<QAction *>(QStringLiteral("ExportAnimationAction"));
        QVERIFY(action);
        bool seen = false;
        whenModal([&](QWidget *modal) {
            auto *dialog = qobject_cast<AnimationDialog *>(modal);
            QVERIFY(dialog);
            seen = true;
            QCOMPARE(dialog->dpiBox()->value(), 300);
            dialog->framesBox()->setValue(10);
            dialog->sizeBox()->setCurrentIndex(dialog->sizeBox()->findData(QStringLiteral("slide")));
            QCOMPARE(dialog->dpiBox()->value(), 120);
            const QString command = dialog->commandLabel()->text();
            QVERIFY2(command.contains(QStringLiteral("--size slide --dpi 120 --font-pt 18 ")), qPrintable(command));
            // 254 x 142.875 mm at 120 dpi: 1200 x 675 pixels, ten frames of them.
            const auto *pixels = dialog->findChild<QLabel *>(QStringLiteral("pixels"));
            QVERIFY(pixels);
            QVERIFY2(pixels->text().contains(QStringLiteral("1200 × 675")) && pixels->text().contains(QStringLiteral("8.1")),
                     qPrintable(pixels->text()));
            dialog->sizeBox()->setCurrentIndex(dialog->sizeBox()->findData(QStringLiteral("double-column")));
            QCOMPARE(dialog->dpiBox()->value(), 300);
            dialog->dpiBox()->setValue(150);
            dialog->sizeBox()->setCurrentIndex(dialog->sizeBox()->findData(QStringLiteral("slide")));
            QCOMPARE(dialog->dpiBox()->value(), 150);
            dialog->reject();
        });
        action->trigger();
        QVERIFY(seen);
    }

    // Cancel while the frames are drawn: no file, no message.
    void cancelLeavesNoFile()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        window.showView(QStringLiteral("heatmap"));
        auto *action = window.findChild<QAction *>(QStringLiteral("ExportAnimationAction"));
        QVERIFY(action);
        const QString path = folder.filePath(QStringLiteral("cancelled.gif"));
        whenModal([&](QWidget *modal) {
            auto *dialog = qobject_cast<AnimationDialog *>(modal);
            QVERIFY(dialog);
            dialog->framesBox()->setValue(40);
            dialog->dpiBox()->setValue(72);
            dialog->fileEntry()->setText(QDir::toNativeSeparators(path));
            QTest::mouseClick(dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        });
        // The user presses Cancel once the second frame is being drawn.
        int clicks = 0;
        bool messageShown = false;
        QTimer watcher;
        watcher.setInterval(5);
        connect(&watcher, &QTimer::timeout, &window, [&] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                messageShown = true;
                box->reject();
                return;
            }
            auto *progress = window.findChild<QProgressDialog *>(QStringLiteral("AnimationProgress"));
            if (clicks == 0 && progress && progress->isVisible() && progress->value() >= 1) {
                auto *cancel = progress->findChild<QPushButton *>();
                QVERIFY(cancel);
                QTest::mouseClick(cancel, Qt::LeftButton);
                ++clicks;
            }
        });
        watcher.start();
        action->trigger();
        watcher.stop();
        QCOMPARE(clicks, 1);
        QVERIFY(!messageShown);
        QCOMPARE(entriesOf(folder.path()), QStringList());
    }
};

QTEST_MAIN(TestAnimationExport)
#include "tst_animationexport.moc"
