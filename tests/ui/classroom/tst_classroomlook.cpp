// SPDX-License-Identifier: GPL-3.0-or-later
// What a class sees: a lesson in Chinese with its view, and presentation mode on a
// 1920x1080 projector. The window is built as the application builds it (Language::install,
// then MainWindow), the lessons dock is brought to the front and "Show me" pressed; then:
//  - the lesson's title, text and buttons are Chinese (the lesson files and the .qm);
//  - no label or button of the parameter panel, the animation bar or the lessons panel is
//    narrower than its text needs (nothing clipped), at 1920x1080 and in presentation mode;
//  - presentation mode's text is large: the lesson text and the controls at least 1.6 times
//    the normal size.
// With POSENC_SCREENSHOT_DIR set, each state is saved there as a PNG for a person to look at
// (the screenshots of the closing note).

#include "ui/widgets/animationbar.h"
#include "ui/state/encodingstate.h"
#include "ui/window/language.h"
#include "ui/classroom/lessonspanel.h"
#include "ui/window/presentationmode.h"
#include "ui/window/mainwindow.h"
#include "ui/widgets/parameterpanel.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSpinBox>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QTest>
#include <QTextBrowser>

using namespace posenc;

namespace {

const QSize kProjector(1920, 1080);

void settle(MainWindow &window)
{
    window.state()->flush();
    for (int i = 0; i < 3; ++i)
        QApplication::processEvents();
}

void saveIfAsked(QWidget &window, const QString &name)
{
    const QString directory = qEnvironmentVariable("POSENC_SCREENSHOT_DIR");
    if (directory.isEmpty())
        return;
    QDir().mkpath(directory);
    QVERIFY(window.grab().save(directory + QLatin1Char('/') + name));
}

// The labels and buttons under `root` whose text does not fit their width, or that stick out
// of what their parents show (a panel wider than its dock). A word-wrapped label fits by
// wrapping; its height is then what must suffice. The lessons' text and list must not need a
// horizontal scroll bar.
QStringList clipped(QWidget *root)
{
    QStringList result;
    for (QWidget *widget : root->findChildren<QWidget *>()) {
        if (!widget->isVisible() || widget->visibleRegion().isEmpty())
            continue;
        if (!qobject_cast<QLabel *>(widget) && !qobject_cast<QAbstractButton *>(widget)
            && !qobject_cast<QLineEdit *>(widget) && !qobject_cast<QAbstractSpinBox *>(widget))
            continue;
        const QRect shown = widget->visibleRegion().boundingRect();
        if (shown.width() < widget->width())
            result << QStringLiteral("%1 \"%2\" shows %3 of its %4 pixels across")
                          .arg(QString::fromLatin1(widget->metaObject()->className()),
                               widget->accessibleName())
                          .arg(shown.width())
                          .arg(widget->width());
    }
    for (QAbstractScrollArea *area : root->findChildren<QAbstractScrollArea *>()) {
        if (area->isVisible() && (qobject_cast<QTextBrowser *>(area) || qobject_cast<QListWidget *>(area))
            && area->horizontalScrollBar()->maximum() > 0)
            result << QStringLiteral("%1 \"%2\" scrolls sideways by %3 pixels")
                          .arg(QString::fromLatin1(area->metaObject()->className()), area->accessibleName())
                          .arg(area->horizontalScrollBar()->maximum());
    }
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (!label->isVisibleTo(root) || label->text().isEmpty() || label->pixmap().cacheKey() != 0)
            continue;
        const QSize need = label->sizeHint();
        const bool fits = label->wordWrap()
                              ? label->height() >= label->heightForWidth(label->width())
                              : label->width() >= need.width() && label->height() >= need.height() - 1;
        if (!fits)
            result << QStringLiteral("label \"%1\" %2x%3 needs %4x%5")
                          .arg(label->text())
                          .arg(label->width())
                          .arg(label->height())
                          .arg(need.width())
                          .arg(need.height());
    }
    for (QAbstractButton *button : root->findChildren<QAbstractButton *>()) {
        if (!button->isVisibleTo(root) || button->text().isEmpty())
            continue;
        const QSize need = button->minimumSizeHint();
        if (button->width() < need.width() || button->height() < need.height())
            result << QStringLiteral("button \"%1\" %2x%3 needs %4x%5")
                          .arg(button->text())
                          .arg(button->width())
                          .arg(button->height())
                          .arg(need.width())
                          .arg(need.height());
    }
    return result;
}

bool hasHan(const QString &text)
{
    static const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    return text.contains(han);
}

// The window at projector size with the lessons dock in front and lesson `index` shown.
void showLesson(MainWindow &window, int index)
{
    window.resize(kProjector);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.lessonsDock()->show();
    window.lessonsDock()->raise();
    window.lessonsPanel()->setCurrentLesson(index);
    QTest::mouseClick(window.lessonsPanel()->showMeButton(), Qt::LeftButton);
    settle(window);
    window.resize(kProjector);
    settle(window);
}

