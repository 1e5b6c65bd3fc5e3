// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace posenc {

struct CheckOptions;
struct EncodingCheck;
struct MatrixFile;

// posenc-lab check FILE [--json] [--base B] [--atol A] [--tensor NAME]: a user's own encoding
// matrix (.npy, .csv, .txt, or the position table of a .safetensors checkpoint or of a sharded
// one's .safetensors.index.json) read and diagnosed by core (readMatrixFile, readPositionTable,
// checkEncoding), printed for a person or as one JSON object on stdout. Needs no display and
// no GUI application: it runs before any.
class CheckCommand
{
    Q_DECLARE_TR_FUNCTIONS(CheckCommand)

public:
    // Exit 0 when the file could be analysed (whatever was found), 2 (one line on stderr) when
    // it could not be read.
    // `tensor` names the checkpoint's tensor to check (empty: the one named like a position table).
    static int run(const QString &path, bool json, const CheckOptions &options, const QString &tensor = {});

    // The diagnosis as the JSON object of the README ("The command line", check), its findings'
    // "message" and "fix" in the application's language as the window words them (FindingText);
    // "tensor" is the checkpoint's tensor checked, null (empty `tensor`) for a .npy or text file.
    static QByteArray toJson(const MatrixFile &file, const EncodingCheck &check, const CheckOptions &options,
                             const QString &tensor = {});
    // The diagnosis for a person, in the application's language. `options` are those the check
    // ran with.
    static QString toText(const QString &path, const MatrixFile &file, const EncodingCheck &check,
                          const CheckOptions &options, const QString &tensor = {});
};

} // namespace posenc
