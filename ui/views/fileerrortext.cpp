// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/fileerrortext.h"

#include "ui/state/stdtext.h"

#include <QStringList>

#include <string_view>

namespace posenc {

namespace {

// One refusal's sentence: how many args it takes, whether the first is a word to translate
// ("NaN", "infinity"), whether it ends with what the reader accepts.
struct Refusal {
    std::string_view code;
    int args;
    bool word;
    bool accepted;
    const char *text;
};

const Refusal kRefusals[] = {
    {"empty_file", 0, false, true,
     QT_TRANSLATE_NOOP("FileErrorText", "the file is empty")},
    {"binary_file", 0, false, true,
     QT_TRANSLATE_NOOP("FileErrorText", "the file is neither .npy nor text (it holds NUL bytes)")},
    {"no_numbers", 0, false, true,
     QT_TRANSLATE_NOOP("FileErrorText", "the file holds no numbers")},
    {"file_too_large", 1, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "the file has %1 bytes; at most 512 MiB are accepted")},
    {"not_npy", 0, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "not a .npy file: it does not start with \\x93NUMPY")},
    {"npy_version", 2, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "npy format version %1.%2 is not accepted; versions 1.0, 2.0 and 3.0 are")},
    {"npy_truncated_header_length", 0, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy: the file ends inside the header length")},
    {"npy_truncated_header", 1, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy: the header is said to have %1 bytes but the file ends before")},
    {"npy_dtype", 1, false, true,
     QT_TRANSLATE_NOOP("FileErrorText", "dtype '%1' is not accepted")},
    {"too_few_axes", 2, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "the array has shape %1 (%2-D); a 2-D matrix [positions, dimensions] or its "
                                        "transpose is needed")},
    {"too_many_axes", 1, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "the array has shape %1; only 2-D, or 3-D with a leading axis of 1, is "
                                        "accepted")},
    {"empty_array", 1, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "the array has shape %1: it is empty")},
    {"too_many_numbers", 1, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "the array has shape %1, more than 2^26 = 67108864 numbers")},
    {"npy_truncated_data", 3, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy: shape %1 needs %2 bytes of data but the file has %3")},
    {"not_finite", 3, true, false,
     QT_TRANSLATE_NOOP("FileErrorText", "the file holds %1 at row %2, column %3 (counted from 0); only finite numbers "
                                        "are accepted")},
    {"text_not_finite", 3, true, false,
     QT_TRANSLATE_NOOP("FileErrorText", "the file holds %1 at line %2, column %3 (both counted from 1); only finite "
                                        "numbers are accepted")},
    {"ragged_rows", 4, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "ragged rows: line %1 has %2 fields where line %3 has %4; every row needs the "
                                        "same number of columns")},
    {"text_too_many_numbers", 0, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "the file holds more than 2^26 = 67108864 numbers")},
    {"not_a_number", 3, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "line %1, field %2: '%3' is not a number; text files must hold numbers only "
                                        "(one header line allowed)")},
    {"npy_header_not_dict", 0, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy header: it does not start with '{'")},
    {"npy_header_key_not_string", 0, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy header: a key is not a quoted string")},
    {"npy_header_no_colon", 1, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy header: no ':' after key '%1'")},
    {"npy_header_structured_dtype", 0, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy header: descr is a structured dtype (a list of fields)")},
    {"npy_header_descr_not_string", 0, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy header: descr is not a quoted string")},
    {"npy_header_fortran_order", 0, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy header: fortran_order is not True or False")},
    {"npy_header_shape", 0, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy header: shape is not a tuple of non-negative integers")},
    {"npy_header_unknown_key", 1, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy header: unknown key '%1'")},
    {"npy_header_no_separator", 0, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy header: no ',' or '}' after a value")},
    {"npy_header_missing_key", 0, false, false,
     QT_TRANSLATE_NOOP("FileErrorText", "malformed .npy header: it lacks one of 'descr', 'fortran_order', 'shape'")},
};

QString word(const std::string &text)
{
    if (text == "NaN")
        return FileErrorText::tr("NaN");
    if (text == "infinity")
        return FileErrorText::tr("infinity");
    return fromStd(text);
}

// `text` with its %1 … %4 replaced in one pass, so that an arg holding "%2" stays as it is.
QString filled(const QString &text, const QStringList &a)
{
    switch (a.size()) {
    case 1:
        return text.arg(a[0]);
    case 2:
        return text.arg(a[0], a[1]);
    case 3:
        return text.arg(a[0], a[1], a[2]);
    case 4:
        return text.arg(a[0], a[1], a[2], a[3]);
    default:
        return text;
    }
}

} // namespace

QString FileErrorText::sentence(const MatrixFileError &error)
{
    for (const Refusal &r : kRefusals) {
        if (r.code != error.code)
            continue;
        if (int(error.args.size()) != r.args)
            break;
        QStringList args;
        for (const std::string &arg : error.args)
            args << (r.word && args.isEmpty() ? word(arg) : fromStd(arg));
        const QString text = filled(QCoreApplication::translate("FileErrorText", r.text), args);
        if (!r.accepted)
            return text;
        return tr("%1; accepted: .npy float16, float32 or float64 (<f2 <f4 <f8 >f2 >f4 >f8), 2-D or 3-D with a "
                  "leading axis of 1, or text of numbers")
            .arg(text);
    }
    return fromStd(error.message);
}

} // namespace posenc
