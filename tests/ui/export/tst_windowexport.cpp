// SPDX-License-Identifier: GPL-3.0-or-later
// Export from the window: the export dialog refuses each bad field by name and
// builds the same FigureRequest the command line does; File > Export writes a PNG whose text
// chunk holds exactly the command line "Copy command line" puts on the clipboard, and that
// command, run with the real binary, draws the same pixels; Copy Figure puts the figure on
// the clipboard; Export All Open Views writes one file per open view and a cancel keeps the
// files already written; a failed export leaves nothing; the settings are remembered.

#include "clirun.h"

#include "ui/views/viewregistry.h"
#include "ui/state/encodingstate.h"
#include "ui/export/exportdialog.h"
#include "ui/window/mainwindow.h"
#include "ui/export/preferences.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPixmap>
#include <QProcess>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <cmath>
#include <memory>

using namespace posenc;

namespace {

// The pixels of a PNG of `mm` at `dpi`, written out again from the definition of the inch.
int expectedPixels(double mm, int dpi)
{
    return int(std::lround(mm / 25.4 * dpi));
}

QStringList filesIn(const QString &folder)
{
    QStringList names = QDir(folder).entryList(QDir::Files | QDir::Hidden);
    names.sort();
    return names;
}

QByteArray head(const QString &path, int bytes)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.read(bytes) : QByteArray();
}

// A small state, so that each figure draws quickly, and settings that write into `folder`.
// The pixels of `view`'s recommended page (its descriptor's recommendedSize) at `dpi`.
QSize recommendedPixels(const QString &view, int dpi)
{
    const std::optional<FigurePage> page = FigurePage::fromPreset(ViewRegistry::find(view)->recommendedSize);
    return page ? QSize(expectedPixels(page->widthMm, dpi), expectedPixels(page->heightMm, dpi)) : QSize();
}

void prepare(MainWindow &window, const QString &folder, const QString &format, int dpi = 100)
{
    QVERIFY(!window.state()->setDModel(16));
    QVERIFY(!window.state()->setSeqLen(12));
    // The training lab trains two runs for each of its figures: a short run, as the command-line
    // tests export it (clirun.h, withShortTraining).
    Scene scene = window.state()->scene();
    scene.training.config.steps = 3;
    QVERIFY(!window.state()->setScene(scene));
    window.state()->flush();
    ExportSettings settings = window.exportSettings();
    settings.directory = folder;
    settings.format = format;
    settings.page.dpi = dpi;
    window.setExportSettings(settings);
}

} // namespace

class TestWindowExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
    }

    void dialogRefusesEachBadField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("named"); // how the refusal starts

        QTest::newRow("file empty") << "file" << "" << "File:";
        QTest::newRow("file .txt") << "file" << "figure.txt" << "File:";
        QTest::newRow("file without extension") << "file" << "figure" << "File:";
        QTest::newRow("file in a missing folder") << "file" << "no/such/folder/figure.png" << "File:";
        QTest::newRow("width 19.9") << "width" << "19.9" << "Width:";
        QTest::newRow("width 1001") << "width" << "1001" << "Width:";
        QTest::newRow("width abc") << "width" << "abc" << "Width:";
        QTest::newRow("width empty") << "width" << "" << "Width:";
        QTest::newRow("height 10") << "height" << "10" << "Height:";
        QTest::newRow("height nan") << "height" << "nan" << "Height:";
        QTest::newRow("height inf") << "height" << "inf" << "Height:";
        QTest::newRow("dpi 71") << "dpi" << "71" << "DPI:";
        QTest::newRow("dpi 601") << "dpi" << "601" << "DPI:";
        QTest::newRow("dpi 150.5") << "dpi" << "150.5" << "DPI:";
        QTest::newRow("dpi x") << "dpi" << "x" << "DPI:";
        QTest::newRow("font 4.9") << "font" << "4.9" << "Font size:";
        QTest::newRow("font 31") << "font" << "31" << "Font size:";
        QTest::newRow("font empty") << "font" << "" << "Font size:";
    }

    void dialogRefusesEachBadField()
    {
        QFETCH(QString, field);
        QFETCH(QString, text);
        QFETCH(QString, named);

        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        FigureRequest start;
        start.output = folder.filePath(QStringLiteral("heatmap.png"));
        ExportDialog dialog(start, ExportDialog::Mode::File);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(dialog.request()); // the starting values are valid

        QLineEdit *entry = field == QLatin1String("file")    ? dialog.fileEntry()
                           : field == QLatin1String("width")  ? dialog.widthEntry()
                           : field == QLatin1String("height") ? dialog.heightEntry()
                           : field == QLatin1String("dpi")    ? dialog.dpiEntry()
                                                              : dialog.fontEntry();
        if (field == QLatin1String("width") || field == QLatin1String("height"))
            dialog.sizeBox()->setCurrentIndex(dialog.sizeBox()->findData(QString()));
        QVERIFY(!entry->isReadOnly() && entry->isEnabled());
        entry->setText(text);

        QString error;
        QVERIFY(!dialog.request(&error));
        QVERIFY2(error.startsWith(named), qPrintable(error));
        if (field != QLatin1String("file") && !text.isEmpty())
            QVERIFY2(error.contains(QStringLiteral("“%1”").arg(text)), qPrintable(error)); // quoted as typed

        // Copy command line refuses too and leaves the clipboard alone.
        QGuiApplication::clipboard()->setText(QStringLiteral("untouched"));
        QTest::mouseClick(dialog.copyCommandButton(), Qt::LeftButton);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("untouched"));

        // Export: the dialog stays open, says why, and puts the focus on the field.
        dialog.accept();
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QVERIFY(dialog.errorLabel()->isVisible());
        QCOMPARE(dialog.errorLabel()->text(), error);
        QCOMPARE(dialog.focusWidget(), entry);
        QVERIFY(filesIn(folder.path()).isEmpty());
    }

    void dialogBuildsTheRequest_data()
    {
        QTest::addColumn<QString>("size"); // a preset, or empty for custom
        QTest::addColumn<QString>("width");
        QTest::addColumn<QString>("height");
        QTest::addColumn<double>("widthMm");
        QTest::addColumn<double>("heightMm");
        QTest::addColumn<QString>("sizeArguments");

        QTest::newRow("single column") << "single-column" << "" << "" << 89.0 << 66.75 << "--size single-column";
        QTest::newRow("double column") << "double-column" << "" << "" << 183.0 << 91.5 << "--size double-column";
        QTest::newRow("slide") << "slide" << "" << "" << 254.0 << 142.875 << "--size slide";
        QTest::newRow("custom") << "" << "120" << "80.5" << 120.0 << 80.5 << "--width-mm 120 --height-mm 80.5";
        QTest::newRow("custom, limits") << "" << "20" << "1000" << 20.0 << 1000.0 << "--width-mm 20 --height-mm 1000";
    }

    void dialogBuildsTheRequest()
    {
        QFETCH(QString, size);
        QFETCH(QString, width);
        QFETCH(QString, height);
        QFETCH(double, widthMm);
        QFETCH(double, heightMm);
        QFETCH(QString, sizeArguments);

        QTemporaryDir folder;
        FigureRequest start;
        start.view = QStringLiteral("spectrum");
        start.output = folder.filePath(QStringLiteral("spectrum.png"));
        ExportDialog dialog(start, ExportDialog::Mode::File);
        dialog.sizeBox()->setCurrentIndex(dialog.sizeBox()->findData(size));
        if (size.isEmpty()) {
            dialog.widthEntry()->setText(width);
            dialog.heightEntry()->setText(height);
        } else {
            // A preset fills in its size and keeps the entries read-only.
            QVERIFY(dialog.widthEntry()->isReadOnly());
            QCOMPARE(dialog.widthEntry()->text().toDouble(), widthMm);
        }
        dialog.dpiEntry()->setText(QStringLiteral("150"));
        dialog.fontEntry()->setText(QStringLiteral("10"));
        dialog.themeBox()->setCurrentIndex(dialog.themeBox()->findData(QStringLiteral("dark")));
        dialog.colormapBox()->setCurrentIndex(dialog.colormapBox()->findData(QStringLiteral("viridis")));
        QVERIFY(!dialog.dtypeBox()->isEnabled()); // a figure has no number type

        QString error;
        const auto request = dialog.request(&error);
        QVERIFY2(request, qPrintable(error));
        QCOMPARE(request->view, QStringLiteral("spectrum"));
        QCOMPARE(request->output, start.output);
        QCOMPARE(request->page.preset, size);
        QCOMPARE(request->page.widthMm, widthMm);
        QCOMPARE(request->page.heightMm, heightMm);
        QCOMPARE(request->page.dpi, 150);
        QCOMPARE(request->page.fontPt, 10.0);
        QCOMPARE(request->page.theme, QStringLiteral("dark"));
        QCOMPARE(request->page.colormap, QStringLiteral("viridis"));
        const QString command = request->commandLine();
        QVERIFY2(command.contains(sizeArguments + QStringLiteral(" --dpi 150 --font-pt 10 --theme dark "
                                                                 "--colormap viridis")),
                 qPrintable(command));
        // The dialog says how many pixels the PNG will have.
        const QString pixels = QStringLiteral("%1 × %2").arg(expectedPixels(widthMm, 150)).arg(expectedPixels(heightMm, 150));
        QVERIFY2(dialog.findChild<QLabel *>(QStringLiteral("pixelSize"))->text().contains(pixels),
                 qPrintable(dialog.findChild<QLabel *>(QStringLiteral("pixelSize"))->text()));
    }

    // Enter in any field exports (Export is the default button, not Cancel or Browse).
    void enterExports()
    {
        QTemporaryDir folder;
        FigureRequest start;
        start.output = folder.filePath(QStringLiteral("heatmap.svg"));
        ExportDialog dialog(start, ExportDialog::Mode::File);
        dialog.show();
        QApplication::setActiveWindow(&dialog);
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        QCOMPARE(QApplication::focusWidget(), dialog.fileEntry());
        QTest::keyClick(dialog.dpiEntry(), Qt::Key_Return);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.acceptedRequest().output, start.output);
    }

    void dataFileIgnoresThePage()
    {
        QTemporaryDir folder;
        FigureRequest start;
        start.output = folder.filePath(QStringLiteral("heatmap.png"));
        ExportDialog dialog(start, ExportDialog::Mode::File);
        dialog.fileEntry()->setText(folder.filePath(QStringLiteral("heatmap.npy")));
        QVERIFY(dialog.dtypeBox()->isEnabled());
        QVERIFY(!dialog.dpiEntry()->isEnabled());
        dialog.dpiEntry()->setText(QStringLiteral("9999")); // not a figure: not checked
        dialog.dtypeBox()->setCurrentIndex(dialog.dtypeBox()->findData(QStringLiteral("float32")));
        QString error;
        const auto request = dialog.request(&error);
        QVERIFY2(request, qPrintable(error));
        QCOMPARE(request->dtype, DType::Float32);
        QVERIFY(!request->isFigure());
        QCOMPARE(request->page.dpi, start.page.dpi);
    }

    // The fields of what is written only (a greyed "Numbers: float64" for a PDF), the
    // clean check box reaching the request and its command line, and a preview of the page at
    // its proportions that follows the size.
    void dialogShowsTheFieldsOfTheFormatAndAPreview()
    {
        QTemporaryDir folder;
        FigureRequest start;
        start.view = QStringLiteral("curves");
        start.output = folder.filePath(QStringLiteral("curves.pdf"));
        ExportDialog dialog(start, ExportDialog::Mode::File);
        QVERIFY(!dialog.dtypeBox()->isVisibleTo(&dialog));
        QVERIFY(dialog.cleanBox()->isVisibleTo(&dialog));
        QVERIFY(dialog.dpiEntry()->isVisibleTo(&dialog));
        QVERIFY(dialog.previewLabel()->isVisibleTo(&dialog));

        const auto proportions = [&] {
            dialog.updatePreview();
            const QPixmap pixmap = dialog.previewLabel()->pixmap();
            return pixmap.isNull() ? 0.0 : double(pixmap.width()) / pixmap.height();
        };
        QVERIFY(std::abs(proportions() - 89 / 66.75) < 0.02);
        dialog.sizeBox()->setCurrentIndex(dialog.sizeBox()->findData(QStringLiteral("slide")));
        QVERIFY(std::abs(proportions() - 254 / 142.875) < 0.02);

        QVERIFY(!dialog.cleanBox()->isChecked());
        const QImage marked = dialog.previewLabel()->pixmap().toImage();
        dialog.cleanBox()->setChecked(true);
        dialog.updatePreview();
        QVERIFY2(dialog.previewLabel()->pixmap().toImage() != marked, "the preview ignores the clean check box");
        const auto request = dialog.request();
        QVERIFY(request && request->page.clean);
        QVERIFY(request->commandLine().contains(QLatin1String(" --clean ")));

        dialog.fileEntry()->setText(folder.filePath(QStringLiteral("curves.csv")));
        QVERIFY(dialog.dtypeBox()->isVisibleTo(&dialog));
        QVERIFY(!dialog.cleanBox()->isVisibleTo(&dialog));
        QVERIFY(!dialog.dpiEntry()->isVisibleTo(&dialog));
        dialog.updatePreview();
        QVERIFY(!dialog.previewLabel()->isVisibleTo(&dialog));
    }

    // Under the preview, what the page leaves out of the view, as long as it does.
    void dialogSaysWhatThePageLeavesOut_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("size");
        QTest::addColumn<QString>("omitted"); // empty: the note is hidden
        QTest::newRow("spectrum single column") << "spectrum" << "single-column" << "the spectra of the chosen dimensions";
        QTest::newRow("spectrum double column") << "spectrum" << "double-column" << "";
        QTest::newRow("training slide") << "training" << "slide" << "the norm ratio and the two attention maps";
        QTest::newRow("training double column") << "training" << "double-column" << "";
        QTest::newRow("curves single column") << "curves" << "single-column" << "";
    }

    void dialogSaysWhatThePageLeavesOut()
    {
        QFETCH(QString, view);
        QFETCH(QString, size);
        QFETCH(QString, omitted);
        QTemporaryDir folder;
        FigureRequest start;
        start.view = view;
        start.output = folder.filePath(view + QStringLiteral(".pdf"));
        start.training.config.steps = 3;
        ExportDialog dialog(start, ExportDialog::Mode::File);
        dialog.sizeBox()->setCurrentIndex(dialog.sizeBox()->findData(size));
        dialog.updatePreview();
        QLabel *note = dialog.omissionLabel();
        QCOMPARE(note->isVisibleTo(&dialog), !omitted.isEmpty());
        if (!omitted.isEmpty())
            QVERIFY2(note->text().contains(omitted), qPrintable(note->text()));
    }

    void windowHasTheExportActions()
    {
        MainWindow window;
        QCOMPARE(window.exportAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
        QCOMPARE(window.copyFigureAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
        QVERIFY(window.copyCommandLineAction());
        QVERIFY(window.exportAllAction());
        // In the menus, so that the shortcuts work and the F1 help lists them.
        QStringList menuActions;
        for (QAction *menu : window.menuBar()->actions()) {
            for (QAction *action : menu->menu()->actions())
                menuActions << action->text();
        }
        for (QAction *action : {window.exportAction(), window.exportAllAction(), window.copyFigureAction(),
                                window.copyCommandLineAction(), window.describeAction()})
            QVERIFY2(menuActions.contains(action->text()), qPrintable(action->text()));
        // The button under the list of views, whichever view is in front.
        auto *button = window.centralWidget()->findChild<QToolButton *>(QStringLiteral("ViewExportButton"));
        QVERIFY(button);
        QCOMPARE(button->defaultAction(), window.exportAction());
        QVERIFY(button->menu()->actions().contains(window.copyFigureAction()));
        QVERIFY(button->focusPolicy() & Qt::TabFocus);
        QVERIFY(!button->accessibleName().isEmpty());
    }

    // The clipboard's command line is the one in the file's text chunk, and running it with
    // the real binary draws the same picture.
    void exportWritesTheCopiedCommandLine_data()
    {
        QTest::addColumn<QString>("view");
        QTest::newRow("heatmap") << "heatmap";
        QTest::newRow("curves") << "curves";
        QTest::newRow("rotation") << "rotation";
    }

    void exportWritesTheCopiedCommandLine()
    {
        QFETCH(QString, view);
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        MainWindow window;
        prepare(window, folder.path(), QStringLiteral("png"));
        // 20 >= d_model: kept, not drawn
        window.state()->changeScene([](Scene &scene) { scene.dimensions = {1, 3, 20}; });
        window.state()->changeScene([](Scene &scene) { scene.rotationPair = 2; });
        window.state()->flush();
        QVERIFY(window.showView(view));

        ExportDialog dialog(window.exportRequest(window.currentView()), ExportDialog::Mode::File, &window);
        QVERIFY(dialog.copyCommandLine());
        const QString copied = QGuiApplication::clipboard()->text();
        QVERIFY2(copied.startsWith(QStringLiteral("posenc-lab export --view ") + view), qPrintable(copied));
        QVERIFY2(copied.contains(QStringLiteral("--d-model 16 --seq-len 12")), qPrintable(copied));
        const auto request = dialog.request();
        QVERIFY(request);
        QSignalSpy exported(&window, &MainWindow::fileExported);
        QString error;
        QVERIFY2(window.exportFile(*request, &error), qPrintable(error));
        const QString path = folder.filePath(view + QStringLiteral(".png"));
        QCOMPARE(exported.size(), 1);
        QCOMPARE(exported.at(0).at(0).toString(), path);

        const QImage image(path);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), recommendedPixels(view, 100)); // no page chosen yet: the view's
        QCOMPARE(image.text(QStringLiteral("posenc-lab:command")), copied);
        // Edit > Copy Command Line says the same for the view in front.
        window.copyCommandLineAction()->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(), copied);

        // The command reproduces the file: run it (to another name) with the real binary.
        QStringList arguments = QProcess::splitCommand(copied);
        QCOMPARE(arguments.takeFirst(), QStringLiteral("posenc-lab"));
        const qsizetype output = arguments.indexOf(QStringLiteral("-o")) + 1;
        QVERIFY(output > 0);
        QCOMPARE(arguments.at(output), path);
        const QString again = folder.filePath(QStringLiteral("again.png"));
        arguments[output] = again;
        const clitest::Result run = clitest::run(arguments, folder.path());
        QVERIFY2(run.finished && run.exitCode == 0, run.err.constData());
        const QImage reproduced(again);
        QCOMPARE(reproduced.size(), image.size());
        QVERIFY(reproduced.convertToFormat(QImage::Format_ARGB32) == image.convertToFormat(QImage::Format_ARGB32));
    }

    void dataExportCarriesTheCommandLine()
    {
        QTemporaryDir folder;
        MainWindow window;
        prepare(window, folder.path(), QStringLiteral("csv"));
        QVERIFY(window.showView(QStringLiteral("spectrum")));
        const FigureRequest request = window.exportRequest(window.currentView());
        QCOMPARE(request.output, folder.filePath(QStringLiteral("spectrum.csv")));
        QString error;
        QVERIFY2(window.exportFile(request, &error), qPrintable(error));
        const QByteArray csv = head(request.output, 4096);
        QVERIFY2(csv.contains("# command: " + request.commandLine().toUtf8()), csv.constData());
        // 8 frequencies at d_model 16, plus the header and the comment lines.
        const QList<QByteArray> lines = csv.trimmed().split('\n');
        int rows = 0;
        for (const QByteArray &line : lines)
            rows += line.startsWith('#') ? 0 : 1;
        QCOMPARE(rows, 1 + 8);
    }

    void copyFigurePutsTheViewOnTheClipboard()
    {
        QTemporaryDir folder;
        MainWindow window;
        prepare(window, folder.path(), QStringLiteral("pdf"), 120);
        QVERIFY(window.showView(QStringLiteral("similarity")));
        QGuiApplication::clipboard()->clear();
        QString error;
        QVERIFY2(window.copyFigure(&error), qPrintable(error));
        const QImage image = QGuiApplication::clipboard()->image();
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), recommendedPixels(QStringLiteral("similarity"), 120));
        // Not blank: a figure has more than one colour.
        const QRgb first = image.pixel(0, 0);
        bool varied = false;
        for (int y = 0; y < image.height() && !varied; y += 7) {
            for (int x = 0; x < image.width() && !varied; x += 7)
                varied = image.pixel(x, y) != first;
        }
        QVERIFY(varied);
        const QMimeData *mime = QGuiApplication::clipboard()->mimeData();
        QVERIFY(mime->hasFormat(QStringLiteral("image/svg+xml")));
        QVERIFY(mime->data(QStringLiteral("image/svg+xml")).contains("<svg"));
        QVERIFY(filesIn(folder.path()).isEmpty()); // nothing written where exports go
    }

    void exportAllWritesOneFilePerOpenView()
    {
        QTemporaryDir folder;
        MainWindow window;
        prepare(window, folder.path(), QStringLiteral("svg"));
        window.closeView(QStringLiteral("spectrum"));
        window.closeView(QStringLiteral("temporal"));
        const QStringList open = window.openViews();
        QCOMPARE(open.size(), ViewRegistry::ids().size() - 2);
        QSignalSpy exported(&window, &MainWindow::fileExported);
        const MainWindow::BatchResult result = window.exportViews(open, window.exportSettings());
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QVERIFY(!result.cancelled);
        QStringList expected;
        for (const QString &view : open)
            expected << view + QStringLiteral(".svg");
        QStringList written;
        for (const QString &path : result.written)
            written << QFileInfo(path).fileName();
        QCOMPARE(written, expected);
        QCOMPARE(exported.size(), open.size());
        expected.sort();
        QCOMPARE(filesIn(folder.path()), expected);
        for (const QString &path : result.written)
            QVERIFY2(head(path, 4096).contains("<svg"), qPrintable(path));
        // The default single column has no room for the rotation view's equations: the batch
        // says so; the heatmap leaves out nothing.
        const auto noteOf = [&result](const QString &file) {
            for (const QString &note : result.notes)
                if (note.startsWith(file + QStringLiteral(": ")))
                    return note;
            return QString();
        };
        QVERIFY2(noteOf(QStringLiteral("rotation.svg")).contains(QLatin1String("leaves out the equations")),
                 qPrintable(result.notes.join(QLatin1Char('\n'))));
        QVERIFY2(noteOf(QStringLiteral("heatmap.svg")).isEmpty(), qPrintable(result.notes.join(QLatin1Char('\n'))));
    }

    void cancelledBatchKeepsTheFilesWritten()
    {
        QTemporaryDir folder;
        MainWindow window;
        prepare(window, folder.path(), QStringLiteral("png"), 72);
        const QStringList open = window.openViews();
        QCOMPARE(open.size(), ViewRegistry::ids().size());
        // The user presses Cancel while the second file is on its way.
        connect(&window, &MainWindow::fileExported, &window, [&window] {
            auto *progress = window.findChild<QProgressDialog *>();
            QVERIFY(progress && progress->isVisible());
            auto *cancel = progress->findChild<QPushButton *>();
            QVERIFY(cancel);
            QTest::mouseClick(cancel, Qt::LeftButton);
        });
        const MainWindow::BatchResult result = window.exportViews(open, window.exportSettings());
        QVERIFY(result.cancelled);
        QVERIFY(result.error.isEmpty());
        QCOMPARE(result.written.size(), 1);
        QCOMPARE(filesIn(folder.path()), QStringList{open.constFirst() + QStringLiteral(".png")});
        QVERIFY(!QImage(result.written.constFirst()).isNull());
    }

    // File > Export Training Run as PyTorch…: the lab's run for the window's state (its
    // options as set, the window's sinusoid) written as one set; a view without one has no entry.
    void trainingRunExportsAsPytorch()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        MainWindow window;
        QAction *entry = window.findChild<QAction *>(QStringLiteral("export-folder-training"));
        QVERIFY(entry);
        QVERIFY(entry->text().contains(QStringLiteral("PyTorch")));
        QVERIFY(!window.findChild<QAction *>(QStringLiteral("export-folder-heatmap")));
        Scene scene = window.state()->scene();
        scene.training.config.steps = 7;
        scene.training.config.join = PeJoin::Alpha;
        scene.params.base = 500;
        QVERIFY(!window.state()->setScene(scene));
        window.state()->flush();

        const QString target = folder.filePath(QStringLiteral("run"));
        QString error;
        QVERIFY2(window.exportViewFolder(QStringLiteral("training"), target, &error), qPrintable(error));
        QCOMPARE(filesIn(target), (QStringList{QStringLiteral("README.md"), QStringLiteral("run.npz"), QStringLiteral("run.py")}));
        QFile program(QDir(target).filePath(QStringLiteral("run.py")));
        QVERIFY(program.open(QIODevice::ReadOnly));
        const QByteArray text = program.readAll();
        QVERIFY(text.contains("\nSTEPS = 7"));
        QVERIFY(text.contains("\nJOIN = \"alpha\""));
        QVERIFY(text.contains("\nBASE = 500.0"));
        QVERIFY(text.contains("COMMAND = \"posenc-lab train --task order "));
        QVERIFY(text.contains(" --steps 7 "));
        QVERIFY(text.contains(" --join alpha "));
        QVERIFY(text.contains(" --base 500 "));
        QCOMPARE(head(QDir(target).filePath(QStringLiteral("run.npz")), 4), QByteArray("PK\x03\x04", 4));

        // A file where the folder should be: refused with the reason, the file as it was.
        const QString blocker = folder.filePath(QStringLiteral("blocker"));
        QFile file(blocker);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("keep");
        file.close();
        QVERIFY(!window.exportViewFolder(QStringLiteral("training"), blocker, &error));
        QVERIFY2(error.contains(blocker), qPrintable(error));
        QCOMPARE(head(blocker, 10), QByteArray("keep"));
    }

    void failedExportLeavesNoFile()
    {
        QTemporaryDir folder;
        MainWindow window;
        prepare(window, folder.path(), QStringLiteral("png"));
        const ExportSettings before = window.exportSettings();
        FigureRequest request = window.exportRequest(QStringLiteral("heatmap"));
        request.output = folder.filePath(QStringLiteral("missing/heatmap.png"));
        QString error;
        QVERIFY(!window.exportFile(request, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(QDir(folder.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
        // A failed export remembers nothing of it.
        QCOMPARE(window.exportSettings().directory, before.directory);
    }

    // Until a figure is exported each view's starts on the page it recommends; then the page
    // chosen is every view's.
    void firstFigureTakesTheViewsRecommendedPage()
    {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        Preferences preferences(std::make_unique<QSettings>(folder.filePath(QStringLiteral("p.ini")), QSettings::IniFormat));
        MainWindow window(&preferences);
        prepare(window, folder.path(), QStringLiteral("png"));
        QCOMPARE(window.exportRequest(QStringLiteral("heatmap")).page.preset, QStringLiteral("single-column"));
        QCOMPARE(window.exportRequest(QStringLiteral("spectrum")).page.preset, QStringLiteral("double-column"));
        const FigureRequest context = window.exportRequest(QStringLiteral("context"));
        QCOMPARE(context.page.preset, QStringLiteral("double-column"));
        QCOMPARE(context.page.widthMm, FigurePage::fromPreset(QStringLiteral("double-column"))->widthMm);
        FigureRequest chosen = window.exportRequest(QStringLiteral("heatmap"));
        QString error;
        QVERIFY2(window.exportFile(chosen, &error), qPrintable(error));
        QCOMPARE(window.exportRequest(QStringLiteral("spectrum")).page.preset, QStringLiteral("single-column"));
        // Remembered as chosen in the preferences.
        QVERIFY(preferences.exportSettings().pageChosen);
    }

    void settingsAreRemembered()
    {
        QTemporaryDir folder;
        const QString ini = folder.filePath(QStringLiteral("p.ini"));
        const QString out = folder.filePath(QStringLiteral("out"));
        QVERIFY(QDir().mkpath(out));
        {
            Preferences preferences(std::make_unique<QSettings>(ini, QSettings::IniFormat));
            MainWindow window(&preferences);
            prepare(window, out, QStringLiteral("png"));
            FigureRequest request = window.exportRequest(QStringLiteral("curves"));
            request.page = *FigurePage::fromPreset(QStringLiteral("slide"));
            request.page.dpi = 72;
            request.page.fontPt = 12;
            request.page.theme = QStringLiteral("print");
            request.page.colormap = QStringLiteral("gray");
            request.output = QDir(out).filePath(QStringLiteral("curves.pdf"));
            QString error;
            QVERIFY2(window.exportFile(request, &error), qPrintable(error));
            window.savePreferences();
        }
        Preferences preferences(std::make_unique<QSettings>(ini, QSettings::IniFormat));
        MainWindow window(&preferences);
        const ExportSettings settings = window.exportSettings();
        QCOMPARE(settings.directory, out);
        QCOMPARE(settings.format, QStringLiteral("pdf"));
        QCOMPARE(settings.page.preset, QStringLiteral("slide"));
        QCOMPARE(settings.page.dpi, 72);
        QCOMPARE(settings.page.fontPt, 12.0);
        QCOMPARE(settings.page.theme, QStringLiteral("print"));
        QCOMPARE(settings.page.colormap, QStringLiteral("gray"));
        // The dialog opens on them.
        ExportDialog dialog(window.exportRequest(QStringLiteral("heatmap")), ExportDialog::Mode::File);
        QCOMPARE(QDir::fromNativeSeparators(dialog.fileEntry()->text()), QDir(out).filePath(QStringLiteral("heatmap.pdf")));
        QCOMPARE(dialog.dpiEntry()->text(), QStringLiteral("72"));
        QCOMPARE(dialog.sizeBox()->currentData().toString(), QStringLiteral("slide"));
        QCOMPARE(dialog.themeBox()->currentData().toString(), QStringLiteral("print"));
    }
};

QTEST_MAIN(TestWindowExport)
#include "tst_windowexport.moc"
