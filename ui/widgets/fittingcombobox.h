// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QComboBox>

namespace posenc {

// A combo box that asks a layout for the width of its longest item but accepts less: where
// there is room its whole text shows, where there is not it shrinks (its text elided) down to
// `minimumChars` characters. A plain QComboBox ties the two together: it asks for its longest
// item and refuses less (AdjustToContents), or asks for no more than the minimum
// (AdjustToMinimumContentsLength), which cut "order (A before B?)" even in a 1920-wide window.
class FittingComboBox : public QComboBox
{
    Q_OBJECT

public:
    explicit FittingComboBox(int minimumChars = 8, QWidget *parent = nullptr);
    QSize sizeHint() const override;
};

} // namespace posenc
