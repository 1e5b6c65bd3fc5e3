// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/pagecolormaps.h"

#include <QWidget>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <new>

namespace posenc {

PageColorMaps::PageColorMaps(QWidget *view, double dotsPerPixel, Page page)
{
    QList<QCustomPlot *> plots = view->findChildren<QCustomPlot *>();
    if (auto *plot = qobject_cast<QCustomPlot *>(view))
        plots.prepend(plot);
    for (QCustomPlot *plot : plots) {
        for (int i = 0; i < plot->plottableCount(); ++i) {
            auto *map = qobject_cast<QCPColorMap *>(plot->plottable(i));
            if (map && canResample(map) && m_complete) {
                m_saved.append({map, *map->data()});
                try {
                    m_complete = resample(map, dotsPerPixel, page);
                } catch (const std::bad_alloc &) {
                    m_complete = false;
                }
            }
        }
    }
}

PageColorMaps::~PageColorMaps()
{
    for (const auto &[map, data] : m_saved)
        *map->data() = data;
}

// Whether `bytes` can be allocated now. QCustomPlot's colour-map data swallows a failed
// allocation (a debug line, then a null array that the next setCell writes through: a
// segmentation fault under a tight address-space limit), so a size it may not get is tried
// here first, and given back for it to take. The volatile keeps the pair from being elided.
bool PageColorMaps::canAllocate(size_t bytes)
{
    void *volatile probe = std::malloc(bytes);
    const bool allocated = probe != nullptr;
    std::free(probe);
    return allocated;
}

bool PageColorMaps::canResample(const QCPColorMap *map)
{
    const QCPColorMapData *data = map->data();
    return map->realVisibility() && map->keyAxis() && map->valueAxis()
           && map->keyAxis()->orientation() == Qt::Horizontal && data->keySize() > 1
           && data->valueSize() > 1 && map->keyAxis()->scaleType() == QCPAxis::stLinear
           && map->valueAxis()->scaleType() == QCPAxis::stLinear;
}

// `in` resampled to `count` samples along the keys (or the values), each output sample a
// weighted mean of the input cells (NaN cells left out). Fewer samples than cells: a tent
// filter two output samples wide, so that a pattern finer than the dots (sin/cos columns
// alternating) is averaged over 2 to 4 of its periods and comes out even; the narrower box
// filter, one output sample wide, leaves a beat of its own where the ratio of cells to dots
// is not whole. More samples than cells: a box filter, the area of each cell under each
// sample, so that edges stay sharp; a whole multiple of the input is a plain replication.
PageColorMaps::Grid PageColorMaps::resampled(const Grid &in, int count, bool alongKeys)
{
    const int from = alongKeys ? in.keys : in.values;
    const int lines = alongKeys ? in.values : in.keys;
    Grid out{alongKeys ? count : in.keys, alongKeys ? in.values : count, {}, {}};
    out.value.resize(size_t(out.keys) * size_t(out.values));
    out.alpha.resize(out.value.size());
    const double ratio = double(from) / count; // input samples per output sample
    const bool tent = ratio > 1;
    // The integral of the tent max(0, 1 - |t| / h) from -h to t.
    const auto tentArea = [h = ratio](double t) {
        if (t <= -h)
            return 0.0;
        if (t >= h)
            return h;
        return t <= 0 ? (t + h) * (t + h) / (2 * h) : h - (h - t) * (h - t) / (2 * h);
    };
    for (int line = 0; line < lines; ++line) {
        for (int j = 0; j < count; ++j) {
            const double centre = (j + 0.5) * ratio;
            const double lower = tent ? centre - ratio : j * ratio;
            const double upper = tent ? centre + ratio : (j + 1) * ratio;
            double sum = 0, alpha = 0, weights = 0, valueWeights = 0;
            for (int i = std::max(0, int(std::floor(lower))); i < from && i < upper; ++i) {
                const double weight = tent ? tentArea(i + 1 - centre) - tentArea(i - centre)
                                           : std::min<double>(i + 1, upper) - std::max<double>(i, lower);
                if (weight <= 1e-12)
                    continue;
                const size_t at = alongKeys ? size_t(line) * in.keys + i : size_t(i) * in.keys + line;
                alpha += weight * in.alpha[at];
                weights += weight;
                if (!std::isnan(in.value[at])) {
                    sum += weight * in.value[at];
                    valueWeights += weight;
                }
            }
            const size_t to = alongKeys ? size_t(line) * out.keys + j : size_t(j) * out.keys + line;
            out.value[to] = valueWeights > 0 ? sum / valueWeights : std::nan("");
            out.alpha[to] = weights > 0 ? alpha / weights : 0;
        }
    }
    return out;
}

// Cell centres lie on the ends of the data range; n cells of width w reach half a cell
// beyond them. The same extent in m samples has its centres half a sample inside it.
QCPRange PageColorMaps::resampledRange(const QCPRange &range, int cells, int samples)
{
    const double cell = (range.upper - range.lower) / (cells - 1);
    const double sample = cell * cells / samples;
    return QCPRange(range.lower - cell / 2 + sample / 2, range.upper + cell / 2 - sample / 2);
}

// False when the memory for it could not be allocated; the map then keeps its data, which
// the destructor puts back anyway.
bool PageColorMaps::resample(QCPColorMap *map, double dotsPerPixel, Page page)
{
    QCPColorMapData *data = map->data();
    const int keys = data->keySize();
    const int values = data->valueSize();
    const QCPRange keyRange = data->keyRange();
    const QCPRange valueRange = data->valueRange();
    // The map's extent on the page, in dots.
    const auto extent = [](QCPAxis *axis, const QCPRange &range, int cells) {
        const double half = 0.5 * (range.upper - range.lower) / (cells - 1);
        return std::abs(axis->coordToPixel(range.upper + half) - axis->coordToPixel(range.lower - half));
    };
    const auto samples = [page](int cells, double dots) {
        // Blocks of whole samples per cell when cells are 4 dots or more (on a vector page,
        // 1.5 dots or more; smaller, one sample a cell), else the dots.
        const int whole = std::max(1, int(std::lround(dots)));
        if (page == Page::Vector)
            return cells * std::max(1, int(std::lround(double(whole) / cells)));
        return 4 * cells > whole ? whole : cells * ((whole + cells - 1) / cells);
    };
    const int keySamples = samples(keys, extent(map->keyAxis(), keyRange, keys) * dotsPerPixel);
    const int valueSamples = samples(values, extent(map->valueAxis(), valueRange, values) * dotsPerPixel);
    if (keySamples == keys && valueSamples == values)
        return true;

    Grid grid{keys, values, {}, {}};
    grid.value.resize(size_t(keys) * size_t(values));
    grid.alpha.resize(grid.value.size());
    bool opaque = true;
    for (int v = 0; v < values; ++v) {
        for (int k = 0; k < keys; ++k) {
            grid.value[size_t(v) * keys + k] = data->cell(k, v);
            grid.alpha[size_t(v) * keys + k] = data->alpha(k, v);
            opaque = opaque && data->alpha(k, v) == 255;
        }
    }
    grid = resampled(grid, keySamples, true);
    grid = resampled(grid, valueSamples, false);
    // QCustomPlot's own arrays: the values, the opacities if any, then the map's image of
    // one ARGB pixel per cell (a failed QImage is caught by PaintFailures).
    const size_t cells = size_t(grid.keys) * size_t(grid.values);
    const size_t needed = cells * (sizeof(double) + (opaque ? 0 : 1));
    if (!canAllocate(needed))
        return false;
    data->setSize(grid.keys, grid.values);
    data->setRange(resampledRange(keyRange, keys, keySamples), resampledRange(valueRange, values, valueSamples));
    for (int v = 0; v < grid.values; ++v) {
        for (int k = 0; k < grid.keys; ++k) {
            data->setCell(k, v, grid.value[size_t(v) * grid.keys + k]);
            if (!opaque)
                data->setAlpha(k, v, static_cast<unsigned char>(std::lround(grid.alpha[size_t(v) * grid.keys + k])));
        }
    }
    return true;
}

} // namespace posenc
