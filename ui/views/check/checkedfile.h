// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/boxaverage.h"
#include "core/encodingcheck.h"
#include "core/matrixfile.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <memory>

namespace posenc {

// The file the check view diagnoses, read and checked once: the matrix of the file the scene
// names (the example shipped in the resources when it names none), core's diagnosis, and the
// three matrices the view draws, in the [positions x dimensions] orientation. The view, its
// data export and its inspector share the last one loaded, so that a replot or a click does
// not read and fit the file again. The numbers are held once, as the file stores them: the
// oriented matrix, the reference and the difference are read cell by cell, never copied, so
// that a file of any shape costs its numbers and no more.
struct CheckedFile {
    Q_DECLARE_TR_FUNCTIONS(CheckedFile)

public:
    QString path;  // as the scene names it; empty for the example
    QString tensor; // a checkpoint's tensor: as the scene names it, or as found by its name
    QString error; // why the file could not be read (one line); then nothing below is set
    bool cancelled = false; // the load was stopped (error says so)
    MatrixFile file; // as stored
    EncodingCheck check;

    enum class Layer { File, Reference, Difference };
    Eigen::Index positions() const { return check.transposed ? file.values.cols() : file.values.rows(); }
    Eigen::Index dimensions() const { return check.transposed ? file.values.rows() : file.values.cols(); }
    // A cell of the oriented matrix: the file's number, the identified convention's (0 until
    // one is identified), file - reference.
    double value(Layer layer, Eigen::Index row, Eigen::Index column) const;
    // Boxes of a layer for display (core/boxaverage.h): means of the file and the reference,
    // the difference's value of largest magnitude.
    RowMatrixXd boxes(Layer layer, const BoxGrid &grid) const;
    // A whole layer, [positions, dimensions], for a data export.
    RowMatrixXd matrix(Layer layer) const;

    bool ok() const { return error.isEmpty(); }
    // The half-ranges of the colour scales, each symmetric about 0: the largest |value| of the
    // file and the reference; the largest |difference|, never finer than the error the file's
    // precision allows (so that the rounding of a matching file stays pale) and never 0,
    // rounded up to the two significant digits its title gives: the bar then ends at that
    // number, and a short bar of ±2 labels its ends where one of ±1.996 labels only its 0.
    double valueExtent() const;
    double differenceExtent() const;
    // The file's name as the view shows it ("textbook-loop.npy (example)", "model.safetensors:
    // transformer.wpe.weight").
    QString displayName() const;

    // The file `path` names (the example when empty), read and checked, or why not. A file
    // changed on disk since it was last loaded is read again. Of a .safetensors checkpoint (or
    // its .safetensors.index.json) only the header and the tensor `tensor` names are read
    // (empty: the one named like a position table), whatever the file's size.
    // progress is told the fraction done (0 to 1) now and then, from the thread that loads;
    // when it returns false the load stops and returns `cancelled`, which is not kept.
    using Progress = std::function<bool(double fraction)>;
    static std::shared_ptr<const CheckedFile> load(const QString &path, const QString &tensor = {},
                                                   const Progress &progress = {});
    // The file as last loaded, when it is still the one `path` names; null otherwise. Never reads.
    static std::shared_ptr<const CheckedFile> loaded(const QString &path, const QString &tensor = {});
    // Whether a load takes no noticeable time: the example and files of at most kQuickBytes
    // (a missing file too: its error is at once).
    static constexpr qint64 kQuickBytes = 4 << 20;
    static bool quickToRead(const QString &path);
    // What the window's texts (Describe View, the inspector) read: the file as loaded, or
    // loaded now when that is quick; null while a large one is read by the view's CheckReader,
    // so that no text reads it on the window's thread.
    static std::shared_ptr<const CheckedFile> available(const QString &path, const QString &tensor = {});
    // The example of the resources: a source text's loop with a doubled exponent (resources/examples).
    static QString examplePath();

    double largestValue = 0;      // of |file| and |reference|, found once when read
    double largestDifference = 0; // of |file - reference|
};

} // namespace posenc
