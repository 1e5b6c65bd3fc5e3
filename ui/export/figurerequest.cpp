// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/figurerequest.h"

#include "ui/views/viewregistry.h"
#include "ui/version.h"
#include "ui/views/optiontext.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace posenc {

namespace {

// The options a figure of the view, or its data file, depends on (none for an unknown view).
QList<const ViewOption *> optionsOf(const QString &view, bool figure, const Scene &scene)
{
    const ViewDescriptor *descriptor = ViewRegistry::find(view);
    return descriptor ? descriptor->recordedOptions(figure, scene) : QList<const ViewOption *>();
}

} // namespace

QStringList FigurePage::presetNames()
{
    return {QStringLiteral("single-column"), QStringLiteral("double-column"), QStringLiteral("slide")};
}

std::optional<FigurePage> FigurePage::fromPreset(const QString &name)
{
    FigurePage page;
    page.preset = name;
    if (name == QLatin1String("single-column")) {
        page.widthMm = 89;
        page.heightMm = 66.75;
    } else if (name == QLatin1String("double-column")) {
        page.widthMm = 183;
        page.heightMm = 91.5;
    } else if (name == QLatin1String("slide")) {
        page.widthMm = 254;
        page.heightMm = 142.875;
    } else {
        return std::nullopt;
    }
    return page;
}

QStringList FigurePage::themeNames()
{
    return {QStringLiteral("light"), QStringLiteral("dark"), QStringLiteral("print")};
}

QStringList FigurePage::colormapNames()
{
    return {QStringLiteral("diverging"), QStringLiteral("viridis"), QStringLiteral("gray")};
}

int FigurePage::pixels(double mm, int dpi)
{
    return int(std::lround(mm / 25.4 * dpi));
}

std::optional<QString> FigurePage::sizeProblem() const
{
    const QSize dots = pixelSize();
    const double megapixels = double(dots.width()) * double(dots.height()) / 1e6;
    if (megapixels <= kMaxMegapixels)
        return std::nullopt;
    // The largest DPI whose page stays within the limit.
    int fits = int(std::floor(std::sqrt(kMaxMegapixels * 1e6 / (widthMm / 25.4 * heightMm / 25.4))));
    while (fits > kMinDpi && double(pixels(widthMm, fits)) * pixels(heightMm, fits) > kMaxMegapixels * 1e6)
        --fits;
    const QString size = QCoreApplication::translate("posenc::FigureExport",
                                                     "the page is %1 x %2 dots at %3 dpi (%4 megapixels), more than the %5 megapixels a figure may have (its memory grows with them)")
                             .arg(dots.width())
                             .arg(dots.height())
                             .arg(dpi)
                             .arg(std::round(megapixels))
                             .arg(kMaxMegapixels);
    if (fits >= kMinDpi)
        return QCoreApplication::translate("posenc::FigureExport", "%1; lower the DPI to %2 or make the page smaller").arg(size).arg(fits);
    return QCoreApplication::translate("posenc::FigureExport", "%1; make the page smaller").arg(size);
}

int FigurePage::dotsPerMeter(int dpi)
{
    return int(std::lround(dpi / 0.0254));
}

bool FigureRequest::isFigurePath(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("png") || suffix == QLatin1String("svg")
           || suffix == QLatin1String("pdf");
}

QString FigureRequest::software()
{
    return QStringLiteral("posenc-lab " POSENC_VERSION_STRING);
}

