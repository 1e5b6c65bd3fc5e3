// SPDX-License-Identifier: GPL-3.0-or-later
// The one source of posenc_ui_test_pch, which exists to compile tests/ui/precompiled.h once.
