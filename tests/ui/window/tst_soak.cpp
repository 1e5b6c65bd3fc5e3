// SPDX-License-Identifier: GPL-3.0-or-later
// The soak: 10,000 seeded actions through the real window, offscreen, as a class would make
// them in an hour and a reviewer trying to break it would add: sliders of pos, k, scale and
// base dragged, sizes typed into d_model and seq_len, text no entry accepts typed into them
// (nan, inf, 1e308, hex, fullwidth digits, empty), the window's keys (undo and redo, the views'
// shortcuts, the next and previous view, closing one, play and step, the docks), plots
// zoomed, dragged and reset, named scenes, the layout, the view in front; every update run.
// The resident set is sampled; after a warm-up (every view shown, its caches and plots at
// their largest) it must not grow by more than kGrowthBound. Under AddressSanitizer the run is
// shorter and for its errors only: ASan's own allocator makes the resident set meaningless as
// a bound. POSENC_SOAK_ACTIONS=N runs N actions instead (the long soak of the benchmarks,
// `cmake --build build --target soak`, runs 100,000).
//
// Keys that open a modal dialog (files, export, help) or quit are not pressed: a dialog would
// wait for a person. Presentation mode is left alone: it resizes the window to the screen, and
// paint buffers of another size are not a leak.

#include "../../sanitizers/addresssanitizer.h"
#include "ui/state/encodingstate.h"
#include "ui/widgets/parametercontrol.h"
#include "ui/widgets/parameterpanel.h"
#include "ui/window/allocator.h"
#include "ui/window/mainwindow.h"
#include "ui/window/undohistory.h"

#include "ui/views/viewregistry.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QSlider>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>

#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <random>

using namespace posenc;

namespace {


constexpr int kDefaultActions = kUnderAddressSanitizer ? 1000 : 10000;
// What the resident set may grow by after the warm-up: the allocator's slack. The undo
// history keeps every change by design (QUndoStack without a limit, about 1.1 KB a step:
// 10.9 MB over 9,000 steps, measured); here it is limited to kUndoSteps so that the bound is
// on what must not grow. A leak of one plot's data per change (up to 256 x 256 doubles)
// would pass it within 20 changes.
constexpr double kGrowthBound = 8.0 * 1024 * 1024;
constexpr int kUndoSteps = 100;

// The resident set, after glibc has handed the free memory at the top of its heaps back to
// the system (malloc_trim): what is left is what the program holds, plus the fragments of
// its heaps, and not the free pages an allocator keeps for later, which vary from run to run
// by megabytes (8.3 and 6.3 MB of growth in two runs of the same changes, measured).
double residentBytes()
{
#if defined(__GLIBC__)
    ::malloc_trim(0);
#endif
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields[1].toDouble() * double(::sysconf(_SC_PAGESIZE)) : -1;
}

// What no entry accepts, as people and fuzzers type it.
const QStringList kRefusedTexts{QStringLiteral("nan"), QStringLiteral("inf"), QStringLiteral("-inf"),
                                QStringLiteral("1e308"), QStringLiteral("0x40"), QStringLiteral("\uFF11\uFF12\uFF18"),
                                QString(), QStringLiteral("abc"), QStringLiteral("-5"), QStringLiteral("1e-400"),
                                QStringLiteral("16384 16384")};

// The window's keys that act at once (no dialog): undo, redo, the next and previous view,
// closing the view in front, play and step, the docks; and every view's own shortcut.
QList<QKeySequence> safeKeys()
{
    QList<QKeySequence> keys{QKeySequence::Undo,
                             QKeySequence(Qt::CTRL | Qt::Key_Y),
                             QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z),
                             QKeySequence(Qt::CTRL | Qt::Key_PageDown),
                             QKeySequence(Qt::CTRL | Qt::Key_PageUp),
                             QKeySequence(Qt::CTRL | Qt::Key_W),
                             QKeySequence(Qt::Key_Space),
                             QKeySequence(Qt::Key_Left),
                             QKeySequence(Qt::Key_Right),
                             QKeySequence(Qt::CTRL | Qt::Key_L),
                             QKeySequence(Qt::CTRL | Qt::Key_I)};
    for (const ViewDescriptor *view : ViewRegistry::all())
        keys << view->shortcut;
    return keys;
}

