// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/classroom/lesson.h"

#include <QWidget>

class QComboBox;
class QFrame;
class QLabel;
class QListWidget;
class QPushButton;
class QTextBrowser;

namespace posenc {

// The guided sequence of lessons (resources/lessons/lessons.json): a list of titles, the
// current lesson's text (Markdown from :/lessons/<language>/<id>.md), previous/next, and a
// "Show me" button that asks the window to apply the lesson's scene and open its view.
class LessonsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit LessonsPanel(QWidget *parent = nullptr);

    const QList<SceneEntry> &lessons() const { return m_lessons; }
    int currentLesson() const;
    void setCurrentLesson(int index);

    // "en" or "zh_CN". Until it is set explicitly the panel follows the default locale.
    QString language() const { return m_language; }
    void setLanguage(const QString &language);

    QListWidget *list() const { return m_list; }
    QTextBrowser *text() const { return m_text; }
    QPushButton *showMeButton() const { return m_showMe; }

    // Applies the current lesson (what "Show me" does).
    void showMe();

    // First-run guidance: a line above the lessons and a "Start with Lesson 1" button, which
    // goes to the first lesson and shows it. Any Show me puts it away.
    void setWelcomeShown(bool shown);
    bool isWelcomeShown() const;
    QPushButton *startButton() const { return m_start; }

    // Presentation mode: the lesson text at `textPixelSize` (the largest text on screen) and
    // the list replaced by a one-line picker, so that no title is cut in half; off puts back
    // the application's font and the list.
    void setPresenting(bool on, int textPixelSize = 0);
    bool isPresenting() const { return m_presenting; }
    QComboBox *picker() const { return m_picker; }

Q_SIGNALS:
    void sceneRequested(const QString &view, const QJsonObject &scene);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void reloadTexts();
    void showLesson(int index);
    void fitFormulas();

    QList<SceneEntry> m_lessons;
    QString m_language;
    bool m_languageSet = false;
    QListWidget *m_list;
    QTextBrowser *m_text;
    QPushButton *m_previous;
    QPushButton *m_next;
    QPushButton *m_showMe;
    QLabel *m_error;
    QFrame *m_welcome = nullptr;
    QLabel *m_welcomeText = nullptr;
    QPushButton *m_start = nullptr;
    QComboBox *m_picker = nullptr;
    bool m_presenting = false;
};

} // namespace posenc
