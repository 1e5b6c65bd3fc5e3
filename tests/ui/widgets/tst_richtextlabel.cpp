// SPDX-License-Identifier: GPL-3.0-or-later
// The sentence labels under the labs' plots (sentenceLabel: a RichTextLabel with plain,
// word-wrapped, selectable text). They must measure and paint as the QLabel they replace (a
// plain-text QLabel selectable with the mouse), and select as it does: a drag, a double-click
// on a word, Ctrl+A and Ctrl+C after a click, the X11 selection; a new text has no selection.
#include "ui/widgets/richtextlabel.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QTest>

#include <memory>

using namespace posenc;

namespace {

const QStringList &texts()
{
    static const QStringList texts{
        QStringLiteral("Shift +3: scores change by up to 0.0123"),
        QStringLiteral("Shuffle → “鱼 我 吃”: rows equivariant (max |Δ| 1.1e-16), mean invariant (|Δ| 2.2e-16)"),
        QStringLiteral("Check, max |M_k PE(pos) − PE(pos + k)| over 512 positions: 2.3e-13 (float64), 4.8e-7 "
                       "(float32); a second sentence so that a narrow label wraps it over several lines"),
        QStringLiteral("x")};
    return texts;
}

// `label` drawn on a transparent image, as it paints itself.
QImage painted(QWidget *label)
{
    QImage image(label->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    label->render(&image, QPoint(), QRegion(), QWidget::RenderFlags());
    return image;
}

// The QLabel a sentence label replaces.
std::unique_ptr<QLabel> selectableQLabel()
{
    auto label = std::make_unique<QLabel>();
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

// How many pixels of `image` (on transparent) something was drawn on.
int inked(const QImage &image)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x)
            count += qAlpha(image.pixel(x, y)) > 0;
    }
    return count;
}

// How many pixels of `image` are the highlight colour.
int highlighted(const QImage &image, const QColor &highlight)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x)
            count += QColor(image.pixel(x, y)).rgb() == highlight.rgb();
    }
    return count;
}

} // namespace

class TestRichTextLabel : public QObject
{
    Q_OBJECT

private slots:
    void measuresAndPaintsAsQLabel_data();
    void measuresAndPaintsAsQLabel();
    void dragSelects();
    void doubleClickSelectsAWord();
    void selectAllAndCopy();
    void newTextClearsTheSelection();
    void notSelectableIgnoresTheMouse();
};

void TestRichTextLabel::measuresAndPaintsAsQLabel_data()
{
    QTest::addColumn<int>("width");
    for (int width : {60, 180, 420, 900})
        QTest::addRow("width %d", width) << width;
}

void TestRichTextLabel::measuresAndPaintsAsQLabel()
{
    QFETCH(int, width);
    std::unique_ptr<RichTextLabel> sentence(sentenceLabel());
    const std::unique_ptr<QLabel> plain = selectableQLabel();
    QVERIFY(sentence->isSelectable());
    QCOMPARE(sentence->focusPolicy(), plain->focusPolicy());
    for (const QString &text : texts()) {
        sentence->setText(text);
        plain->setText(text);
        QCOMPARE(sentence->heightForWidth(width), plain->heightForWidth(width));
        const QSize size(width, plain->heightForWidth(width));
        sentence->resize(size);
        plain->resize(size);
        const QImage image = painted(sentence.get());
        QVERIFY2(image == painted(plain.get()), qPrintable(text));
        QVERIFY(inked(image) > 10); // the text is there
    }
    // The size hints of the last text, once it is still (see RichTextLabel).
    QTRY_COMPARE(sentence->sizeHint(), plain->sizeHint());
    QTRY_COMPARE(sentence->minimumSizeHint(), plain->minimumSizeHint());
}

