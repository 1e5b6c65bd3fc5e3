// SPDX-License-Identifier: GPL-3.0-or-later
// posenc-lab: the window, or headless export and screenshot (see DESIGN.md).
#include "app/bench.h"
#include "app/checkcommand.h"
#include "core/encodingcheck.h"
#include "app/commandline.h"
#include "app/figureset.h"
#include "app/headless.h"
#include "app/messagelanguage.h"
#include "app/progress.h"
#include "app/traincommand.h"
#include "core/parallel.h"
#include "ui/export/animationexport.h"
#include "ui/export/dataexport.h"
#include "ui/state/encodingstate.h"
#include "ui/export/figureexport.h"
#include "ui/window/allocator.h"
#include "ui/window/language.h"
#include "ui/window/mainwindow.h"
#include "ui/export/preferences.h"
#include "ui/state/workprogress.h"
#include "ui/views/viewregistry.h"
#include "ui/window/screenshot.h"
#include "ui/version.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QTemporaryDir>
#include <QTemporaryFile>

#include <cstdio>
#include <functional>
#include <memory>

using namespace posenc;

namespace {

// The language of the command line's messages (MessageLanguage::of), set once in main().
QString g_messageLanguage = QStringLiteral("en");

void setApplicationNames()
{
    QCoreApplication::setOrganizationName(QStringLiteral("PosEncLab"));
    QCoreApplication::setApplicationName(QStringLiteral("posenc-lab"));
    QCoreApplication::setApplicationVersion(QStringLiteral(POSENC_VERSION_STRING));
}

// What to say of POSENC_THREADS when it is not a number of threads, in the language of the
// messages; empty when it is one or not set. Such a value is ignored, not refused: the number
// of threads changes how long a change takes, never what it computes (core/parallel.h).
QString threadsVariableNote()
{
    const QByteArray text = qgetenv("POSENC_THREADS");
    if (text.isEmpty() || threadsFromText(text.constData()))
        return {};
    return QCoreApplication::translate("CommandLineParser",
                                       "POSENC_THREADS=%1 is ignored: a whole number from 1 to %2 is "
                                       "expected; %3 threads are used.")
        .arg(SceneReader::printable(QString::fromLocal8Bit(text), 40))
        .arg(kMaxWorkerThreads)
        .arg(workerThreads());
}

// While an export works long (the training lab's runs): its steps as a progress line on a terminal.
struct ExportSteps {
    Progress progress{QStringLiteral("export")};
    ExportSteps()
    {
        WorkProgress::setReporter([this](qint64 done, qint64 total) { progress.advance(done, total); });
    }
    ~ExportSteps() { WorkProgress::setReporter({}); }
    ExportSteps(const ExportSteps &) = delete;
    ExportSteps &operator=(const ExportSteps &) = delete;
};

int runExport(int argc, char **argv, const CommandLine &command)
{
    QCoreApplication app(argc, argv);
    setApplicationNames();
    Language::install(g_messageLanguage); // data holds no translated word, only its errors do
    QString error;
    bool written = false;
    {
        const ExportSteps steps;
        written = FigureExport::writeFile(command.exportRequest(), &error);
    }
    if (!written)
        return reportError(error);
    return 0;
}

// The application of a headless command that draws (a figure, a preset's figures, a
// screenshot): offscreen, no display needed, in the language of --lang and else English, so
// that what is drawn does not depend on the machine it runs on. `argc` must outlive it.
std::unique_ptr<QApplication> startHeadless(int &argc, char **argv, const CommandLine &command)
{
    prepareHeadless();
    auto app = std::make_unique<QApplication>(argc, argv);
    setApplicationNames();
    Language::install(command.language.isEmpty() ? QStringLiteral("en") : command.language);
    MessageLanguage::installForMessages(g_messageLanguage);
    return app;
}

// A view as a figure (.png, .svg, .pdf): rendered offscreen, no window and no display.
int runFigureExport(int argc, char **argv, const CommandLine &command)
{
    const auto app = startHeadless(argc, argv, command);
    QString error;
    QStringList omitted;
    bool written = false;
    {
        const ExportSteps steps;
        written = FigureExport::write(command.exportRequest(), &error, QString(), &omitted);
    }
    if (!written)
        return reportError(error);
    reportNote(FigureExport::omissionNote(command.exportRequest().page, omitted));
    return 0;
}

// export --animate ... -o FILE.gif: every frame rendered offscreen as a figure, then the GIF.
int runAnimationExport(int argc, char **argv, const CommandLine &command)
{
    const auto app = startHeadless(argc, argv, command);
    QString error;
    QStringList omitted;
    bool written = false;
    {
        Progress progress(QStringLiteral("export"));
        written = AnimationExport::write(
            command.animationRequest(), &error,
            [&progress](int done, int total) {
                progress.advance(done, total);
                return true;
            },
            nullptr, &omitted);
    }
    if (!written)
        return reportError(error);
    reportNote(FigureExport::omissionNote(command.animationRequest().page, omitted));
    return 0;
}

// export --preset FILE --out-dir DIR: every figure of the preset, or none (see figureset.h).
int runPresetExport(int argc, char **argv, const CommandLine &command)
{
    const auto app = startHeadless(argc, argv, command);
    return writeFigureSet(command.outDir, command.figures, command.language);
}

int runScreenshot(int argc, char **argv, const CommandLine &command)
{
    // An offscreen screen of the size asked, so that the window lays itself out (and
    // presentation mode fills the screen) as on a real screen of that size.
    QTemporaryFile screen(QDir::temp().filePath(QStringLiteral("posenc-lab-screen-XXXXXX.json")));
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    if ((platform.isEmpty() || platform == "offscreen") && screen.open()) {
        const QByteArray description = (QStringLiteral("{\"screens\": [{\"name\": \"screen\", \"x\": 0, \"y\": 0, "
                                    "\"width\": %1, \"height\": %2, \"logicalDpi\": 96, "
                                    "\"logicalBaseDpi\": 96, \"dpr\": 1}]}")
                         .arg(command.size.width())
                         .arg(command.size.height())
                         .toUtf8());
        // Qt aborts on a cut description, so one the disk refused is an error of ours.
        if (screen.write(description) != description.size() || !screen.flush())
            return reportError(QCoreApplication::translate("CommandLineParser", "cannot write a temporary file in %1: %2")
                                   .arg(QDir::tempPath(), screen.errorString()));
        screen.close();
        qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + QFile::encodeName(screen.fileName()));
    }
    const auto app = startHeadless(argc, argv, command); // headless by contract
    // A view that cannot draw its input would be a picture of an error: refused instead.
    if (const QString problem = ViewRegistry::inputError(command.view, command.scene()); !problem.isEmpty())
        return reportError(problem);
    MainWindow window; // no preferences: defaults plus the command line, nothing remembered
    window.state()->setScene(command.scene());
    window.showView(command.view);
    if (command.present)
        window.setPresentationMode(true);
    QString error;
    if (!Screenshot::save(window, command.output, command.size, &error))
        return reportError(error);
    return 0;
}

