// SPDX-License-Identifier: GPL-3.0-or-later
// A strict NumPy .npy reader shared by the command-line tests (written from the format's
// specification, independently of the app's writer).
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
#include <optional>
#include <set>
#include <type_traits>

namespace {

// A strict reader of NumPy format 1.0 (numpy/lib/format.py, "Format Version 1.0"):
// "\x93NUMPY", major 1, minor 0, a little-endian uint16 header length, then an ASCII
// Python dict literal with exactly the keys descr, fortran_order and shape, padded with
// spaces and ended by '\n' so that the data starts at a multiple of 64.
struct NpyArray {
    QByteArray descr;
    bool fortranOrder = true;
    QList<qint64> shape;
    qint64 dataOffset = 0;
    int itemSize = 0;
    QByteArray data;
};

class LiteralReader
{
public:
    explicit LiteralReader(QByteArray text) : m_text(std::move(text)) {}

    bool eat(char expected)
    {
        skipSpaces();
        if (m_pos < m_text.size() && m_text[m_pos] == expected) {
            ++m_pos;
            return true;
        }
        return false;
    }

    std::optional<QByteArray> string()
    {
        skipSpaces();
        if (m_pos >= m_text.size() || (m_text[m_pos] != '\'' && m_text[m_pos] != '"'))
            return std::nullopt;
        const char quote = m_text[m_pos];
        const qsizetype end = m_text.indexOf(quote, m_pos + 1);
        if (end < 0)
            return std::nullopt;
        const QByteArray value = m_text.mid(m_pos + 1, end - m_pos - 1);
        m_pos = end + 1;
        return value;
    }

    std::optional<bool> boolean()
    {
        skipSpaces();
        for (const auto &[word, value] : {std::pair{QByteArrayLiteral("True"), true},
                                          std::pair{QByteArrayLiteral("False"), false}}) {
            if (m_text.mid(m_pos, word.size()) == word) {
                m_pos += word.size();
                return value;
            }
        }
        return std::nullopt;
    }

    // A tuple of non-negative integers: "()", "(5,)", "(30, 128)"; "(5)" is not a tuple.
    std::optional<QList<qint64>> tuple()
    {
        if (!eat('('))
            return std::nullopt;
        QList<qint64> values;
        bool trailingComma = false;
        while (!eat(')')) {
            skipSpaces();
            const qsizetype first = m_pos;
            while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9')
                ++m_pos;
            if (m_pos == first)
                return std::nullopt;
            bool ok = false;
            values << m_text.mid(first, m_pos - first).toLongLong(&ok);
            if (!ok)
                return std::nullopt;
            trailingComma = eat(',');
            if (!trailingComma) {
                if (!eat(')'))
                    return std::nullopt;
                break;
            }
        }
        if (values.size() == 1 && !trailingComma)
            return std::nullopt;
        return values;
    }

    bool atEnd()
    {
        skipSpaces();
        return m_pos == m_text.size();
    }

private:
    void skipSpaces()
    {
        while (m_pos < m_text.size() && m_text[m_pos] == ' ')
            ++m_pos;
    }

    QByteArray m_text;
    qsizetype m_pos = 0;
};

std::optional<NpyArray> parseNpy(const QByteArray &file, QString *why)
{
    const auto fail = [why](const QString &reason) {
        *why = reason;
        return std::optional<NpyArray>();
    };
    if (file.size() < 10 || !file.startsWith(QByteArray("\x93NUMPY", 6)))
        return fail(QStringLiteral("no \\x93NUMPY magic string"));
    if (quint8(file[6]) != 1 || quint8(file[7]) != 0)
        return fail(QStringLiteral("version %1.%2, expected 1.0").arg(quint8(file[6])).arg(quint8(file[7])));
    const qint64 headerLength = qint64(quint8(file[8])) | (qint64(quint8(file[9])) << 8);
    NpyArray array;
    array.dataOffset = 10 + headerLength;
    if (file.size() < array.dataOffset)
        return fail(QStringLiteral("the header runs past the end of the file"));
    if (array.dataOffset % 64 != 0)
        return fail(QStringLiteral("the data starts at %1, not a multiple of 64").arg(array.dataOffset));
    const QByteArray header = file.mid(10, headerLength);
    if (!header.endsWith('\n'))
        return fail(QStringLiteral("the header does not end with a newline"));
    for (qsizetype i = 0; i + 1 < header.size(); ++i) {
        if (quint8(header[i]) < 0x20 || quint8(header[i]) > 0x7e)
            return fail(QStringLiteral("the header holds a byte 0x%1 that is not printable ASCII")
                            .arg(quint8(header[i]), 2, 16, QLatin1Char('0')));
    }

    LiteralReader reader(header.chopped(1));
    if (!reader.eat('{'))
        return fail(QStringLiteral("the header is not a dict literal: ") + QString::fromLatin1(header));
    std::set<QByteArray> keys;
    while (!reader.eat('}')) {
        const auto key = reader.string();
        if (!key || !reader.eat(':'))
            return fail(QStringLiteral("malformed dict: ") + QString::fromLatin1(header));
        if (!keys.insert(*key).second)
            return fail(QStringLiteral("duplicate key ") + QString::fromLatin1(*key));
        if (*key == "descr") {
            const auto descr = reader.string();
            if (!descr)
                return fail(QStringLiteral("descr is not a string"));
            array.descr = *descr;
        } else if (*key == "fortran_order") {
            const auto fortran = reader.boolean();
            if (!fortran)
                return fail(QStringLiteral("fortran_order is not True or False"));
            array.fortranOrder = *fortran;
        } else if (*key == "shape") {
            const auto shape = reader.tuple();
            if (!shape)
                return fail(QStringLiteral("shape is not a tuple of integers"));
            array.shape = *shape;
        } else {
            return fail(QStringLiteral("unexpected key ") + QString::fromLatin1(*key));
        }
        if (!reader.eat(',')) {
            if (!reader.eat('}'))
                return fail(QStringLiteral("malformed dict: ") + QString::fromLatin1(header));
            break;
        }
    }
    if (!reader.atEnd())
        return fail(QStringLiteral("the padding after the dict is not all spaces"));
    if (keys.size() != 3)
        return fail(QStringLiteral("the dict must hold exactly descr, fortran_order and shape"));

    if (array.descr == "<f8")
        array.itemSize = 8;
    else if (array.descr == "<f4")
        array.itemSize = 4;
    else
        return fail(QStringLiteral("unexpected descr ") + QString::fromLatin1(array.descr));
    qint64 count = 1;
    for (qint64 extent : array.shape)
        count *= extent;
    array.data = file.mid(array.dataOffset);
    if (array.data.size() != count * array.itemSize)
        return fail(QStringLiteral("%1 bytes of data, expected %2")
                        .arg(array.data.size())
                        .arg(count * array.itemSize));
    return array;
}

template<typename Scalar>
Scalar valueAt(const QByteArray &data, qint64 index)
{
    Scalar value;
    std::memcpy(&value, data.constData() + index * qint64(sizeof(Scalar)), sizeof(Scalar));
    return value;
}

} // namespace