void TestRichTextLabel::dragSelects()
{
    std::unique_ptr<RichTextLabel> label(sentenceLabel());
    label->setText(QStringLiteral("Shift +3: scores change by up to 0.0123"));
    label->resize(600, label->heightForWidth(600));
    label->show();
    QVERIFY(QTest::qWaitForWindowExposed(label.get()));
    const QImage before = painted(label.get());
    const QColor highlight = label->palette().color(QPalette::Inactive, QPalette::Highlight);
    QCOMPARE(highlighted(before, highlight), 0);

    // From the left edge to the middle of the text: a leading part of it, then the rest.
    const int middle = label->fontMetrics().horizontalAdvance(label->text()) / 2;
    const int y = label->height() / 2;
    QTest::mousePress(label.get(), Qt::LeftButton, {}, QPoint(0, y));
    QTest::mouseMove(label.get(), QPoint(middle, y));
    QTest::mouseRelease(label.get(), Qt::LeftButton, {}, QPoint(middle, y));
    const QString selected = label->selectedText();
    QVERIFY2(selected.size() > 5 && label->text().startsWith(selected), qPrintable(selected));
    QVERIFY(selected.size() < label->text().size());
    QVERIFY(highlighted(painted(label.get()), label->palette().color(label->hasFocus() ? QPalette::Active : QPalette::Inactive,
                                                                     QPalette::Highlight))
            > 0);
    if (QGuiApplication::clipboard()->supportsSelection())
        QCOMPARE(QGuiApplication::clipboard()->text(QClipboard::Selection), selected);
}

void TestRichTextLabel::doubleClickSelectsAWord()
{
    std::unique_ptr<RichTextLabel> label(sentenceLabel());
    label->setText(QStringLiteral("scores unchanged here"));
    label->resize(600, label->heightForWidth(600));
    label->show();
    QVERIFY(QTest::qWaitForWindowExposed(label.get()));
    const QFontMetrics metrics = label->fontMetrics();
    // The middle of "unchanged".
    const int x = metrics.horizontalAdvance(QStringLiteral("scores ")) + metrics.horizontalAdvance(QStringLiteral("unch"));
    QTest::mouseDClick(label.get(), Qt::LeftButton, {}, QPoint(x, label->height() / 2));
    QCOMPARE(label->selectedText(), QStringLiteral("unchanged"));
}

void TestRichTextLabel::selectAllAndCopy()
{
    std::unique_ptr<RichTextLabel> label(sentenceLabel());
    label->setText(texts()[2]);
    label->resize(200, label->heightForWidth(200)); // several lines
    label->show();
    QVERIFY(QTest::qWaitForWindowExposed(label.get()));
    QTest::mouseClick(label.get(), Qt::LeftButton, {}, QPoint(1, 1)); // a click gives it the focus
    QVERIFY(label->hasFocus());
    QVERIFY(label->selectedText().isEmpty());
    QGuiApplication::clipboard()->setText(QStringLiteral("before"));
    QTest::keySequence(label.get(), QKeySequence::Copy); // nothing selected: nothing copied
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("before"));
    QTest::keySequence(label.get(), QKeySequence::SelectAll);
    QCOMPARE(label->selectedText(), label->text()); // one paragraph, though wrapped
    QTest::keySequence(label.get(), QKeySequence::Copy);
    QCOMPARE(QGuiApplication::clipboard()->text(), label->text());
}

void TestRichTextLabel::newTextClearsTheSelection()
{
    std::unique_ptr<RichTextLabel> label(sentenceLabel());
    label->setText(texts()[0]);
    label->resize(600, label->heightForWidth(600));
    label->show();
    QVERIFY(QTest::qWaitForWindowExposed(label.get()));
    QTest::mouseClick(label.get(), Qt::LeftButton, {}, QPoint(1, 1));
    QTest::keySequence(label.get(), QKeySequence::SelectAll);
    QCOMPARE(label->selectedText(), texts()[0]);
    label->setText(texts()[1]); // as the next step of a slider does
    QVERIFY(label->selectedText().isEmpty());
    QCOMPARE(highlighted(painted(label.get()), label->palette().color(QPalette::Active, QPalette::Highlight)), 0);
}

void TestRichTextLabel::notSelectableIgnoresTheMouse()
{
    RichTextLabel label;
    label.setTextFormat(Qt::PlainText);
    label.setText(texts()[0]);
    label.resize(600, label.heightForWidth(600));
    label.show();
    QVERIFY(QTest::qWaitForWindowExposed(&label));
    QCOMPARE(label.focusPolicy(), Qt::NoFocus);
    QTest::mouseDClick(&label, Qt::LeftButton, {}, QPoint(10, label.height() / 2));
    QTest::keySequence(&label, QKeySequence::SelectAll);
    QVERIFY(label.selectedText().isEmpty());
}

QTEST_MAIN(TestRichTextLabel)
#include "tst_richtextlabel.moc"
