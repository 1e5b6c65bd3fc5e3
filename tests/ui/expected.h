// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The independent side of the ui tests: the encoding written out again from DESIGN.md with
// std::sin / std::cos, so that a view's numbers are checked against the formula and not against
// the engine function the view itself calls. Only the plain EncodingParams struct is shared with
// core/. Calls are qualified with expected:: so that argument-dependent lookup cannot pick
// posenc's functions of the same name.

#include "core/encodingparams.h"

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <string_view>

Q_DECLARE_METATYPE(posenc::EncodingParams)
Q_DECLARE_METATYPE(posenc::ParamField)

namespace posenc {

// Readable QCOMPARE failures (found by argument-dependent lookup).
inline char *toString(ParamField field)
{
    return QTest::toString(QByteArray(fieldName(field).data(), qsizetype(fieldName(field).size())));
}

inline char *toString(const EncodingParams &p)
{
    const auto text = [](std::string_view name) {
        return QString::fromUtf8(name.data(), qsizetype(name.size()));
    };
    return QTest::toString(
        QStringLiteral("{d_model %1, seq_len %2, base %3, scale %4, offset %5, start %6, "
                       "position %7, %8, %9}")
            .arg(p.dModel)
            .arg(p.seqLen)
            .arg(p.base, 0, 'g', 17)
            .arg(p.scale, 0, 'g', 17)
            .arg(p.offset, 0, 'g', 17)
            .arg(p.start, 0, 'g', 17)
            .arg(p.position, 0, 'g', 17)
            .arg(text(layoutName(p.layout)), text(frequencyConventionName(p.frequencies))));
}

} // namespace posenc

namespace expected {

using posenc::EncodingParams;
using posenc::FrequencyConvention;
using posenc::Layout;

// Parameters for data rows: the defaults with some fields changed, as in
// Params().dModel(7).split().p (the member p, so that the row's type is EncodingParams).
struct Params {
    EncodingParams p;
    Params &dModel(int v) { p.dModel = v; return *this; }
    Params &seqLen(int v) { p.seqLen = v; return *this; }
    Params &base(double v) { p.base = v; return *this; }
    Params &scale(double v) { p.scale = v; return *this; }
    Params &offset(double v) { p.offset = v; return *this; }
    Params &start(double v) { p.start = v; return *this; }
    Params &position(double v) { p.position = v; return *this; }
    Params &split() { p.layout = Layout::Split; return *this; }
    Params &tensor2tensor() { p.frequencies = FrequencyConvention::Tensor2Tensor; return *this; }
};

// What column c holds (DESIGN.md): interleaved puts sin of pair i at 2i and cos at 2i + 1
// (odd d: the last column is a sine without cosine); split puts the sines in columns
// [0, d/2) and the cosines in [d/2, 2*(d/2)), and an odd d leaves the last column zero.
struct Column {
    enum Kind { Sin, Cos, Zero } kind = Zero;
    int pair = -1;
};

inline Column column(const EncodingParams &p, int c)
{
    if (p.layout == Layout::Interleaved)
        return {c % 2 == 0 ? Column::Sin : Column::Cos, c / 2};
    const int h = p.dModel / 2;
    if (c < h)
        return {Column::Sin, c};
    if (c < 2 * h)
        return {Column::Cos, c - h};
    return {};
}

// w_i: paper base^(-2i/d); tensor2tensor exp(-i ln(base) / max(n - 1, 1)) with n the number
// of frequencies (sine columns): ceil(d/2) interleaved, floor(d/2) split.
inline double frequency(const EncodingParams &p, int i)
{
    if (p.frequencies == FrequencyConvention::Paper)
        return std::pow(p.base, -2.0 * i / p.dModel);
    const int n = p.layout == Layout::Interleaved ? (p.dModel + 1) / 2 : p.dModel / 2;
    return std::exp(-double(i) * std::log(p.base) / double(std::max(n - 1, 1)));
}

// PE(pos, c) = scale * sin(pos * w_i) or scale * cos(pos * w_i).
inline double pe(const EncodingParams &p, double pos, int c)
{
    const Column col = expected::column(p, c);
    if (col.kind == Column::Zero)
        return 0.0;
    const double angle = pos * expected::frequency(p, col.pair);
    return p.scale * (col.kind == Column::Sin ? std::sin(angle) : std::cos(angle));
}

// Tolerance for comparing a computed PE value with the formula.
inline double tolerance(const EncodingParams &p)
{
    return 1e-12 * std::max(1.0, std::abs(p.scale)) * std::max(1.0, std::abs(p.start) / 100.0);
}

// A number as the tooltips show it: 6 significant digits and a true minus sign (U+2212).
inline QString shown(double value)
{
    QString text = QString::number(value, 'g', 6);
    if (text.startsWith(QLatin1Char('-')))
        text.replace(0, 1, QChar(0x2212));
    return text;
}

inline QList<int> range(int first, int last)
{
    QList<int> list;
    for (int d = first; d <= last; ++d)
        list << d;
    return list;
}

} // namespace expected
