// SPDX-License-Identifier: GPL-3.0-or-later
// The check view on files written here from the formula (expected.h, std::sin):
// its three maps hold the file's numbers, the reference's and their difference (on a colour
// scale of its own, its range in its title); its findings
// name the seed text's bug in the shipped example; "Use this convention" sets the app's
// parameters; a file that cannot be read says why and changes nothing else; a checkpoint
// (.safetensors) opened in the window takes its one position table, or asks which tensor.

#include "../expected.h"
#include "tests/core/safetensorswriter.h"

#include "ui/classroom/lessonspanel.h"
#include "ui/export/figureexport.h"
#include "ui/state/encodingstate.h"
#include "ui/views/check/checkedfile.h"
#include "ui/views/check/checkview.h"
#include "ui/views/check/componentsplot.h"
#include "ui/views/viewregistry.h"
#include "ui/widgets/boxedcolormap.h"
#include "ui/widgets/latestjob.h"
#include "ui/window/language.h"
#include "ui/window/mainwindow.h"
#include "ui/window/undohistory.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QInputDialog>
#include <QMimeData>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QTextBrowser>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace posenc;

namespace {

// The encoding of `p` written as a CSV of [seq_len, d_model] (or its transpose), every number
// with 17 significant digits.
QString writeCsv(const QString &path, const EncodingParams &p, bool transposed)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    const int rows = transposed ? p.dModel : p.seqLen;
    const int columns = transposed ? p.seqLen : p.dModel;
    for (int r = 0; r < rows; ++r) {
        QStringList line;
        for (int c = 0; c < columns; ++c) {
            const double v = transposed ? expected::pe(p, p.start + c, r) : expected::pe(p, p.start + r, c);
            line << QString::number(v, 'g', 17);
        }
        file.write(line.join(QLatin1Char(',')).toUtf8() + '\n');
    }
    return path;
}

EncodingParams make(int d, int n, double base, double start, Layout layout, FrequencyConvention f, double scale = 1)
{
    EncodingParams p;
    p.dModel = d;
    p.seqLen = n;
    p.base = base;
    p.start = start;
    p.layout = layout;
    p.frequencies = f;
    p.scale = scale;
    return p;
}

// The encoding of `p` as the F32 bytes of a [seq_len, d_model] tensor.
std::string tableBytes(const EncodingParams &p)
{
    std::vector<double> values;
    for (int r = 0; r < p.seqLen; ++r)
        for (int c = 0; c < p.dModel; ++c)
            values.push_back(expected::pe(p, p.start + r, c));
    return testing::tensorBytes(values, "F32");
}

QString writeBytes(const QString &path, const std::string &bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()))
        return {};
    return path;
}

// A BART-like checkpoint: two tables named like position tables, the encoder's the paper's
// encoding, the decoder's at base 10000² (the doubled exponent); and the shared embedding.
QString writeTwoTables(const QString &path)
{
    const EncodingParams paper = make(16, 24, 10000, 0, Layout::Interleaved, FrequencyConvention::Paper);
    const EncodingParams doubled = make(16, 24, 1e8, 0, Layout::Interleaved, FrequencyConvention::Paper);
    return writeBytes(path, testing::safetensorsFile({
                                {"model.decoder.embed_positions.weight", "F32", {24, 16}, tableBytes(doubled)},
                                {"model.encoder.embed_positions.weight", "F32", {24, 16}, tableBytes(paper)},
                                {"model.shared.weight", "F32", {4, 16}, std::string(4 * 16 * 4, '\0')},
                            }));
}

// Answers the modal dialogs that open while it lives (the tensor chooser): picks `answer`
// among the items offered and accepts, or cancels when `answer` is empty; records each
// dialog's items.
class DialogAnswerer : public QObject
{
public:
    explicit DialogAnswerer(const QString &answer)
        : m_answer(answer)
    {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            if (!dialog) {
                if (QWidget *other = QApplication::activeModalWidget()) { // a message box: not expected
                    others << other->windowTitle();
                    other->close();
                }
                return;
            }
            offered << dialog->comboBoxItems();
            if (m_answer.isEmpty()) {
                dialog->reject();
            } else {
                dialog->setTextValue(m_answer);
                dialog->accept();
            }
        });
        m_timer.start(20);
    }
    QList<QStringList> offered;
    QStringList others;

private:
    QString m_answer;
    QTimer m_timer;
};

QStringList findingCodes(const CheckView &view)
{
    QStringList codes;
    for (int i = 0; i < view.findingsList()->count(); ++i)
        codes << view.findingsList()->item(i)->data(Qt::UserRole).toString();
    return codes;
}

} // namespace


