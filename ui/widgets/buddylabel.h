// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace posenc {

// A control's label whose mnemonic ("Ste&ps:") moves the focus to `buddy`: the labs' rows of
// controls (attention, ViT, training) build theirs with it.
inline QLabel *buddyLabel(const QString &text, QWidget *buddy)
{
    auto *label = new QLabel(text);
    label->setBuddy(buddy);
    return label;
}

} // namespace posenc
