// SPDX-License-Identifier: GPL-3.0-or-later
// Engine benchmarks: the encoding matrix against two baselines (a plain buffer write and the
// naive loop), at the sizes of docs/performance.md.
//
//  - fill/fresh:   allocate a matrix of the same size and write every value (what any function
//                  that returns a new matrix must pay at least: page faults plus the writes);
//  - fill/reused:  std::fill of an already allocated buffer (no allocation; scalar stores at -O2);
//  - naive:        the per-element std::sin / std::cos loop (the engine before its row kernel), into
//                  a new matrix and into a reused one;
//  - encodingMatrixF / encodingMatrix: the engine, returning a new matrix;
//  - fill/memset:   the same buffer written by memset, the fastest plain write (f32 only);
//  - encodingMatrixInto: the engine, refilling a caller's matrix (no allocation), with the best
//                  row kernel for this CPU (AVX-512 or AVX2 where there is one) and with each
//                  kernel on its own (portable, avx2, avx512; skipped where the CPU lacks it).
//
// Every benchmark reports bytes_per_second for the bytes of the output matrix.
//
// The paths of the views that draw what the screen can show (the largest size, 4096 x 16384):
//  - boxAverage:    the heatmap's box means for a 900 x 700 pixel plot (24 x 5 cells a box);
//  - valueRange:    the extremes of the whole matrix, one row at a time (no matrix kept);
//  - columns:       six columns at every position (the curves past 2048 positions);
//  - minimumDistance, similarityMatrix: the similarity view (1024 of the positions).

#include "core/boxaverage.h"
#include "core/encoding.h"
#include "core/frequencies.h"
#include "core/similarity.h"
#include "core/training.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace posenc;