class TestCheckView : public QObject
{
    Q_OBJECT

private slots:
    void canonicalFiles_data();
    void canonicalFiles();
    void exampleIsTheSeedBug();
    void unreadableFileChangesNothing();
    void largeFileIsReadInTheBackground();
    void cancelGoesBackToTheFileBefore();
    void explainsACell();
    void dropOpensTheCheckView();
    void useThisConventionIsANamedStep();
    void checkpointWithOneTable();
    void checkpointAsksWhichTensor();
    void checkpointChooserCancelled();
    void lessonShowsTheLoopBug();
    void differenceHasItsOwnScale();
    void learnedTableShowsItsComponents();
    void cleanup()
    {
        Language::install(QStringLiteral("en"));
        LatestJob::setMode(LatestJob::Mode::Automatic);
    }
};

void TestCheckView::canonicalFiles_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<bool>("transposed");
    QTest::addColumn<QString>("layout");
    const auto I = Layout::Interleaved;
    const auto S = Layout::Split;
    const auto P = FrequencyConvention::Paper;
    const auto T = FrequencyConvention::Tensor2Tensor;
    QTest::newRow("paper interleaved, d 16") << make(16, 20, 10000, 0, I, P) << false << QStringLiteral("interleaved");
    QTest::newRow("tensor2tensor split, fairseq start 2") << make(12, 30, 10000, 2, S, T) << false << QStringLiteral("split");
    QTest::newRow("paper interleaved, odd d 11, channel-first") << make(11, 25, 10000, 0, I, P) << true
                                                                << QStringLiteral("interleaved");
    QTest::newRow("paper split, scale 0.5, start 7") << make(20, 40, 10000, 7, S, P, 0.5) << false << QStringLiteral("split");
}

