// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/textmeasure.h"

#include <QFont>
#include <QFontMetrics>
#include <QFontMetricsF>
#include <QHash>
#include <QPainterPath>
#include <QString>

namespace posenc::TextMeasure {

namespace {

// What a measure depends on: which measure, the font, the flags and the text.
struct Key {
    int kind; // 0: bounding rect, 1: advance, 2: ink
    QString font;
    QRect rect;
    int flags;
    QString text;

    bool operator==(const Key &other) const
    {
        return kind == other.kind && flags == other.flags && rect == other.rect && text == other.text
               && font == other.font;
    }
};

size_t qHash(const Key &key, size_t seed = 0)
{
    return qHashMulti(seed, key.kind, key.font, key.rect.x(), key.rect.y(), key.rect.width(), key.rect.height(),
                      key.flags, key.text);
}

struct Measures {
    QHash<Key, QRect> rects;
    QHash<Key, double> advances;
    QHash<Key, QSizeF> inks;
};

Measures &measures()
{
    thread_local Measures each;
    return each;
}

template <class Value, class Measure>
Value remembered(QHash<Key, Value> &memory, Key &&key, Measure measure)
{
    if (const auto found = memory.constFind(key); found != memory.constEnd())
        return *found;
    if (memory.size() >= kMostTexts)
        memory.clear();
    const Value value = measure();
    memory.insert(std::move(key), value);
    return value;
}

} // namespace

QRect boundingRect(const QFont &font, const QRect &rect, int flags, const QString &text)
{
    return remembered(measures().rects, Key{0, font.key(), rect, flags, text},
                      [&] { return QFontMetrics(font).boundingRect(rect, flags, text); });
}

double horizontalAdvance(const QFont &font, const QString &text)
{
    return remembered(measures().advances, Key{1, font.key(), QRect(), 0, text},
                      [&] { return QFontMetricsF(font).horizontalAdvance(text); });
}

QSizeF inkSize(const QFont &font, const QString &text)
{
    return remembered(measures().inks, Key{2, font.key(), QRect(), 0, text}, [&] {
        QPainterPath outline;
        outline.addText(0, 0, font, text);
        return outline.boundingRect().size();
    });
}

} // namespace posenc::TextMeasure
