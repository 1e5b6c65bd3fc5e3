// SPDX-License-Identifier: GPL-3.0-or-later
// SizeFence: a label in a box that passes a layout request on to the window only when the
// label's size changed. Measured on a real window offscreen: the layout requests that reach the
// window (counted by an event filter), the geometry the layout gives the box, and the pixels of
// the window against the same window without the box.
#include "ui/widgets/richtextlabel.h"
#include "ui/widgets/sizefence.h"

#include <QLabel>
#include <QTest>
#include <QVBoxLayout>

#include <memory>

using namespace posenc;

namespace {

// Counts the layout requests the widgets receive.
class RequestCounter : public QObject
{
public:
    explicit RequestCounter(std::initializer_list<QWidget *> widgets)
    {
        for (QWidget *widget : widgets)
            widget->installEventFilter(this);
    }
    int count = 0;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::LayoutRequest)
            ++count;
        return false;
    }
};

// A window of a title, a sentence (fenced or not) and a label under it, as a view's page is:
// the sentence in a layout inside a widget inside the window.
struct Page {
    std::unique_ptr<QWidget> window = std::make_unique<QWidget>();
    QWidget *panel = nullptr;
    RichTextLabel *sentence = nullptr;
    SizeFence *fence = nullptr;
    QLabel *below = nullptr;
    std::unique_ptr<RequestCounter> requests;

    explicit Page(bool fenced, const QString &text)
    {
        auto *outer = new QVBoxLayout(window.get());
        outer->addWidget(new QLabel(QStringLiteral("Title"), window.get()));
        panel = new QWidget(window.get());
        auto *inner = new QVBoxLayout(panel);
        sentence = sentenceLabel(panel);
        sentence->setText(text);
        if (fenced) {
            fence = SizeFence::around(sentence);
            inner->addWidget(fence);
        } else {
            inner->addWidget(sentence);
        }
        below = new QLabel(QStringLiteral("below"), panel);
        inner->addWidget(below);
        outer->addWidget(panel);
        outer->addStretch(1);
        window->resize(360, 300);
        window->show();
        settle();
        requests = std::make_unique<RequestCounter>(std::initializer_list<QWidget *>{panel, window.get()});
    }

    // The posted events handled, and those they post (a layout pass asks the one above it for
    // another), but no timer run out.
    static void drain()
    {
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents();
    }

    // Every posted event handled, the hint timers of the label and the box run out.
    static void settle()
    {
        QCoreApplication::processEvents();
        QTest::qWait(SizeFence::kSettleMs + 150);
        QCoreApplication::processEvents();
    }
};

// Same characters in another order: the same width in any font, a new text.
const QString kFirst = QStringLiteral("Check at k = 123: the largest difference is 4.5e-16 over 512 positions");
const QString kSameSize = QStringLiteral("Check at k = 321: the largest difference is 5.4e-16 over 215 positions");
const QString kLonger = QStringLiteral(
    "Check at k = 321: the largest difference is 5.4e-16 over 215 positions, and a second sentence that is "
    "long enough to wrap over several more lines in a window of this width, so that the sentence grows");

} // namespace

