// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "app/ropecommand.h"
#include "app/traincommand.h"
#include "core/encodingparams.h"
#include "core/temporal.h"
#include "ui/export/animationexport.h"
#include "ui/export/dataexport.h"
#include "ui/export/figurerequest.h"
#include "ui/export/preset.h"

#include <QCoreApplication>
#include <QList>
#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

class QCommandLineParser;

namespace posenc {

// What the user asked for on the command line (see DESIGN.md, "The command line").
// The parameters and view options given (or read from --preset) are its Scene.
struct CommandLine : Scene {
    enum class Mode { Window, Export, Screenshot, Bench, Check, Train, Rope, Help, Version, ListViews };
    Mode mode = Mode::Window;
    const Scene &scene() const { return *this; }
    Scene &scene() { return *this; }
    QString view = ViewRegistry::defaultId();
    QString output;
    DType dtype = DType::Float64;
    QSize size{1280, 800};  // screenshot
    bool present = false;   // screenshot --present: in presentation mode
    FigurePage page;        // export to .png, .svg or .pdf
    QString language;
    bool parametersGiven = false; // any encoding, dimension or temporal option was set
    QString text; // for Help and Version: what to print
    int benchChanges = 0; // bench: parameter changes per view and size (0: its default)
    bool benchQuick = false; // bench --quick: the small sizes only
    QSize benchScreen;       // bench --size: the window alone at this size
    // check FILE [--json] [--base B] [--atol A] [--tensor NAME]: the encoding to diagnose, how to
    // print it, the base meant, how close counts as matching, and a checkpoint's tensor to check
    // (empty: found by its name).
    QString checkFile;
    bool checkJson = false;
    std::optional<double> checkBase;
    std::optional<double> checkAtol;
    QString checkTensor;
    // train --task TASK [options] -o FILE: the run to train and write (TrainCommand::parse).
    TrainRequest train;
    // rope CONFIG.json [--seq-len N] [--layer-type NAME] [--json] (RopeCommand::parse).
    RopeRequest rope;
    // --preset FILE: the preset read (and checked whole) while parsing. Its state seeds
    // params, dimensions, temporal, rotationPair, cosine, view and page above; options given
    // as well override it.
    QString presetPath;
    std::optional<Preset> preset;
    // export --preset FILE --out-dir DIR: the folder, and every figure of the preset to write
    // in it (outputs relative to DIR, options given on the command line applied to each).
    QString outDir;
    QList<FigureRequest> figures;
    // export --animate PARAM --from A --to B --frames N [--fps F] -o FILE.gif: the animation.
    std::optional<Animation> animation;

    // Whether export writes a figure (.png, .svg, .pdf) rather than data (.npy, .csv).
    bool isFigure() const { return FigureRequest::isFigurePath(output); }
    // What an export writes, with the command line that writes it again.
    FigureRequest exportRequest() const;
    // The same with the animation, for export --animate.
    AnimationRequest animationRequest() const;
    // Whether this is `export --preset FILE --out-dir DIR`: every figure of a preset.
    bool isPresetBatch() const { return !outDir.isEmpty(); }
};

// An invalid command line: one line naming the option and its valid range. Exit status 2.
struct CommandLineError {
    QString message;
};

// One row of the command line's option table: what parse() accepts, listed by
// `posenc-lab --list-options` and made into the man page and the shell completion.
struct OptionEntry {
    QString command;      // "" (the window), "export", "screenshot", "check", "bench", "train", "rope"
    QStringList names;    // with their dashes: "-o", "--output"
    QString valueName;    // "FILE"; empty for a switch
    QStringList choices;  // the values of an enumerated option, else empty
};

class CommandLineParser
{
    Q_DECLARE_TR_FUNCTIONS(CommandLineParser)

public:
    // Parses the arguments (the first is the program). Needs no QCoreApplication, so a bad
    // command line is reported even where no window could ever open.
    static std::variant<CommandLine, CommandLineError> parse(const QStringList &arguments);

    // Views that `screenshot --view` can put in front.
    static QStringList screenshotViews();
    // posenc-lab --list-views: one line per registered view, tab-separated: id, title, group
    // (encoding or labs), the shape of its data export ("-" for none), recommended page.
    static QString listViews();

    // Every command's options (the train command's from TrainCommand::options()).
    static QList<OptionEntry> optionTable();
    // posenc-lab --list-options: the table, one tab-separated line per option: command ("-" for
    // the window), names (comma-separated), value name ("-"), values (space-separated, "-").
    static QString listOptions();
    // posenc-lab --help-all: the help of every command and the exit status (help2man's input).
    static QString helpAll();

    // Why `parser` refused `arguments`, in this program's words (the option first, as every
    // other refusal): an unknown option, a value missing after the last option, a value given
    // to an option that takes none. `command` names the command's help ("" for the window's).
    static QString refusal(const QCommandLineParser &parser, const QStringList &arguments, const QString &command);

    // A command with options of its own (train, rope): `arguments` (those after the command's
    // name) parsed into `parser` with `options`, long options also with one dash. Empty, or
    // the refusal's one line.
    static QString parseCommand(QCommandLineParser &parser, const QList<QCommandLineOption> &options,
                                const QStringList &arguments, const QString &command);
};

} // namespace posenc