QStringList FigureRequest::arguments() const
{
    QStringList args{QStringLiteral("export"), QStringLiteral("--view"), view};
    const EncodingParams &p = params;
    args << QStringLiteral("--d-model") << QString::number(p.dModel)
         << QStringLiteral("--seq-len") << QString::number(p.seqLen)
         << QStringLiteral("--base") << OptionText::shortest(p.base)
         << QStringLiteral("--scale") << OptionText::shortest(p.scale)
         << QStringLiteral("--offset") << OptionText::shortest(p.offset)
         << QStringLiteral("--start") << OptionText::shortest(p.start)
         << QStringLiteral("--pos") << OptionText::shortest(p.position)
         << QStringLiteral("--layout") << QString::fromUtf8(layoutName(p.layout))
         << QStringLiteral("--frequencies") << QString::fromUtf8(frequencyConventionName(p.frequencies));
    for (const ViewOption *option : optionsOf(view, isFigure(), *this))
        args << QLatin1String("--") + option->flag << option->format(*this);
    if (isFigure() && !language.isEmpty() && language != QLatin1String("en"))
        args << QStringLiteral("--lang") << language;
    if (isFigure()) {
        if (!page.preset.isEmpty())
            args << QStringLiteral("--size") << page.preset;
        else
            args << QStringLiteral("--width-mm") << OptionText::shortest(page.widthMm)
                 << QStringLiteral("--height-mm") << OptionText::shortest(page.heightMm);
        args << QStringLiteral("--dpi") << QString::number(page.dpi)
             << QStringLiteral("--font-pt") << OptionText::shortest(page.fontPt)
             << QStringLiteral("--theme") << page.theme
             << QStringLiteral("--colormap") << page.colormap;
        if (page.clean)
            args << QStringLiteral("--clean");
    } else {
        args << QStringLiteral("--dtype")
             << (dtype == DType::Float32 ? QStringLiteral("float32") : QStringLiteral("float64"));
    }
    args << QStringLiteral("-o") << output;
    return args;
}

QString FigureRequest::commandLine() const
{
    return commandLineOf(arguments());
}

QString FigureRequest::commandLineOf(const QStringList &arguments)
{
    return OptionText::commandLine(arguments);
}

QString parameterOption(ParamField field)
{
    switch (field) {
    case ParamField::DModel: return QStringLiteral("d-model");
    case ParamField::SeqLen: return QStringLiteral("seq-len");
    case ParamField::Base: return QStringLiteral("base");
    case ParamField::Scale: return QStringLiteral("scale");
    case ParamField::Offset: return QStringLiteral("offset");
    case ParamField::Start: return QStringLiteral("start");
    case ParamField::Position: return QStringLiteral("pos");
    }
    return {};
}

QJsonObject parametersObject(const EncodingParams &p)
{
    return QJsonObject{
        {QStringLiteral("d_model"), p.dModel},
        {QStringLiteral("seq_len"), p.seqLen},
        {QStringLiteral("base"), p.base},
        {QStringLiteral("scale"), p.scale},
        {QStringLiteral("offset"), p.offset},
        {QStringLiteral("start"), p.start},
        {QStringLiteral("pos"), p.position},
        {QStringLiteral("layout"), QString::fromUtf8(layoutName(p.layout))},
        {QStringLiteral("frequencies"), QString::fromUtf8(frequencyConventionName(p.frequencies))},
    };
}

QByteArray FigureRequest::parametersJson() const
{
    QJsonObject json = parametersObject(params);
    json.insert(QStringLiteral("software"), software());
    json.insert(QStringLiteral("view"), view);
    for (const ViewOption *option : optionsOf(view, isFigure(), *this)) {
        if (option->metadata)
            json.insert(option->metadataKey, option->metadata(*this));
        else
            json.insert(option->key, option->write(*this));
    }
    if (isFigure()) {
        if (!page.preset.isEmpty())
            json.insert(QStringLiteral("size"), page.preset);
        json.insert(QStringLiteral("width_mm"), page.widthMm);
        json.insert(QStringLiteral("height_mm"), page.heightMm);
        json.insert(QStringLiteral("dpi"), page.dpi);
        json.insert(QStringLiteral("font_pt"), page.fontPt);
        json.insert(QStringLiteral("theme"), page.theme);
        json.insert(QStringLiteral("language"), language.isEmpty() ? QStringLiteral("en") : language);
        json.insert(QStringLiteral("colormap"), page.colormap);
        json.insert(QStringLiteral("clean"), page.clean);
    } else {
        json.insert(QStringLiteral("dtype"), dtype == DType::Float32 ? QStringLiteral("float32")
                                                                     : QStringLiteral("float64"));
    }
    return QJsonDocument(json).toJson(QJsonDocument::Compact);
}

} // namespace posenc
