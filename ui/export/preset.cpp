// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/preset.h"

#include "ui/io/boundedfile.h"
#include "ui/io/safesave.h"

#include "ui/state/encodingstate.h"
#include "ui/state/paramtext.h"

#include <QFile>
#include <QScopeGuard>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cmath>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace posenc {

namespace {

using Result = PresetFile::Result;

QString joined(const QStringList &names)
{
    return names.join(QStringLiteral(", "));
}

const QStringList &topLevelKeys()
{
    static const QStringList keys{QStringLiteral("format"), QStringLiteral("title"), QStringLiteral("view"),
                                  QStringLiteral("parameters"), QStringLiteral("view_options"),
                                  QStringLiteral("export"), QStringLiteral("figures")};
    return keys;
}

// The title a file gives, checked: text of 1 to kMaxTitleChars characters on one line.
std::optional<QString> readTitle(const QJsonValue &value, QString *error)
{
    const QString title = value.toString().trimmed();
    if (!value.isString() || !PresetFile::isTitle(title)) {
        *error = PresetFile::tr("%1: %2 is not a title; a title is text of 1 to %3 characters on one line")
                     .arg(QStringLiteral("title"), SceneReader::valueText(value))
                     .arg(Preset::kMaxTitleChars);
        return std::nullopt;
    }
    return title;
}

const QStringList &figureKeys()
{
    static const QStringList keys{QStringLiteral("view"), QStringLiteral("file"),
                                  QStringLiteral("parameters"), QStringLiteral("view_options"),
                                  QStringLiteral("export"), QStringLiteral("dtype")};
    return keys;
}

const QStringList &pageKeys()
{
    static const QStringList keys{QStringLiteral("size"), QStringLiteral("width_mm"),
                                  QStringLiteral("height_mm"), QStringLiteral("dpi"),
                                  QStringLiteral("font_pt"), QStringLiteral("theme"),
                                  QStringLiteral("colormap"), QStringLiteral("clean")};
    return keys;
}

// `path` ends in the key as the file spells it, which may hold a newline or be megabytes long.
QString unknownKey(const QString &path, const QStringList &known)
{
    return PresetFile::tr("%1: unknown key; known keys are %2")
        .arg(SceneReader::printable(path), joined(known));
}

QString notOneOf(const QString &path, const QJsonValue &value, const QStringList &choices)
{
    return PresetFile::tr("%1: %2 is not one of %3").arg(path, SceneReader::valueText(value), joined(choices));
}

// Reads a number of the export settings in [low, high]; false with the reason in `error`.
bool readPageNumber(const QJsonValue &value, const QString &path, double low, double high,
                    bool integer, double *out, QString *error)
{
    const QString name = path.section(QLatin1Char('.'), -1);
    const QString rule = integer ? PresetFile::tr("%1 must be an integer in [%2, %3]").arg(name).arg(low).arg(high)
                                 : PresetFile::tr("%1 must be a number in [%2, %3]").arg(name).arg(low).arg(high);
    const double d = value.toDouble();
    if (!value.isDouble() || !std::isfinite(d) || (integer && d != std::floor(d))) {
        const QString message = integer ? PresetFile::tr("%1: %2 is not an integer; %3")
                                        : PresetFile::tr("%1: %2 is not a number; %3");
        *error = message.arg(path, SceneReader::valueText(value), rule);
        return false;
    }
    if (d < low || d > high) {
        *error = PresetFile::tr("%1: %2 is out of range; %3").arg(path, SceneReader::valueText(value), rule);
        return false;
    }
    *out = d;
    return true;
}

// The export settings `json` describes on top of `base`; `where` is the path of the object
// ("export" or "figures[2].export").
std::optional<FigurePage> parsePage(const QJsonObject &json, const FigurePage &base,
                                    const QString &where, QString *error)
{
    FigurePage page = base;
    const QString prefix = where + QLatin1Char('.');
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (!pageKeys().contains(it.key())) {
            *error = unknownKey(prefix + it.key(), pageKeys());
            return std::nullopt;
        }
    }
    const bool hasWidth = json.contains(QLatin1String("width_mm"));
    const bool hasHeight = json.contains(QLatin1String("height_mm"));
    if (json.contains(QLatin1String("size"))) {
        const QJsonValue value = json.value(QLatin1String("size"));
        if (hasWidth || hasHeight) {
            *error = PresetFile::tr("%1: give either size or width_mm and height_mm, not both")
                         .arg(prefix + QStringLiteral("size"));
            return std::nullopt;
        }
        const auto named = FigurePage::fromPreset(value.toString());
        if (!value.isString() || !named) {
            *error = notOneOf(prefix + QStringLiteral("size"), value, FigurePage::presetNames());
            return std::nullopt;
        }
        page.preset = named->preset;
        page.widthMm = named->widthMm;
        page.heightMm = named->heightMm;
    } else if (hasWidth || hasHeight) {
        if (!hasWidth || !hasHeight) {
            *error = PresetFile::tr("%1: missing; give width_mm and height_mm together, each in [%2, %3]")
                         .arg(prefix + (hasWidth ? QStringLiteral("height_mm") : QStringLiteral("width_mm")))
                         .arg(FigurePage::kMinMm)
                         .arg(FigurePage::kMaxMm);
            return std::nullopt;
        }
        if (!readPageNumber(json.value(QLatin1String("width_mm")), prefix + QStringLiteral("width_mm"),
                            FigurePage::kMinMm, FigurePage::kMaxMm, false, &page.widthMm, error)
            || !readPageNumber(json.value(QLatin1String("height_mm")), prefix + QStringLiteral("height_mm"),
                               FigurePage::kMinMm, FigurePage::kMaxMm, false, &page.heightMm, error))
            return std::nullopt;
        page.preset.clear();
    }
    if (json.contains(QLatin1String("dpi"))) {
        double dpi = 0;
        if (!readPageNumber(json.value(QLatin1String("dpi")), prefix + QStringLiteral("dpi"),
                            FigurePage::kMinDpi, FigurePage::kMaxDpi, true, &dpi, error))
            return std::nullopt;
        page.dpi = int(dpi);
    }
    if (json.contains(QLatin1String("font_pt"))
        && !readPageNumber(json.value(QLatin1String("font_pt")), prefix + QStringLiteral("font_pt"),
                           FigurePage::kMinFontPt, FigurePage::kMaxFontPt, false, &page.fontPt, error))
        return std::nullopt;
    const QList<std::pair<QString, QStringList>> choices{
        {QStringLiteral("theme"), FigurePage::themeNames()},
        {QStringLiteral("colormap"), FigurePage::colormapNames()}};
    for (const auto &[key, names] : choices) {
        if (!json.contains(key))
            continue;
        const QJsonValue value = json.value(key);
        if (!value.isString() || !names.contains(value.toString())) {
            *error = notOneOf(prefix + key, value, names);
            return std::nullopt;
        }
        (key == QLatin1String("theme") ? page.theme : page.colormap) = value.toString();
    }
    if (json.contains(QLatin1String("clean"))) {
        const QJsonValue value = json.value(QLatin1String("clean"));
        if (!value.isBool()) {
            *error = PresetFile::tr("%1: must be true or false").arg(prefix + QStringLiteral("clean"));
            return std::nullopt;
        }
        page.clean = value.toBool();
    }
    return page;
}

