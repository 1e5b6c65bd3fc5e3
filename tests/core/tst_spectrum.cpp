// SPDX-License-Identifier: GPL-3.0-or-later
// The amplitude spectra of the spectrum view and its frequency table, against a direct
// O(N²) DFT written out here with std::cos / std::sin and the published frequency formulas of
// reference.h.

#include "core/spectrum.h"

#include "reference.h"

#include <QTest>

#include <cmath>
#include <complex>
#include <numbers>
#include <vector>

using namespace posenc;

Q_DECLARE_METATYPE(std::vector<int>)

namespace {

using namespace reference::names;

EncodingParams rows(EncodingParams p, double start, int seqLen)
{
    p.start = start;
    p.seqLen = seqLen;
    return p;
}

// A deterministic signal with a bit of everything: an offset, a ramp, two incommensurate
// tones and a chirp. `variant` changes the mixture.
Eigen::VectorXd testSignal(int n, int variant)
{
    Eigen::VectorXd x(n);
    for (int k = 0; k < n; ++k) {
        const double t = k;
        x[k] = variant == 0
                   ? 0.3 - 0.01 * t + std::sin(0.7 * t + 0.3) + 0.5 * std::cos(0.023 * t * t)
                   : -1.25 + 2.0 * std::cos(2.9 * t - 1.0) + 0.1 * ((k * 7) % 5)
                         + 0.75 * std::sin(0.05 * t);
    }
    return x;
}

// The DFT by its definition: X_m = Σ_n x_n e^{-2πi m n / N}, the angle reduced exactly
// through (m n) mod N so that it stays in [0, 2π).
std::vector<std::complex<double>> directDft(const Eigen::VectorXd &x)
{
    const long long n = x.size();
    std::vector<std::complex<double>> out(static_cast<std::size_t>(n));
    for (long long m = 0; m < n; ++m) {
        std::complex<double> sum = 0;
        for (long long k = 0; k < n; ++k) {
            const double angle = 2.0 * std::numbers::pi * double((m * k) % n) / double(n);
            sum += x[k] * std::complex<double>(std::cos(angle), -std::sin(angle));
        }
        out[static_cast<std::size_t>(m)] = sum;
    }
    return out;
}

// The one-sided amplitudes: 2|X_m|/N inside, |X_m|/N at m = 0 and (N even) m = N/2.
Eigen::VectorXd directAmplitudes(const Eigen::VectorXd &x)
{
    const long long n = x.size();
    const std::vector<std::complex<double>> dft = directDft(x);
    Eigen::VectorXd a(n / 2 + 1);
    for (long long m = 0; m <= n / 2; ++m) {
        const bool edge = m == 0 || (n % 2 == 0 && 2 * m == n);
        a[m] = std::abs(dft[static_cast<std::size_t>(m)]) * (edge ? 1.0 : 2.0) / double(n);
    }
    return a;
}

// One column of PE at positions start .. start + seq_len - 1, from reference.h.
Eigen::VectorXd referenceColumn(const EncodingParams &p, int column)
{
    Eigen::VectorXd x(p.seqLen);
    for (int r = 0; r < p.seqLen; ++r)
        x[r] = reference::value(p, p.start + r, column);
    return x;
}

QByteArray mismatch(const char *what, long long index, double got, double expected, double tol)
{
    return QByteArray(what) + '[' + QByteArray::number(index) + "]: got "
           + QByteArray::number(got, 'g', 17) + ", expected " + QByteArray::number(expected, 'g', 17)
           + " (tolerance " + QByteArray::number(tol, 'g', 3) + ')';
}

// Both layouts and frequency conventions for the matrix rows.
void addMatrixRows()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("defaults (d=128, N=30)") << EncodingParams();
    QTest::addRow("interleaved paper d=7 N=17 start -3")
        << rows(reference::params(7, I, Paper), -3, 17);
    QTest::addRow("split tensor2tensor d=9 N=16 scale -2")
        << rows(reference::params(9, S, T2T, 1e4, -2.0), 0, 16);
    QTest::addRow("interleaved tensor2tensor d=12 N=64 start 100")
        << rows(reference::params(12, I, T2T), 100, 64);
    QTest::addRow("split paper d=6 N=2") << rows(reference::params(6, S, Paper), 0, 2);
    QTest::addRow("interleaved paper d=4 N=1") << rows(reference::params(4, I, Paper), 5, 1);
    QTest::addRow("split paper d=5 N=3 scale 0") << rows(reference::params(5, S, Paper, 1e4, 0.0), 0, 3);
}

} // namespace

