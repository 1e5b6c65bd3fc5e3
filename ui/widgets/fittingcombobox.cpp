// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/fittingcombobox.h"

#include <QStyle>
#include <QStyleOptionComboBox>

#include <algorithm>

namespace posenc {

FittingComboBox::FittingComboBox(int minimumChars, QWidget *parent)
    : QComboBox(parent)
{
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(minimumChars);
}

QSize FittingComboBox::sizeHint() const
{
    // The longest item as QComboBox measures it for AdjustToContents: its text (and icon) in
    // the style's frame with the arrow.
    int widest = 0;
    bool icons = false;
    for (int n = 0; n < count(); ++n) {
        widest = std::max(widest, fontMetrics().horizontalAdvance(itemText(n)));
        icons = icons || !itemIcon(n).isNull();
    }
    if (icons)
        widest += iconSize().width() + 4;
    QStyleOptionComboBox option;
    initStyleOption(&option);
    const QSize contents(widest, fontMetrics().height());
    return style()->sizeFromContents(QStyle::CT_ComboBox, &option, contents, this).expandedTo(QComboBox::sizeHint());
}

} // namespace posenc