// The "parameters" and "view_options" of `json` as SceneReader reads them.
QJsonObject sceneOf(const QJsonObject &parameters, const QJsonObject &viewOptions)
{
    QJsonObject scene;
    if (!parameters.isEmpty())
        scene.insert(QStringLiteral("parameters"), parameters);
    if (!viewOptions.isEmpty())
        scene.insert(QStringLiteral("view_options"), viewOptions);
    return scene;
}

// An object-valued key of a preset or a figure: absent is an empty object.
bool readObject(const QJsonObject &json, const QString &key, const QString &path,
                QJsonObject *out, QString *error)
{
    const QJsonValue value = json.value(key);
    if (value.isUndefined())
        return true;
    if (!value.isObject()) {
        *error = PresetFile::tr("%1: %2 is not an object").arg(path, SceneReader::valueText(value));
        return false;
    }
    *out = value.toObject();
    return true;
}

std::optional<DType> dtypeFromName(const QString &name)
{
    if (name == QLatin1String("float64"))
        return DType::Float64;
    if (name == QLatin1String("float32"))
        return DType::Float32;
    return std::nullopt;
}

QString dtypeName(DType dtype)
{
    return dtype == DType::Float32 ? QStringLiteral("float32") : QStringLiteral("float64");
}

// One figure, checked whole against the preset it belongs to.
std::optional<PresetFigure> parseFigure(const QJsonValue &value, int index, QString *error)
{
    const QString where = QStringLiteral("figures[%1]").arg(index);
    const QString prefix = where + QLatin1Char('.');
    if (!value.isObject()) {
        *error = PresetFile::tr("%1: %2 is not an object").arg(where, SceneReader::valueText(value));
        return std::nullopt;
    }
    const QJsonObject json = value.toObject();
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (!figureKeys().contains(it.key())) {
            *error = unknownKey(prefix + it.key(), figureKeys());
            return std::nullopt;
        }
    }
    PresetFigure figure;
    const QJsonValue view = json.value(QLatin1String("view"));
    if (view.isUndefined()) {
        *error = PresetFile::tr("%1: missing; one of %2").arg(prefix + QStringLiteral("view"), joined(ViewRegistry::ids()));
        return std::nullopt;
    }
    if (!view.isString() || !ViewRegistry::ids().contains(view.toString())) {
        *error = notOneOf(prefix + QStringLiteral("view"), view, ViewRegistry::ids());
        return std::nullopt;
    }
    figure.view = view.toString();

    // A bare file name: the figures of a preset land in one folder, and a name cannot
    // reach outside it.
    const QJsonValue file = json.value(QLatin1String("file"));
    const QString fileRule = PresetFile::tr("file must be a file name without a folder or control characters, "
                                            "ending in .png, .svg, .pdf, .npy or .csv");
    if (file.isUndefined()) {
        *error = PresetFile::tr("%1: missing; %2").arg(prefix + QStringLiteral("file"), fileRule);
        return std::nullopt;
    }
    const QString name = file.toString();
    const QString suffix = QFileInfo(name).suffix().toLower();
    const bool known = FigureRequest::isFigurePath(name) || suffix == QLatin1String("npy")
                       || suffix == QLatin1String("csv");
    // A NUL would cut the name short where the system reads it, other control characters
    // make names no one can type or see.
    const bool control = std::any_of(name.cbegin(), name.cend(), [](QChar c) { return c.unicode() < 0x20 || c.unicode() == 0x7f; });
    if (!file.isString() || control || name.contains(QLatin1Char('/')) || name.contains(QLatin1Char('\\'))
        || name.startsWith(QLatin1Char('.')) || QFileInfo(name).completeBaseName().isEmpty() || !known) {
        *error = PresetFile::tr("%1: %2 is not a valid file name; %3")
                     .arg(prefix + QStringLiteral("file"), SceneReader::valueText(file), fileRule);
        return std::nullopt;
    }
    figure.file = name;

    if (!readObject(json, QStringLiteral("parameters"), prefix + QStringLiteral("parameters"),
                    &figure.parameters, error)
        || !readObject(json, QStringLiteral("view_options"), prefix + QStringLiteral("view_options"),
                       &figure.viewOptions, error)
        || !readObject(json, QStringLiteral("export"), prefix + QStringLiteral("export"), &figure.page, error))
        return std::nullopt;

    const QJsonValue dtype = json.value(QLatin1String("dtype"));
    if (!dtype.isUndefined()) {
        if (FigureRequest::isFigurePath(name)) {
            *error = PresetFile::tr("%1: only for data; file names a figure, not a .npy or .csv")
                         .arg(prefix + QStringLiteral("dtype"));
            return std::nullopt;
        }
        figure.dtype = dtypeFromName(dtype.toString());
        if (!dtype.isString() || !figure.dtype) {
            *error = notOneOf(prefix + QStringLiteral("dtype"), dtype,
                              {QStringLiteral("float64"), QStringLiteral("float32")});
            return std::nullopt;
        }
    }
    if (!figure.page.isEmpty() && !FigureRequest::isFigurePath(name)) {
        *error = PresetFile::tr("%1: only for figures; file names data (.npy or .csv)")
                     .arg(prefix + QStringLiteral("export"));
        return std::nullopt;
    }
    return figure;
}

