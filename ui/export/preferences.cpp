// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/preferences.h"

#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace posenc {

namespace Keys {
const QString DModel = QStringLiteral("Parameters/DModel");
const QString SeqLen = QStringLiteral("Parameters/SeqLen");
const QString Base = QStringLiteral("Parameters/Base");
const QString Scale = QStringLiteral("Parameters/Scale");
const QString Offset = QStringLiteral("Parameters/Offset");
const QString Start = QStringLiteral("Parameters/Start");
const QString Position = QStringLiteral("Parameters/Position");
const QString Layout = QStringLiteral("Parameters/Layout");
const QString Frequencies = QStringLiteral("Parameters/Frequencies");
const QString CurveDimensions = QStringLiteral("Views/CurveDimensions");
const QString OpenViews = QStringLiteral("Views/Open");
const QString CurrentView = QStringLiteral("Views/Current");
const QString Geometry = QStringLiteral("Window/Geometry");
const QString State = QStringLiteral("Window/State");
const QString Language = QStringLiteral("Interface/Language");
const QString ExportSize = QStringLiteral("Export/Size");
const QString ExportWidthMm = QStringLiteral("Export/WidthMm");
const QString ExportHeightMm = QStringLiteral("Export/HeightMm");
const QString ExportDpi = QStringLiteral("Export/Dpi");
const QString ExportFontPt = QStringLiteral("Export/FontPt");
const QString ExportTheme = QStringLiteral("Export/Theme");
const QString ExportColormap = QStringLiteral("Export/Colormap");
const QString ExportDType = QStringLiteral("Export/DType");
const QString ExportDirectory = QStringLiteral("Export/Directory");
const QString ExportFormat = QStringLiteral("Export/Format");
const QString ExportPageChosen = QStringLiteral("Export/PageChosen");
const QString RecentPresets = QStringLiteral("Presets/Recent");
} // namespace Keys

Preferences::Preferences(QObject *parent)
    : Preferences(std::make_unique<QSettings>(), parent)
{
    m_sceneFolder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/scenes");
}

