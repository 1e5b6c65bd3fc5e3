// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "app/commandline.h"

#include <QList>
#include <QString>

namespace posenc {

// The bash completion of posenc-lab, written from the option table that the command line
// parses with (CommandLineParser::optionTable()), so that it offers exactly what is accepted:
// the commands, each command's options, the views and the values of every enumerated option,
// file names for FILE and folders for DIR. `posenc-lab --bash-completion` prints it; the build
// installs it as share/bash-completion/completions/posenc-lab.
class ShellCompletion
{
public:
    static QString bash(const QList<OptionEntry> &table);
};

} // namespace posenc