namespace {

EncodingParams paramsFor(const benchmark::State &state)
{
    EncodingParams p;
    p.seqLen = static_cast<int>(state.range(0));
    p.dModel = static_cast<int>(state.range(1));
    return p;
}

template<typename Scalar>
void setBytes(benchmark::State &state)
{
    state.SetBytesProcessed(state.iterations() * state.range(0) * state.range(1)
                            * static_cast<int64_t>(sizeof(Scalar)));
}

void sizes(benchmark::internal::Benchmark *b)
{
    b->Args({16384, 1024})->Args({512, 512})->Args({30, 128});
    b->ArgNames({"seq_len", "d_model"});
    b->Unit(benchmark::kMillisecond);
}

// The engine before its row kernel: one std::sin and one std::cos per pair and position.
template<typename Scalar>
void naiveFill(const EncodingParams &params, Scalar *data)
{
    const Eigen::VectorXd w = frequencies(params);
    for (int r = 0; r < params.seqLen; ++r) {
        Scalar *row = data + static_cast<std::size_t>(r) * static_cast<std::size_t>(params.dModel);
        const double pos = params.start + r;
        for (int c = 0; c < params.dModel; ++c)
            row[c] = Scalar(0);
        for (int i = 0; i < w.size(); ++i) {
            const double angle = pos * w[i];
            const int s = sinColumn(params, i);
            const int c = cosColumn(params, i);
            row[s] = static_cast<Scalar>(params.scale * std::sin(angle));
            if (c >= 0)
                row[c] = static_cast<Scalar>(params.scale * std::cos(angle));
        }
    }
}

template<typename Matrix>
Matrix naiveMatrix(const EncodingParams &params)
{
    Matrix pe(params.seqLen, params.dModel);
    naiveFill(params, pe.data());
    return pe;
}

template<typename Matrix>
void BM_fillFresh(benchmark::State &state)
{
    const EncodingParams p = paramsFor(state);
    for (auto _ : state) {
        Matrix m(p.seqLen, p.dModel);
        std::fill(m.data(), m.data() + m.size(), typename Matrix::Scalar(0.5));
        benchmark::DoNotOptimize(m.data());
        benchmark::ClobberMemory();
    }
    setBytes<typename Matrix::Scalar>(state);
}

template<typename Matrix>
void BM_fillReused(benchmark::State &state)
{
    const EncodingParams p = paramsFor(state);
    Matrix m(p.seqLen, p.dModel);
    std::memset(m.data(), 0, sizeof(typename Matrix::Scalar) * size_t(m.size()));
    for (auto _ : state) {
        std::fill(m.data(), m.data() + m.size(), typename Matrix::Scalar(0.5));
        benchmark::DoNotOptimize(m.data());
        benchmark::ClobberMemory();
    }
    setBytes<typename Matrix::Scalar>(state);
}

// The same buffer written by glibc's memset: vector stores, streaming past the caches at this
// size, the fastest plain write of the machine and so the memory-bound limit that the target
// "2x a buffer write" is measured against (posenc-lab bench's buffer_write). The std::fill
// above compiles at -O2 to one scalar store per value and is 1.5 to 3.5 times slower.
void BM_fillMemsetF(benchmark::State &state)
{
    const EncodingParams p = paramsFor(state);
    RowMatrixXf m(p.seqLen, p.dModel);
    std::memset(m.data(), 0, sizeof(float) * size_t(m.size()));
    for (auto _ : state) {
        std::memset(m.data(), 0, sizeof(float) * size_t(m.size()));
        benchmark::DoNotOptimize(m.data());
        benchmark::ClobberMemory();
    }
    setBytes<float>(state);
}

template<typename Matrix>
void BM_naive(benchmark::State &state)
{
    const EncodingParams p = paramsFor(state);
    for (auto _ : state) {
        Matrix m = naiveMatrix<Matrix>(p);
        benchmark::DoNotOptimize(m.data());
        benchmark::ClobberMemory();
    }
    setBytes<typename Matrix::Scalar>(state);
}

// The same loop into a reused buffer: the naive cost without allocation and page faults.
void BM_naiveReusedF(benchmark::State &state)
{
    const EncodingParams p = paramsFor(state);
    RowMatrixXf m(p.seqLen, p.dModel);
    std::memset(m.data(), 0, sizeof(float) * size_t(m.size()));
    for (auto _ : state) {
        naiveFill(p, m.data());
        benchmark::DoNotOptimize(m.data());
        benchmark::ClobberMemory();
    }
    setBytes<float>(state);
}

void BM_encodingMatrixF(benchmark::State &state)
{
    const EncodingParams p = paramsFor(state);
    for (auto _ : state) {
        RowMatrixXf m = encodingMatrixF(p);
        benchmark::DoNotOptimize(m.data());
        benchmark::ClobberMemory();
    }
    setBytes<float>(state);
}

void BM_encodingMatrix(benchmark::State &state)
{
    const EncodingParams p = paramsFor(state);
    for (auto _ : state) {
        RowMatrixXd m = encodingMatrix(p);
        benchmark::DoNotOptimize(m.data());
        benchmark::ClobberMemory();
    }
    setBytes<double>(state);
}


void BM_encodingMatrixIntoF(benchmark::State &state)
{
    const EncodingParams p = paramsFor(state);
    RowMatrixXf m;
    for (auto _ : state) {
        encodingMatrixInto(p, m);
        benchmark::DoNotOptimize(m.data());
        benchmark::ClobberMemory();
    }
    setBytes<float>(state);
}

// The same with one chosen kernel: the portable (two-lane) one, what a CPU without AVX2 runs,
// and the AVX2 and AVX-512 ones where the CPU has them.
template<EngineKernel kernel>
void BM_encodingMatrixIntoKernelF(benchmark::State &state)
{
    const EncodingParams p = paramsFor(state);
    RowMatrixXf m;
    if (!setEngineKernel(kernel)) {
        state.SkipWithError("this CPU cannot run this kernel");
        return;
    }
    for (auto _ : state) {
        encodingMatrixInto(p, m);
        benchmark::DoNotOptimize(m.data());
        benchmark::ClobberMemory();
    }
    resetEngineKernel();
    setBytes<float>(state);
}

EncodingParams largest()
{
    EncodingParams p;
    p.seqLen = EncodingParams::kMaxSeqLen;
    p.dModel = EncodingParams::kMaxDModel;
    return p;
}

void BM_boxAverage(benchmark::State &state)
{
    const EncodingParams p = largest();
    const BoxGrid grid{0, p.seqLen, 24, 0, p.dModel, 5};
    for (auto _ : state)
        benchmark::DoNotOptimize(encodingBoxAverage(p, grid).data());
}

void BM_valueRange(benchmark::State &state)
{
    const EncodingParams p = largest();
    for (auto _ : state)
        benchmark::DoNotOptimize(encodingValueRange(p).max);
}

void BM_columns(benchmark::State &state)
{
    const EncodingParams p = largest();
    for (auto _ : state)
        benchmark::DoNotOptimize(encodingColumns(p, {0, 1, 2, 3, 4, 5}, p.start, 1.0, p.seqLen).data());
}

void BM_minimumDistance(benchmark::State &state)
{
    const EncodingParams p = largest();
    for (auto _ : state)
        benchmark::DoNotOptimize(minimumDistance(p).distance);
}

void BM_similarityMatrix(benchmark::State &state)
{
    const EncodingParams p = largest();
    const Eigen::VectorXi rows = Eigen::VectorXi::LinSpaced(1024, 0, 16 * 1023);
    for (auto _ : state)
        benchmark::DoNotOptimize(similarityMatrix(p, rows).data());
}

} // namespace

