// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/trainingcommand.h"

#include "ui/state/stdtext.h"
#include "ui/views/optiontext.h"
#include "ui/views/viewdescriptor.h"
#include "ui/views/viewregistry.h"

#include <QRegularExpression>

namespace posenc {

const QList<TrainingCommand::Option> &TrainingCommand::options()
{
    static const QList<Option> options = [] {
        QList<Option> out;
        const ViewDescriptor *lab = ViewRegistry::find(u"training");
        Q_ASSERT(lab);
        for (const ViewOption *option : lab->options) {
            if (option->key == QLatin1String("right_task"))
                continue;
            QString flag = option->flag;
            flag.remove(QRegularExpression(QStringLiteral("^train-")));
            if (option->key == QLatin1String("left_task"))
                flag = QStringLiteral("task");
            out.append({option, flag, flag == QLatin1String("scale-init") ? QStringList{QStringLiteral("init")} : QStringList{}});
        }
        return out;
    }();
    return options;
}

QStringList TrainingCommand::arguments(const Scene &scene, const QString &output)
{
    QStringList out{QStringLiteral("train")};
    for (const Option &r : options())
        out << QStringLiteral("--") + r.flag << r.option->format(scene);
    const EncodingParams &p = scene.params;
    return out << QStringLiteral("--base") << OptionText::shortest(p.base) << QStringLiteral("--layout")
               << fromStd(layoutName(p.layout)) << QStringLiteral("--frequencies")
               << fromStd(frequencyConventionName(p.frequencies)) << QStringLiteral("-o") << output;
}

} // namespace posenc