// check FILE: the diagnosis of a user's encoding, with no GUI (only a QCoreApplication, for
// the translation: --lang, else the locale's, as every message of the command line).
int runCheck(int argc, char **argv, const CommandLine &command)
{
    QCoreApplication app(argc, argv);
    setApplicationNames();
    Language::install(g_messageLanguage);
    CheckOptions options;
    options.expectedBase = command.checkBase.value_or(options.expectedBase);
    options.atol = command.checkAtol;
    return CheckCommand::run(command.checkFile, command.checkJson, options, command.checkTensor);
}

// train --task TASK ... -o FILE: the training lab headless, no GUI application (core trains,
// a QCoreApplication only for the file and the translations).
int runTrain(int argc, char **argv, const CommandLine &command)
{
    QCoreApplication app(argc, argv);
    setApplicationNames();
    Language::install(g_messageLanguage);
    return TrainCommand::run(command.train);
}

// rope CONFIG.json: a model's RoPE and its context extension, no GUI (a QCoreApplication for
// the translations only).
int runRope(int argc, char **argv, const CommandLine &command)
{
    QCoreApplication app(argc, argv);
    setApplicationNames();
    Language::install(g_messageLanguage);
    return RopeCommand::run(command.rope);
}

int runWindow(int argc, char **argv, const CommandLine &command)
{
    keepFreedMemoryForReuse();
    QApplication app(argc, argv);
    setApplicationNames();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/posenc-lab.svg")));
    Preferences preferences;
    // --lang, else the language chosen last time, else the system's.
    QString language = command.language;
    if (language.isEmpty())
        language = preferences.language();
    if (!Language::install(language))
        Language::install(Language::system());

    std::unique_ptr<MainWindow> window;
    std::function<void()> build = [&] {
        window = std::make_unique<MainWindow>(&preferences);
        QObject::connect(window.get(), &MainWindow::languageRequested, window.get(),
                         [&](const QString &chosen) {
                             // Every widget's text comes from tr() at construction: rebuild
                             // the window from the session just saved, in the new language.
                             window->savePreferences();
                             preferences.setLanguage(chosen);
                             Language::install(chosen);
                             MainWindow *old = window.release();
                             build();
                             // What the preferences do not hold (periods, pair, measure, the
                             // open preset, presentation mode) carries over from the old window.
                             window->continueFrom(*old);
                             window->show();
                             old->hide();
                             old->deleteLater();
                         });
    };
    build();
    // A preset (already read and checked by the parser) and then the parameters given on the
    // command line override the remembered session: command.params holds the preset's values
    // with the options applied on top.
    if (command.preset) {
        // Through File > Open, so that Save writes back to it, the recent files list it and its
        // export settings apply.
        QString error;
        if (!window->openPreset(command.presetPath, &error))
            return reportError(QCoreApplication::translate("CommandLineParser", "--preset %1: %2")
                                   .arg(command.presetPath, error));
    }
    if (command.parametersGiven) {
        window->state()->setScene(command.scene());
    }
    window->show();
    return app.exec();
}

} // namespace