class TestSpectrum : public QObject
{
    Q_OBJECT

private slots:
    void amplitudeSpectrum_data();
    void amplitudeSpectrum();
    void binCentredSinusoid_data();
    void binCentredSinusoid();
    void columnSpectrum_data();
    void columnSpectrum();
    void columnSpectrumPeak_data();
    void columnSpectrumPeak();
    void spectrumMatrix_data();
    void spectrumMatrix();
    void spectrumMatrixColumns_data();
    void spectrumMatrixColumns();
    void spectrumMatrixHard_data();
    void spectrumMatrixHard();
    void rowMaxima_data();
    void rowMaxima();
    void singlePosition_data();
    void singlePosition();
    void frequencyTable_data();
    void frequencyTable();
};

void TestSpectrum::amplitudeSpectrum_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("variant");
    for (const int n : {1, 2, 3, 16, 17, 30, 256}) {
        for (const int variant : {0, 1})
            QTest::addRow("N=%d signal %d", n, variant) << n << variant;
    }
}

// Bins m = 0 .. N/2 at m/N cycles per position; amplitudes as the direct DFT scales them.
void TestSpectrum::amplitudeSpectrum()
{
    QFETCH(int, n);
    QFETCH(int, variant);
    const Eigen::VectorXd x = testSignal(n, variant);
    const AmplitudeSpectrum spectrum = posenc::amplitudeSpectrum(x);
    const Eigen::Index bins = n / 2 + 1;
    QCOMPARE(spectrum.frequency.size(), bins);
    QCOMPARE(spectrum.amplitude.size(), bins);

    for (Eigen::Index m = 0; m < bins; ++m) {
        const double expected = double(m) / n;
        QVERIFY2(qAbs(spectrum.frequency[m] - expected) <= 1e-15,
                 mismatch("frequency", m, spectrum.frequency[m], expected, 1e-15).constData());
    }
    const Eigen::VectorXd expected = directAmplitudes(x);
    const double tol = 1e-12 * std::max(1.0, x.cwiseAbs().maxCoeff());
    for (Eigen::Index m = 0; m < bins; ++m) {
        QVERIFY2(qAbs(spectrum.amplitude[m] - expected[m]) <= tol,
                 mismatch("amplitude", m, spectrum.amplitude[m], expected[m], tol).constData());
    }
    // Parseval for the one-sided scaling: mean(x²) = a_0² + Σ_inside a_m²/2 + a_{N/2}².
    double power = 0;
    for (Eigen::Index m = 0; m < bins; ++m) {
        const bool edge = m == 0 || (n % 2 == 0 && 2 * m == n);
        power += spectrum.amplitude[m] * spectrum.amplitude[m] * (edge ? 1.0 : 0.5);
    }
    const double meanSquare = x.squaredNorm() / n;
    QVERIFY2(qAbs(power - meanSquare) <= 1e-12 * std::max(1.0, meanSquare),
             mismatch("Parseval", 0, power, meanSquare, 1e-12).constData());
}

void TestSpectrum::binCentredSinusoid_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("bin");
    QTest::addColumn<double>("amplitude");
    QTest::addColumn<double>("phase");
    QTest::addColumn<double>("expected"); // at the bin

    QTest::addRow("N=16 bin 3 A=2.5") << 16 << 3 << 2.5 << 0.4 << 2.5;
    QTest::addRow("N=17 bin 8 (last of odd N) A=1") << 17 << 8 << 1.0 << -1.0 << 1.0;
    QTest::addRow("N=30 bin 1 A=0.75") << 30 << 1 << 0.75 << 2.0 << 0.75;
    QTest::addRow("N=256 bin 41 A=1e-3") << 256 << 41 << 1e-3 << 0.0 << 1e-3;
    QTest::addRow("N=256 bin 127 A=4") << 256 << 127 << 4.0 << 1.3 << 4.0;
    QTest::addRow("N=3 bin 1 A=-3 (amplitude |A|)") << 3 << 1 << -3.0 << 0.2 << 3.0;
    // The edges hold A cos(φ) (a constant, or (-1)^n): |X|/N without the factor 2.
    QTest::addRow("N=16 bin 0 (DC) A=1.5") << 16 << 0 << 1.5 << 0.0 << 1.5;
    QTest::addRow("N=16 bin 8 (Nyquist) A=2") << 16 << 8 << 2.0 << 0.0 << 2.0;
    QTest::addRow("N=30 bin 15 (Nyquist) A=2 phase pi/3")
        << 30 << 15 << 2.0 << std::numbers::pi / 3 << 1.0;
}

