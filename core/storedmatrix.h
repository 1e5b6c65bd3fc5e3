// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"

#include <algorithm>
#include <cmath>

namespace posenc {

// The numbers of a user's file, [rows, columns], in the narrowest type that holds every one of
// them exactly: float for a file of float16, bfloat16 or float32 (the files of models, held in
// half the memory of doubles), double for float64 and text. Every read gives a double.
class StoredMatrix
{
public:
    StoredMatrix() = default;
    StoredMatrix(RowMatrixXd values) : m_doubles(std::move(values)) {}
    StoredMatrix(RowMatrixXf values) : m_floats(std::move(values)), m_isFloat(true) {}

    // An uninitialised matrix of the given type and shape (throws std::bad_alloc).
    static StoredMatrix allocate(bool inFloat, Eigen::Index rows, Eigen::Index columns)
    {
        if (inFloat)
            return StoredMatrix(RowMatrixXf(rows, columns));
        return StoredMatrix(RowMatrixXd(rows, columns));
    }

    bool isFloat() const { return m_isFloat; }
    Eigen::Index rows() const { return m_isFloat ? m_floats.rows() : m_doubles.rows(); }
    Eigen::Index cols() const { return m_isFloat ? m_floats.cols() : m_doubles.cols(); }
    Eigen::Index size() const { return rows() * cols(); }
    double operator()(Eigen::Index r, Eigen::Index c) const
    {
        return m_isFloat ? double(m_floats(r, c)) : m_doubles(r, c);
    }
    void set(Eigen::Index r, Eigen::Index c, double v)
    {
        if (m_isFloat)
            m_floats(r, c) = float(v);
        else
            m_doubles(r, c) = v;
    }
    bool allFinite() const { return m_isFloat ? m_floats.allFinite() : m_doubles.allFinite(); }
    RowMatrixXd toDoubles() const { return m_isFloat ? RowMatrixXd(m_floats.cast<double>()) : m_doubles; }

    // The storage itself: one of the two is empty.
    const RowMatrixXd &doubles() const { return m_doubles; }
    const RowMatrixXf &floats() const { return m_floats; }
    RowMatrixXd &doubles() { return m_doubles; }
    RowMatrixXf &floats() { return m_floats; }

private:
    RowMatrixXd m_doubles;
    RowMatrixXf m_floats;
    bool m_isFloat = false;
};

// A StoredMatrix read where it lies: the whole of it, its transpose or a block of rows, through
// strides and without a copy, so that either orientation of a large file is read in place.
// The matrix must outlive the view.
class MatrixView
{
public:
    MatrixView() = default;
    MatrixView(const StoredMatrix &m, bool transposed)
        : m_doubles(m.isFloat() ? nullptr : m.doubles().data())
        , m_floats(m.isFloat() ? m.floats().data() : nullptr)
        , m_rows(transposed ? m.cols() : m.rows())
        , m_cols(transposed ? m.rows() : m.cols())
        , m_outer(transposed ? 1 : m.cols())
        , m_inner(transposed ? m.cols() : 1)
    {
    }

    Eigen::Index rows() const { return m_rows; }
    Eigen::Index cols() const { return m_cols; }
    Eigen::Index size() const { return m_rows * m_cols; }
    double operator()(Eigen::Index r, Eigen::Index c) const { return at(r * m_outer + c * m_inner); }

    // Rows [first, first + count).
    MatrixView rowBlock(Eigen::Index first, Eigen::Index count) const
    {
        MatrixView v = *this;
        v.m_offset += first * m_outer;
        v.m_rows = count;
        return v;
    }

    // The first `count` numbers of column c (all of them when count < 0), copied.
    Eigen::VectorXd column(Eigen::Index c, Eigen::Index count = -1) const
    {
        Eigen::VectorXd out(count < 0 ? m_rows : std::min(count, m_rows));
        for (Eigen::Index r = 0; r < out.size(); ++r)
            out(r) = (*this)(r, c);
        return out;
    }
    Eigen::RowVectorXd row(Eigen::Index r) const
    {
        Eigen::RowVectorXd out(m_cols);
        for (Eigen::Index c = 0; c < m_cols; ++c)
            out(c) = (*this)(r, c);
        return out;
    }

    // The largest |number| of the view; of column c; max - min of column c.
    double maxAbs() const
    {
        double m = 0;
        for (Eigen::Index r = 0; r < m_rows; ++r)
            for (Eigen::Index c = 0; c < m_cols; ++c)
                m = std::max(m, std::abs((*this)(r, c)));
        return m;
    }
    double columnMaxAbs(Eigen::Index c) const
    {
        double m = 0;
        for (Eigen::Index r = 0; r < m_rows; ++r)
            m = std::max(m, std::abs((*this)(r, c)));
        return m;
    }
    double columnRange(Eigen::Index c) const
    {
        if (m_rows == 0)
            return 0;
        double lo = (*this)(0, c), hi = lo;
        for (Eigen::Index r = 1; r < m_rows; ++r) {
            lo = std::min(lo, (*this)(r, c));
            hi = std::max(hi, (*this)(r, c));
        }
        return hi - lo;
    }

private:
    double at(Eigen::Index i) const { return m_floats ? double(m_floats[m_offset + i]) : m_doubles[m_offset + i]; }

    const double *m_doubles = nullptr;
    const float *m_floats = nullptr;
    Eigen::Index m_offset = 0;
    Eigen::Index m_rows = 0, m_cols = 0, m_outer = 0, m_inner = 1;
};

} // namespace posenc
