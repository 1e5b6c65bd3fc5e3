// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/views/viewdescriptor.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

namespace posenc {

// The one list of views, written by hand in viewregistry.cpp (not static self-registration:
// posenc_ui is a static library, and a linker drops objects nobody references). Its order is
// the order of the tabs, of Ctrl+1..N, of bench and of --list-views.
class ViewRegistry
{
public:
    static const QList<const ViewDescriptor *> &all();
    // The descriptor of `id`, or nullptr.
    static const ViewDescriptor *find(QStringView id);
    // The view that opens a file of this name (by how it ends after a dot, or the whole name:
    // openFileSuffixes), or null.
    static const ViewDescriptor *opening(const QString &fileName);
    static QStringList ids();
    // The view a new window, a preset or a command line starts from (the first one).
    static QString defaultId();
    // Every option of every view once, in the order of the views (presets write them so).
    static QList<const ViewOption *> options();
    // The option read from "view_options" key `key`, or nullptr.
    static const ViewOption *optionForKey(QStringView key);
    // Describe View's paragraph for view `id` (its descriptor's describe), or empty for an
    // unknown view or one that has none.
    static QString describe(QStringView id, const EncodingState &state);
    // The inspector's text for `what`, from the view that explains its kind; empty if none.
    static QString explain(const EncodingState &state, const Inspection &what);
    // Why view `id` cannot draw `scene` (its inputError), or empty.
    static QString inputError(QStringView id, const Scene &scene);
};

} // namespace posenc
