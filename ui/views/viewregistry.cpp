// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/viewregistry.h"

#include "ui/state/encodingstate.h"

namespace posenc {

// Each view's folder defines its descriptor function; this file is the only one that names
// them all.
const ViewDescriptor &heatmapDescriptor();
const ViewDescriptor &curvesDescriptor();
const ViewDescriptor &spectrumDescriptor();
const ViewDescriptor &rotationDescriptor();
const ViewDescriptor &similarityDescriptor();
const ViewDescriptor &temporalDescriptor();
const ViewDescriptor &precisionDescriptor();
const ViewDescriptor &checkDescriptor();
const ViewDescriptor &attentionDescriptor();
const ViewDescriptor &vitDescriptor();
const ViewDescriptor &trainingDescriptor();
const ViewDescriptor &contextDescriptor();

const QList<const ViewDescriptor *> &ViewRegistry::all()
{
    static const QList<const ViewDescriptor *> views{
        &heatmapDescriptor(),
        &curvesDescriptor(),
        &spectrumDescriptor(),
        &rotationDescriptor(),
        &similarityDescriptor(),
        &temporalDescriptor(),
        &precisionDescriptor(),
        &checkDescriptor(),
        &attentionDescriptor(),
        &vitDescriptor(),
        &trainingDescriptor(),
        &contextDescriptor(),
    };
    return views;
}

const ViewDescriptor *ViewRegistry::find(QStringView id)
{
    for (const ViewDescriptor *view : all()) {
        if (view->id == id)
            return view;
    }
    return nullptr;
}

const ViewDescriptor *ViewRegistry::opening(const QString &fileName)
{
    for (const ViewDescriptor *view : all()) {
        if (!view->openFile)
            continue;
        const QString name = fileName.section(QLatin1Char('/'), -1);
        for (const QString &suffix : view->openFileSuffixes) {
            if (name.compare(suffix, Qt::CaseInsensitive) == 0
                || name.endsWith(QLatin1Char('.') + suffix, Qt::CaseInsensitive))
                return view;
        }
    }
    return nullptr;
}

QStringList ViewRegistry::ids()
{
    QStringList ids;
    for (const ViewDescriptor *view : all())
        ids << view->id;
    return ids;
}

QString ViewRegistry::defaultId()
{
    return all().constFirst()->id;
}

QList<const ViewOption *> ViewRegistry::options()
{
    QList<const ViewOption *> options;
    for (const ViewDescriptor *view : all()) {
        for (const ViewOption *option : view->options) {
            if (!options.contains(option))
                options << option;
        }
    }
    return options;
}

const ViewOption *ViewRegistry::optionForKey(QStringView key)
{
    for (const ViewOption *option : options()) {
        if (option->key == key)
            return option;
    }
    return nullptr;
}

QString ViewRegistry::describe(QStringView id, const EncodingState &state)
{
    const ViewDescriptor *view = find(id);
    return view && view->describe ? view->describe(state) : QString();
}

QString ViewRegistry::explain(const EncodingState &state, const Inspection &what)
{
    for (const ViewDescriptor *view : all()) {
        for (const Explainer &explainer : view->explainers) {
            if (explainer.kind == what.kind)
                return explainer.explain(state, what);
        }
    }
    return {};
}

QString ViewRegistry::inputError(QStringView id, const Scene &scene)
{
    const ViewDescriptor *view = find(id);
    return view && view->inputError ? view->inputError(scene) : QString();
}

} // namespace posenc
