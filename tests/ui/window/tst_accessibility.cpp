// SPDX-License-Identifier: GPL-3.0-or-later
// Keyboard and screen-reader access:
//  - every focusable control of the parameter panel, the animation bar, the lessons panel and
//    the inspector has an accessible name and takes the focus with Tab, and pressing Tab from
//    the first one really visits each of them;
//  - a refused entry tells a screen reader why, through its accessible description;
//  - the keyboard help (F1) lists every action of the window that has a shortcut, with exactly
//    its keys, and shows the actions' texts without mnemonics, "&Lessons" and the Chinese
//    "导出(&E)…" alike; in zh_CN its rows are Chinese.
// With POSENC_SCREENSHOT_DIR set, the zh_CN keyboard help is also saved there as a PNG to look at.

#include "ui/widgets/animationbar.h"
#include "ui/state/encodingstate.h"
#include "ui/window/inspectorpanel.h"
#include "ui/window/keyboardhelp.h"
#include "ui/classroom/lessonspanel.h"
#include "ui/window/mainwindow.h"
#include "ui/widgets/parametercontrol.h"
#include "ui/widgets/parameterpanel.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>
#include <QTableWidget>
#include <QTest>
#include <QTranslator>

#include <functional>

using namespace posenc;

namespace {

using PartOf = std::function<QWidget *(MainWindow &)>;

// The widgets a user can put the focus on, leaving out the inner editor of a spin box (its
// focus proxy: the spin box itself is what Tab lands on and what a screen reader names).
QList<QWidget *> focusable(QWidget *root)
{
    QList<QWidget *> result;
    for (QWidget *widget : root->findChildren<QWidget *>()) {
        // A combo box's popup list is a window of its own, reached through the combo box.
        if (widget->focusPolicy() == Qt::NoFocus || widget->isHidden()
            || widget->window() != root->window())
            continue;
        if (widget->parentWidget() && widget->parentWidget()->focusProxy() == widget)
            continue;
        // The scroll bars and viewports of a list or text area belong to it.
        if (widget->objectName().startsWith(QLatin1String("qt_")))
            continue;
        result << widget;
    }
    return result;
}

QString describe(const QWidget *widget)
{
    return QStringLiteral("%1 \"%2\"").arg(QString::fromLatin1(widget->metaObject()->className()),
                                          widget->accessibleName());
}

} // namespace

Q_DECLARE_METATYPE(PartOf)

