// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace posenc {

// The position biases added to attention logits by ALiBi and T5, as their reference code
// computes them.

// The stream of T5's seeded table (one of the attention lab's, core/attention.h).
constexpr std::uint64_t kStreamT5 = 6;

// ALiBi's slope of head h of H: 2^(-8 (h + 1) / H), the geometric sequence of the paper
// (1/2, 1/4, .., 1/256 for 8 heads). For H not a power of two the published code interleaves
// the slopes of the two nearest powers of two; the lab uses this closed form for every H.
double alibiSlope(int head, int heads);

// T5's bucket of a relative position (memory position minus query position, j - i), as
// Hugging Face transformers' T5Attention._relative_position_bucket computes it (after Mesh
// TensorFlow): bidirectional, the buckets are halved and positive offsets get the upper half;
// with n = |offset| (bidirectional) or max(-offset, 0) (not), and max_exact = half / 2:
//     n < max_exact:  n
//     otherwise:      min(max_exact + trunc(float32(log(float32(n) / max_exact)
//                                  / float32(log(max_distance / max_exact)) * (half - max_exact))),
//                         half - 1)
// in float32 as PyTorch computes it, truncated toward zero like .to(torch.long). With 32
// buckets and max distance 128: offsets -7..7 get their own bucket, 8..11 share one, and
// every |offset| >= 91 lands in the last bucket of its side (15 or 31). Expects max_distance
// above max_exact (else the logarithm divides by zero: every n >= max_exact gets the last bucket).
int t5RelativePositionBucket(int relativePosition, bool bidirectional, int buckets, int maxDistance);

// T5's learned bias of a bucket for one head: seededNormal(seed, kStreamT5, tableIndex(bucket,
// head)), the entry of a [buckets x heads] table (nn.Embedding(num_buckets, n_heads)) drawn
// N(0, 1) as an untrained one. Its value does not depend on the number of buckets or heads.
double t5BucketBias(std::uint64_t seed, int bucket, int head);

} // namespace posenc