// A default run of each task (TrainingConfig's defaults, what `posenc-lab train
// --task T` does without options) finishes in under 20 s on these machines.
static void BM_trainDefaultRun(benchmark::State &state)
{
    posenc::TrainingConfig config;
    config.task = state.range(0) == 0 ? posenc::TrainingTask::Order : posenc::TrainingTask::Bag;
    for (auto _ : state) {
        posenc::Trainer trainer(config);
        trainer.run();
        benchmark::DoNotOptimize(trainer.records().back().loss);
    }
}

BENCHMARK(BM_trainDefaultRun)->Arg(0)->Name("train_default_run_order")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_trainDefaultRun)->Arg(1)->Name("train_default_run_bag")->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_boxAverage)->Unit(benchmark::kMillisecond)->Name("boxAverage_4096x16384_to_820x683");
BENCHMARK(BM_valueRange)->Unit(benchmark::kMillisecond)->Name("valueRange_4096x16384");
BENCHMARK(BM_columns)->Unit(benchmark::kMillisecond)->Name("encodingColumns_6x16384");
BENCHMARK(BM_minimumDistance)->Unit(benchmark::kMillisecond)->Name("minimumDistance_4096x16384");
BENCHMARK(BM_similarityMatrix)->Unit(benchmark::kMillisecond)->Name("similarityMatrix_4096x16384_1024_rows");
BENCHMARK(BM_fillFresh<RowMatrixXf>)->Apply(sizes)->Name("fill_fresh_f32");
BENCHMARK(BM_fillReused<RowMatrixXf>)->Apply(sizes)->Name("fill_reused_f32");
BENCHMARK(BM_fillMemsetF)->Apply(sizes)->Name("fill_memset_f32");
BENCHMARK(BM_naive<RowMatrixXf>)->Apply(sizes)->Name("naive_sincos_f32");
BENCHMARK(BM_encodingMatrixF)->Apply(sizes)->Name("encodingMatrixF");
BENCHMARK(BM_naiveReusedF)->Apply(sizes)->Name("naive_sincos_reused_f32");
BENCHMARK(BM_encodingMatrixIntoF)->Apply(sizes)->Name("encodingMatrixInto_f32");
BENCHMARK(BM_encodingMatrixIntoKernelF<EngineKernel::Portable>)
    ->Apply(sizes)
    ->Name("encodingMatrixInto_portable_f32");
BENCHMARK(BM_encodingMatrixIntoKernelF<EngineKernel::Avx2>)
    ->Apply(sizes)
    ->Name("encodingMatrixInto_avx2_f32");
BENCHMARK(BM_encodingMatrixIntoKernelF<EngineKernel::Avx512>)
    ->Apply(sizes)
    ->Name("encodingMatrixInto_avx512_f32");
BENCHMARK(BM_fillFresh<RowMatrixXd>)->Apply(sizes)->Name("fill_fresh_f64");
BENCHMARK(BM_fillReused<RowMatrixXd>)->Apply(sizes)->Name("fill_reused_f64");
BENCHMARK(BM_naive<RowMatrixXd>)->Apply(sizes)->Name("naive_sincos_f64");
BENCHMARK(BM_encodingMatrix)->Apply(sizes)->Name("encodingMatrix");

BENCHMARK_MAIN();