// A cos(2π m n / N + φ) shows as |A| at bin m and nothing elsewhere.
void TestSpectrum::binCentredSinusoid()
{
    QFETCH(int, n);
    QFETCH(int, bin);
    QFETCH(double, amplitude);
    QFETCH(double, phase);
    QFETCH(double, expected);

    Eigen::VectorXd x(n);
    for (int k = 0; k < n; ++k)
        x[k] = amplitude * std::cos(2.0 * std::numbers::pi * double((bin * k) % n) / n + phase);
    const AmplitudeSpectrum spectrum = posenc::amplitudeSpectrum(x);
    QCOMPARE(spectrum.amplitude.size(), Eigen::Index(n / 2 + 1));
    const double tol = 1e-12 * std::max(1.0, qAbs(amplitude));
    for (Eigen::Index m = 0; m < spectrum.amplitude.size(); ++m) {
        const double want = m == bin ? expected : 0.0;
        QVERIFY2(qAbs(spectrum.amplitude[m] - want) <= tol,
                 mismatch("amplitude", m, spectrum.amplitude[m], want, tol).constData());
    }
    QCOMPARE(spectrum.frequency[bin], double(bin) / n);
}

void TestSpectrum::columnSpectrum_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("column");
    const EncodingParams it = rows(reference::params(9, I, T2T, 1e4, -1.5), -7, 33);
    const EncodingParams sp = rows(reference::params(9, S, Paper), 3, 40);
    for (int c = 0; c < 9; ++c) {
        QTest::addRow("interleaved tensor2tensor d=9 scale -1.5 column %d", c) << it << c;
        QTest::addRow("split paper d=9 column %d", c) << sp << c;
    }
    QTest::addRow("defaults column 127") << EncodingParams() << 127;
}

// The spectrum of one PE column is the direct DFT of that column computed from the formula.
void TestSpectrum::columnSpectrum()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, column);
    const AmplitudeSpectrum spectrum = posenc::columnSpectrum(params, column);
    const Eigen::VectorXd expected = directAmplitudes(referenceColumn(params, column));
    QCOMPARE(spectrum.amplitude.size(), expected.size());
    QCOMPARE(spectrum.frequency.size(), expected.size());
    const double tol = 1e-12 * std::max(1.0, qAbs(params.scale));
    for (Eigen::Index m = 0; m < expected.size(); ++m) {
        QVERIFY2(qAbs(spectrum.amplitude[m] - expected[m]) <= tol,
                 mismatch("amplitude", m, spectrum.amplitude[m], expected[m], tol).constData());
        QCOMPARE(spectrum.frequency[m], double(m) / params.seqLen);
    }
}

void TestSpectrum::columnSpectrumPeak_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("column");

    // Defaults: w_0 = 1 at 30/2π = 4.77 bins.
    QTest::addRow("defaults column 0 (sin w_0)") << EncodingParams() << 0;
    QTest::addRow("defaults column 1 (cos w_0)") << EncodingParams() << 1;
    // d = 128, N = 256: w_i = 10^(-i/16) at 256 w_i / 2π = 40.7, 22.9, 12.9, 7.2, 4.07 bins.
    const EncodingParams wide = rows(reference::params(128, I, Paper), 0, 256);
    for (const int c : {0, 1, 8, 9, 16, 17, 24, 25, 32})
        QTest::addRow("interleaved paper d=128 N=256 column %d", c) << wide << c;
    const EncodingParams shifted = rows(reference::params(128, I, Paper, 1e4, -2.0), 100, 256);
    for (const int c : {0, 9, 16})
        QTest::addRow("interleaved paper d=128 N=256 start 100 scale -2 column %d", c)
            << shifted << c;
    // Split d = 64: pairs 0 and 2 in columns 0, 32 and 2, 34.
    const EncodingParams split = rows(reference::params(64, S, Paper), 0, 256);
    for (const int c : {0, 32, 2, 34})
        QTest::addRow("split paper d=64 N=256 column %d", c) << split << c;
    // tensor2tensor d = 16 (n = 8): w_i = 10000^(-i/7); N = 300: 47.7, 12.8 bins.
    const EncodingParams t2t = rows(reference::params(16, S, T2T), 0, 300);
    for (const int c : {0, 8, 1, 9})
        QTest::addRow("split tensor2tensor d=16 N=300 column %d", c) << t2t << c;
}

