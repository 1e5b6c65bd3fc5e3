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
class QMenu;

namespace posenc {

class EncodingState;
class SceneLibrary;
class UndoHistory;
class ViewPages;

// The named scenes of resources/scenes.json, the user's own (a SceneLibrary) and the scenes
// lessons ask for, taken out of MainWindow: the Scenes menu, the scene box of its tool bar,
// and applying a scene (all or nothing) with the view it opens; the scene box names the scene
// the state is, if it is one. A scene changes the state (one undo step in `history`) and opens
// one of `views`; the menu and the tool bar go on `window`. Without a library (no preferences:
// a screenshot, a test window) the user's scenes are not offered. The texts keep MainWindow's
// translation context.
class SceneControls
{
    Q_DECLARE_TR_FUNCTIONS(posenc::MainWindow)

public:
    SceneControls(QMainWindow *window, EncodingState *state, UndoHistory *history, ViewPages *views,
                  SceneLibrary *library);

    // The menu, inserted in the menu bar before the menu of `before`, and the tool bar.
    void createSceneControls(QAction *before);
    const QList<SceneEntry> &namedScenes() const { return m_namedScenes; }
    QComboBox *sceneBox() const { return m_sceneBox; }
    // The translated title of a named scene, by its id in scenes.json.
    static QString title(const QString &id);
    bool showScene(const QString &view, const QJsonObject &scene, QString *error);
    // A built-in scene by its id in scenes.json, or a user's scene by userSceneId(title).
    bool showNamedScene(const QString &id, QString *error);
    static QString userSceneId(const QString &title) { return QStringLiteral("user:") + title; }

    // The user's scenes: the state and the view in front saved under `title` (replacing a
    // scene of that title), a preset file added, a scene removed. False with the reason, the
    // library unchanged, when refused. The Scenes menu asks for the title, the file or the
    // confirmation, then calls these.
    bool saveCurrentScene(const QString &title, QString *error);
    bool addSceneFile(const QString &path, QString *error);
    bool removeUserScene(const QString &title, QString *error);
    // A lesson's Show me: showScene(), and a message box if it is refused.
    void showRequestedScene(const QString &view, const QJsonObject &scene);
    // The id of the named scene the window shows exactly (its state, and its view in front),
    // or empty.
    QString currentSceneId() const;

private:
    void followState();
    // The user's scenes in the menu and the box, after the library changed.
    void showUserScenes();
    void chooseTitleAndSave();
    void chooseAndAddFile();
    void confirmAndRemove(const QString &title);
    void warnIfRefused(bool ok, const QString &reason);
    // Whether there is a library of the user's scenes; if not, why not in `error`.
    bool libraryOrWhyNot(QString *error) const;

    QMainWindow *m_window;
    EncodingState *m_state;
    UndoHistory *m_history;
    ViewPages *m_views;
    SceneLibrary *m_library;
    QList<SceneEntry> m_namedScenes;
    QComboBox *m_sceneBox = nullptr;
    int m_builtInItems = 0; // the box's items up to the built-in scenes' last
    QMenu *m_menu = nullptr;
    QAction *m_userSection = nullptr;  // the user's scenes follow this separator ...
    QAction *m_toolsSection = nullptr; // ... up to this one
    QMenu *m_removeMenu = nullptr;
    struct ParsedScene {
        QString id;
        QString view;
        Scene scene;
    };
    QList<ParsedScene> m_parsedScenes; // the built-in scenes, read once, then the user's
    qsizetype m_builtInParsed = 0;
    QString m_chosen; // the named scene shown last
};

} // namespace posenc