// The shortest text that reads back as the same double ("0.1", "10000", "1e+12").
QByteArray numberText(double value)
{
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return QByteArray(text, result.ptr - text);
}

// The order keys are written in (a preset reads top-down like the window: what, then how).
int keyRank(const QString &key)
{
    // The view options in the order of the registry's views.
    static const QStringList order = [] {
        QStringList keys{
            QStringLiteral("format"), QStringLiteral("title"), QStringLiteral("view"), QStringLiteral("file"),
            QStringLiteral("parameters"), QStringLiteral("d_model"), QStringLiteral("seq_len"),
            QStringLiteral("base"), QStringLiteral("scale"), QStringLiteral("offset"),
            QStringLiteral("start"), QStringLiteral("pos"), QStringLiteral("layout"),
            QStringLiteral("frequencies"), QStringLiteral("view_options")};
        for (const ViewOption *option : ViewRegistry::options())
            keys << option->key;
        keys << QStringLiteral("export") << QStringLiteral("size") << QStringLiteral("width_mm")
             << QStringLiteral("height_mm") << QStringLiteral("dpi") << QStringLiteral("font_pt")
             << QStringLiteral("theme") << QStringLiteral("colormap") << QStringLiteral("clean")
             << QStringLiteral("dtype")
             << QStringLiteral("figures");
        return keys;
    }();
    const qsizetype rank = order.indexOf(key);
    return rank < 0 ? int(order.size()) : int(rank);
}