// The peak of a column's spectrum sits at the bin nearest w_i N / 2π (its frequency w_i / 2π
// cycles per position). Rows are chosen with w_i N / 2π well away from a half-integer and
// above 2 bins, so that leakage cannot move the peak; the row checks that premise itself.
void TestSpectrum::columnSpectrumPeak()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, column);

    const reference::Slot slot = reference::slot(params, column);
    QVERIFY(slot.kind != reference::Kind::Zero);
    const double w = reference::frequency(params, slot.pair);
    const double exactBin = w * params.seqLen / (2.0 * std::numbers::pi);
    const double fraction = exactBin - std::floor(exactBin);
    QVERIFY2(qAbs(fraction - 0.5) > 0.15 && exactBin > 3.5,
             QByteArray("test premise: w N / 2pi = " + QByteArray::number(exactBin)).constData());
    const int expectedBin = int(std::lround(exactBin));

    const AmplitudeSpectrum spectrum = posenc::columnSpectrum(params, column);
    Eigen::Index peak = 0;
    spectrum.amplitude.maxCoeff(&peak);
    QCOMPARE(int(peak), expectedBin);
    QCOMPARE(spectrum.frequency[peak], double(expectedBin) / params.seqLen);
    // And the peak carries most of the amplitude |scale| (leakage spreads the rest).
    QVERIFY2(spectrum.amplitude[peak] > 0.5 * qAbs(params.scale)
                 && spectrum.amplitude[peak] <= 1.05 * qAbs(params.scale),
             QByteArray::number(spectrum.amplitude[peak]).constData());
}

void TestSpectrum::spectrumMatrix_data()
{
    addMatrixRows();
}

// [N/2 + 1, d_model]; column c is the direct DFT amplitude of PE column c (zero for the zero
// column of split / odd d), and the all-columns overload is the same matrix.
void TestSpectrum::spectrumMatrix()
{
    QFETCH(EncodingParams, params);
    const RowMatrixXd matrix = posenc::spectrumMatrix(params);
    const Eigen::Index bins = params.seqLen / 2 + 1;
    QCOMPARE(matrix.rows(), bins);
    QCOMPARE(matrix.cols(), Eigen::Index(params.dModel));

    const double tol = 1e-12 * std::max(1.0, qAbs(params.scale));
    for (int c = 0; c < params.dModel; ++c) {
        const Eigen::VectorXd expected = directAmplitudes(referenceColumn(params, c));
        for (Eigen::Index m = 0; m < bins; ++m) {
            QVERIFY2(qAbs(matrix(m, c) - expected[m]) <= tol,
                     mismatch(QByteArray("column " + QByteArray::number(c) + " amplitude").constData(),
                              m, matrix(m, c), expected[m], tol)
                         .constData());
        }
    }

    std::vector<int> all;
    for (int c = 0; c < params.dModel; ++c)
        all.push_back(c);
    const RowMatrixXd explicitAll = posenc::spectrumMatrix(params, all);
    QCOMPARE(explicitAll.rows(), matrix.rows());
    QCOMPARE(explicitAll.cols(), matrix.cols());
    QVERIFY(explicitAll == matrix);
}