// A gesture on a plot of the view in front: the wheel, a drag, or a double-click (reset).
void gesture(MainWindow &window, std::mt19937 &random)
{
    QWidget *view = window.view(window.currentView());
    if (!view)
        return;
    QList<QCustomPlot *> plots;
    for (QCustomPlot *plot : view->findChildren<QCustomPlot *>())
        if (plot->isVisible() && plot->width() > 20 && plot->height() > 20)
            plots << plot;
    if (plots.isEmpty())
        return;
    QCustomPlot *plot = plots.at(int(random() % plots.size()));
    auto point = [&] {
        return QPoint(std::uniform_int_distribution<int>(0, plot->width() - 1)(random),
                      std::uniform_int_distribution<int>(0, plot->height() - 1)(random));
    };
    const QPoint at = point();
    switch (random() % 3) {
    case 0: {
        QWheelEvent wheel(at, plot->mapToGlobal(at), QPoint(), QPoint(0, random() % 2 ? 120 : -120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(plot, &wheel);
        break;
    }
    case 1:
        QTest::mousePress(plot, Qt::LeftButton, Qt::NoModifier, at);
        QTest::mouseMove(plot, point());
        QTest::mouseRelease(plot, Qt::LeftButton, Qt::NoModifier, point());
        break;
    default:
        QTest::mouseDClick(plot, Qt::LeftButton, Qt::NoModifier, at);
        break;
    }
}

int actions()
{
    bool ok = false;
    const int asked = qEnvironmentVariableIntValue("POSENC_SOAK_ACTIONS", &ok);
    return ok && asked >= 100 ? asked : kDefaultActions;
}

} // namespace

class TestSoak : public QObject
{
    Q_OBJECT

private slots:
    void tenThousandActions()
    {
        keepFreedMemoryForReuse(); // as posenc-lab's window runs (malloc_trim still trims)
        const int kActions = actions();
        const int kWarmUp = kActions / 10;
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QApplication::setActiveWindow(&window); // the window's shortcuts act on the active window
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.undoHistory()->stack()->count() == 0);
        window.undoHistory()->stack()->setUndoLimit(kUndoSteps);
        EncodingState *state = window.state();
        ParameterPanel *panel = window.parameterPanel();
        const QStringList views = MainWindow::viewNames();
        const QList<ParamField> fields{ParamField::Position, ParamField::Offset, ParamField::DModel,
                                       ParamField::SeqLen, ParamField::Scale, ParamField::Base};
        for (ParamField field : fields)
            QVERIFY(panel->control(field) && panel->control(field)->slider());
        const QList<QKeySequence> keys = safeKeys();
        QComboBox *scenes = window.sceneBox();
        QVERIFY(scenes && scenes->count() > 1);

        std::mt19937 random(20261201); // seeded: the same hour every run
        double afterWarmUp = 0;
        double highest = 0;
        int samples = 0;
        for (int action = 0; action < kActions; ++action) {
            // A new view in front every 50 actions, in turn: every view is updated at every size.
            if (action % 50 == 0)
                QVERIFY(window.showView(views.at((action / 50) % views.size())));
            const int kind = int(random() % 100);
            if (action % 500 == 250) {
                QComboBox *layout = panel->layoutBox();
                layout->setCurrentIndex((layout->currentIndex() + 1) % layout->count());
            } else if (kind < 10) {
                QTest::keySequence(&window, keys.at(int(random() % keys.size())));
            } else if (kind < 20) {
                gesture(window, random);
            } else if (kind < 25) {
                // Text no entry accepts, into the entry of any field.
                QLineEdit *entry = panel->control(fields[random() % fields.size()])->entry();
                entry->setText(kRefusedTexts.at(int(random() % kRefusedTexts.size())));
                QMetaObject::invokeMethod(entry, "editingFinished", Qt::DirectConnection);
            } else if (kind < 27) {
                scenes->setCurrentIndex(1 + int(random() % (scenes->count() - 1)));
            } else if (const ParamField field = fields[random() % fields.size()];
                       field == ParamField::DModel || field == ParamField::SeqLen) {
                // A size typed into its entry, up to 256: the sizes of a lesson (the largest
                // matrices are the benchmarks' business, and would make this run an hour).
                QLineEdit *entry = panel->control(field)->entry();
                entry->setText(QString::number(std::uniform_int_distribution<int>(2, 256)(random)));
                QMetaObject::invokeMethod(entry, "editingFinished", Qt::DirectConnection);
            } else {
                // A drag: the slider of a field to a random position of its range.
                QSlider *slider = panel->control(field)->slider();
                slider->setValue(std::uniform_int_distribution<int>(slider->minimum(), slider->maximum())(random));
            }
            state->flush();
            QCoreApplication::processEvents();
            if (action + 1 == kWarmUp) {
                afterWarmUp = residentBytes();
                QVERIFY(afterWarmUp > 0);
            } else if (action + 1 > kWarmUp && (action + 1) % 250 == 0) {
                highest = std::max(highest, residentBytes());
                ++samples;
            }
        }
        QVERIFY(samples > 0);
        // The changes went through the window: its history holds them, up to its limit (an
        // undo followed by a change drops the steps it undid).
        QVERIFY(window.undoHistory()->stack()->count() > kUndoSteps / 2);
        QVERIFY(window.undoHistory()->stack()->count() <= kUndoSteps);
        const double growth = highest - afterWarmUp;
        qInfo("resident set after %d actions of warm-up %.1f MB, highest of %d samples over %d more %.1f MB "
              "(growth %.1f MB, %d undo steps)",
              kWarmUp, afterWarmUp / 1048576, samples, kActions - kWarmUp, highest / 1048576, growth / 1048576,
              window.undoHistory()->stack()->count());
        if (kUnderAddressSanitizer)
            return; // errors only
        QVERIFY2(growth <= kGrowthBound, qPrintable(QStringLiteral("the resident set grew by %1 MB after the warm-up (bound %2 MB)")
                                                        .arg(growth / 1048576, 0, 'f', 1)
                                                        .arg(kGrowthBound / 1048576, 0, 'f', 0)));
    }
};

QTEST_MAIN(TestSoak)
#include "tst_soak.moc"
