// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace posenc {

// The user-interface language: English (the source strings) or Simplified Chinese (the
// translation compiled in as :/i18n/posenc-lab_zh_CN.qm, plus Qt's own qtbase strings).
class Language
{
public:
    // "en" and "zh_CN".
    static QStringList available();
    // The system's language if we have it, otherwise English.
    static QString system();
    // Installs the translators of `language` in the running application, replacing those of
    // any earlier call, and makes it QLocale's default (the lessons follow it). False for a
    // language we do not have.
    static bool install(const QString &language);
    static QString current();
};

} // namespace posenc