class TestAccessibility : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyControlIsNamedAndTabbable_data()
    {
        QTest::addColumn<PartOf>("part");
        QTest::addColumn<int>("atLeast"); // so that an empty walk cannot pass
        // 7 parameters with a slider and an entry each, and the two convention boxes.
        QTest::newRow("parameter panel")
            << PartOf([](MainWindow &w) -> QWidget * { return w.parameterPanel(); }) << 16;
        // Back, play, forward and speed for pos and for k, and Reset All.
        QTest::newRow("animation bar")
            << PartOf([](MainWindow &w) -> QWidget * { return w.animationBar(); }) << 9;
        // The list, the text, previous, next and Show me.
        QTest::newRow("lessons panel")
            << PartOf([](MainWindow &w) -> QWidget * { return w.lessonsPanel(); }) << 5;
        QTest::newRow("inspector")
            << PartOf([](MainWindow &w) -> QWidget * { return w.findChild<InspectorPanel *>(); })
            << 1;
    }

    void everyControlIsNamedAndTabbable()
    {
        QFETCH(PartOf, part);
        QFETCH(int, atLeast);
        MainWindow window;
        window.resize(1280, 800);
        window.show(); // a tool bar lays out (and shows) its buttons when it is shown
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QWidget *root = part(window);
        QVERIFY(root);
        const QList<QWidget *> widgets = focusable(root);
        QVERIFY2(widgets.size() >= atLeast, qPrintable(QString::number(widgets.size())));
        for (QWidget *widget : widgets) {
            QVERIFY2(!widget->accessibleName().trimmed().isEmpty(), qPrintable(describe(widget)));
            QVERIFY2(widget->focusPolicy() & Qt::TabFocus, qPrintable(describe(widget)));
        }
    }

    // Pressing Tab from the window's first control reaches every control of the parameter
    // panel and the animation bar.
    void tabVisitsEveryControl()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));

        QSet<QWidget *> expected;
        for (QWidget *widget : focusable(window.parameterPanel()))
            expected.insert(widget);
        for (QWidget *widget : focusable(window.animationBar()))
            expected.insert(widget);
        QVERIFY(expected.size() >= 25);

        window.parameterPanel()->control(ParamField::DModel)->slider()->setFocus(Qt::TabFocusReason);
        QSet<QWidget *> visited;
        for (int press = 0; press < 400 && !expected.isEmpty(); ++press) {
            QWidget *focus = QApplication::focusWidget();
            QVERIFY(focus);
            // A spin box's inner editor holds the focus for the spin box.
            for (QWidget *w = focus; w; w = w->parentWidget())
                expected.remove(w);
            visited.insert(focus);
            QTest::keyClick(focus, Qt::Key_Tab);
        }
        QStringList missed;
        for (QWidget *widget : std::as_const(expected))
            missed << describe(widget);
        QVERIFY2(expected.isEmpty(), qPrintable(missed.join(QStringLiteral(", "))));
    }

    void refusedEntrySaysWhy()
    {
        EncodingState state;
        ParameterPanel panel(&state);
        QLineEdit *entry = panel.control(ParamField::DModel)->entry();
        const QString before = entry->accessibleDescription();
        QVERIFY(!before.isEmpty());
        entry->setText(QStringLiteral("5000"));
        QMetaObject::invokeMethod(entry, "editingFinished");
        const QString error = panel.control(ParamField::DModel)->errorText();
        QVERIFY(error.contains(QLatin1String("4096")));
        QCOMPARE(entry->accessibleDescription(), error);
        entry->setText(QStringLiteral("64"));
        QMetaObject::invokeMethod(entry, "editingFinished");
        QVERIFY(panel.control(ParamField::DModel)->errorText().isEmpty());
        QCOMPARE(entry->accessibleDescription(), before);
    }

    void withoutMnemonic_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("shown");
        QTest::newRow("leading") << QStringLiteral("&Lessons") << QStringLiteral("Lessons");
        QTest::newRow("inside") << QStringLiteral("Export &data…") << QStringLiteral("Export data…");
        QTest::newRow("ampersand") << QStringLiteral("A && B") << QStringLiteral("A & B");
        QTest::newRow("none") << QStringLiteral("Reset All") << QStringLiteral("Reset All");
        QTest::newRow("Chinese suffix") << QStringLiteral("导出(&E)…") << QStringLiteral("导出…");
        QTest::newRow("Chinese at the end") << QStringLiteral("热力图(&H)") << QStringLiteral("热力图");
        QTest::newRow("full-width brackets") << QStringLiteral("课程（&L）") << QStringLiteral("课程");
        QTest::newRow("space before") << QStringLiteral("导出数据 (&D)…") << QStringLiteral("导出数据…");
        QTest::newRow("brackets that are words")
            << QStringLiteral("Show (all) &pairs") << QStringLiteral("Show (all) pairs");
    }

    void withoutMnemonic()
    {
        QFETCH(QString, text);
        QFETCH(QString, shown);
        QCOMPARE(KeyboardHelp::withoutMnemonic(text), shown);
    }

    // Every action of the window that has a shortcut and acts now is a row of the help, with
    // all its keys (a view's own keys while it is in front; not a greyed one's).
    void helpListsEveryShortcut()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QList<KeyboardHelp::Shortcut> rows = KeyboardHelp::shortcuts(&window);
        QList<QAction *> actions = window.findChildren<QAction *>();
        actions += window.actions();
        int withShortcut = 0;
        QList<const QObject *> viewsBehind;
        for (const QString &id : MainWindow::viewNames()) {
            if (id != window.currentView())
                viewsBehind << window.view(id);
        }
        for (QAction *action : std::as_const(actions)) {
            if (action->shortcuts().isEmpty() || !action->isEnabled() || viewsBehind.contains(action->parent()))
                continue;
            ++withShortcut;
            const QString first = action->shortcuts().constFirst().toString(QKeySequence::NativeText);
            bool found = false;
            for (const KeyboardHelp::Shortcut &row : rows)
                found = found || (row.keys.startsWith(first) && row.action == KeyboardHelp::withoutMnemonic(action->text()));
            QVERIFY2(found, qPrintable(action->text() + QLatin1Char(' ') + first));
        }
        // F1, F5, Ctrl+1..6, the dock toggles and the seven animation actions at least.
        QVERIFY(withShortcut >= 18);
        for (const KeyboardHelp::Shortcut &row : rows) {
            QVERIFY2(!row.action.contains(QLatin1Char('&')), qPrintable(row.action));
            QVERIFY(!row.keys.isEmpty());
        }
        // The keys no action has are there too.
        bool tab = false;
        for (const KeyboardHelp::Shortcut &row : rows)
            tab = tab || row.keys.contains(QLatin1String("Shift+Tab"));
        QVERIFY(tab);
    }

    void helpIsChineseInZhCn()
    {
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/posenc-lab_zh_CN.qm")));
        QVERIFY(QCoreApplication::installTranslator(&translator));
        QLocale::setDefault(QLocale(QStringLiteral("zh_CN")));
        {
            MainWindow window;
            window.show();
            KeyboardHelp help(&window, &window);
            help.show();
            QVERIFY(QTest::qWaitForWindowExposed(&help));
            static const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
            static const QRegularExpression mnemonic(QStringLiteral("[(（]&|&"));
            int chinese = 0;
            for (int row = 0; row < help.table()->rowCount(); ++row) {
                const QString action = help.table()->item(row, 1)->text();
                QVERIFY2(!action.contains(mnemonic), qPrintable(action));
                if (action.contains(han))
                    ++chinese;
            }
            // Menu entries are translated; a few animation names may only be merged later.
            QVERIFY2(chinese * 2 > help.table()->rowCount(),
                     qPrintable(QStringLiteral("%1 of %2").arg(chinese).arg(help.table()->rowCount())));
            const QString directory = qEnvironmentVariable("POSENC_SCREENSHOT_DIR");
            if (!directory.isEmpty()) {
                QDir().mkpath(directory);
                QVERIFY(help.grab().save(directory + QStringLiteral("/keyboardhelp-zh_CN.png")));
            }
        }
        QCoreApplication::removeTranslator(&translator);
        QLocale::setDefault(QLocale(QStringLiteral("en_US")));
    }
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
