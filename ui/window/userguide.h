// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

class QWidget;

namespace posenc {

// Help > User Guide: a short guide to the window (lessons, views, parameters, playback, the
// inspector, presentation mode, export, presets) in a dialog of its own, translated as every
// other text; the keyboard help (F1) lists the keys.
class UserGuide
{
    Q_DECLARE_TR_FUNCTIONS(posenc::UserGuide)

public:
    // The guide as HTML, in the interface language.
    static QString html();
    // Opens the guide over `parent` (not modal: it can stay open beside the window).
    static void show(QWidget *parent);
};

} // namespace posenc