void TestSpectrum::spectrumMatrixHard_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<std::vector<int>>("columns");
    const double pi = std::numbers::pi;
    std::vector<int> every37th;
    for (int c = 0; c < 512; c += 37)
        every37th.push_back(c);
    QTest::addRow("paper d=512 N=512 (the benchmark), every 37th column")
        << rows(reference::params(512, I, Paper), 0, 512) << every37th;
    QTest::addRow("paper d=1024 N=2048 start 1e6 + 0.5, fast and slow columns")
        << rows(reference::params(1024, I, Paper), 1e6 + 0.5, 2048) << std::vector<int>{0, 1, 2, 3, 101, 511, 1022, 1023};
    QTest::addRow("base 1e12 (w down to 1e-12) d=64 N=1001 start -7")
        << rows(reference::params(64, I, Paper, 1e12), -7, 1001) << std::vector<int>{0, 1, 30, 31, 62, 63};
    // w_1 = base^(-1/2) at d = 4: base = 1 / w^2 puts w_1 on bin 5 of 64 (to a few ulp),
    // where the closed form's denominator sin(w/2 - πm/N) vanishes.
    const double onBin = 2.0 * pi * 5.0 / 64.0;
    QTest::addRow("w on bin 5 of N=64") << rows(reference::params(4, I, Paper, 1.0 / (onBin * onBin)), 0, 64)
                                        << std::vector<int>{0, 1, 2, 3};
    const double nearBin = onBin * (1.0 + 1e-9);
    QTest::addRow("w 1e-9 off bin 5 of N=64, scale -3, start 2.25")
        << rows(reference::params(4, I, Paper, 1.0 / (nearBin * nearBin), -3.0), 2.25, 64) << std::vector<int>{2, 3};
    QTest::addRow("d=2 (w = 1) N=2: bin 1 is the edge N/2")
        << rows(reference::params(2, I, Paper), 0, 2) << std::vector<int>{0, 1};
    QTest::addRow("w 1e-4 below bin 3 of N=7 (odd)")
        << rows(reference::params(4, I, Paper, std::pow(2.0 * pi * 3.0 / 7.0 * (1.0 - 1e-4), -2.0)), 0, 7)
        << std::vector<int>{2, 3};
    QTest::addRow("odd interleaved d=9 (a lone sine) N=333 start -1000.25")
        << rows(reference::params(9, I, T2T), -1000.25, 333) << std::vector<int>{0, 7, 8};
    QTest::addRow("odd split d=9 (a zero column) N=100, scale 1e6")
        << rows(reference::params(9, S, Paper, 1e4, 1e6), 0, 100) << std::vector<int>{8, 3, 7, 4};
}

// The closed form against the direct DFT where it is hardest: long signals far from 0, tiny
// frequencies, frequencies on a bin and next to one, odd lengths, a lone sine, a zero column.
// The reference computes sin(pos · w) of the rounded product, off by up to 1e-14 pos.
void TestSpectrum::spectrumMatrixHard()
{
    QFETCH(EncodingParams, params);
    QFETCH(std::vector<int>, columns);
    const RowMatrixXd matrix = posenc::spectrumMatrix(params, columns);
    const Eigen::Index bins = params.seqLen / 2 + 1;
    QCOMPARE(matrix.rows(), bins);
    QCOMPARE(matrix.cols(), Eigen::Index(columns.size()));
    const double tol = 1e-12 * std::max(1.0, qAbs(params.scale))
                       + 2.0 * reference::tolerance(params, std::abs(params.start) + params.seqLen);
    for (size_t k = 0; k < columns.size(); ++k) {
        const Eigen::VectorXd expected = directAmplitudes(referenceColumn(params, columns[k]));
        for (Eigen::Index m = 0; m < bins; ++m) {
            QVERIFY2(qAbs(matrix(m, Eigen::Index(k)) - expected[m]) <= tol,
                     mismatch(QByteArray("column " + QByteArray::number(columns[k]) + " amplitude").constData(),
                              m, matrix(m, Eigen::Index(k)), expected[m], tol)
                         .constData());
        }
    }
}

void TestSpectrum::rowMaxima_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<std::vector<int>>("columns");
    QTest::addColumn<int>("binsPerRow");
    const double onBin = 2.0 * std::numbers::pi * 5.0 / 64.0;
    QTest::addRow("defaults, runs of 4 (16 bins: the last run of 4)") << EncodingParams() << std::vector<int>{0, 1, 5, 64, 127} << 4;
    QTest::addRow("d=64 N=1001 start -7, runs of 7 (501 bins: the last of 4)")
        << rows(reference::params(64, I, Paper), -7, 1001) << std::vector<int>{0, 1, 2, 3, 20, 63} << 7;
    QTest::addRow("w on bin 5 of N=64, runs of 3") << rows(reference::params(4, I, Paper, 1.0 / (onBin * onBin)), 0, 64)
                                                   << std::vector<int>{0, 1, 2, 3} << 3;
    QTest::addRow("odd split d=9 (a zero column) N=100 scale -2, runs of 2")
        << rows(reference::params(9, S, Paper, 1e4, -2.0), 0, 100) << std::vector<int>{8, 0, 4} << 2;
    QTest::addRow("one run longer than the bins") << rows(reference::params(8, I, T2T), 3, 20) << std::vector<int>{0, 7} << 50;
    QTest::addRow("runs of 1: the spectrum") << rows(reference::params(8, I, Paper), 0, 33) << std::vector<int>{1, 6} << 1;
}

