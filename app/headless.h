// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/views/scenereader.h"

#include <QString>
#include <QtGlobal>

#include <cstdio>

namespace posenc {

constexpr int kInvalidInput = 2;

// The one line a failed headless command prints: "posenc-lab: " and the message, its control
// characters escaped and a runaway message cut (SceneReader::printable), whatever it quotes.
inline int reportError(const QString &message)
{
    std::fprintf(stderr, "posenc-lab: %s\n", qUtf8Printable(SceneReader::printable(message, 1000)));
    return kInvalidInput;
}

// A note a successful headless command prints on stderr (what its output could not hold):
// "posenc-lab: " and the note; nothing when the note is empty.
inline void reportNote(const QString &note)
{
    if (!note.isEmpty())
        std::fprintf(stderr, "posenc-lab: %s\n", qUtf8Printable(SceneReader::printable(note, 1000)));
}

// A headless command's stderr is its progress lines and at most one line of error: Qt's own
// messages (the offscreen platform's notes, QFSFileEngine, libpng's "Write Error", a painter
// that could not begin) are not for its user, and what they report comes back as that
// command's own error (FigureExport checks its painting itself). POSENC_LAB_QT_MESSAGES=1
// shows them, for debugging; a fatal message is always shown.
inline void quietQtMessages(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type != QtFatalMsg && !qEnvironmentVariableIsSet("POSENC_LAB_QT_MESSAGES"))
        return;
    std::fprintf(stderr, "%s\n", qUtf8Printable(qFormatLogMessage(type, context, message)));
}

// Before the QApplication of a headless command (export, screenshot, bench): no display is
// needed unless the caller chose a platform, and Qt's messages are kept off stderr.
inline void prepareHeadless()
{
    qInstallMessageHandler(quietQtMessages);
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

} // namespace posenc
