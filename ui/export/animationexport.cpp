// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/animationexport.h"

#include "ui/export/figureexport.h"
#include "ui/io/safesave.h"
#include "ui/state/paramtext.h"
#include "ui/views/celltext.h"
#include "ui/views/optiontext.h"

#include <QFileInfo>
#include <QHash>
#include <QImage>
#include <QLocale>
#include <QTemporaryDir>

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace posenc {

namespace {

const QList<ParamField> &allFields()
{
    static const QList<ParamField> fields{ParamField::Position, ParamField::Offset, ParamField::Start,
                                          ParamField::Scale,    ParamField::Base,   ParamField::DModel,
                                          ParamField::SeqLen};
    return fields;
}

// The shortest text that reads back as the same double, as the reproducing command writes it.
// ---------------------------------------------------------------------------------------
// The palette. A GIF frame holds at most 256 colours; a figure has a few hundred to tens of
// thousands (a colour map's levels, anti-aliased text and curves). Every frame here shares one
// global palette built from the colours of all frames, by median cut over their histogram:
//  - one palette for all frames, so that a cell whose value does not change keeps exactly its
//    colour from frame to frame (per-frame palettes make still parts flicker);
//  - boxes are split by their pixel-weighted squared error, so the colours that cover many
//    pixels (the cells of a heatmap, the background) get the finest palette, and a box's
//    colour is the mean of the colours in it;
//  - every colour then goes to its nearest palette entry, without dithering: a heatmap cell,
//    one flat colour, stays one flat colour (dithering would speckle it, and Qt's own
//    Format_Indexed8 conversion uses a fixed 6x6x6 cube with dithering, which turns a
//    colour map's smooth levels into bands of noise).
// A figure of 256 colours or fewer keeps all its colours exactly. giflib's GifQuantizeBuffer
// is not used: it quantises one image at a time at 5 bits per channel.
struct Colour {
    QRgb rgb;
    quint64 count;
};

int channel(QRgb rgb, int which)
{
    return which == 0 ? qRed(rgb) : which == 1 ? qGreen(rgb) : qBlue(rgb);
}

struct Box {
    qsizetype begin;
    qsizetype end;
    int axis = 0;        // the channel of the largest weighted spread
    double error = 0;    // the pixel-weighted squared error along it
};

void measure(const std::vector<Colour> &colours, Box &box)
{
    box.error = 0;
    for (int c = 0; c < 3; ++c) {
        double n = 0, sum = 0, squares = 0;
        for (qsizetype i = box.begin; i < box.end; ++i) {
            const double v = channel(colours[size_t(i)].rgb, c);
            const double w = double(colours[size_t(i)].count);
            n += w;
            sum += w * v;
            squares += w * v * v;
        }
        const double error = n > 0 ? squares - sum * sum / n : 0;
        if (error > box.error || c == 0) {
            box.error = error;
            box.axis = c;
        }
    }
    if (box.end - box.begin < 2)
        box.error = -1; // a single colour: nothing to split
}

std::vector<QRgb> medianCut(std::vector<Colour> colours, int size)
{
    std::vector<QRgb> palette;
    if (colours.size() <= size_t(size)) {
        for (const Colour &colour : colours)
            palette.push_back(colour.rgb);
        return palette;
    }
    std::vector<Box> boxes{Box{0, qsizetype(colours.size())}};
    measure(colours, boxes.front());
    while (boxes.size() < size_t(size)) {
        const auto worst = std::max_element(boxes.begin(), boxes.end(),
                                            [](const Box &a, const Box &b) { return a.error < b.error; });
        if (worst->error <= 0)
            break;
        Box box = *worst;
        const int axis = box.axis;
        // A total order (ties by the colour itself), so that the palette never depends on the
        // order the colours were counted in: the same command writes the same bytes.
        std::sort(colours.begin() + box.begin, colours.begin() + box.end, [axis](const Colour &a, const Colour &b) {
            const int ca = channel(a.rgb, axis);
            const int cb = channel(b.rgb, axis);
            return ca != cb ? ca < cb : a.rgb < b.rgb;
        });
        quint64 total = 0;
        for (qsizetype i = box.begin; i < box.end; ++i)
            total += colours[size_t(i)].count;
        // The weighted median, keeping at least one colour on each side.
        quint64 below = 0;
        qsizetype split = box.begin + 1;
        for (qsizetype i = box.begin; i < box.end - 1; ++i) {
            below += colours[size_t(i)].count;
            split = i + 1;
            if (2 * below >= total)
                break;
        }
        Box lower{box.begin, split};
        Box upper{split, box.end};
        measure(colours, lower);
        measure(colours, upper);
        *worst = lower;
        boxes.push_back(upper);
    }
    for (const Box &box : boxes) {
        double n = 0, r = 0, g = 0, b = 0;
        for (qsizetype i = box.begin; i < box.end; ++i) {
            const Colour &colour = colours[size_t(i)];
            const double w = double(colour.count);
            n += w;
            r += w * qRed(colour.rgb);
            g += w * qGreen(colour.rgb);
            b += w * qBlue(colour.rgb);
        }
        palette.push_back(qRgb(int(std::lround(r / n)), int(std::lround(g / n)), int(std::lround(b / n))));
    }
    return palette;
}

// Each colour of the histogram mapped to its nearest palette entry.
QHash<QRgb, uchar> nearestEntries(const QHash<QRgb, quint64> &histogram, const std::vector<QRgb> &palette)
{
    QHash<QRgb, uchar> map;
    map.reserve(histogram.size());
    for (auto it = histogram.cbegin(); it != histogram.cend(); ++it) {
        const QRgb rgb = it.key();
        int best = 0;
        int bestDistance = std::numeric_limits<int>::max();
        for (size_t i = 0; i < palette.size(); ++i) {
            const int dr = qRed(rgb) - qRed(palette[i]);
            const int dg = qGreen(rgb) - qGreen(palette[i]);
            const int db = qBlue(rgb) - qBlue(palette[i]);
            const int distance = dr * dr + dg * dg + db * db;
            if (distance < bestDistance) {
                bestDistance = distance;
                best = int(i);
            }
        }
        map.insert(rgb, uchar(best));
    }
    return map;
}

// ---------------------------------------------------------------------------------------
// giflib writing into a SafeSave's file.
int writeToSaveFile(GifFileType *gif, const GifByteType *bytes, int length)
{
    auto *file = static_cast<QIODevice *>(gif->UserData);
    return int(file->write(reinterpret_cast<const char *>(bytes), length));
}

class GifWriter
{
public:
    explicit GifWriter(QIODevice *file) { m_gif = EGifOpen(file, writeToSaveFile, &m_error); }
    ~GifWriter()
    {
        if (m_gif)
            EGifCloseFile(m_gif, &m_error);
    }
    GifWriter(const GifWriter &) = delete;
    GifWriter &operator=(const GifWriter &) = delete;

    bool isOpen() const { return m_gif != nullptr; }
    GifFileType *gif() const { return m_gif; }
    // Closes the file (writes the trailer); false on a write error.
    bool close()
    {
        GifFileType *gif = m_gif;
        m_gif = nullptr;
        return EGifCloseFile(gif, &m_error) == GIF_OK;
    }
    QString errorText() const
    {
        const int code = m_gif ? m_gif->Error : m_error;
        const char *text = GifErrorString(code);
        return text ? QString::fromUtf8(text) : QString::number(code);
    }

private:
    GifFileType *m_gif = nullptr;
    int m_error = 0;
};

} // namespace

// ---------------------------------------------------------------------------------------
QStringList Animation::parameterNames()
{
    QStringList names;
    for (ParamField field : allFields())
        names << parameterOption(field);
    return names;
}

std::optional<ParamField> Animation::parameterNamed(const QString &name)
{
    for (ParamField field : allFields()) {
        if (parameterOption(field) == name)
            return field;
    }
    return std::nullopt;
}

bool Animation::isLogarithmic(ParamField parameter)
{
    return parameter == ParamField::Base;
}

QList<double> Animation::values() const
{
    QList<double> values;
    const bool logarithmic = isLogarithmic(parameter) && from > 0 && to > 0;
    for (int i = 0; i < frames; ++i) {
        const double t = frames > 1 ? double(i) / (frames - 1) : 0;
        double value = logarithmic ? std::exp(std::log(from) + t * (std::log(to) - std::log(from)))
                                   : from + t * (to - from);
        // The ends exactly as given.
        if (i == 0)
            value = from;
        else if (i == frames - 1)
            value = to;
        if (EncodingParams::isInteger(parameter))
            value = std::round(value);
        values << value;
    }
    return values;
}

// ---------------------------------------------------------------------------------------
bool AnimationRequest::isAnimationPath(const QString &path)
{
    return QFileInfo(path).suffix().toLower() == QLatin1String("gif");
}

std::optional<QString> AnimationRequest::validate() const
{
    const Animation &a = animation;
    if (a.frames < Animation::kMinFrames || a.frames > Animation::kMaxFrames)
        return AnimationExport::tr("--frames: %1 is out of range; it must be an integer in [%2, %3]")
            .arg(a.frames)
            .arg(Animation::kMinFrames)
            .arg(Animation::kMaxFrames);
    if (!(a.fps >= Animation::kMinFps && a.fps <= Animation::kMaxFps))
        return AnimationExport::tr("--fps: %1 is out of range; it must be a number in [%2, %3]")
            .arg(OptionText::shortest(a.fps))
            .arg(Animation::kMinFps)
            .arg(Animation::kMaxFps);
    // Each end as the parameter's own validation sees it, in the scene of this request.
    const std::pair<const char *, double> ends[] = {{"from", a.from}, {"to", a.to}};
    for (const auto &[option, value] : ends) {
        const QString name = QLatin1String("--") + QLatin1String(option);
        EncodingParams p = params;
        p.setValue(a.parameter, value);
        const auto invalid = p.validate();
        const bool fractional = EncodingParams::isInteger(a.parameter) && std::isfinite(value) && value != std::round(value);
        if (!std::isfinite(value) || fractional || std::abs(value) > 1e15
            || (invalid && invalid->field == a.parameter)) {
            const ParamError why = invalid && invalid->field == a.parameter ? *invalid : ParamError{a.parameter, {}};
            return AnimationExport::tr("%1: %2 is out of range; %3").arg(name, OptionText::shortest(value), ParamText::error(why));
        }
    }
    // Every frame (a start valid at both ends can still be invalid with the seq_len given, and
    // the other way round).
    for (int i = 0; i < a.frames; ++i) {
        const FigureRequest figure = frame(i);
        if (const auto invalid = figure.params.validate())
            return AnimationExport::tr("--animate %1: frame %2 of %3 is invalid; %4")
                .arg(parameterOption(a.parameter))
                .arg(i + 1)
                .arg(a.frames)
                .arg(ParamText::error(*invalid));
        if (const auto invalid = figure.scene().validate())
            return AnimationExport::tr("--animate %1: frame %2 of %3 is invalid; %4")
                .arg(parameterOption(a.parameter))
                .arg(i + 1)
                .arg(a.frames)
                .arg(*invalid);
    }
    return std::nullopt;
}

QString AnimationRequest::frameCaption(ParamField parameter, double value)
{
    // The symbols the window's sliders and the formulas use; the value as a person reads it.
    QString symbol = ParamText::symbol(parameter);
    if (parameter == ParamField::Position)
        symbol = QStringLiteral("pos");
    else if (parameter == ParamField::Offset)
        symbol = QStringLiteral("k");
    // Whole numbers from 1000 on (a base of 251189, not 2.512e+05), four significant digits below.
    const QString shown = std::abs(value) >= 1000 ? CellText::number(std::round(value), 10) : CellText::number(value, 4);
    return QStringLiteral("%1 = %2").arg(symbol, shown);
}

FigureRequest AnimationRequest::frame(int index) const
{
    FigureRequest figure = *this;
    const QList<double> values = animation.values();
    const double value = values.value(index, animation.from);
    figure.params.setValue(animation.parameter, value);
    figure.output.clear();
    figure.caption = frameCaption(animation.parameter, value);
    return figure;
}

QStringList AnimationRequest::arguments() const
{
    // The figure's own arguments (as a PNG, so that the page is spelled out), without the
    // animated parameter's option and the output, then the animation and the .gif.
    FigureRequest figure = *this;
    figure.output = QStringLiteral("frame.png");
    QStringList args = figure.FigureRequest::arguments();
    args.removeLast(); // frame.png
    args.removeLast(); // -o
    const qsizetype at = args.indexOf(QLatin1String("--") + parameterOption(animation.parameter));
    if (at >= 0)
        args.remove(at, 2);
    args << QStringLiteral("--animate") << parameterOption(animation.parameter)
         << QStringLiteral("--from") << OptionText::shortest(animation.from)
         << QStringLiteral("--to") << OptionText::shortest(animation.to)
         << QStringLiteral("--frames") << QString::number(animation.frames)
         << QStringLiteral("--fps") << OptionText::shortest(animation.fps)
         << QStringLiteral("-o") << output;
    return args;
}

QString AnimationRequest::commandLine() const
{
    return FigureRequest::commandLineOf(arguments());
}

// ---------------------------------------------------------------------------------------
bool AnimationExport::write(const AnimationRequest &request, QString *error, const Progress &progress,
                            bool *cancelled, QStringList *omitted)
{
    QString ignored;
    QString &why = error ? *error : ignored;
    if (cancelled)
        *cancelled = false;
    if (omitted)
        omitted->clear();
    if (const auto invalid = request.validate()) {
        why = *invalid;
        return false;
    }
    const int frames = request.animation.frames;
    // Drawing every frame is the work; quantising and writing is about a tenth of it.
    const int total = frames + 1;
    const auto step = [&](int done) {
        if (!progress || progress(done, total))
            return true;
        if (cancelled)
            *cancelled = true;
        why.clear();
        return false;
    };
    if (!step(0))
        return false;

    // Pass 1: every frame drawn exactly as its PNG export (the same code, the same pixels),
    // kept as a PNG in a temporary folder so that memory does not grow with the frame count,
    // and the colours of all of them counted.
    QTemporaryDir folder;
    if (!folder.isValid()) {
        why = tr("no temporary folder for the frames: %1").arg(folder.errorString());
        return false;
    }
    const QSize size = request.page.pixelSize();
    QStringList paths;
    QHash<QRgb, quint64> histogram;
    for (int i = 0; i < frames; ++i) {
        FigureRequest figure = request.frame(i);
        figure.output = folder.filePath(QStringLiteral("frame-%1.png").arg(i, 4, 10, QLatin1Char('0')));
        QString frameError;
        QStringList frameOmits;
        if (!FigureExport::write(figure, &frameError, QString(), &frameOmits)) {
            why = tr("frame %1 of %2: %3").arg(i + 1).arg(frames).arg(frameError);
            return false;
        }
        if (omitted) {
            *omitted += frameOmits;
            omitted->removeDuplicates();
        }
        const QImage image = QImage(figure.output).convertToFormat(QImage::Format_RGB32);
        if (image.size() != size) {
            why = tr("frame %1 of %2 could not be drawn").arg(i + 1).arg(frames);
            return false;
        }
        // Counted in runs of one colour: a figure is mostly flat areas.
        for (int y = 0; y < image.height(); ++y) {
            const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
            for (int x = 0; x < image.width();) {
                const QRgb rgb = line[x];
                int run = 1;
                while (x + run < image.width() && line[x + run] == rgb)
                    ++run;
                histogram[rgb | 0xff000000u] += quint64(run);
                x += run;
            }
        }
        paths << figure.output;
        if (!step(i + 1))
            return false;
    }

    // The palette shared by every frame (see medianCut).
    std::vector<Colour> colours;
    colours.reserve(size_t(histogram.size()));
    for (auto it = histogram.cbegin(); it != histogram.cend(); ++it)
        colours.push_back({it.key(), it.value()});
    // QHash's order changes from run to run; the palette must not.
    std::sort(colours.begin(), colours.end(), [](const Colour &a, const Colour &b) { return a.rgb < b.rgb; });
    const std::vector<QRgb> palette = medianCut(std::move(colours), 256);
    const QHash<QRgb, uchar> entry = nearestEntries(histogram, palette);
    // A GIF colour table has a power-of-two size, at least 2.
    int bits = 1;
    while ((1 << bits) < int(palette.size()))
        ++bits;
    ColorMapObject *colorMap = GifMakeMapObject(1 << bits, nullptr);
    if (!colorMap) {
        why = tr("out of memory");
        return false;
    }
    for (int i = 0; i < colorMap->ColorCount; ++i) {
        const QRgb rgb = i < int(palette.size()) ? palette[size_t(i)] : qRgb(0, 0, 0);
        colorMap->Colors[i] = GifColorType{GifByteType(qRed(rgb)), GifByteType(qGreen(rgb)), GifByteType(qBlue(rgb))};
    }

    // Pass 2: the GIF. Each frame after the first holds only the rectangle that changed (the
    // rest stays from the frame before: disposal "do not dispose"), which keeps an animation
    // of a moving marker small.
    SafeSave file(request.output);
    if (!file.open(&why)) {
        GifFreeMapObject(colorMap);
        return false;
    }
    const auto fail = [&](const QString &message) {
        why = message;
        return false;
    };
    bool written = true;
    {
        GifWriter writer(file.device());
        if (!writer.isOpen()) {
            GifFreeMapObject(colorMap);
            return fail(tr("cannot write %1: %2").arg(request.output, writer.errorText()));
        }
        GifFileType *gif = writer.gif();
        EGifSetGifVersion(gif, true);
        written = EGifPutScreenDesc(gif, size.width(), size.height(), 8, 0, colorMap) == GIF_OK;
        GifFreeMapObject(colorMap);
        // Loop forever: the NETSCAPE2.0 application extension, loop count 0.
        static const char netscape[] = "NETSCAPE2.0";
        const GifByteType loop[3] = {1, 0, 0};
        written = written && EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK
                  && EGifPutExtensionBlock(gif, 11, netscape) == GIF_OK
                  && EGifPutExtensionBlock(gif, 3, loop) == GIF_OK && EGifPutExtensionTrailer(gif) == GIF_OK;
        const QByteArray comment = request.commandLine().toUtf8();
        written = written && EGifPutComment(gif, comment.constData()) == GIF_OK;

        std::vector<GifByteType> previous;
        std::vector<GifByteType> current(size_t(size.width()) * size_t(size.height()));
        const double fps = request.animation.fps;
        for (int i = 0; written && i < frames; ++i) {
            const QImage image = QImage(paths.at(i)).convertToFormat(QImage::Format_RGB32);
            if (image.size() != size)
                return fail(tr("frame %1 of %2 could not be read back").arg(i + 1).arg(frames));
            for (int y = 0; y < size.height(); ++y) {
                const auto *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
                GifByteType *out = current.data() + size_t(y) * size_t(size.width());
                QRgb last = line[0];
                GifByteType index = entry.value(last | 0xff000000u);
                for (int x = 0; x < size.width(); ++x) {
                    if (line[x] != last) {
                        last = line[x];
                        index = entry.value(last | 0xff000000u);
                    }
                    out[x] = index;
                }
            }
            QFile::remove(paths.at(i));
            // The changed rectangle (the whole frame for the first; one pixel if nothing changed).
            int left = 0, top = 0, right = size.width() - 1, bottom = size.height() - 1;
            if (!previous.empty()) {
                left = size.width();
                top = size.height();
                right = -1;
                bottom = -1;
                for (int y = 0; y < size.height(); ++y) {
                    const size_t row = size_t(y) * size_t(size.width());
                    for (int x = 0; x < size.width(); ++x) {
                        if (current[row + size_t(x)] != previous[row + size_t(x)]) {
                            left = std::min(left, x);
                            right = std::max(right, x);
                            top = std::min(top, y);
                            bottom = std::max(bottom, y);
                        }
                    }
                }
                if (right < 0)
                    left = top = right = bottom = 0;
            }
            // Delays in hundredths of a second, rounded so that they add up to frames / fps.
            const int delay = int(std::lround(100.0 * (i + 1) / fps)) - int(std::lround(100.0 * i / fps));
            GraphicsControlBlock control{DISPOSE_DO_NOT, false, delay, NO_TRANSPARENT_COLOR};
            GifByteType extension[4];
            EGifGCBToExtension(&control, extension);
            written = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extension) == GIF_OK
                      && EGifPutImageDesc(gif, left, top, right - left + 1, bottom - top + 1, false, nullptr) == GIF_OK;
            for (int y = top; written && y <= bottom; ++y)
                written = EGifPutLine(gif, current.data() + size_t(y) * size_t(size.width()) + size_t(left),
                                      right - left + 1)
                          == GIF_OK;
            previous.swap(current);
            current.resize(previous.size());
            if (written && i + 1 == frames && !step(total))
                return fail(QString());
        }
        if (!written)
            return fail(tr("cannot write %1: %2").arg(request.output, writer.errorText()));
        if (!writer.close())
            return fail(tr("cannot write %1: %2").arg(request.output, file.device()->errorString()));
    }
    return file.commit(&why);
}

} // namespace posenc
