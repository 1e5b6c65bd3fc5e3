// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/classroom/lesson.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>

class QAction;
class QComboBox;
class QMainWindow;

namespace posenc {

class EncodingState;
class UndoHistory;
class ViewPages;

// The named scenes of resources/scenes.json and the scenes lessons ask for, taken out of
// MainWindow: the Scenes menu, the scene box of its tool bar, and applying a scene (all or
// nothing) with the view it opens; the scene box names the scene the state is, if it is one.
// A scene changes the state (one undo step in `history`) and opens one of `views`; the menu
// and the tool bar go on `window`. The texts keep MainWindow's translation context.
class SceneControls
{
    Q_DECLARE_TR_FUNCTIONS(posenc::MainWindow)

public:
    SceneControls(QMainWindow *window, EncodingState *state, UndoHistory *history, ViewPages *views);

    // The menu, inserted in the menu bar before the menu of `before`, and the tool bar.
    void createSceneControls(QAction *before);
    const QList<SceneEntry> &namedScenes() const { return m_namedScenes; }
    QComboBox *sceneBox() const { return m_sceneBox; }
    // The translated title of a named scene, by its id in scenes.json.
    static QString title(const QString &id);
    bool showScene(const QString &view, const QJsonObject &scene, QString *error);
    bool showNamedScene(const QString &id, QString *error);
    // A lesson's Show me: showScene(), and a message box if it is refused.
    void showRequestedScene(const QString &view, const QJsonObject &scene);
    // The id of the named scene the window shows exactly (its state, and its view in front),
    // or empty.
    QString currentSceneId() const;

private:
    void followState();

    QMainWindow *m_window;
    EncodingState *m_state;
    UndoHistory *m_history;
    ViewPages *m_views;
    QList<SceneEntry> m_namedScenes;
    QComboBox *m_sceneBox = nullptr;
    struct ParsedScene {
        QString id;
        QString view;
        Scene scene;
    };
    QList<ParsedScene> m_parsedScenes; // the named scenes, read once
    QString m_chosen; // the named scene shown last
};

} // namespace posenc