// JSON with keys in keyRank order, an object's keys one per line, a list of plain values on
// one line, and numbers in their shortest exact form (QJsonDocument sorts keys).
void writeJson(const QJsonValue &value, int indent, QByteArray &out)
{
    const QByteArray pad(indent * 4, ' ');
    const QByteArray inner((indent + 1) * 4, ' ');
    switch (value.type()) {
    case QJsonValue::Double:
        out += numberText(value.toDouble());
        return;
    case QJsonValue::String:
        // QJsonDocument escapes the string; only the list around it is dropped.
        out += QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact).chopped(1).mid(1);
        return;
    case QJsonValue::Bool:
        out += value.toBool() ? "true" : "false";
        return;
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        const bool plain = std::none_of(array.begin(), array.end(), [](const QJsonValue &entry) {
            return entry.isArray() || entry.isObject();
        });
        if (plain || array.isEmpty()) {
            out += '[';
            for (qsizetype i = 0; i < array.size(); ++i) {
                if (i > 0)
                    out += ", ";
                writeJson(array.at(i), 0, out);
            }
            out += ']';
            return;
        }
        out += "[\n";
        for (qsizetype i = 0; i < array.size(); ++i) {
            out += inner;
            writeJson(array.at(i), indent + 1, out);
            out += i + 1 < array.size() ? ",\n" : "\n";
        }
        out += pad + ']';
        return;
    }
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        if (object.isEmpty()) {
            out += "{}";
            return;
        }
        QStringList keys = object.keys();
        std::stable_sort(keys.begin(), keys.end(), [](const QString &a, const QString &b) {
            return keyRank(a) < keyRank(b);
        });
        out += "{\n";
        for (qsizetype i = 0; i < keys.size(); ++i) {
            out += inner;
            writeJson(QJsonValue(keys.at(i)), 0, out);
            out += ": ";
            writeJson(object.value(keys.at(i)), indent + 1, out);
            out += i + 1 < keys.size() ? ",\n" : "\n";
        }
        out += pad + '}';
        return;
    }
    default:
        out += "null";
    }
}

QJsonObject pageJson(const FigurePage &page)
{
    QJsonObject json;
    if (!page.preset.isEmpty()) {
        json.insert(QStringLiteral("size"), page.preset);
    } else {
        json.insert(QStringLiteral("width_mm"), page.widthMm);
        json.insert(QStringLiteral("height_mm"), page.heightMm);
    }
    json.insert(QStringLiteral("dpi"), page.dpi);
    json.insert(QStringLiteral("font_pt"), page.fontPt);
    json.insert(QStringLiteral("theme"), page.theme);
    json.insert(QStringLiteral("colormap"), page.colormap);
    if (page.clean)
        json.insert(QStringLiteral("clean"), true);
    return json;
}

} // namespace

