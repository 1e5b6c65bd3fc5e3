// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/checkreading.h"
#include "core/checkreference.h"
#include "core/checkstructure.h"

namespace posenc::checking {

// The diagnosis of a chosen orientation, filled into `check`.
class Diagnosis
{
public:
    Diagnosis(const MatrixView &x, Reading &reading, StoredType stored, double textResolution,
              const CheckOptions &options, EncodingCheck &check)
        : m_x(x)
        , m_reading(reading)
        , m_stored(stored)
        , m_textResolution(textResolution)
        , m_options(options)
        , m_check(check)
        , m_m(int(x.cols()))
    {
    }

    void run();

private:
    bool readAsRopeCache();
    void readAsLearnedTable();
    void keepExplainedFindings();
    void conclude();
    void addResidual(Severity severity);
    std::optional<ReferenceModel> modelOf(const Finding &f, ReferenceModel model) const;
    ReferenceModel modelWith(const std::vector<std::size_t> &bugs, std::size_t skip) const;
    ReferenceModel withFittedFrequencies() const;
    bool withinTolerance(const Comparison &c) const;
    void describeLayout();
    void describeRows();
    void describeLadder();
    void compareWithConventions();
    void diagnosePairs();
    void diagnoseLadder();
    void diagnosePrecision();
    void addInfo();
    bool pairTurnsBackwards(const FitChannel &c) const;
    ReferenceModel modelFor(Family family, double base, double step) const;
    void add(Finding f) { m_check.findings.push_back(std::move(f)); }

    const MatrixView m_x;
    Reading &m_reading;
    StoredType m_stored;
    double m_textResolution;
    const CheckOptions &m_options;
    EncodingCheck &m_check;
    int m_m;

    double m_roundoff = 0x1p-53;
    bool m_cosFirst = false;
    bool m_zeroLast = false;
    std::vector<int> m_paddingRows; // zero rows that are a padding index (info)
    double m_fittedStep = 1;        // signed
    double m_step = 1;              // the step of the intended convention: +-1
    double m_start = 0;             // of the intended convention
    double m_scale = 1;
    std::vector<double> m_rates;    // resolved per-row rates of the channels (0 when unknown)
    Family m_family = Family::Paper;
    Comparison m_comparison;
    bool m_canonical = false;
    ReferenceModel m_plain;  // the convention at the expected base, before any bug is read in
    Residual m_residual;     // file - m_plain
};

// A bug's model must explain the file clearly better than the plain convention plus a
// residual: its RMS difference from the file at most this share of the convention's.
inline constexpr double kExplainsClearly = 0.5;
// The largest RMS residual of a file that is a convention plus a residual, of its amplitude.
inline constexpr double kResidualOfConvention = 0.25;

} // namespace posenc::checking
