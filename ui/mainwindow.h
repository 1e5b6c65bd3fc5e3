// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMainWindow>
#include <QMap>

class QDockWidget;
class QLabel;
class QScrollArea;
class QTabWidget;

namespace posenc {

class EncodingState;
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

    // Writes parameters, geometry and views to the preferences (also done on close).
    void savePreferences();

    // The text of the About box: versions of PosEnc Lab, Qt, Eigen and QCustomPlot.
    static QString aboutText();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
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
    QTabWidget *m_tabs;
    QMap<QString, QWidget *> m_views;
    QMap<QString, QWidget *> m_pages; // the tab page around each view
    QMap<QString, QAction *> m_viewActions;
    QLabel *m_sizeLabel;
    QLabel *m_timeLabel;
};

} // namespace posenc
