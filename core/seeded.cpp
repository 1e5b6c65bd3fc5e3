// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/seeded.h"

#include <cmath>
#include <cstddef>
#include <numbers>

namespace posenc {

std::uint64_t splitmix64(std::uint64_t x)
{
    std::uint64_t z = x + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::uint64_t fnv1a64(std::string_view bytes)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char ch : bytes) {
        h ^= static_cast<unsigned char>(ch);
        h *= 0x100000001b3ULL;
    }
    return h;
}

namespace {

std::uint64_t streamKey(std::uint64_t seed, std::uint64_t stream)
{
    return splitmix64(splitmix64(seed) ^ stream);
}

inline double uniformOf(std::uint64_t bits)
{
    return double(bits >> 11) * 0x1.0p-53;
}

// Box–Muller for the pair k of a stream whose key is known: both normals of that draw.
struct NormalPair {
    double even;
    double odd;
};

inline NormalPair normalPair(std::uint64_t key, std::uint64_t k)
{
    const double u1 = 1.0 - uniformOf(splitmix64(key ^ (2 * k)));
    const double u2 = uniformOf(splitmix64(key ^ (2 * k + 1)));
    const double r = std::sqrt(-2.0 * std::log(u1));
    const double angle = 2.0 * std::numbers::pi * u2;
    return {r * std::cos(angle), r * std::sin(angle)};
}

} // namespace

void fillNormals(std::uint64_t seed, std::uint64_t stream, std::uint64_t firstIndex, int count, double *out)
{
    const std::uint64_t key = streamKey(seed, stream);
    int c = 0;
    if (count > 0 && (firstIndex & 1)) {
        out[c++] = normalPair(key, firstIndex >> 1).odd;
    }
    for (; c + 1 < count; c += 2) {
        const NormalPair p = normalPair(key, (firstIndex + std::uint64_t(c)) >> 1);
        out[c] = p.even;
        out[c + 1] = p.odd;
    }
    if (c < count)
        out[c] = normalPair(key, (firstIndex + std::uint64_t(c)) >> 1).even;
}

RowMatrixXd normalTable(std::uint64_t seed, std::uint64_t stream, int firstRow, int rows, int cols, double factor)
{
    RowMatrixXd table(rows, cols);
    for (int r = 0; r < rows; ++r) {
        double *row = table.data() + std::ptrdiff_t(r) * cols;
        fillNormals(seed, stream, tableIndex(firstRow + r, 0), cols, row);
        if (factor != 1.0) {
            for (int c = 0; c < cols; ++c)
                row[c] *= factor;
        }
    }
    return table;
}

std::uint64_t seededBits(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    return splitmix64(streamKey(seed, stream) ^ index);
}

double seededUniform(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    return uniformOf(seededBits(seed, stream, index));
}

double seededNormal(std::uint64_t seed, std::uint64_t stream, std::uint64_t index)
{
    const NormalPair p = normalPair(streamKey(seed, stream), index >> 1);
    return (index & 1) ? p.odd : p.even;
}

std::uint64_t tableIndex(int row, int column)
{
    return (std::uint64_t(std::uint32_t(row)) << 32) | std::uint32_t(column);
}

} // namespace posenc
