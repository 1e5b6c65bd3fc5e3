// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/exportdialog.h"
#include "ui/export/exportsettings.h"
#include "ui/export/figurerequest.h"
#include "ui/window/mainwindow.h"

#include <QCoreApplication>

#include <optional>

namespace posenc {

// What the window's export commands do (issue 4), taken out of MainWindow: File > Export…,
// Export All Open Views…, Export data…, Edit > Copy Figure and Copy Command Line, and the
// export button in the corner of the tab bar. It owns the export settings; MainWindow keeps
// its public API as one-line forwards. The texts keep MainWindow's translation context.
class ExportCommands
{
    Q_DECLARE_TR_FUNCTIONS(posenc::MainWindow)

public:
    explicit ExportCommands(MainWindow &window);

    const ExportSettings &exportSettings() const { return m_exportSettings; }
    void setExportSettings(const ExportSettings &settings);
    FigureRequest exportRequest(const QString &view) const;
    bool exportFile(const FigureRequest &request, QString *error);
    std::optional<FigureRequest> askForExport(const QString &view, ExportDialog::Mode mode);
    void showExportDialog();
    void copyCommandLine();
    bool copyFigure(QString *error);
    MainWindow::BatchResult exportViews(const QStringList &views, const ExportSettings &settings);
    void showExportAllDialog();
    void exportData();
    // The export button in the corner of the tab bar (after the actions exist).
    void createExportButtons();

private:
    MainWindow &m_window;
    ExportSettings m_exportSettings;
};

} // namespace posenc
