// SPDX-License-Identifier: GPL-3.0-or-later
// The reader of a user's encoding matrix, readMatrixFile (core/matrixfile.h), and the check
// that runs on every matrix it reads (core/encodingcheck.h): any bytes give a matrix or a
// one-line refusal; a matrix read has the shape it says and only finite numbers; its check
// says one line per finding, claims a match only without a warning or an error, and builds
// a reference of the file's own shape.
#include "fuzzcommon.h"

#include "core/encodingcheck.h"
#include "core/matrixfile.h"

#include <cmath>
#include <string_view>

using namespace posenc;

namespace {

QString text(const std::string &s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const MatrixFileResult read = readMatrixFile(std::string_view(reinterpret_cast<const char *>(data), size));
    if (const auto *refused = std::get_if<MatrixFileError>(&read)) {
        fuzz::checkMessage(text(refused->message));
        return 0;
    }
    const MatrixFile &file = std::get<MatrixFile>(read);
    long long count = 1;
    for (long long axis : file.shape)
        count *= axis;
    if (count != file.values.size() || file.shape.size() < 2 || file.shape.size() > 3)
        fuzz::fail("a matrix read has another shape than it says");
    if (!file.values.allFinite())
        fuzz::fail("a matrix read holds NaN or infinity");

    const EncodingCheck check = checkEncoding(file);
    for (const Finding &f : check.findings) {
        // The interface words a finding from its code: one of lower-case words and digits.
        fuzz::checkMessage(text(f.code));
        if (f.code.empty() || f.code.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos)
            fuzz::fail("a finding whose code is no snake_case word", text(f.code));
        if (check.matches && f.severity != Severity::Info)
            fuzz::fail("a match with a warning or an error", text(f.code));
    }
    if (check.positions > 0) {
        const RowMatrixXd reference = referenceMatrix(check);
        if (reference.rows() != file.values.rows() || reference.cols() != file.values.cols())
            fuzz::fail("the reference has another shape than the file");
    }
    return 0;
}
