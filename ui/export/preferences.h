// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"
#include "ui/export/exportsettings.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QStringList>

#include <memory>

class QSettings;

namespace posenc {

// Everything the window remembers between runs, over QSettings with typed accessors and
// keys grouped like "Parameters/DModel" and "Window/Geometry".
class Preferences : public QObject
{
    Q_OBJECT

public:
    // The application's settings, or those in `settings` (tests pass an INI file).
    explicit Preferences(QObject *parent = nullptr);
    explicit Preferences(std::unique_ptr<QSettings> settings, QObject *parent = nullptr);
    ~Preferences() override;

    // The saved parameters; defaults for anything missing, and defaults altogether when the
    // saved set does not validate (a hand-edited or older file never breaks start-up).
    EncodingParams parameters() const;
    void setParameters(const EncodingParams &params);

    // The curve dimensions saved at the last close; empty when none were (the defaults apply).
    QList<int> curveDimensions() const;
    void setCurveDimensions(const QList<int> &dimensions);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &state);

    // Names of the views open as tabs, in order, and the one in front.
    QStringList openViews() const;
    void setOpenViews(const QStringList &views);
    QString currentView() const;
    void setCurrentView(const QString &view);

    // "en" or "zh_CN"; empty when never chosen (then the system's language applies).
    QString language() const;
    void setLanguage(const QString &language);

    // The window's export settings (page, number type, folder, format); a saved page out of
    // FigurePage's ranges gives the default page.
    ExportSettings exportSettings() const;
    void setExportSettings(const ExportSettings &settings);

    // The presets opened or saved last, most recent first (at most kMaxRecentPresets).
    static constexpr int kMaxRecentPresets = 8;
    QStringList recentPresets() const;
    void setRecentPresets(const QStringList &paths);

    // The folder of the user's own named scenes (SceneLibrary): the application's data
    // folder, or beside the settings file that was passed in.
    QString sceneFolder() const { return m_sceneFolder; }

    void sync();

private:
    std::unique_ptr<QSettings> m_settings;
    QString m_sceneFolder;
};

} // namespace posenc