// A canonical file: the maps hold its numbers, the reference the formula's and a difference
// of about 0; no error is listed; the button sets the app's parameters to the file's.
void TestCheckView::canonicalFiles()
{
    QFETCH(EncodingParams, params);
    QFETCH(bool, transposed);
    QFETCH(QString, layout);
    QTemporaryDir folder;
    const QString path = writeCsv(folder.filePath(QStringLiteral("pe.csv")), params, transposed);
    QVERIFY(!path.isEmpty());
    EncodingState state;
    Scene scene;
    scene.checkFile = path;
    QVERIFY(!state.setScene(scene));
    state.flush();
    CheckView view(&state);
    view.resize(1100, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(20);

    const std::shared_ptr<const CheckedFile> checked = CheckedFile::load(path);
    QVERIFY2(checked->ok(), qPrintable(checked->error));
    QCOMPARE(QString::fromStdString(checked->check.layout), layout);
    QCOMPARE(checked->check.transposed, transposed);
    QVERIFY(checked->check.matches);
    QCOMPARE(view.rowOrigin(), params.start);
    // One cell per matrix cell (a small matrix), against the formula written out here.
    for (int i = 0; i < 3; ++i) {
        QCPColorMapData *data = view.map(i)->data();
        QCOMPARE(data->keySize(), params.dModel);
        QCOMPARE(data->valueSize(), params.seqLen);
        QCOMPARE(view.map(i)->colorScale(), i < 2 ? view.colorScale() : view.differenceScale());
        for (int r = 0; r < params.seqLen; ++r) {
            for (int c = 0; c < params.dModel; ++c) {
                const double want = expected::pe(params, params.start + r, c);
                const double got = data->cell(c, r);
                const double expectedValue = i == 2 ? 0.0 : want;
                QVERIFY2(std::abs(got - expectedValue) <= 1e-9,
                         qPrintable(QStringLiteral("map %1, row %2, column %3: %4, expected %5")
                                        .arg(i).arg(r).arg(c).arg(got, 0, 'g', 17).arg(expectedValue, 0, 'g', 17)));
            }
        }
    }
    // The colour scale is symmetric about 0 and reaches the amplitude. The difference's is its
    // own, symmetric too: the largest |difference| drawn, or where that is below what the
    // file's precision allows (the last digits printed), the allowance, so that the rounding
    // of a matching file stays pale.
    const QCPRange range = view.colorScale()->dataRange();
    QCOMPARE(range.lower, -range.upper);
    QVERIFY(std::abs(range.upper - std::abs(params.scale)) < 1e-6);
    const QCPRange difference = view.differenceScale()->dataRange();
    QCOMPARE(difference.lower, -difference.upper);
    double largest = 0;
    for (int r = 0; r < params.seqLen; ++r)
        for (int c = 0; c < params.dModel; ++c)
            largest = std::max(largest, std::abs(view.map(2)->data()->cell(c, r)));
    // Rounded up to two significant digits: no lower, no more than a step of them higher.
    const double extent = std::max(largest, checked->check.tolerance);
    QVERIFY2(difference.upper >= extent && difference.upper <= extent * 1.1,
             qPrintable(QStringLiteral("%1 for %2").arg(difference.upper, 0, 'g', 17).arg(extent, 0, 'g', 17)));
    QCOMPARE(difference.upper, QString::number(difference.upper, 'g', 2).toDouble());
    QVERIFY2(difference.upper < 1e-3, qPrintable(QString::number(difference.upper)));
    for (const QString &code : findingCodes(view))
        QVERIFY2(code != QLatin1String("doubled_exponent") && code != QLatin1String("not_sinusoidal"), qPrintable(code));
    QVERIFY(view.verdictLabel()->text().contains(QLatin1String("Matches")));

    // A click on a cell of the difference map: the inspector explains that cell, and each map
    // outlines it.
    QCPAxisRect *rect = view.mapRect(2);
    const QPoint pixel(int(rect->axis(QCPAxis::atBottom)->coordToPixel(3)),
                       int(rect->axis(QCPAxis::atLeft)->coordToPixel(params.start + 2)));
    QTest::mouseClick(view.mapPlot(), Qt::LeftButton, Qt::NoModifier, pixel);
    QCOMPARE(state.inspection().kind, QStringLiteral("check-cell"));
    QCOMPARE(state.inspection().a, params.start + 2);
    QCOMPARE(state.inspection().b, 3.0);
    QVERIFY(view.cellHighlight(0)->isVisible() && view.cellHighlight(2)->isVisible());
    QVERIFY(ViewRegistry::explain(state, state.inspection()).contains(QLatin1String("Row 2 ")));

    // Use this convention: every parameter the file determines.
    QVERIFY(view.useButton()->isEnabled());
    QTest::mouseClick(view.useButton(), Qt::LeftButton);
    state.flush();
    const EncodingParams &p = state.params();
    QCOMPARE(p.dModel, params.dModel);
    QCOMPARE(p.seqLen, params.seqLen);
    QCOMPARE(p.layout, params.layout);
    QCOMPARE(p.frequencies, params.frequencies);
    QVERIFY(std::abs(p.base - params.base) <= 1e-6 * params.base);
    QVERIFY(std::abs(p.start - params.start) <= 1e-6);
    QVERIFY(std::abs(p.scale - params.scale) <= 1e-6);
    QVERIFY(view.transferLabel()->isVisible());
    QVERIFY(!view.useButton()->isEnabled()); // the app now shows it
}

// The example shipped in the resources is the seed text's loop: doubled exponent, and the
// cosine of a pair at another frequency than its sine. The difference map holds file −
// reference, with the file's values computed here from the seed's loop in float32.
void TestCheckView::exampleIsTheSeedBug()
{
    EncodingState state;
    CheckView view(&state);
    view.resize(1100, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(20);
    const QStringList codes = findingCodes(view);
    QVERIFY2(codes.contains(QLatin1String("per_column_exponent")) || codes.contains(QLatin1String("doubled_exponent")),
             qPrintable(codes.join(QLatin1Char(' '))));
    QVERIFY(!view.verdictLabel()->text().contains(QLatin1String("Matches")));
    QCPColorMapData *file = view.map(0)->data();
    QCOMPARE(file->keySize(), 128);
    QCOMPARE(file->valueSize(), 50);
    for (int pos = 0; pos < 50; ++pos) {
        for (int i = 0; i < 128; i += 2) {
            const float s = float(std::sin(pos / std::pow(10000.0, 2.0 * i / 128)));
            const float c = float(std::cos(pos / std::pow(10000.0, 2.0 * (i + 1) / 128)));
            QVERIFY(std::abs(file->cell(i, pos) - double(s)) <= 1e-6);
            QVERIFY(std::abs(file->cell(i + 1, pos) - double(c)) <= 1e-6);
            QVERIFY(std::abs(view.map(2)->data()->cell(i, pos)
                             - (view.map(0)->data()->cell(i, pos) - view.map(1)->data()->cell(i, pos)))
                    <= 1e-12);
        }
    }
    // The difference bar ends at the largest |difference| rounded up to two digits, the
    // number its title gives: ±2 for 1.996, so that even a slide's short bar labels its ends.
    double largest = 0;
    for (int pos = 0; pos < 50; ++pos)
        for (int i = 0; i < 128; ++i)
            largest = std::max(largest, std::abs(view.map(2)->data()->cell(i, pos)));
    QVERIFY2(largest > 1.99 && largest < 2, qPrintable(QString::number(largest, 'g', 17)));
    QCOMPARE(view.differenceScale()->dataRange().upper, 2.0);
    QCOMPARE(view.differenceScale()->dataRange().lower, -2.0);
    QVERIFY2(view.mapTitle(2)->text().endsWith(QStringLiteral("(±2)")), qPrintable(view.mapTitle(2)->text()));
    // The fitted ladder: the paper's line and the file's sin and cos columns.
    QVERIFY(view.ladderPlot()->graphCount() >= 3);
}

// A file too large to read at once (1024 positions x 512 dimensions of 17-digit text, over
// CheckedFile::kQuickBytes): the view returns at once saying what it does, the window's thread
// stays free, and the file is shown when its check is done.
void TestCheckView::largeFileIsReadInTheBackground()
{
    LatestJob::setMode(LatestJob::Mode::Background);
    QTemporaryDir folder;
    const EncodingParams p = make(512, 1024, 10000, 0, Layout::Interleaved, FrequencyConvention::Paper);
    const QString path = writeCsv(folder.filePath(QStringLiteral("large.csv")), p, false);
    QVERIFY(QFileInfo(path).size() > CheckedFile::kQuickBytes);
    EncodingState state;
    CheckView view(&state);
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.readingBar()->isHidden());
    Scene scene = state.scene();
    scene.checkFile = path;
    QVERIFY(!state.setScene(scene));
    state.flush();
    QVERIFY(view.readingBar()->isVisible());
    QVERIFY(view.cancelButton()->isVisible());
    QVERIFY2(view.verdictLabel()->text().startsWith(QLatin1String("Reading and checking large.csv")),
             qPrintable(view.verdictLabel()->text()));
    QVERIFY(!CheckedFile::loaded(path));
    // The window's texts do not read the file on its thread meanwhile.
    QCOMPARE(ViewRegistry::describe(QStringLiteral("check"), state),
             QStringLiteral("The check of large.csv: the file is being read and checked."));
    QCOMPARE(CheckView::useConvention(&state), QStringList{QStringLiteral("The file is still being read and checked.")});
    QVERIFY(!CheckedFile::loaded(path));
    QTRY_VERIFY_WITH_TIMEOUT(view.readingBar()->isHidden(), 60000);
    QVERIFY(view.cancelButton()->isHidden());
    QVERIFY2(view.verdictLabel()->text().startsWith(QLatin1String("Matches")), qPrintable(view.verdictLabel()->text()));
    QCOMPARE(view.map(0)->data()->valueSize() > 0, true);
    QVERIFY(CheckedFile::loaded(path));
}

// Cancel while a large file is read: the scene names the file shown before again, the view
// shows it, and the cancelled check, stopped at its next stage, is not kept.
void TestCheckView::cancelGoesBackToTheFileBefore()
{
    LatestJob::setMode(LatestJob::Mode::Background);
    QTemporaryDir folder;
    const EncodingParams p = make(512, 1024, 10000, 0, Layout::Split, FrequencyConvention::Paper);
    const QString path = writeCsv(folder.filePath(QStringLiteral("other.csv")), p, false);
    EncodingState state;
    QString exampleVerdict;
    {
        CheckView view(&state);
        view.resize(1000, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        exampleVerdict = view.verdictLabel()->text();
        QVERIFY(!exampleVerdict.isEmpty());
        Scene scene = state.scene();
        scene.checkFile = path;
        QVERIFY(!state.setScene(scene));
        state.flush();
        QVERIFY(view.cancelButton()->isVisible());
        QTest::mouseClick(view.cancelButton(), Qt::LeftButton);
        state.flush();
        QCOMPARE(state.scene().checkFile, QString());
        QVERIFY(view.readingBar()->isHidden());
        QVERIFY(view.useButton()->isVisible());
        QCOMPARE(view.verdictLabel()->text(), exampleVerdict);
    } // the view's reader waits here for the check's next stage
    QVERIFY(!CheckedFile::loaded(path));
}

void TestCheckView::unreadableFileChangesNothing()
{
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("broken.npy"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("\x93NUMPY not really");
    file.close();
    EncodingState state;
    Scene scene;
    scene.checkFile = path;
    QVERIFY(!state.setScene(scene));
    state.flush();
    const Scene before = state.scene();
    CheckView view(&state);
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.verdictLabel()->text().startsWith(QLatin1String("Cannot check this file:")));
    QVERIFY(!view.verdictLabel()->text().contains(QLatin1Char('\n')));
    QVERIFY(!view.useButton()->isEnabled());
    QCOMPARE(view.findingsList()->count(), 0);
    QCOMPARE(view.mapTitle(2)->text(), QStringLiteral("file − reference")); // no range of nothing
    QVERIFY(CheckView::useConvention(&state).size() == 1);
    state.flush();
    QVERIFY(state.scene() == before);
    QString error;
    QVERIFY(!ViewRegistry::find(u"check")->dataTable(state.scene(), &error));
    QVERIFY(error.contains(QLatin1String("broken.npy")));
}

// The inspector: the file's value, the reference's formula with its numbers, the difference.
void TestCheckView::explainsACell()
{
    QTemporaryDir folder;
    const EncodingParams params = make(8, 12, 10000, 0, Layout::Interleaved, FrequencyConvention::Paper);
    const QString path = writeCsv(folder.filePath(QStringLiteral("pe.csv")), params, false);
    EncodingState state;
    Scene scene;
    scene.checkFile = path;
    QVERIFY(!state.setScene(scene));
    const QString text = ViewRegistry::explain(state, {QStringLiteral("check-cell"), 3, 2});
    QVERIFY2(text.contains(QLatin1String("sin(")), qPrintable(text));
    QVERIFY2(text.contains(expected::shown(expected::pe(params, 3, 2)).left(6)), qPrintable(text));
}

// A file dropped on the window: the check view comes to the front with the file's findings,
// in one undo step; a file no view opens is not taken. File > Check an Encoding… is there.
void TestCheckView::dropOpensTheCheckView()
{
    QTemporaryDir folder;
    // The paper's encoding at base 10000² = 1e8: the doubled exponent.
    const EncodingParams doubled = make(32, 40, 1e8, 0, Layout::Interleaved, FrequencyConvention::Paper);
    const QString path = writeCsv(folder.filePath(QStringLiteral("doubled.csv")), doubled, false);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // One File > Open… entry a view that opens files: the check view's is the first.
    QCOMPARE(window.openViewFileActions().size(), 2);
    QVERIFY(window.openViewFileActions().first()->text().contains(QLatin1String("Check")));
    QVERIFY(window.openViewFileActions().last()->text().contains(QLatin1String("Config")));
    const int steps = window.undoHistory()->stack()->count();

    QMimeData refused;
    refused.setUrls({QUrl::fromLocalFile(folder.filePath(QStringLiteral("preset.json")))});
    QDragEnterEvent enterRefused(QPoint(20, 20), Qt::CopyAction, &refused, Qt::LeftButton, Qt::NoModifier);
    enterRefused.setAccepted(false);
    QApplication::sendEvent(&window, &enterRefused);
    QVERIFY(!enterRefused.isAccepted());

    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QTest::qWait(50);
    QCOMPARE(window.currentView(), QStringLiteral("check"));
    QCOMPARE(window.state()->scene().checkFile, path);
    auto *view = qobject_cast<CheckView *>(window.view(QStringLiteral("check")));
    QVERIFY(view);
    QVERIFY2(findingCodes(*view).contains(QLatin1String("doubled_exponent")), qPrintable(findingCodes(*view).join(QLatin1Char(' '))));
    QCOMPARE(window.undoHistory()->stack()->count(), steps + 1);
    window.undoHistory()->stack()->undo();
    window.state()->flush();
    QVERIFY(window.state()->scene().checkFile.isEmpty());
}

// Use this convention is one undo step that says what it was, not "Undo 4 settings"; the
// next change is named by its own settings again.
void TestCheckView::useThisConventionIsANamedStep()
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.showView(QStringLiteral("check")));
    auto *view = qobject_cast<CheckView *>(window.view(QStringLiteral("check")));
    QVERIFY(view);
    QTRY_VERIFY_WITH_TIMEOUT(view->useButton()->isEnabled(), 60000); // the example, read and checked
    QUndoStack *stack = window.undoHistory()->stack();
    const int steps = stack->count();
    QTest::mouseClick(view->useButton(), Qt::LeftButton);
    window.state()->flush();
    QCOMPARE(stack->count(), steps + 1);
    QCOMPARE(stack->undoText(), CheckView::tr("Use this convention"));
    const int seqLen = window.state()->params().seqLen;
    QVERIFY(!window.state()->setSeqLen(seqLen + 1));
    window.state()->flush();
    QCOMPARE(stack->undoText(), QStringLiteral("seq_len %1 → %2").arg(seqLen).arg(seqLen + 1));
}