// Each row is the largest direct-DFT amplitude of its run of bins.
void TestSpectrum::rowMaxima()
{
    QFETCH(EncodingParams, params);
    QFETCH(std::vector<int>, columns);
    QFETCH(int, binsPerRow);
    const RowMatrixXd maxima = posenc::spectrumRowMaxima(params, columns, binsPerRow);
    const int bins = params.seqLen / 2 + 1;
    const int rows = (bins + binsPerRow - 1) / binsPerRow;
    QCOMPARE(maxima.rows(), Eigen::Index(rows));
    QCOMPARE(maxima.cols(), Eigen::Index(columns.size()));
    const double tol = 1e-12 * std::max(1.0, qAbs(params.scale));
    for (size_t k = 0; k < columns.size(); ++k) {
        const Eigen::VectorXd amplitude = directAmplitudes(referenceColumn(params, columns[k]));
        for (int r = 0; r < rows; ++r) {
            const int from = r * binsPerRow;
            const double want = amplitude.segment(from, std::min(bins, from + binsPerRow) - from).maxCoeff();
            QVERIFY2(qAbs(maxima(r, Eigen::Index(k)) - want) <= tol,
                     mismatch(QByteArray("column " + QByteArray::number(columns[k]) + " row").constData(), r,
                              maxima(r, Eigen::Index(k)), want, tol)
                         .constData());
        }
    }
}

void TestSpectrum::spectrumMatrixColumns_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<std::vector<int>>("columns");
    const EncodingParams odd = rows(reference::params(7, I, Paper), -3, 17);
    const EncodingParams split = rows(reference::params(9, S, T2T, 1e4, -2.0), 0, 16);
    QTest::addRow("defaults every 16th") << EncodingParams() << std::vector<int>{0, 16, 32, 48, 64, 80, 96, 112};
    QTest::addRow("defaults last") << EncodingParams() << std::vector<int>{127};
    QTest::addRow("defaults none") << EncodingParams() << std::vector<int>{};
    QTest::addRow("odd interleaved unordered with repeats") << odd << std::vector<int>{6, 2, 6, 0};
    QTest::addRow("odd split incl. zero column") << split << std::vector<int>{8, 3, 7};
}

// A subset of columns gives exactly those columns of the full matrix, in the order asked.
void TestSpectrum::spectrumMatrixColumns()
{
    QFETCH(EncodingParams, params);
    QFETCH(std::vector<int>, columns);
    const RowMatrixXd full = posenc::spectrumMatrix(params);
    const RowMatrixXd subset = posenc::spectrumMatrix(params, columns);
    QCOMPARE(subset.rows(), full.rows());
    QCOMPARE(subset.cols(), Eigen::Index(columns.size()));
    for (std::size_t k = 0; k < columns.size(); ++k) {
        for (Eigen::Index m = 0; m < full.rows(); ++m)
            QCOMPARE(subset(m, Eigen::Index(k)), full(m, columns[k]));
    }
}

void TestSpectrum::singlePosition_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addRow("interleaved paper d=6 pos 4") << rows(reference::params(6, I, Paper), 4, 1);
    QTest::addRow("split tensor2tensor d=5 pos -2 scale 3")
        << rows(reference::params(5, S, T2T, 1e4, 3.0), -2, 1);
    QTest::addRow("interleaved paper d=3 pos 0") << rows(reference::params(3, I, Paper), 0, 1);
}

