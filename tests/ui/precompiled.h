// SPDX-License-Identifier: GPL-3.0-or-later
// Precompiled once for every widget test (POSENC_PCH, tests/ui/CMakeLists.txt): ui's own
// precompiled headers and Qt Test. Each test still includes what it uses.
#pragma once

#include "ui/precompiled.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