int lessonIndex(const LessonsPanel &panel, const QString &id)
{
    for (int i = 0; i < panel.lessons().size(); ++i) {
        if (panel.lessons()[i].id == id)
            return i;
    }
    return -1;
}

} // namespace

class TestClassroomLook : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { Language::install(QStringLiteral("en")); }

    void lessonInChinese_data()
    {
        QTest::addColumn<QString>("lesson");
        QTest::newRow("rotation") << QStringLiteral("rotation");
        QTest::newRow("why order") << QStringLiteral("why-order");
        QTest::newRow("temporal") << QStringLiteral("temporal");
    }

    void lessonInChinese()
    {
        QFETCH(QString, lesson);
        QVERIFY(Language::install(QStringLiteral("zh_CN")));
        MainWindow window;
        const int index = lessonIndex(*window.lessonsPanel(), lesson);
        QVERIFY(index >= 0);
        showLesson(window, index);
        QCOMPARE(window.size(), kProjector);
        QVERIFY(window.lessonsDock()->isVisible());
        QVERIFY(!window.lessonsDock()->visibleRegion().isEmpty()); // in front of the inspector

        LessonsPanel *panel = window.lessonsPanel();
        QVERIFY2(hasHan(panel->text()->toPlainText()), qPrintable(panel->text()->toPlainText()));
        QVERIFY(hasHan(panel->list()->currentItem()->text()));
        QVERIFY2(hasHan(panel->showMeButton()->text()), qPrintable(panel->showMeButton()->text()));
        QVERIFY2(hasHan(window.lessonsDock()->windowTitle()), qPrintable(window.lessonsDock()->windowTitle()));
        QCOMPARE(window.currentView(), window.lessonsPanel()->lessons()[index].view);

        for (QWidget *part : {static_cast<QWidget *>(panel), static_cast<QWidget *>(window.parameterPanel()),
                              static_cast<QWidget *>(window.animationBar())}) {
            const QStringList bad = clipped(part);
            QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QStringLiteral("; "))));
        }
        saveIfAsked(window, QStringLiteral("lesson-%1-zh_CN.png").arg(lesson));
        saveIfAsked(*window.lessonsDock(), QStringLiteral("lesson-%1-zh_CN-dock.png").arg(lesson));
    }

    void presentationAtProjectorSize_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void presentationAtProjectorSize()
    {
        QFETCH(QString, language);
        QVERIFY(Language::install(language));
        MainWindow window;
        showLesson(window, lessonIndex(*window.lessonsPanel(), QStringLiteral("rotation")));
        const qreal lessonFont = QFontInfo(window.lessonsPanel()->text()->font()).pointSizeF();
        const qreal controlFont = QFontInfo(window.lessonsPanel()->showMeButton()->font()).pointSizeF();

        window.setPresentationMode(true);
        // Offscreen, "full screen" is the platform's small virtual screen: stand in for the
        // projector by giving the window its size.
        window.setWindowState(Qt::WindowNoState);
        window.resize(kProjector);
        settle(window);
        QCOMPARE(window.size(), kProjector);
        QVERIFY(window.isPresentationMode());
        QVERIFY(!window.lessonsDock()->isVisible()); // the view has the screen
        QTest::keyClick(&window, Qt::Key_F6);        // and the lesson comes back beside it
        settle(window);
        QVERIFY(window.lessonsDock()->isVisible());

        const double factor = PresentationMode::fontFactor(window.screen()->geometry().height());
        QVERIFY2(QFontInfo(window.lessonsPanel()->text()->font()).pointSizeF() >= lessonFont * factor - 0.5,
                 qPrintable(QString::number(QFontInfo(window.lessonsPanel()->text()->font()).pointSizeF())));
        QVERIFY(QFontInfo(window.lessonsPanel()->showMeButton()->font()).pointSizeF()
                >= controlFont * factor - 0.5);
        for (QWidget *part : {static_cast<QWidget *>(window.lessonsPanel()),
                              static_cast<QWidget *>(window.animationBar())}) {
            const QStringList bad = clipped(part);
            QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QStringLiteral("; "))));
        }
        saveIfAsked(window, QStringLiteral("presentation-%1.png").arg(language));
        saveIfAsked(*window.lessonsDock(), QStringLiteral("presentation-%1-dock.png").arg(language));
        QTest::keySequence(&window, QKeySequence(Qt::CTRL | Qt::Key_P));
        settle(window);
        QVERIFY(window.parameterPanel()->isVisible());
        const QStringList bad = clipped(window.parameterPanel());
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QStringLiteral("; "))));
        saveIfAsked(*window.parameterPanel(), QStringLiteral("presentation-%1-parameters.png").arg(language));
        window.setPresentationMode(false);
    }
};

QTEST_MAIN(TestClassroomLook)
#include "tst_classroomlook.moc"
