// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/relativebias.h"
#include "core/seeded.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace posenc {

double alibiSlope(int head, int heads)
{
    return std::exp2(-8.0 * (head + 1) / heads);
}

int t5RelativePositionBucket(int relativePosition, bool bidirectional, int buckets, int maxDistance)
{
    // Transcribed from T5Attention._relative_position_bucket; `long long` for |INT_MIN|.
    long long n = relativePosition;
    int result = 0;
    int half = buckets;
    if (bidirectional) {
        half = buckets / 2;
        if (relativePosition > 0)
            result += half;
        n = std::llabs(n);
    } else {
        n = std::max(-n, 0LL);
    }
    const int maxExact = half / 2;
    if (n < maxExact)
        return result + int(n);
    // torch.log(relative_position.float() / max_exact) / math.log(max_distance / max_exact)
    // * (num_buckets - max_exact): float32 tensor arithmetic, the Python double divisor cast
    // to float32, then .to(torch.long), which truncates toward zero.
    const float ratio = static_cast<float>(n) / static_cast<float>(maxExact);
    const float divisor = static_cast<float>(std::log(double(maxDistance) / double(maxExact)));
    const float scaled = std::log(ratio) / divisor * static_cast<float>(half - maxExact);
    // Past the last bucket (or not finite: max_distance <= max_exact divides by log 1 = 0,
    // which validate() refuses), the last bucket; the cast of such a float would be undefined.
    if (!(scaled < static_cast<float>(half)))
        return result + half - 1;
    const long long large = maxExact + static_cast<long long>(scaled);
    return result + int(std::min<long long>(large, half - 1));
}

double t5BucketBias(std::uint64_t seed, int bucket, int head)
{
    return seededNormal(seed, kStreamT5, tableIndex(bucket, head));
}

} // namespace posenc