// seq_len 1: one bin at frequency 0 holding |x_0| (no crash in the FFT of one sample).
void TestSpectrum::singlePosition()
{
    QFETCH(EncodingParams, params);
    const Eigen::VectorXd one = Eigen::VectorXd::Constant(1, -0.625);
    const AmplitudeSpectrum single = posenc::amplitudeSpectrum(one);
    QCOMPARE(single.amplitude.size(), Eigen::Index(1));
    QCOMPARE(single.amplitude[0], 0.625);
    QCOMPARE(single.frequency.size(), Eigen::Index(1));
    QCOMPARE(single.frequency[0], 0.0);

    const RowMatrixXd matrix = posenc::spectrumMatrix(params);
    QCOMPARE(matrix.rows(), Eigen::Index(1));
    QCOMPARE(matrix.cols(), Eigen::Index(params.dModel));
    for (int c = 0; c < params.dModel; ++c) {
        const double expected = qAbs(reference::value(params, params.start, c));
        const double tol = reference::tolerance(params, params.start);
        QVERIFY2(qAbs(matrix(0, c) - expected) <= tol,
                 mismatch("spectrumMatrix", c, matrix(0, c), expected, tol).constData());
        const AmplitudeSpectrum column = posenc::columnSpectrum(params, c);
        QCOMPARE(column.amplitude.size(), Eigen::Index(1));
        QVERIFY2(qAbs(column.amplitude[0] - expected) <= tol,
                 mismatch("columnSpectrum", c, column.amplitude[0], expected, tol).constData());
        QCOMPARE(column.frequency[0], 0.0);
    }
}

void TestSpectrum::frequencyTable_data()
{
    QTest::addColumn<EncodingParams>("params");
    QTest::addColumn<int>("count"); // ceil(d/2) interleaved, floor(d/2) split
    for (const FrequencyConvention conv : {Paper, T2T}) {
        const char *name = reference::name(conv);
        QTest::addRow("interleaved %s d=128", name) << reference::params(128, I, conv) << 64;
        QTest::addRow("split %s d=128", name) << reference::params(128, S, conv) << 64;
        QTest::addRow("interleaved %s d=7 (lone sine)", name) << reference::params(7, I, conv) << 4;
        QTest::addRow("split %s d=7 (zero column)", name) << reference::params(7, S, conv) << 3;
        QTest::addRow("interleaved %s d=2", name) << reference::params(2, I, conv) << 1;
        QTest::addRow("split %s d=3", name) << reference::params(3, S, conv) << 1;
        QTest::addRow("interleaved %s d=33 base 1e12", name)
            << reference::params(33, I, conv, 1e12) << 17;
        QTest::addRow("split %s d=4096 base 2", name) << reference::params(4096, S, conv, 2.0) << 2048;
        QTest::addRow("interleaved %s d=31 base 1.0000001", name)
            << reference::params(31, I, conv, 1.0000001) << 16;
    }
}

// Rows (i, w_i, 2π / w_i), w_i from the paper's or tensor2tensor's formula.
void TestSpectrum::frequencyTable()
{
    QFETCH(EncodingParams, params);
    QFETCH(int, count);
    const RowMatrixXd table = posenc::frequencyTable(params);
    QCOMPARE(table.rows(), Eigen::Index(count));
    QCOMPARE(table.cols(), Eigen::Index(3));
    for (int i = 0; i < count; ++i) {
        const double w = params.frequencies == Paper
                             ? std::pow(params.base, -2.0 * i / params.dModel)
                             : std::exp(-double(i) * std::log(params.base) / std::max(count - 1, 1));
        const double wavelength = 2.0 * std::numbers::pi / w;
        QCOMPARE(table(i, 0), double(i));
        QVERIFY2(qAbs(table(i, 1) - w) <= 1e-14 * w, mismatch("w", i, table(i, 1), w, 1e-14 * w).constData());
        QVERIFY2(qAbs(table(i, 2) - wavelength) <= 1e-14 * wavelength,
                 mismatch("wavelength", i, table(i, 2), wavelength, 1e-14 * wavelength).constData());
    }
    // The ladder's ends: w_0 = 1 and, for tensor2tensor with more than one frequency, 1/base.
    QCOMPARE(table(0, 1), 1.0);
    QCOMPARE(table(0, 2), 2.0 * std::numbers::pi);
    if (params.frequencies == T2T && count > 1)
        QVERIFY(qAbs(table(count - 1, 1) * params.base - 1.0) <= 1e-14);
}

QTEST_GUILESS_MAIN(TestSpectrum)
#include "tst_spectrum.moc"
