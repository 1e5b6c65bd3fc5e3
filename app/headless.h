// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QtGlobal>

#include <cstdio>

namespace posenc {

// The offscreen platform reports, on every run, things that are true of it and of no
// interest to a user of a headless command; everything else still reaches stderr.
inline void quietOffscreenNoise(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (message.contains(QLatin1String("propagateSizeHints"))
        || message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")))
        return;
    std::fprintf(stderr, "%s\n", qUtf8Printable(qFormatLogMessage(type, context, message)));
}

// Before the QApplication of a headless command (export, screenshot, bench): no display is
// needed unless the caller chose a platform, and the offscreen platform's noise is dropped.
inline void prepareHeadless()
{
    qInstallMessageHandler(quietOffscreenNoise);
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

} // namespace posenc