class TestSizeFence : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The control: without the box, a text of the same size asks the window for a layout pass.
    void unfencedTextAsksTheWindow()
    {
        Page page(false, kFirst);
        page.sentence->setText(kSameSize);
        Page::drain();
        QVERIFY(page.requests->count > 0);
    }

    // With it, the request stops at the box, the sentence shows the new text where the old one
    // was, and the window looks as the unfenced one does.
    void sameSizeStopsAtTheBox()
    {
        Page page(true, kFirst);
        const QRect before = page.fence->geometry();
        const int stopped = page.fence->stopped();
        page.sentence->setText(kSameSize);
        Page::drain();
        QCOMPARE(page.requests->count, 0);
        QCOMPARE(page.fence->stopped(), stopped + 1);
        QCOMPARE(page.fence->geometry(), before);
        QCOMPARE(page.sentence->geometry(), page.fence->rect());
        QCOMPARE(page.sentence->text(), kSameSize);

        Page plain(false, kFirst);
        plain.sentence->setText(kSameSize);
        Page::settle();
        QCOMPARE(page.window->grab().toImage(), plain.window->grab().toImage());
    }

    // A text that needs more lines reaches the window, and the layout makes room for it.
    void newSizeReachesTheWindow()
    {
        Page page(true, kFirst);
        const int height = page.fence->height();
        page.sentence->setText(kLonger);
        Page::drain();
        QVERIFY(page.requests->count > 0);
        Page::settle();
        QVERIFY2(page.fence->height() > height, qPrintable(QStringLiteral("%1 px, was %2").arg(page.fence->height()).arg(height)));
        QCOMPARE(page.fence->height(), page.sentence->heightForWidth(page.fence->width()));
        QCOMPARE(page.sentence->geometry(), page.fence->rect());
        QVERIFY(page.below->y() > page.fence->geometry().bottom());

        Page plain(false, kLonger);
        QCOMPARE(page.window->grab().toImage(), plain.window->grab().toImage());
    }

    // A request stopped leaves the layouts' heights for other widths as they were: once the
    // text is still, the box passes one request on, and a resize afterwards is exact.
    void stillTextRefreshesTheLayout()
    {
        Page page(true, kFirst);
        page.sentence->setText(kSameSize);
        Page::drain();
        QCOMPARE(page.requests->count, 0);
        Page::settle();
        QVERIFY(page.requests->count > 0);
        page.window->resize(180, 400);
        Page::settle();
        QCOMPARE(page.fence->height(), page.sentence->heightForWidth(page.fence->width()));
    }

    // Shown and hidden by hand, the label takes the box along; hidden before it moved in, the
    // box starts hidden.
    void followsTheLabelsVisibility()
    {
        Page page(true, kFirst);
        QVERIFY(page.fence->isVisible());
        const int belowY = page.below->y();
        page.sentence->hide();
        QVERIFY(page.fence->isHidden());
        Page::settle();
        QVERIFY(page.below->y() < belowY); // the layout closed the gap
        page.sentence->show();
        QVERIFY(page.fence->isVisible());
        QVERIFY(page.sentence->isVisible());

        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *label = new QLabel(QStringLiteral("hidden"), &window);
        label->hide();
        SizeFence *fence = SizeFence::around(label);
        layout->addWidget(fence);
        window.show();
        QCoreApplication::processEvents();
        QVERIFY(!fence->isVisible());
        QVERIFY(!label->isVisible());
        label->show();
        QVERIFY(fence->isVisible() && label->isVisible());
    }

    // A new font reaches the layouts above at once: a caller that sets fonts and measures the
    // layout right after (the rotation view's equations) measures the new size.
    void newFontMeasuredAtOnce()
    {
        Page page(true, kFirst);
        QLayout *inner = page.panel->layout();
        const int before = inner->sizeHint().height();
        QFont font = page.sentence->font();
        font.setPointSizeF(font.pointSizeF() * 2);
        page.sentence->setFont(font);
        const int after = inner->sizeHint().height();
        QVERIFY2(after > before + page.sentence->fontMetrics().height() / 4,
                 qPrintable(QStringLiteral("%1 px, was %2").arg(after).arg(before)));
        QCOMPARE(inner->sizeHint().width(), std::max(page.sentence->sizeHint().width(), page.below->sizeHint().width())
                                                + inner->contentsMargins().left() + inner->contentsMargins().right());
    }

    // A label deleted by its owner leaves an empty box, which the layout closes up.
    void deletedLabelLeavesAnEmptyBox()
    {
        Page page(true, kFirst);
        const int belowY = page.below->y();
        delete page.sentence;
        QVERIFY(!page.fence->widget());
        Page::settle();
        QCOMPARE(page.fence->sizeHint(), QSize());
        QVERIFY(page.below->y() < belowY);
        page.window->resize(200, 300); // laid out again without it
        Page::settle();
    }

    // A label changed in a hidden page: the box compares when it is shown again.
    void changedWhileHidden()
    {
        Page page(true, kFirst);
        const int height = page.fence->height();
        page.panel->hide();
        page.sentence->setText(kLonger);
        page.panel->show();
        Page::settle();
        QVERIFY(page.fence->height() > height);
        QCOMPARE(page.fence->height(), page.sentence->heightForWidth(page.fence->width()));
    }
};

QTEST_MAIN(TestSizeFence)
#include "tst_sizefence.moc"