FigureRequest Preset::viewRequest(const QString &output) const
{
    FigureRequest request;
    request.view = view;
    request.scene() = scene;
    request.page = page;
    request.output = output;
    return request;
}

std::optional<FigureRequest> Preset::figureRequest(int index, const QString &outDir, QString *error) const
{
    QString why;
    const PresetFigure &figure = figures.at(index);
    const QString where = QStringLiteral("figures[%1]").arg(index);
    const auto figureScene = SceneReader::parse(sceneOf(figure.parameters, figure.viewOptions), scene,
                                                where + QLatin1Char('.'), &why);
    const auto figurePage = figureScene ? parsePage(figure.page, page, where + QStringLiteral(".export"), &why)
                                        : std::nullopt;
    if (!figureScene || !figurePage) {
        if (error)
            *error = why;
        return std::nullopt;
    }
    // Dimensions of the preset that the figure's own d_model does not have.
    if (const auto beyond = figureScene->columnBeyondDModel()) {
        if (error)
            *error = PresetFile::tr("%1: %2 is out of range; %3")
                         .arg(where + QStringLiteral(".parameters.d_model"), QString::number(figureScene->params.dModel),
                              PresetFile::tr("view_options.%1 of the preset names dimension %2, which needs d_model > %2")
                                  .arg(beyond->first).arg(beyond->second));
        return std::nullopt;
    }
    Preset resolved = *this;
    resolved.scene = *figureScene;
    resolved.view = figure.view;
    resolved.page = *figurePage;
    FigureRequest request = resolved.viewRequest(outDir.isEmpty() ? figure.file
                                                                  : outDir + QLatin1Char('/') + figure.file);
    request.dtype = figure.dtype.value_or(DType::Float64);
    return request;
}

Result PresetFile::read(const QString &path)
{
    const BoundedFile::Result bytes = BoundedFile::read(
        path, kMaxFileBytes, tr("a preset must be a regular file of at most %1 MiB").arg(kMaxFileBytes / (1024 * 1024)));
    if (const auto *error = std::get_if<QString>(&bytes))
        return *error;
    return parse(std::get<QByteArray>(bytes));
}

Result PresetFile::parse(const QByteArray &json)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return tr("not valid JSON at character %1: %2").arg(parseError.offset).arg(parseError.errorString());
    if (!document.isObject())
        return tr("not a preset: the file holds no JSON object");
    const QJsonObject root = document.object();

    const QJsonValue format = root.value(QLatin1String("format"));
    const QString expected = QString::fromLatin1(Preset::kFormat);
    if (format.isUndefined())
        return tr("format: missing; a preset starts with \"format\": \"%1\"").arg(expected);
    if (format.toString() != expected)
        return tr("format: %1 is not a format this version reads; it reads \"%2\"")
            .arg(SceneReader::valueText(format), expected);
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (!topLevelKeys().contains(it.key()))
            return unknownKey(it.key(), topLevelKeys());
    }

    Preset preset;
    QString error;
    if (root.contains(QLatin1String("title"))) {
        const auto title = readTitle(root.value(QLatin1String("title")), &error);
        if (!title)
            return error;
        preset.title = *title;
    }
    if (root.contains(QLatin1String("view"))) {
        const QJsonValue view = root.value(QLatin1String("view"));
        if (!view.isString() || !ViewRegistry::ids().contains(view.toString()))
            return notOneOf(QStringLiteral("view"), view, ViewRegistry::ids());
        preset.view = view.toString();
    }

    QJsonObject parameters;
    QJsonObject viewOptions;
    QJsonObject page;
    if (!readObject(root, QStringLiteral("parameters"), QStringLiteral("parameters"), &parameters, &error)
        || !readObject(root, QStringLiteral("view_options"), QStringLiteral("view_options"), &viewOptions, &error)
        || !readObject(root, QStringLiteral("export"), QStringLiteral("export"), &page, &error))
        return error;
    const auto scene = SceneReader::parse(sceneOf(parameters, viewOptions), Scene{}, QString(), &error);
    if (!scene)
        return error;
    preset.scene = *scene;
    const auto figurePage = parsePage(page, FigurePage{}, QStringLiteral("export"), &error);
    if (!figurePage)
        return error;
    preset.page = *figurePage;

    const QJsonValue figures = root.value(QLatin1String("figures"));
    if (!figures.isUndefined() && !figures.isArray())
        return tr("%1: %2 is not a list").arg(QStringLiteral("figures"), SceneReader::valueText(figures));
    const QJsonArray list = figures.toArray();
    QSet<QString> files;
    for (qsizetype i = 0; i < list.size(); ++i) {
        const auto figure = parseFigure(list.at(i), int(i), &error);
        if (!figure)
            return error;
        // Two figures to one file would silently keep only the last.
        if (files.contains(figure->file))
            return tr("%1: \"%2\" is already the file of an earlier figure")
                .arg(QStringLiteral("figures[%1].file").arg(i), figure->file);
        files.insert(figure->file);
        preset.figures.append(*figure);
        // Its overrides must fit the preset they change: checked now, so that a read preset
        // exports whole or not at all.
        if (!preset.figureRequest(int(i), QString(), &error))
            return error;
    }
    return preset;
}

