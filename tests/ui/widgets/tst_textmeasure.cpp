// SPDX-License-Identifier: GPL-3.0-or-later
// TextMeasure and PlotTitle: text measured once per font and text gives what QFontMetrics
// gives, asked once or many times, for any font (a changed size, weight or family is another
// measure, never a remembered one) and any text (several lines, Chinese, empty); past its
// bound it starts afresh and still measures right. A PlotTitle's size hints are a
// QCPTextElement's, also after its text, font or margins change.

#include "ui/widgets/plottitle.h"
#include "ui/widgets/textmeasure.h"

#include <QFontMetrics>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <QTest>

using namespace posenc;

namespace {

QFont fontOf(double pointSize, bool bold)
{
    QFont font;
    font.setPointSizeF(pointSize);
    font.setBold(bold);
    return font;
}

} // namespace

class TestTextMeasure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void measuresAsQFontMetrics_data();
    void measuresAsQFontMetrics();
    void anotherFontIsAnotherMeasure();
    void startsAfreshPastItsBound();
    void inkIsTheGlyphsInk_data();
    void inkIsTheGlyphsInk();
    void titleHintsAsQCPTextElement_data();
    void titleHintsAsQCPTextElement();
};

void TestTextMeasure::measuresAsQFontMetrics_data()
{
    QTest::addColumn<QFont>("font");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QRect>("rect");
    QTest::addColumn<int>("flags");
    const QList<std::pair<const char *, QFont>> fonts{
        {"10 pt", fontOf(10, false)}, {"14 pt bold", fontOf(14, true)}, {"30 pt", fontOf(30, false)}};
    const QStringList texts{QString(), QStringLiteral("amplitude"), QStringLiteral("wavelength 2π/w_i (positions)"),
                            QStringLiteral("two lines:\nthe second longer than the first"),
                            QStringLiteral("每一维的频谱（离散傅里叶变换）")};
    for (const auto &[name, font] : fonts) {
        for (const QString &text : texts) {
            const QByteArray tag = QByteArray(name) + ", \"" + text.left(12).toUtf8() + '"';
            QTest::newRow((tag + ", don't clip").constData()) << font << text << QRect(0, 0, 0, 0)
                                                             << int(Qt::TextDontClip);
            // A legend entry's rect: as high as its icon.
            QTest::newRow((tag + ", icon high").constData()) << font << text << QRect(0, 0, 0, 18)
                                                            << int(Qt::TextDontClip);
            QTest::newRow((tag + ", centred").constData()) << font << text << QRect(10, 5, 200, 40)
                                                          << int(Qt::AlignCenter | Qt::TextWordWrap);
        }
    }
}

void TestTextMeasure::measuresAsQFontMetrics()
{
    QFETCH(QFont, font);
    QFETCH(QString, text);
    QFETCH(QRect, rect);
    QFETCH(int, flags);
    const QRect expected = QFontMetrics(font).boundingRect(rect, flags, text);
    const double advance = QFontMetricsF(font).horizontalAdvance(text);
    for (int time = 0; time < 3; ++time) { // measured, then remembered
        QCOMPARE(TextMeasure::boundingRect(font, rect, flags, text), expected);
        QCOMPARE(TextMeasure::horizontalAdvance(font, text), advance);
    }
}

void TestTextMeasure::anotherFontIsAnotherMeasure()
{
    const QString text = QStringLiteral("frequency (cycles per position)");
    QFont font = fontOf(10, false);
    const QRect small = TextMeasure::boundingRect(font, QRect(0, 0, 0, 0), Qt::TextDontClip, text);
    const double narrow = TextMeasure::horizontalAdvance(font, text);
    font.setPointSizeF(20);
    QCOMPARE(TextMeasure::boundingRect(font, QRect(0, 0, 0, 0), Qt::TextDontClip, text),
             QFontMetrics(font).boundingRect(QRect(0, 0, 0, 0), Qt::TextDontClip, text));
    QVERIFY(TextMeasure::boundingRect(font, QRect(0, 0, 0, 0), Qt::TextDontClip, text).width() > small.width());
    QVERIFY(TextMeasure::horizontalAdvance(font, text) > narrow);
    font.setPointSizeF(10);
    font.setWeight(QFont::Black);
    QCOMPARE(TextMeasure::horizontalAdvance(font, text), QFontMetricsF(font).horizontalAdvance(text));
    font.setWeight(QFont::Normal);
    font.setLetterSpacing(QFont::AbsoluteSpacing, 3);
    QCOMPARE(TextMeasure::horizontalAdvance(font, text), QFontMetricsF(font).horizontalAdvance(text));
    QVERIFY(TextMeasure::horizontalAdvance(font, text) > narrow);
}

