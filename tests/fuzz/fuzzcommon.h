// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What every fuzz target shares (one target per binary, so this header is included by
// exactly one source of each): the Qt set-up, and the checks that turn a broken promise of
// a reader into a crash that libFuzzer keeps (and replay reports) like any other.

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace posenc::fuzz {

// A reader broke a promise the fuzzer checks (round trip, all-or-nothing, one-line message).
[[noreturn]] inline void fail(const char *what, const QString &detail = {})
{
    std::fprintf(stderr, "fuzz check failed: %s\n%s\n", what, qUtf8Printable(detail));
    std::abort();
}

// A refusal is one readable line: a reason given, and no raw newline from a value in it.
inline void checkMessage(const QString &message)
{
    if (message.trimmed().isEmpty())
        fail("a refusal gave no reason");
    if (message.contains(QLatin1Char('\n')) || message.contains(QLatin1Char('\r')))
        fail("a refusal is more than one line", message);
}

inline QByteArray bytes(const uint8_t *data, size_t size)
{
    // A deep copy: QByteArray::fromRawData would let a reader keep a view of libFuzzer's
    // buffer past the call.
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

} // namespace posenc::fuzz

// libFuzzer calls this once before the first input; the replay driver does too. The readers
// need no event loop, but the state object is a QObject with timers, as in the app.
extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static int qtArgc = 1;
    static char *qtArgv[] = {(*argc > 0 ? (*argv)[0] : const_cast<char *>("fuzz")), nullptr};
    static QCoreApplication app(qtArgc, qtArgv);
    return 0;
}