QByteArray PresetFile::toJson(const Preset &preset)
{
    const Scene &scene = preset.scene;
    QJsonObject viewOptions;
    for (const ViewOption *option : ViewRegistry::options())
        viewOptions.insert(option->key, option->write(scene));

    QJsonObject root{
        {QStringLiteral("format"), QString::fromLatin1(Preset::kFormat)},
        {QStringLiteral("view"), preset.view},
        {QStringLiteral("parameters"), parametersObject(scene.params)},
        {QStringLiteral("view_options"), viewOptions},
        {QStringLiteral("export"), pageJson(preset.page)},
    };
    if (!preset.title.isEmpty())
        root.insert(QStringLiteral("title"), preset.title);
    if (!preset.figures.isEmpty()) {
        QJsonArray figures;
        for (const PresetFigure &figure : preset.figures) {
            QJsonObject json{{QStringLiteral("view"), figure.view}, {QStringLiteral("file"), figure.file}};
            if (!figure.parameters.isEmpty())
                json.insert(QStringLiteral("parameters"), figure.parameters);
            if (!figure.viewOptions.isEmpty())
                json.insert(QStringLiteral("view_options"), figure.viewOptions);
            if (!figure.page.isEmpty())
                json.insert(QStringLiteral("export"), figure.page);
            if (figure.dtype)
                json.insert(QStringLiteral("dtype"), dtypeName(*figure.dtype));
            figures.append(json);
        }
        root.insert(QStringLiteral("figures"), figures);
    }
    QByteArray out;
    writeJson(root, 0, out);
    return out + '\n';
}

bool PresetFile::isTitle(const QString &title)
{
    const QString trimmed = title.trimmed();
    return !trimmed.isEmpty() && trimmed.size() <= Preset::kMaxTitleChars
           && std::none_of(trimmed.cbegin(), trimmed.cend(), [](QChar c) { return c.category() == QChar::Other_Control; });
}

bool PresetFile::write(const Preset &preset, const QString &path, QString *error)
{
    return SafeSave::write(path, toJson(preset), error);
}

Preset PresetFile::fromState(const EncodingState &state, const QString &view,
                             const FigurePage &page, const QList<PresetFigure> &figures)
{
    Preset preset;
    preset.scene = state.scene();
    // The window keeps chosen columns beyond a lowered d_model; a file names only what it draws.
    const int dModel = preset.scene.params.dModel;
    preset.scene.dimensions.removeIf([dModel](int d) { return d >= dModel; });
    preset.scene.heatmapDimensions.removeIf([dModel](int d) { return d >= dModel; });
    preset.view = view;
    preset.page = page;
    preset.figures = figures;
    return preset;
}

bool PresetFile::applyTo(const Preset &preset, EncodingState &state, QString *error)
{
    if (const auto problem = state.setScene(preset.scene)) {
        if (error)
            *error = *problem;
        return false;
    }
    return true;
}

} // namespace posenc
