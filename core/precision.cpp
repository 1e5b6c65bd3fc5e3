// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/precision.h"

#include "core/frequencies.h"
#include "core/names.h"
#include "core/parallel.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numbers>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

namespace posenc {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// m >> shift, rounded to nearest with ties to even (shift >= 1). A significand has at most 53
// bits, so from a shift of 64 on it is below one half of the last kept bit: 0.
std::uint64_t shiftRoundEven(std::uint64_t m, int shift)
{
    if (shift >= 64)
        return 0;
    const std::uint64_t kept = m >> shift;
    const std::uint64_t dropped = m & ((std::uint64_t(1) << shift) - 1);
    const std::uint64_t half = std::uint64_t(1) << (shift - 1);
    return kept + ((dropped > half || (dropped == half && (kept & 1))) ? 1 : 0);
}

// binary16 bits of a (non-NaN) double, one rounding to nearest even. Sign, 5 exponent bits
// (bias 15), 10 fraction bits; a value 2^e (1 + f) with e < -14 is a subnormal n * 2^-24.
std::uint16_t float16Bits(double x)
{
    const std::uint64_t b = std::bit_cast<std::uint64_t>(x);
    const std::uint16_t sign = (b >> 63) ? 0x8000 : 0;
    const int biased = int((b >> 52) & 0x7FF);
    if (biased == 0x7FF)
        return sign | 0x7C00; // ±inf (NaN is handled by the caller)
    if (biased == 0)
        return sign; // zero, or a double subnormal: far below half of 2^-24
    const int e = biased - 1023;
    if (e > 15)
        return sign | 0x7C00; // |x| >= 2^16, beyond 65520
    const std::uint64_t m = (b & ((std::uint64_t(1) << 52) - 1)) | (std::uint64_t(1) << 52);
    // Keep 11 significant bits of a normal, fewer of a subnormal: x = n * 2^(exponent - 10).
    const int exponent = std::max(e, -14);
    const std::uint64_t n = shiftRoundEven(m, 42 + exponent - e);
    // ((exponent + 14) << 10) + n is the encoding of normals and subnormals alike, and a carry
    // of n to 2^11 (or of a subnormal to 2^10) lands in the exponent field.
    const std::uint32_t magnitude = (std::uint32_t(exponent + 14) << 10) + std::uint32_t(n);
    return sign | std::uint16_t(std::min<std::uint32_t>(magnitude, 0x7C00));
}

double fromFloat16Bits(std::uint16_t h)
{
    const std::uint64_t sign = std::uint64_t(h & 0x8000) << 48;
    const unsigned exponent = (h >> 10) & 0x1F;
    const std::uint64_t fraction = h & 0x3FF;
    if (exponent == 0x1F)
        return fraction ? kNaN : std::bit_cast<double>(sign | 0x7FF0000000000000ull);
    if (exponent == 0) // f * 2^-24, exact
        return std::bit_cast<double>(sign | std::bit_cast<std::uint64_t>(double(fraction) * 0x1p-24));
    // A normal: the same sign and fraction in double's fields, the exponent rebiased 15 -> 1023.
    return std::bit_cast<double>(sign | (std::uint64_t(exponent + 1008) << 52) | (fraction << 42));
}

// bfloat16 bits of a (non-NaN) float32: its top 16 bits, rounded to nearest even on the 16
// dropped ones. A carry runs into the exponent, and from FLT_MAX's neighbourhood into inf.
std::uint16_t bfloat16Bits(float f)
{
    const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
    return std::uint16_t((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
}

double fromBFloat16Bits(std::uint16_t h)
{
    return double(std::bit_cast<float>(std::uint32_t(h) << 16));
}

// round_h with h fixed at compile time, for the loops over every value.
template<Precision H>
inline double roundTo(double x)
{
    if constexpr (H == Precision::Float32) {
        return double(static_cast<float>(x));
    } else {
        if (std::isnan(x))
            return x;
        if constexpr (H == Precision::Float16)
            return fromFloat16Bits(float16Bits(x));
        else
            return fromBFloat16Bits(bfloat16Bits(static_cast<float>(x)));
    }
}

// f(std::integral_constant<Precision, h>) for the run-time h.
template<typename F>
decltype(auto) withPrecision(Precision precision, F &&f)
{
    switch (precision) {
    case Precision::Float16:
        return f(std::integral_constant<Precision, Precision::Float16>{});
    case Precision::BFloat16:
        return f(std::integral_constant<Precision, Precision::BFloat16>{});
    case Precision::Float32:
        break;
    }
    return f(std::integral_constant<Precision, Precision::Float32>{});
}

// The frequency ladder in h and where each pair's values go: what every row shares.
struct RoundedLadder {
    std::vector<double> w;     // w_h of pair i
    std::vector<int> sinCol;   // sinColumn(i)
    std::vector<int> cosCol;   // cosColumn(i), -1 for the lone sine of an odd interleaved d
};

template<Precision H>
RoundedLadder roundedLadder(const EncodingParams &params)
{
    const int n = frequencyCount(params);
    RoundedLadder ladder;
    ladder.w.resize(std::size_t(n));
    ladder.sinCol.resize(std::size_t(n));
    ladder.cosCol.resize(std::size_t(n));
    for (int i = 0; i < n; ++i) {
        ladder.w[std::size_t(i)] = roundTo<H>(frequency(params, i));
        ladder.sinCol[std::size_t(i)] = sinColumn(params, i);
        ladder.cosCol[std::size_t(i)] = cosColumn(params, i);
    }
    return ladder;
}

// The bits of round_h(x) in a 16-bit format, and back: fromBits<H>(bitsOf<H>(x)) is
// roundTo<H>(x) for every x that is not NaN.
template<Precision H>
inline std::uint16_t bitsOf(double x)
{
    if constexpr (H == Precision::Float16)
        return float16Bits(x);
    else
        return bfloat16Bits(static_cast<float>(x));
}

template<Precision H>
inline double fromBits(std::uint16_t bits)
{
    if constexpr (H == Precision::Float16)
        return fromFloat16Bits(bits);
    else
        return fromBFloat16Bits(bits);
}

// What every row of one call shares: the ladder in h and, for the 16-bit formats, the values
// round_h(scale * sin theta_h) and round_h(scale * cos theta_h) of each angle theta_h met so
// far, by the angle's 16 bits. A 16-bit angle has at most 65536 values, and a row of d_model
// columns meets few new ones after the first rows (a 512 x 512 bfloat16 matrix: about 2000
// angles for 131072 sines), so the sine and cosine are computed once per angle, not once per
// cell: the same operations on the same angle, so the same bits. float32 computes every cell.
template<Precision H>
class RowRounder
{
public:
    explicit RowRounder(const EncodingParams &params)
        : m_params(params)
        , m_ladder(roundedLadder<H>(params))
    {
        if constexpr (kTabled) {
            m_slot.assign(std::size_t(1) << 16, 0);
            m_values.reserve(4096);
        }
    }

    // value_h of every column at the rounded position ph, into row (d_model values).
    void row(double ph, double *row)
    {
        std::fill(row, row + m_params.dModel, 0.0); // the zero column of an odd split d
        const double scale = m_params.scale;
        const std::size_t n = m_ladder.w.size();
        for (std::size_t i = 0; i < n; ++i) {
            const double product = ph * m_ladder.w[i];
            double sinValue, cosValue;
            if constexpr (kTabled) {
                if (std::isnan(product)) { // round_h keeps NaN, and so do sin and cos
                    sinValue = cosValue = product;
                } else {
                    const std::uint16_t bits = bitsOf<H>(product);
                    std::uint32_t &slot = m_slot[bits];
                    if (slot == 0) {
                        const double theta = fromBits<H>(bits);
                        m_values.push_back({roundTo<H>(scale * std::sin(theta)), roundTo<H>(scale * std::cos(theta))});
                        slot = std::uint32_t(m_values.size());
                    }
                    sinValue = m_values[slot - 1].first;
                    cosValue = m_values[slot - 1].second;
                }
            } else {
                const double theta = roundTo<H>(product);
                sinValue = roundTo<H>(scale * std::sin(theta));
                cosValue = roundTo<H>(scale * std::cos(theta));
            }
            row[m_ladder.sinCol[i]] = sinValue;
            if (m_ladder.cosCol[i] >= 0)
                row[m_ladder.cosCol[i]] = cosValue;
        }
    }

private:
    static constexpr bool kTabled = H != Precision::Float32;
    const EncodingParams &m_params;
    RoundedLadder m_ladder;
    // Where the values of an angle are in m_values, by its bits, plus one (0: not met yet):
    // 256 KiB to clear, the values packed in the order met.
    std::vector<std::uint32_t> m_slot;
    std::vector<std::pair<double, double>> m_values;
};

// The position of row r, as the matrix has it (start + r * 1.0 is start + r).
inline double rowPosition(const EncodingParams &params, long long r)
{
    return params.start + double(r);
}

template<Precision H>
void errorRowsInto(const EncodingParams &params, RowRounder<H> &rounder, int firstRow, int rows, RowMatrixXd &out)
{
    rows = std::max(rows, 0);
    const int d = params.dModel;
    // The exact side: the engine's rows. With a whole-number start, (start + firstRow) + r is
    // start + (firstRow + r) exactly, and encodingRowsInto gives encodingAt's bits at it.
    if (std::floor(params.start) == params.start) {
        encodingRowsInto(params, rowPosition(params, firstRow), 1.0, rows, out);
    } else {
        if (out.rows() != rows || out.cols() != d)
            out.resize(rows, d);
        for (int r = 0; r < rows; ++r)
            out.row(r) = encodingAt(params, rowPosition(params, 0LL + firstRow + r)).transpose();
    }
    Eigen::Matrix<double, 1, Eigen::Dynamic> rounded(d);
    for (int r = 0; r < rows; ++r) {
        const double ph = roundTo<H>(rowPosition(params, 0LL + firstRow + r));
        rounder.row(ph, rounded.data());
        out.row(r) = rounded - out.row(r);
    }
}

// A 64-bit fingerprint of a row's bits (splitmix64 steps): equal rows have equal ones.
// Four independent chains over the columns c = 0, 1, 2, 3 mod 4, mixed at the end, so that
// the multiplies of consecutive columns overlap instead of waiting for one another.
std::uint64_t mixStep(std::uint64_t h, double value)
{
    std::uint64_t z = h + std::bit_cast<std::uint64_t>(value) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::uint64_t fingerprint(const double *row, int count)
{
    std::uint64_t h[4] = {0x243F6A8885A308D3ull ^ std::uint64_t(count), 0x13198A2E03707344ull, 0xA4093822299F31D0ull,
                          0x082EFA98EC4E6C89ull};
    int c = 0;
    for (; c + 4 <= count; c += 4) {
        for (int k = 0; k < 4; ++k)
            h[k] = mixStep(h[k], row[c + k]);
    }
    for (; c < count; ++c)
        h[0] = mixStep(h[0], row[c]);
    std::uint64_t result = h[0];
    for (int k = 1; k < 4; ++k)
        result = mixStep(result, std::bit_cast<double>(h[k]));
    return result;
}

template<Precision H>
PrecisionCollisions collisions(const EncodingParams &params)
{
    PrecisionCollisions result;
    result.positions = std::max(params.seqLen, 0);
    result.firstCollidingPosition = kNaN;
    result.firstCollidingPartner = kNaN;
    if (result.positions == 0)
        return result;
    const int d = params.dModel;
    RowRounder<H> rounder(params);

    // The positions ascend and rounding is monotone, so the positions of one p_h are a run of
    // consecutive rows, and the row of value_h is a function of p_h: one row per run.
    struct Run {
        int firstRow;
        int count;
        double ph;
        std::uint64_t fingerprint;
        int cls; // the run that represents its class of equal rows
    };
    std::vector<Run> runs;
    std::vector<double> row(static_cast<std::size_t>(d));
    std::uint64_t previous = 0;
    for (int r = 0; r < result.positions; ++r) {
        const double ph = roundTo<H>(rowPosition(params, r));
        const std::uint64_t bits = std::bit_cast<std::uint64_t>(ph);
        if (r > 0 && bits == previous) {
            ++runs.back().count;
            continue;
        }
        previous = bits;
        rounder.row(ph, row.data());
        runs.push_back({r, 1, ph, fingerprint(row.data(), d), int(runs.size())});
    }
    result.distinctRoundedPositions = int(runs.size());

    // Runs with equal fingerprints: recompute their rows and compare the bits, so that only
    // truly equal rows share a class. A group almost always holds one class (one kept row).
    std::vector<int> order(runs.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const Run &x = runs[std::size_t(a)], &y = runs[std::size_t(b)];
        return x.fingerprint != y.fingerprint ? x.fingerprint < y.fingerprint : x.firstRow < y.firstRow;
    });
    struct Representative {
        int run;
        std::vector<double> row;
    };
    std::vector<Representative> representatives;
    for (std::size_t g = 0; g < order.size();) {
        std::size_t end = g + 1;
        while (end < order.size()
               && runs[std::size_t(order[end])].fingerprint == runs[std::size_t(order[g])].fingerprint)
            ++end;
        if (end - g > 1) {
            representatives.clear();
            for (std::size_t k = g; k < end; ++k) {
                Run &run = runs[std::size_t(order[k])];
                rounder.row(run.ph, row.data());
                const auto same = std::find_if(representatives.begin(), representatives.end(),
                                               [&](const Representative &rep) {
                                                   return std::memcmp(rep.row.data(), row.data(),
                                                                      sizeof(double) * std::size_t(d))
                                                          == 0;
                                               });
                if (same != representatives.end())
                    run.cls = same->run;
                else
                    representatives.push_back({order[k], row});
            }
        }
        g = end;
    }

    std::vector<long long> weight(runs.size(), 0); // positions per class
    for (const Run &run : runs)
        weight[std::size_t(run.cls)] += run.count;
    for (std::size_t k = 0; k < runs.size(); ++k) {
        const Run &run = runs[k];
        if (weight[std::size_t(run.cls)] < 2)
            continue;
        result.collidingPositions += run.count;
        if (!std::isnan(result.firstCollidingPosition))
            continue;
        // The first colliding run is the first of its class: its partner is the next position
        // of the run, or else the first row of the next run of the class.
        result.firstCollidingPosition = rowPosition(params, run.firstRow);
        if (run.count > 1) {
            result.firstCollidingPartner = rowPosition(params, run.firstRow + 1);
        } else {
            for (std::size_t j = k + 1; j < runs.size(); ++j) {
                if (runs[j].cls == run.cls) {
                    result.firstCollidingPartner = rowPosition(params, runs[j].firstRow);
                    break;
                }
            }
        }
    }
    return result;
}

} // namespace

std::string_view precisionName(Precision precision)
{
    switch (precision) {
    case Precision::Float16:
        return "float16";
    case Precision::BFloat16:
        return "bfloat16";
    case Precision::Float32:
        break;
    }
    return "float32";
}

std::optional<Precision> precisionFromName(std::string_view name)
{
    return valueNamed<Precision>(name, {Precision::Float32, Precision::Float16, Precision::BFloat16}, &precisionName);
}

double roundToPrecision(Precision precision, double x)
{
    return withPrecision(precision, [x](auto h) { return roundTo<decltype(h)::value>(x); });
}

double largestFinite(Precision precision)
{
    switch (precision) {
    case Precision::Float16:
        return fromFloat16Bits(0x7BFF);
    case Precision::BFloat16:
        return fromBFloat16Bits(0x7F7F);
    case Precision::Float32:
        break;
    }
    return double(std::numeric_limits<float>::max());
}

double largestExactInteger(Precision precision)
{
    // 2^p for p significant bits: every integer up to it has at most p bits.
    switch (precision) {
    case Precision::Float16:
        return 2048.0;
    case Precision::BFloat16:
        return 256.0;
    case Precision::Float32:
        break;
    }
    return 16777216.0;
}

PrecisionCell precisionCell(const EncodingParams &params, Precision precision, double pos, int column)
{
    const CellExplanation exact = explainCell(params, pos, column);
    PrecisionCell cell;
    cell.position = pos;
    cell.channel = exact.channel;
    cell.frequency = exact.frequency;
    cell.angle = exact.angle;
    cell.value = exact.value;
    cell.roundedPosition = roundToPrecision(precision, pos);
    cell.overflow = std::isinf(cell.roundedPosition) && std::isfinite(pos);
    if (cell.channel.kind == Channel::Kind::Zero)
        return cell;
    cell.roundedFrequency = roundToPrecision(precision, cell.frequency);
    // The same operations as the rows of precisionError, for the same bits.
    const double product = cell.roundedPosition * cell.roundedFrequency;
    cell.roundedAngle = roundToPrecision(precision, product);
    const double scaled = params.scale
                          * (cell.channel.kind == Channel::Kind::Sin ? std::sin(cell.roundedAngle)
                                                                     : std::cos(cell.roundedAngle));
    cell.roundedValue = roundToPrecision(precision, scaled);
    cell.overflow = cell.overflow || (std::isinf(cell.roundedAngle) && std::isfinite(product))
                    || (std::isinf(cell.roundedValue) && std::isfinite(scaled));
    return cell;
}

RowMatrixXd precisionError(const EncodingParams &params, Precision precision)
{
    RowMatrixXd out;
    precisionErrorRowsInto(params, precision, 0, params.seqLen, out);
    return out;
}

void precisionErrorRowsInto(const EncodingParams &params, Precision precision, int firstRow, int rows,
                            RowMatrixXd &out)
{
    withPrecision(precision, [&](auto h) {
        RowRounder<decltype(h)::value> rounder(params);
        errorRowsInto(params, rounder, firstRow, rows, out);
    });
}

namespace {

// Box rows [boxBegin, boxEnd) of precisionErrorBoxes, in blocks of `boxRowsPerBlock` box rows:
// the engine's exact rows and the rounder's set-up are shared by many boxes, and a block stays
// in the cache. Writes only those rows of `boxes`.
template<Precision H>
void errorBoxRows(const EncodingParams &params, const BoxGrid &grid, RowRounder<H> &rounder, int boxBegin,
                  int boxEnd, int boxRowsPerBlock, RowMatrixXd &boxes)
{
    RowMatrixXd block;
    for (int b0 = boxBegin; b0 < boxEnd; b0 += boxRowsPerBlock) {
        const int b1 = std::min(boxEnd, b0 + boxRowsPerBlock);
        const int blockFirst = grid.firstRow + b0 * grid.rowsPerBox;
        const int blockEnd = std::min(grid.firstRow + b1 * grid.rowsPerBox, grid.firstRow + grid.rowCount);
        errorRowsInto(params, rounder, blockFirst, blockEnd - blockFirst, block);
        for (int b = b0; b < b1; ++b) {
            const int first = grid.firstRow + b * grid.rowsPerBox;
            const int rows = std::min(grid.rowsPerBox, grid.firstRow + grid.rowCount - first);
            for (int c = 0; c < grid.columns(); ++c) {
                const int firstColumn = grid.firstColumn + c * grid.columnsPerBox;
                const int columns = std::min(grid.columnsPerBox, grid.firstColumn + grid.columnCount - firstColumn);
                double worst = 0;
                for (int r = 0; r < rows && !std::isnan(worst); ++r) {
                    const double *row = block.row(first - blockFirst + r).data() + firstColumn;
                    for (int k = 0; k < columns; ++k) {
                        const double e = row[k];
                        if (std::isnan(e)) {
                            worst = kNaN;
                            break;
                        }
                        if (std::abs(e) > std::abs(worst))
                            worst = e;
                    }
                }
                boxes(b, c) = worst;
            }
        }
    }
}

} // namespace

RowMatrixXd precisionErrorBoxes(const EncodingParams &params, Precision precision, const BoxGrid &grid)
{
    RowMatrixXd boxes = RowMatrixXd::Zero(grid.rows(), grid.columns());
    // Whole box rows of about kBlockRows rows at a time (errorBoxRows), the blocks split over
    // the cores at block boundaries, each part with a rounder of its own: the same bits as one
    // part (a rounder's values are those of each angle's bits).
    constexpr int kBlockRows = 128;
    const int boxRowsPerBlock = std::max(1, kBlockRows / std::max(grid.rowsPerBox, 1));
    parallelFor(
        grid.rows(), boxRowsPerBlock,
        [&](std::int64_t partBegin, std::int64_t partEnd) {
            withPrecision(precision, [&](auto h) {
                RowRounder<decltype(h)::value> rounder(params);
                errorBoxRows(params, grid, rounder, int(partBegin), int(partEnd), boxRowsPerBlock, boxes);
            });
        },
        boxRowsPerBlock);
    return boxes;
}

namespace {

// The k-th smallest of non-negative, finite `values` (k < size), reordering them: their bit
// patterns sort as the numbers do, so a count of the patterns' top 16 bits finds the bucket
// that holds the k-th, and a selection runs over that bucket alone (a full nth_element over
// a quarter of a million entries costs the UI thread milliseconds on every change).
double kthSmallestMagnitude(std::vector<double> &values, std::size_t k)
{
    constexpr int kShift = 48;
    std::vector<std::uint32_t> counts(std::size_t(1) << (64 - kShift), 0);
    for (const double v : values)
        ++counts[std::bit_cast<std::uint64_t>(v) >> kShift];
    std::size_t below = 0;
    std::uint64_t bucket = 0;
    while (below + counts[bucket] <= k)
        below += counts[bucket++];
    const auto inBucket = std::partition(values.begin(), values.end(), [bucket](double v) {
        return std::bit_cast<std::uint64_t>(v) >> kShift == bucket;
    });
    const auto at = values.begin() + std::ptrdiff_t(k - below);
    std::nth_element(values.begin(), at, inBucket);
    return *at;
}

} // namespace

ErrorMapExtent errorMapExtent(RowMatrixXd &boxes, double share)
{
    ErrorMapExtent extent;
    const Eigen::Index count = boxes.size();
    const Eigen::Index stride = std::max<Eigen::Index>(1, count / kErrorExtentSample);
    std::vector<double> sample;
    sample.reserve(std::size_t(count / stride + 1));
    double *data = boxes.data();
    for (Eigen::Index i = 0; i < count; ++i) {
        if (std::isnan(data[i]))
            data[i] = 0;
        extent.largest = std::max(extent.largest, std::abs(data[i]));
    }
    for (Eigen::Index i = 0; i < count; i += stride)
        sample.push_back(std::abs(data[i]));
    if (!sample.empty())
        extent.typical = kthSmallestMagnitude(sample, std::size_t(share * double(sample.size() - 1)));
    return extent;
}

LargestPrecisionError largestPrecisionError(const EncodingParams &params, Precision precision)
{
    LargestPrecisionError largest;
    largest.position = params.start;
    withPrecision(precision, [&](auto h) {
        RowRounder<decltype(h)::value> rounder(params);
        constexpr int kBlockRows = 256;
        RowMatrixXd block;
        for (int first = 0; first < params.seqLen; first += kBlockRows) {
            const int rows = std::min(kBlockRows, params.seqLen - first);
            errorRowsInto(params, rounder, first, rows, block);
            for (int r = 0; r < rows; ++r) {
                for (int c = 0; c < params.dModel; ++c) {
                    const double e = block(r, c);
                    if (std::abs(e) > std::abs(largest.error)) { // false for NaN
                        largest.error = e;
                        largest.position = rowPosition(params, 0LL + first + r);
                        largest.column = c;
                    }
                }
            }
        }
    });
    return largest;
}

bool precisionOverflows(const EncodingParams &params, Precision precision)
{
    return !std::isnan(firstOverflowPosition(params, precision));
}

double firstOverflowPosition(const EncodingParams &params, Precision precision)
{
    for (int r = 0; r < params.seqLen; ++r) {
        const double pos = rowPosition(params, r);
        if (std::isinf(roundToPrecision(precision, pos)))
            return pos;
    }
    return kNaN;
}

double angleError(double angle, double exact)
{
    const double difference = angle - exact;
    return std::isfinite(difference) ? std::abs(std::remainder(difference, 2 * std::numbers::pi)) : std::abs(difference);
}

Eigen::VectorXd phaseError(const EncodingParams &params, Precision precision, int pair,
                           const Eigen::VectorXd &positions)
{
    Eigen::VectorXd error(positions.size());
    if (pair < 0 || pair >= frequencyCount(params)) {
        error.setConstant(kNaN);
        return error;
    }
    const double w = frequency(params, pair);
    const double wh = roundToPrecision(precision, w);
    for (Eigen::Index j = 0; j < positions.size(); ++j) {
        const double pos = positions[j];
        const double theta = roundToPrecision(precision, roundToPrecision(precision, pos) * wh);
        error[j] = angleError(theta, pos * w);
    }
    return error;
}

PrecisionCollisions precisionCollisions(const EncodingParams &params, Precision precision)
{
    return withPrecision(precision, [&](auto h) { return collisions<decltype(h)::value>(params); });
}

} // namespace posenc