void TestTextMeasure::startsAfreshPastItsBound()
{
    const QFont font = fontOf(11, false);
    for (int n = 0; n < TextMeasure::kMostTexts + 100; ++n) {
        const QString text = QStringLiteral("tick %1").arg(n);
        QCOMPARE(TextMeasure::horizontalAdvance(font, text), QFontMetricsF(font).horizontalAdvance(text));
    }
    const QString first = QStringLiteral("tick 0");
    QCOMPARE(TextMeasure::boundingRect(font, QRect(0, 0, 0, 0), Qt::TextDontClip, first),
             QFontMetrics(font).boundingRect(QRect(0, 0, 0, 0), Qt::TextDontClip, first));
}

void TestTextMeasure::inkIsTheGlyphsInk_data()
{
    QTest::addColumn<QString>("text");
    for (const char *text : {"0", "1", "7", "42", "mean", "我", "吃鱼"})
        QTest::newRow(text) << QString::fromUtf8(text);
}

// The ink a text's glyphs put on pixels, painted large: its columns and rows from the first
// inked to the last. Narrower than the advance, which holds the side bearings (a digit's by
// about a fifth), lower than a line, and remembered as measured.
void TestTextMeasure::inkIsTheGlyphsInk()
{
    QFETCH(QString, text);
    QFont font;
    font.setPixelSize(200);
    QImage image(1200, 400, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.setFont(font);
        painter.setPen(Qt::black);
        painter.drawText(QPointF(100, 300), text);
    }
    int first = image.width(), last = -1, top = image.height(), bottom = -1;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (qAlpha(image.pixel(x, y)) > 0) {
                first = std::min(first, x);
                last = std::max(last, x);
                top = std::min(top, y);
                bottom = std::max(bottom, y);
            }
        }
    }
    QVERIFY(last >= first && bottom >= top);
    const QSizeF inked(last - first + 1, bottom - top + 1);
    for (int time = 0; time < 2; ++time) {
        const QSizeF ink = TextMeasure::inkSize(font, text);
        // Within the antialiased pixel at each side.
        QVERIFY2(std::abs(ink.width() - inked.width()) <= 2.5 && std::abs(ink.height() - inked.height()) <= 2.5,
                 qPrintable(QStringLiteral("%1 x %2 against %3 x %4 px inked")
                                .arg(ink.width()).arg(ink.height()).arg(inked.width()).arg(inked.height())));
        QVERIFY(ink.width() < QFontMetricsF(font).horizontalAdvance(text));
        QVERIFY(ink.height() < QFontMetricsF(font).height());
    }
    QCOMPARE(TextMeasure::inkSize(font, QString()), QSizeF(0, 0));
}

void TestTextMeasure::titleHintsAsQCPTextElement_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("one line") << QStringLiteral("Spectrum of every dimension");
    QTest::newRow("two lines") << QStringLiteral("Scores\nsoftmax(QKᵀ/√d)");
    QTest::newRow("Chinese") << QStringLiteral("频率阶梯：每对 i 一个波长");
    // (An empty title takes no room, unlike QCPTextElement's line: tst_plot emptyTitleTakesNoRoom.)
}

void TestTextMeasure::titleHintsAsQCPTextElement()
{
    QFETCH(QString, text);
    QCustomPlot plot;
    auto *plain = new QCPTextElement(&plot, text, fontOf(12, true));
    auto *title = new PlotTitle(&plot, text, fontOf(12, true));
    // Asked as a layout asks them.
    const QCPLayoutElement *a = title, *b = plain;
    const auto same = [&] {
        QCOMPARE(a->minimumOuterSizeHint(), b->minimumOuterSizeHint());
        QCOMPARE(a->maximumOuterSizeHint(), b->maximumOuterSizeHint());
    };
    same();
    for (QCPTextElement *each : {plain, static_cast<QCPTextElement *>(title)})
        each->setText(text + QStringLiteral(" (d_model = 512)"));
    same();
    for (QCPTextElement *each : {plain, static_cast<QCPTextElement *>(title)})
        each->setFont(fontOf(24, false));
    same();
    QVERIFY(a->minimumOuterSizeHint().height() > QFontMetrics(fontOf(12, true)).height());
    for (QCPTextElement *each : {plain, static_cast<QCPTextElement *>(title)})
        each->setMargins(QMargins(3, 9, 5, 1));
    same();
    // The selected font is not the one measured, in either.
    for (QCPTextElement *each : {plain, static_cast<QCPTextElement *>(title)})
        each->setSelectedFont(fontOf(40, true));
    same();
}

QTEST_MAIN(TestTextMeasure)
#include "tst_textmeasure.moc"