int main(int argc, char **argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);

    // The command line is read before any application exists; what Qt says meanwhile (an
    // empty file name to QFile) is not for stderr either, unless a window opens.
    const bool window = argc < 2 || (qstrcmp(argv[1], "export") != 0 && qstrcmp(argv[1], "screenshot") != 0
                                     && qstrcmp(argv[1], "bench") != 0 && qstrcmp(argv[1], "check") != 0
                                     && qstrcmp(argv[1], "train") != 0 && qstrcmp(argv[1], "rope") != 0);
    if (!window)
        qInstallMessageHandler(quietQtMessages);
    // Help and errors in the language of --lang, else the locale's. The translation needs an
    // application, which the parser does not; one lives for the parse only when it is needed.
    g_messageLanguage = MessageLanguage::of(arguments);
    QString threadsNote;
    const auto parsed = [&] {
        const auto parse = [&] {
            threadsNote = threadsVariableNote();
            return CommandLineParser::parse(arguments);
        };
        if (g_messageLanguage == QLatin1String("en"))
            return parse();
        int parseArgc = argc;
        QCoreApplication translating(parseArgc, argv);
        Language::install(g_messageLanguage);
        return parse();
    }();
    if (const auto *error = std::get_if<CommandLineError>(&parsed))
        return reportError(error->message); // the one line of a failed command, nothing before it
    if (!threadsNote.isEmpty())
        std::fprintf(stderr, "posenc-lab: %s\n", qUtf8Printable(threadsNote));
    const CommandLine &command = std::get<CommandLine>(parsed);
    switch (command.mode) {
    case CommandLine::Mode::Help:
    case CommandLine::Mode::Version:
    case CommandLine::Mode::ListViews:
        std::fputs(qUtf8Printable(command.text), stdout);
        return 0;
    case CommandLine::Mode::Export:
        if (command.isPresetBatch())
            return runPresetExport(argc, argv, command);
        if (command.animation)
            return runAnimationExport(argc, argv, command);
        return command.isFigure() ? runFigureExport(argc, argv, command) : runExport(argc, argv, command);
    case CommandLine::Mode::Screenshot:
        return runScreenshot(argc, argv, command);
    case CommandLine::Mode::Bench:
        return runBench(argc, argv, command);
    case CommandLine::Mode::Check:
        return runCheck(argc, argv, command);
    case CommandLine::Mode::Train:
        return runTrain(argc, argv, command);
    case CommandLine::Mode::Rope:
        return runRope(argc, argv, command);
    case CommandLine::Mode::Window:
        break;
    }
    return runWindow(argc, argv, command);
}
