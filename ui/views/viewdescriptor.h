// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/state/datatable.h"
#include "ui/state/scene.h"
#include "ui/io/fileset.h"

#include <QJsonValue>
#include <QKeySequence>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QWidget;

namespace posenc {

class EncodingState;
struct Inspection;

// One view option, declared once: the command line, presets, lessons, the reproducing
// command line of a figure, its file metadata and --help all come from here (after Step's
// STEPCORE_PROPERTY_RW, which the file format and the property editor both iterate). Most
// options are made by the typed builders of optionbuilders.h in one declaration; the members
// are functions so that a builder can bind the field and range it was given.
struct ViewOption {
    QString key;       // in "view_options" of presets and scenes: "periods"
    QString flag;      // on the command line, without the dashes: "periods"
    // Earlier spellings of the flag, still accepted (a lab's flags carry its id as a prefix,
    // as every view's options share the command line: --attention-seed, once --seed).
    QStringList aliases = {};
    QString valueName; // in --help: "LIST"
    // A value as --flag takes it that changes the view's numbers or figure from the default,
    // and the other options, as "flag=value", under which it does (--alpha matters under
    // --join alpha). The registry's contract test sets every option to its sample, one at a
    // time, and fails when nothing changes.
    QString sample;
    QStringList sampleNeeds = {};
    std::function<QString()> help; // the translated rest of the --help line, with range and default

    // The command line: `text` given to --flag, read into `scene` (whose parameters are
    // already final). Nothing, or the one-line message naming --flag and the valid range.
    std::function<std::optional<QString>(const QString &text, Scene &scene)> parse;
    // The value as the reproducing command line spells it (parse(format(s)) gives s back).
    std::function<QString(const Scene &scene)> format;
    // A preset's or a scene's JSON: nothing, or the message naming `path` and the range.
    std::function<std::optional<QString>(const QJsonValue &value, const QString &path, Scene &scene)> read;
    std::function<QJsonValue(const Scene &scene)> write;
    // Checks the option with the others once all are read (a later option can make an
    // earlier one invalid, as --steps can with --periods): the message without "--", or
    // nothing. May be empty.
    std::function<std::optional<QString>(const Scene &scene)> check = {};
    // The key and value in an exported file's parameters JSON, when they differ from
    // key and write() (the similarity measure records "similarity": "cosine").
    QString metadataKey = {};
    std::function<QJsonValue(const Scene &scene)> metadata = {};
    // Whether a data file of this scene records the option: an option that only some of the
    // view's settings use (the attention lab's --seed shapes a learned table, not the
    // sinusoidal term) is left out of the header and the reproducing command where it changes
    // no number. Empty: always (unless the view lists it in figureOnlyOptions).
    std::function<bool(const Scene &scene)> recordedInData = {};
};

// How the inspector explains a clicked point of one kind (Inspection::kind).
struct Explainer {
    QString kind;
    QString (*explain)(const EncodingState &state, const Inspection &what);
};

// Everything the application knows of one view (Tiled's AbstractTool, QGIS's layout item
// metadata): the window, export, presets, the command line, bench, screenshot and Describe
// View iterate these and name no view. Each view's folder has a function returning its
// descriptor (a function-local static), and ViewRegistry lists those functions in order.
struct ViewDescriptor {
    QString id;                  // --view, presets' "view", file names, Preferences
    QString group;               // "encoding" (the formula's own views) or "labs"
    QString (*title)();          // "&Heatmap", translated: tab, View menu, --list-views
    QKeySequence shortcut;       // explicit, never computed from the position in the list
    QWidget *(*create)(EncodingState *state); // the widget: window tab, figure, bench
    QList<const ViewOption *> options;        // what its figures and data depend on
    // The encoding parameters (a preset's "parameters" keys) its numbers depend on; empty: all
    // of them. The training lab's model has its own width and lengths and takes only the
    // sinusoid's "base", "layout" and "frequencies" from the window.
    QStringList parameters = {};
    // False for a view whose plots show a file and nothing of the window's encoding (the
    // checker): a change of the parameters replots none of its plots.
    bool readsParameters = true;
    // Of `options`, those its figures depend on but not its data export (the rotation pair
    // picks what a figure shows in detail, not M_k): a data file's reproducing command line
    // and header leave them out, so that every option they record changes the numbers.
    QList<const ViewOption *> figureOnlyOptions = {};
    // The numbers of a data export (.npy, .csv): the array of dataShape, or nothing with a
    // one-line reason. Runs headless (no widget is created).
    std::optional<DataTable> (*dataTable)(const Scene &scene, QString *error);
    QString dataShape;           // "[seq_len, d_model]": --list-views, --help, README
    QString (*describe)(const EncodingState &state); // Describe View (F2), accessible text
    QList<Explainer> explainers; // the inspector, for the kinds of point this view sets
    QString recommendedSize = QStringLiteral("single-column"); // the export dialog's default
    // One translated line saying what the view shows, above it in the window ("what am I
    // looking at"). Every view has one (tst_windowkeys checks it).
    QString (*caption)() = nullptr;
    // What keeps `scene` from being drawn at all, such as a file the view reads that cannot be
    // read: the one-line reason, or empty. A figure or screenshot of such a scene is refused
    // with it (its picture would hold the error and no data). May be null.
    QString (*inputError)(const Scene &scene) = nullptr;
    // Opening a file into the view (File > Check an Encoding…, a file dropped on the
    // window): the File menu entry ("Check an &Encoding…"), the file dialog's name filter, the
    // endings a dropped file's name may have after a dot, or its whole name ("npy",
    // "safetensors.index.json", "config.json"),
    // and what opening does: the view's option set to the file through the state (one undo
    // step), or false with the reason (an empty reason: the user cancelled a question it
    // asked). All null or empty for a view that opens no file; the window iterates them and
    // names no view.
    QString (*openFileTitle)() = nullptr;
    QString (*openFileFilter)() = nullptr;
    QStringList openFileSuffixes = {};
    bool (*openFile)(EncodingState *state, const QString &path, QString *error) = nullptr;
    // A folder of files of the view's own besides figures and data (the training lab's run as
    // a PyTorch program): the File menu entry ("Export Training Run as &PyTorch…"), and the
    // files for `scene`, or nothing with the reason. The window and the command line write
    // them as one set (ui/io/fileset.h). Null for a view that has none; the window names no view.
    QString (*exportFolderTitle)() = nullptr;
    std::optional<QList<SetFile>> (*exportFolderFiles)(const Scene &scene, QString *error) = nullptr;
    // The play keys while this view is in front: Space, Left and Right play and step pos, and
    // with Shift k, in a view that shows that parameter. In one that does not, the animation
    // bar's row for it is greyed, stops, and its keys change nothing (no hidden change, no
    // undo step). A view with play keys of its own (the training lab's run) adds them to its
    // widget here, as actions with those keys: they act while the view is in front.
    bool showsPosition = true;
    bool showsOffset = true;
    void (*addPlayKeys)(QWidget *view) = nullptr;

    bool hasOption(const ViewOption *option) const { return options.contains(option); }
    // The options a file of this view records for `scene`: all for a figure, else those its
    // data depends on.
    QList<const ViewOption *> recordedOptions(bool figure, const Scene &scene) const
    {
        QList<const ViewOption *> recorded;
        for (const ViewOption *option : options) {
            if (figure
                || (!figureOnlyOptions.contains(option) && (!option->recordedInData || option->recordedInData(scene))))
                recorded << option;
        }
        return recorded;
    }
};

} // namespace posenc
