// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"

#include <cstdint>
#include <string_view>

namespace posenc {

// Random numbers seeded and reproducible on every platform and compiler (the attention and
// training labs' tables, tokens, tasks and batches): each number is a pure function of (seed, stream, index) through splitmix64 and Box–Muller written out
// here (std::normal_distribution's algorithm is implementation-defined, so its numbers differ
// between standard libraries). A table's entry depends on its row and column only, never on
// the table's size.

// The splitmix64 output function of a state x: z = x + 0x9e3779b97f4a7c15, then
// z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9, z = (z ^ (z >> 27)) * 0x94d049bb133111eb,
// z ^ (z >> 31), all modulo 2^64. splitmix64(1234567) is the first number of Vigna's
// generator seeded with 1234567: 6457827717110365317.
std::uint64_t splitmix64(std::uint64_t x);

// The 64-bit FNV-1a hash of bytes (offset basis 0xcbf29ce484222325, prime 0x100000001b3):
// a token's UTF-8 bytes give its stream, so its embedding follows the token, not its slot.
std::uint64_t fnv1a64(std::string_view bytes);

// 64 random bits: splitmix64(key ^ index) with key = splitmix64(splitmix64(seed) ^ stream).
// A bijection of index for each (seed, stream), so distinct indices never share bits.
std::uint64_t seededBits(std::uint64_t seed, std::uint64_t stream, std::uint64_t index);

// (seededBits >> 11) * 2^-53: uniform on [0, 1) in steps of 2^-53.
double seededUniform(std::uint64_t seed, std::uint64_t stream, std::uint64_t index);

// A standard normal number by Box–Muller. Indices come in pairs k = index >> 1 that share one
// Box–Muller draw (two normals for one logarithm, a square root and a sine and cosine):
//     u1 = 1 - seededUniform(seed, stream, 2k)      in (0, 1], so the logarithm is finite
//     u2 = seededUniform(seed, stream, 2k + 1)
//     r  = sqrt(-2 ln u1)
//     even index: r cos(2 pi u2),  odd index: r sin(2 pi u2)
// The largest magnitude possible is sqrt(2 ln 2^53) = 8.57.
double seededNormal(std::uint64_t seed, std::uint64_t stream, std::uint64_t index);

// The index of entry (row, column) of a seeded table: row * 2^32 + column, so that an entry
// depends on its coordinates alone. Both must be in [0, 2^31).
std::uint64_t tableIndex(int row, int column);

// count normals of consecutive indices from firstIndex into out: entry i is
// seededNormal(seed, stream, firstIndex + i), one Box–Muller draw per pair of indices.
void fillNormals(std::uint64_t seed, std::uint64_t stream, std::uint64_t firstIndex, int count, double *out);

// A [rows x cols] table of seeded normals, entry (r, c) at tableIndex(firstRow + r, c), times factor.
RowMatrixXd normalTable(std::uint64_t seed, std::uint64_t stream, int firstRow, int rows, int cols, double factor);

} // namespace posenc