// A checkpoint whose one tensor is named like a position table: dropped on the window, that
// tensor is checked at once, without a question.
void TestCheckView::checkpointWithOneTable()
{
    QTemporaryDir folder;
    const EncodingParams paper = make(16, 24, 10000, 0, Layout::Interleaved, FrequencyConvention::Paper);
    const QString path = writeBytes(folder.filePath(QStringLiteral("model.safetensors")),
                                    testing::safetensorsFile({{"transformer.h.0.mlp.weight", "F32", {2, 2}, std::string(16, '\0')},
                                                              {"transformer.wpe.weight", "F32", {24, 16}, tableBytes(paper)}}));
    QVERIFY(!path.isEmpty());
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    DialogAnswerer answerer(QStringLiteral("none"));
    QDropEvent drop(QPointF(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QTest::qWait(50);
    QVERIFY(answerer.offered.isEmpty());
    QVERIFY(answerer.others.isEmpty());
    QCOMPARE(window.currentView(), QStringLiteral("check"));
    QCOMPARE(window.state()->scene().checkFile, path);
    QCOMPARE(window.state()->scene().checkTensor, QStringLiteral("transformer.wpe.weight"));
    auto *view = qobject_cast<CheckView *>(window.view(QStringLiteral("check")));
    QVERIFY(view);
    QVERIFY2(view->verdictLabel()->text().contains(QLatin1String("Matches")), qPrintable(view->verdictLabel()->text()));
    const std::shared_ptr<const CheckedFile> checked = CheckedFile::load(path, QStringLiteral("transformer.wpe.weight"));
    QVERIFY2(checked->ok(), qPrintable(checked->error));
    QCOMPARE(checked->displayName(), QStringLiteral("model.safetensors: transformer.wpe.weight"));
    QCOMPARE(checked->file.format, std::string("safetensors"));
}

// Two tables named like position tables: File > Check an Encoding…'s path asks which one, and
// the one picked is checked (here the decoder's, with the doubled exponent), in one undo step
// that the scene and its command line remember.
void TestCheckView::checkpointAsksWhichTensor()
{
    QTemporaryDir folder;
    const QString path = writeTwoTables(folder.filePath(QStringLiteral("bart.safetensors")));
    QVERIFY(!path.isEmpty());
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const int steps = window.undoHistory()->stack()->count();
    QString error;
    {
        DialogAnswerer answerer(QStringLiteral("model.decoder.embed_positions.weight"));
        QVERIFY2(window.openViewFile(path, &error), qPrintable(error));
        QCOMPARE(answerer.offered.size(), 1);
        QCOMPARE(answerer.offered.first(), (QStringList{QStringLiteral("model.decoder.embed_positions.weight"),
                                                        QStringLiteral("model.encoder.embed_positions.weight")}));
    }
    QTest::qWait(50);
    QCOMPARE(window.state()->scene().checkTensor, QStringLiteral("model.decoder.embed_positions.weight"));
    QCOMPARE(window.undoHistory()->stack()->count(), steps + 1);
    auto *view = qobject_cast<CheckView *>(window.view(QStringLiteral("check")));
    QVERIFY(view);
    QVERIFY2(findingCodes(*view).contains(QLatin1String("doubled_exponent")), qPrintable(findingCodes(*view).join(QLatin1Char(' '))));
    const FigureRequest request = window.exportRequest(QStringLiteral("check"));
    const QStringList arguments = request.arguments();
    const qsizetype at = arguments.indexOf(QStringLiteral("--check-tensor"));
    QVERIFY2(at > 0 && arguments.value(at + 1) == QLatin1String("model.decoder.embed_positions.weight"),
             qPrintable(arguments.join(QLatin1Char(' '))));

    // A checkpoint with no tensor named so: the question offers its 2-D tensors.
    const QString unnamed = writeBytes(folder.filePath(QStringLiteral("unnamed.safetensors")),
                                       testing::safetensorsFile({{"bias", "F32", {4}, std::string(16, '\0')},
                                                                 {"encoder.table", "F32", {24, 16},
                                                                  tableBytes(make(16, 24, 10000, 0, Layout::Interleaved,
                                                                                  FrequencyConvention::Paper))}}));
    DialogAnswerer second(QStringLiteral("encoder.table"));
    QVERIFY2(window.openViewFile(unnamed, &error), qPrintable(error));
    QCOMPARE(second.offered, QList<QStringList>{QStringList{QStringLiteral("encoder.table")}});
    QCOMPARE(window.state()->scene().checkTensor, QStringLiteral("encoder.table"));
}

// Cancelling the question changes nothing and says nothing; a checkpoint without any matrix
// is refused with a reason.
void TestCheckView::checkpointChooserCancelled()
{
    QTemporaryDir folder;
    const QString path = writeTwoTables(folder.filePath(QStringLiteral("bart.safetensors")));
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const Scene before = window.state()->scene();
    const int steps = window.undoHistory()->stack()->count();
    DialogAnswerer answerer{QString()};
    QString error;
    QVERIFY(!window.openViewFile(path, &error));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(answerer.offered.size(), 1);
    window.state()->flush();
    QVERIFY(window.state()->scene() == before);
    QCOMPARE(window.undoHistory()->stack()->count(), steps);

    const QString vectors = writeBytes(folder.filePath(QStringLiteral("vectors.safetensors")),
                                       testing::safetensorsFile({{"bias", "F32", {4}, std::string(16, '\0')}}));
    QVERIFY(!window.openViewFile(vectors, &error));
    QVERIFY2(error.contains(QLatin1String("vectors.safetensors")) && error.contains(QLatin1String("2-D")), qPrintable(error));
    QCOMPARE(answerer.offered.size(), 1);
    QVERIFY(answerer.others.isEmpty());
}

// The lesson "Spot the bug in your own code": Show me, from another file in another view,
// brings the check view back to the shipped example and its two findings.
void TestCheckView::lessonShowsTheLoopBug()
{
    QTemporaryDir folder;
    const QString other = writeCsv(folder.filePath(QStringLiteral("pe.csv")),
                                   make(16, 20, 10000, 0, Layout::Interleaved, FrequencyConvention::Paper), false);
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openViewFile(other));
    window.showView(QStringLiteral("heatmap"));
    LessonsPanel *panel = window.lessonsPanel();
    int index = -1;
    for (int i = 0; i < panel->lessons().size(); ++i) {
        if (panel->lessons()[i].id == QLatin1String("spot-the-bug"))
            index = i;
    }
    QVERIFY(index >= 0);
    panel->setCurrentLesson(index);
    QVERIFY(panel->text()->toPlainText().contains(QLatin1String("textbook-loop.npy")));
    QTest::mouseClick(panel->showMeButton(), Qt::LeftButton);
    window.state()->flush();
    QTest::qWait(50);
    QCOMPARE(window.currentView(), QStringLiteral("check"));
    QVERIFY(window.state()->scene().checkFile.isEmpty());
    auto *view = qobject_cast<CheckView *>(window.view(QStringLiteral("check")));
    QVERIFY(view);
    const QStringList codes = findingCodes(*view);
    QVERIFY2(codes.contains(QLatin1String("doubled_exponent")) && codes.contains(QLatin1String("per_column_exponent")),
             qPrintable(codes.join(QLatin1Char(' '))));
    // The lesson's numbers: the ratio of a pair's cosine to its sine frequency, 10000^(-2/128).
    const std::shared_ptr<const CheckedFile> checked = CheckedFile::load(QString());
    const Finding *perColumn = checked->check.finding("per_column_exponent");
    QVERIFY(perColumn);
    QVERIFY(std::abs(perColumn->found - std::pow(10000.0, -2.0 / 128)) < 2e-3);
    const Finding *doubled = checked->check.finding("doubled_exponent");
    QVERIFY(doubled);
    QVERIFY(std::abs(doubled->found / 1e8 - 1) < 1e-2);
}

// The paper's encoding plus a residual of at most 1e-3 (a fine-tuned table): the difference map
// has a colour scale of its own, ±(its largest |difference|), where the file's ±1 would leave
// it white, and says that range in its title, on screen, in Chinese and in an exported figure.
void TestCheckView::differenceHasItsOwnScale()
{
    QTemporaryDir folder;
    const EncodingParams params = make(32, 40, 10000, 0, Layout::Interleaved, FrequencyConvention::Paper);
    const QString path = folder.filePath(QStringLiteral("residual.csv"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    for (int r = 0; r < params.seqLen; ++r) {
        QStringList line;
        for (int c = 0; c < params.dModel; ++c) {
            // A residual with no structure in [-1e-3, 1e-3], exactly 1e-3 at row 0, column 0.
            const unsigned hash = unsigned(r * 131 + c * 71 + 17) * 2654435761u;
            const double residual = r == 0 && c == 0 ? 1e-3 : 1e-3 * (double(hash % 2001) - 1000) / 1000;
            line << QString::number(expected::pe(params, r, c) + residual, 'g', 17);
        }
        file.write(line.join(QLatin1Char(',')).toUtf8() + '\n');
    }
    file.close();
    EncodingState state;
    Scene scene;
    scene.checkFile = path;
    QVERIFY(!state.setScene(scene));
    state.flush();
    CheckView view(&state);
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(20);
    const QStringList codes = findingCodes(view);
    QVERIFY2(codes.contains(QLatin1String("residual")), qPrintable(codes.join(QLatin1Char(' '))));

    QCOMPARE(view.map(0)->colorScale(), view.colorScale());
    QCOMPARE(view.map(1)->colorScale(), view.colorScale());
    QCOMPARE(view.map(2)->colorScale(), view.differenceScale());
    const QCPRange difference = view.differenceScale()->dataRange();
    QCOMPARE(difference.lower, -difference.upper);
    QVERIFY2(difference.upper > 0.95e-3 && difference.upper < 1.05e-3, qPrintable(QString::number(difference.upper)));
    const QCPRange values = view.colorScale()->dataRange();
    QVERIFY2(values.upper > 0.99 && values.upper < 1.01, qPrintable(QString::number(values.upper)));
    // The residual written at row 0, column 0 is the difference map's cell there.
    QVERIFY(std::abs(view.map(2)->data()->cell(0, 0) - 1e-3) < 1e-5);
    QVERIFY2(view.mapTitle(2)->text().contains(QStringLiteral("±0.001")), qPrintable(view.mapTitle(2)->text()));

    QVERIFY(Language::install(QStringLiteral("zh_CN")));
    CheckView chinese(&state);
    chinese.resize(1280, 800);
    chinese.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chinese));
    QVERIFY2(chinese.mapTitle(2)->text() == QStringLiteral("文件 − 参考（±0.001）"), qPrintable(chinese.mapTitle(2)->text()));
    Language::install(QStringLiteral("en"));

    // The figure: its own page, the same range.
    FigureRequest request;
    request.view = QStringLiteral("check");
    request.checkFile = path;
    request.output = folder.filePath(QStringLiteral("check.svg"));
    QString error;
    QVERIFY2(FigureExport::write(request, &error), qPrintable(error));
    QFile svg(request.output);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(svg.readAll());
    QVERIFY2(text.contains(QStringLiteral("(±0.001)")), "the figure does not say the difference's range");
}

// A table with no sinusoidal structure whose rows turn once around a circle in two directions
// of its 24 dimensions, under noise: the view plots its first two principal components in the
// ladder's place, one point per position, and offers no convention to use.
void TestCheckView::learnedTableShowsItsComponents()
{
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("learned.csv"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const int n = 48, d = 24;
    for (int r = 0; r < n; ++r) {
        QStringList line;
        const double phi = 2 * 3.141592653589793 * r / n;
        for (int c = 0; c < d; ++c) {
            const unsigned hash = unsigned(r * 131 + c * 71 + 17) * 2654435761u;
            const double noise = 0.05 * (double(hash % 2001) - 1000) / 1000;
            const double a = std::sin(1.7 * c + 0.3), b = std::cos(2.9 * c + 1.1); // two fixed directions
            line << QString::number(0.8 * (std::cos(phi) * a + std::sin(phi) * b) + noise, 'g', 17);
        }
        file.write(line.join(QLatin1Char(',')).toUtf8() + '\n');
    }
    file.close();
    EncodingState state;
    Scene scene;
    scene.checkFile = path;
    QVERIFY(!state.setScene(scene));
    state.flush();
    CheckView view(&state);
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::qWait(20);
    const QStringList codes = findingCodes(view);
    QVERIFY2(codes.contains(QLatin1String("learned_table")), qPrintable(codes.join(QLatin1Char(' '))));
    QVERIFY(view.componentsPlot()->isVisible());
    QVERIFY(!view.ladderPlot()->isVisible());
    QCOMPARE(view.componentsPlot()->curve()->dataCount(), n);
    QVERIFY(!view.useButton()->isEnabled());
    QVERIFY2(view.componentsPlot()->xAxis->label().contains(QLatin1String("PC1")),
             qPrintable(view.componentsPlot()->xAxis->label()));
    // Back to an encoding: the ladder again.
    scene.checkFile = writeCsv(folder.filePath(QStringLiteral("pe.csv")),
                               make(16, 30, 10000, 0, Layout::Interleaved, FrequencyConvention::Paper), false);
    QVERIFY(!state.setScene(scene));
    state.flush();
    QTest::qWait(20);
    QVERIFY(!view.componentsPlot()->isVisible());
    QVERIFY(view.ladderPlot()->isVisible());
}

QTEST_MAIN(TestCheckView)
#include "tst_checkview.moc"
