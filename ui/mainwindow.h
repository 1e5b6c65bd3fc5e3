// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/lesson.h"

#include "ui/plotmagnifier.h"

#include <QFont>
#include <QMainWindow>
#include <QMap>
#include <QPalette>

class QComboBox;
class QDockWidget;
class QLabel;
class QScrollArea;
class QTabWidget;

namespace posenc {

class AnimationBar;
class EncodingState;
class LessonsPanel;
class ParameterPanel;
class Preferences;

// The main window: the parameter panel in a dock on the left, the views as tabs in the
// middle, the matrix size and the time of the last update in the status bar. With
// preferences it restores parameters, geometry and open views, and saves them on close;
// without (headless screenshots) it starts from the defaults and remembers nothing.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(Preferences *preferences = nullptr, QWidget *parent = nullptr);
    ~MainWindow() override;

    EncodingState *state() const { return m_state; }
    ParameterPanel *parameterPanel() const { return m_panel; }

    // Views by their command-line names ("heatmap", "curves", "spectrum", "rotation",
    // "similarity", "temporal").
    static QStringList viewNames();
    QWidget *view(const QString &name) const { return m_views.value(name); }
    QStringList openViews() const;
    QString currentView() const;
    // Opens the view if it is closed and brings it to the front; false for an unknown name.
    bool showView(const QString &name);
    void closeView(const QString &name);

    // Applies a scene (see lesson.h) and opens `view` (if not empty). Refuses an unknown view
    // or an invalid scene with a reason and then changes nothing.
    bool showScene(const QString &view, const QJsonObject &scene, QString *error = nullptr);

    // The lessons dock ("Lessons", Ctrl+L) and the named scenes of resources/scenes.json.
    LessonsPanel *lessonsPanel() const { return m_lessons; }
    QDockWidget *lessonsDock() const { return m_lessonsDock; }
    const QList<SceneEntry> &namedScenes() const { return m_namedScenes; }
    bool showNamedScene(const QString &id, QString *error = nullptr);
    QComboBox *sceneBox() const { return m_sceneBox; }
    // The translated title of a named scene, by its id in scenes.json.
    static QString sceneTitle(const QString &id);

    // The animation of pos and k and Reset All (a tool bar; the shortcuts belong to the window).
    AnimationBar *animationBar() const { return m_animation; }

    // Presentation mode (F5): the application font and every plot's fonts enlarged by
    // kPresentationFontFactor, plot lines by kPresentationLineFactor, a high-contrast palette,
    // no inspector, no status bar, no advanced parameters (start, conventions), full screen
    // (maximised on a platform without screens). Leaving puts back exactly what was there.
    static constexpr double kPresentationFontFactor = 1.6;
    static constexpr double kPresentationLineFactor = 2.0;
    bool isPresentationMode() const { return m_presentation; }
    void setPresentationMode(bool on);
    QAction *presentationAction() const { return m_presentationAction; }

    // The keyboard-help overlay (F1), listing the shortcuts of every action of the window.
    QAction *keyboardHelpAction() const { return m_keyboardHelpAction; }
    void showKeyboardHelp();

    // Writes parameters, geometry and views to the preferences (also done on close).
    void savePreferences();

    // The text of the About box: versions of PosEnc Lab, Qt, Eigen and QCustomPlot.
    static QString aboutText();

Q_SIGNALS:
    // The user chose another interface language (View > Language). The application installs
    // it and rebuilds the window with the same session: no restart.
    void languageRequested(const QString &language);

protected:
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createMenus();
    void createSceneControls();
    void showRequestedScene(const QString &view, const QJsonObject &scene);
    void createAnimation();
    void magnifyPlots();
    void restorePreferences();
    void updateStatus(double milliseconds);
    void exportData();
    void showAbout();
    QString viewTitle(const QString &name) const;

    Preferences *m_preferences;
    EncodingState *m_state;
    ParameterPanel *m_panel;
    QDockWidget *m_parametersDock = nullptr;
    QDockWidget *m_inspectorDock = nullptr;
    QDockWidget *m_lessonsDock = nullptr;
    LessonsPanel *m_lessons = nullptr;
    QList<SceneEntry> m_namedScenes;
    QComboBox *m_sceneBox = nullptr;
    QMenu *m_viewMenu = nullptr;
    AnimationBar *m_animation = nullptr;
    QAction *m_presentationAction = nullptr;
    QAction *m_keyboardHelpAction = nullptr;
    bool m_presentation = false;
    PlotMagnifier m_magnifier{kPresentationFontFactor, kPresentationLineFactor};
    QFont m_savedFont;
    QPalette m_savedPalette;
    bool m_inspectorWasVisible = true;
    bool m_statusBarWasVisible = true;
    Qt::WindowStates m_savedWindowState;
    QTabWidget *m_tabs;
    QMap<QString, QWidget *> m_views;
    QMap<QString, QWidget *> m_pages; // the tab page around each view
    QMap<QString, QAction *> m_viewActions;
    QLabel *m_sizeLabel;
    QLabel *m_timeLabel;
};

} // namespace posenc
