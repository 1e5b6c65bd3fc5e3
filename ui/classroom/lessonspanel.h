// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/classroom/lesson.h"

#include <QWidget>

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
};

} // namespace posenc