Preferences::Preferences(std::unique_ptr<QSettings> settings, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_sceneFolder(QFileInfo(m_settings->fileName()).absolutePath() + QStringLiteral("/scenes"))
{
}

Preferences::~Preferences() = default;

EncodingParams Preferences::parameters() const
{
    const EncodingParams defaults;
    EncodingParams p;
    p.dModel = m_settings->value(Keys::DModel, defaults.dModel).toInt();
    p.seqLen = m_settings->value(Keys::SeqLen, defaults.seqLen).toInt();
    p.base = m_settings->value(Keys::Base, defaults.base).toDouble();
    p.scale = m_settings->value(Keys::Scale, defaults.scale).toDouble();
    p.offset = m_settings->value(Keys::Offset, defaults.offset).toDouble();
    p.start = m_settings->value(Keys::Start, defaults.start).toDouble();
    p.position = m_settings->value(Keys::Position, defaults.position).toDouble();
    const QString layout = m_settings->value(Keys::Layout).toString();
    p.layout = layoutFromName(layout.toStdString()).value_or(defaults.layout);
    const QString frequencies = m_settings->value(Keys::Frequencies).toString();
    p.frequencies = frequencyConventionFromName(frequencies.toStdString()).value_or(defaults.frequencies);
    return p.validate() ? defaults : p;
}

void Preferences::setParameters(const EncodingParams &p)
{
    m_settings->setValue(Keys::DModel, p.dModel);
    m_settings->setValue(Keys::SeqLen, p.seqLen);
    m_settings->setValue(Keys::Base, p.base);
    m_settings->setValue(Keys::Scale, p.scale);
    m_settings->setValue(Keys::Offset, p.offset);
    m_settings->setValue(Keys::Start, p.start);
    m_settings->setValue(Keys::Position, p.position);
    m_settings->setValue(Keys::Layout, QString::fromUtf8(layoutName(p.layout)));
    m_settings->setValue(Keys::Frequencies, QString::fromUtf8(frequencyConventionName(p.frequencies)));
}

QList<int> Preferences::curveDimensions() const
{
    QList<int> dimensions;
    const QStringList saved = m_settings->value(Keys::CurveDimensions).toStringList();
    for (const QString &item : saved) {
        bool ok = false;
        const int d = item.toInt(&ok);
        if (ok && d >= 0 && d < EncodingParams::kMaxDModel && !dimensions.contains(d))
            dimensions << d;
    }
    return dimensions;
}

void Preferences::setCurveDimensions(const QList<int> &dimensions)
{
    QStringList items;
    for (int d : dimensions)
        items << QString::number(d);
    m_settings->setValue(Keys::CurveDimensions, items);
}

QByteArray Preferences::windowGeometry() const
{
    return m_settings->value(Keys::Geometry).toByteArray();
}

void Preferences::setWindowGeometry(const QByteArray &geometry)
{
    m_settings->setValue(Keys::Geometry, geometry);
}

QByteArray Preferences::windowState() const
{
    return m_settings->value(Keys::State).toByteArray();
}

void Preferences::setWindowState(const QByteArray &state)
{
    m_settings->setValue(Keys::State, state);
}

QStringList Preferences::openViews() const
{
    return m_settings->value(Keys::OpenViews).toStringList();
}

void Preferences::setOpenViews(const QStringList &views)
{
    m_settings->setValue(Keys::OpenViews, views);
}

QString Preferences::currentView() const
{
    return m_settings->value(Keys::CurrentView).toString();
}

void Preferences::setCurrentView(const QString &view)
{
    m_settings->setValue(Keys::CurrentView, view);
}

QString Preferences::language() const
{
    return m_settings->value(Keys::Language).toString();
}

void Preferences::setLanguage(const QString &language)
{
    m_settings->setValue(Keys::Language, language);
}

ExportSettings Preferences::exportSettings() const
{
    ExportSettings settings;
    const FigurePage defaults;
    FigurePage page;
    const QString preset = m_settings->value(Keys::ExportSize, defaults.preset).toString();
    if (const auto named = FigurePage::fromPreset(preset)) {
        page.preset = preset;
        page.widthMm = named->widthMm;
        page.heightMm = named->heightMm;
    } else {
        page.preset.clear();
        page.widthMm = m_settings->value(Keys::ExportWidthMm, defaults.widthMm).toDouble();
        page.heightMm = m_settings->value(Keys::ExportHeightMm, defaults.heightMm).toDouble();
    }
    page.dpi = m_settings->value(Keys::ExportDpi, defaults.dpi).toInt();
    page.fontPt = m_settings->value(Keys::ExportFontPt, defaults.fontPt).toDouble();
    page.theme = m_settings->value(Keys::ExportTheme, defaults.theme).toString();
    page.colormap = m_settings->value(Keys::ExportColormap, defaults.colormap).toString();
    const auto inRange = [](double value, double min, double max) { return value >= min && value <= max; };
    const bool valid = inRange(page.widthMm, FigurePage::kMinMm, FigurePage::kMaxMm)
                       && inRange(page.heightMm, FigurePage::kMinMm, FigurePage::kMaxMm)
                       && inRange(page.dpi, FigurePage::kMinDpi, FigurePage::kMaxDpi)
                       && inRange(page.fontPt, FigurePage::kMinFontPt, FigurePage::kMaxFontPt)
                       && FigurePage::themeNames().contains(page.theme)
                       && FigurePage::colormapNames().contains(page.colormap);
    settings.page = valid ? page : defaults;
    settings.pageChosen = valid && m_settings->value(Keys::ExportPageChosen, false).toBool();
    settings.dtype = m_settings->value(Keys::ExportDType).toString() == QLatin1String("float32")
                         ? DType::Float32
                         : DType::Float64;
    const QString directory = m_settings->value(Keys::ExportDirectory).toString();
    if (!directory.isEmpty())
        settings.directory = directory;
    const QString format = m_settings->value(Keys::ExportFormat).toString();
    if (ExportSettings::formats().contains(format))
        settings.format = format;
    return settings;
}

void Preferences::setExportSettings(const ExportSettings &settings)
{
    const FigurePage &page = settings.page;
    m_settings->setValue(Keys::ExportSize, page.preset);
    m_settings->setValue(Keys::ExportWidthMm, page.widthMm);
    m_settings->setValue(Keys::ExportHeightMm, page.heightMm);
    m_settings->setValue(Keys::ExportDpi, page.dpi);
    m_settings->setValue(Keys::ExportFontPt, page.fontPt);
    m_settings->setValue(Keys::ExportTheme, page.theme);
    m_settings->setValue(Keys::ExportColormap, page.colormap);
    m_settings->setValue(Keys::ExportPageChosen, settings.pageChosen);
    m_settings->setValue(Keys::ExportDType, settings.dtype == DType::Float32 ? QStringLiteral("float32")
                                                                             : QStringLiteral("float64"));
    m_settings->setValue(Keys::ExportDirectory, settings.directory);
    m_settings->setValue(Keys::ExportFormat, settings.format);
}

QStringList Preferences::recentPresets() const
{
    return m_settings->value(Keys::RecentPresets).toStringList().mid(0, kMaxRecentPresets);
}

void Preferences::setRecentPresets(const QStringList &paths)
{
    m_settings->setValue(Keys::RecentPresets, paths.mid(0, kMaxRecentPresets));
}

void Preferences::sync()
{
    m_settings->sync();
}

} // namespace posenc
