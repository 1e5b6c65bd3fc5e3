// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace posenc {

// The language of the command line's own words: help, errors and progress. --lang when it is
// given (and valid), else the locale's: QLocale::system() reads LC_ALL, LC_MESSAGES and LANG
// itself, so LANG=zh_CN.UTF-8 works even where the system has not generated that locale. The
// words come from the window's translation (resources/translations/posenc-lab_zh_CN.ts); exit
// statuses and option names are the same in every language.
class MessageLanguage
{
public:
    // "en" or "zh_CN", from the arguments (the first is the program) and the locale.
    static QString of(const QStringList &arguments);
    // For a headless command that draws in another language than it talks (a figure is drawn
    // in --lang, else English, whatever the locale): translates only the contexts of its
    // messages into `language`, on top of the drawing's translation. Needs the application.
    static void installForMessages(const QString &language);
};

} // namespace posenc
