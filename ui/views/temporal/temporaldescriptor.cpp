// SPDX-License-Identifier: GPL-3.0-or-later
// The temporal view's descriptor: everything the rest of the application knows of it.
#include "ui/views/temporal/temporalview.h"
#include "ui/views/temporal/temporaltext.h"

#include "ui/state/encodingstate.h"
#include "ui/views/viewregistry.h"
#include "ui/views/scenereader.h"
#include "ui/views/optiontext.h"
#include "core/temporal.h"

#include <QJsonArray>
#include <QLocale>

#include <QCoreApplication>

namespace posenc {

namespace {

// --periods LIST: the periods of the temporal encodings.
const ViewOption &periodsOption()
{
    static const ViewOption option{
        .key = QStringLiteral("periods"),
        .flag = QStringLiteral("periods"),
        .valueName = QStringLiteral("LIST"),
        .sample = QStringLiteral("7,30"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser",
                                               "periods of the temporal view, up to 16 numbers in [1e-9, 1e9] (default 24,168)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            scene.temporal.periods.clear();
            for (const QString &item : text.split(QLatin1Char(','))) {
                bool ok = false;
                const double period = QLocale::c().toDouble(item.trimmed(), &ok);
                if (!ok)
                    return QCoreApplication::translate(
                               "CommandLineParser", "--periods: “%1” is not a number; give positive periods such as 24,168")
                        .arg(item.trimmed());
                scene.temporal.periods.push_back(period);
            }
            return std::nullopt;
        },
        .format = [](const Scene &scene) {
            QStringList periods;
            for (double period : scene.temporal.periods)
                periods << OptionText::shortest(period);
            return periods.join(QLatin1Char(','));
        },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            const QString countRule = SceneReader::tr("periods must be a list of 1 to %1 numbers")
                                          .arg(TemporalParams::kMaxPeriods);
            const QString periodRule = SceneReader::tr("each period must be a number in [1e-9, 1e9]");
            if (!value.isArray())
                return SceneReader::notAList(path, value, countRule);
            const QJsonArray array = value.toArray();
            if (array.isEmpty() || array.size() > TemporalParams::kMaxPeriods)
                return SceneReader::outOfRange(path, SceneReader::valueText(value), countRule);
            scene.temporal.periods.clear();
            for (qsizetype i = 0; i < array.size(); ++i) {
                const QString entryPath = QStringLiteral("%1[%2]").arg(path).arg(i);
                double period = 0;
                if (!SceneReader::readNumber(array.at(i), &period))
                    return SceneReader::notANumber(entryPath, array.at(i), periodRule);
                if (!(period >= TemporalParams::kMinPeriod) || period > TemporalParams::kMaxPeriod)
                    return SceneReader::outOfRange(entryPath, SceneReader::valueText(array.at(i)), periodRule);
                scene.temporal.periods.push_back(period);
            }
            return std::nullopt;
        },
        .write = [](const Scene &scene) -> QJsonValue {
            QJsonArray periods;
            for (double period : scene.temporal.periods)
                periods.append(period);
            return periods;
        },
        // Periods and steps are one TemporalParams, checked whole once both are read.
        .check = [](const Scene &scene) -> std::optional<QString> {
            if (const auto problem = scene.temporal.validate())
                return QString::fromStdString(*problem);
            return std::nullopt;
        },
    };
    return option;
}

// --steps T: the time steps of the temporal encodings.
const ViewOption &stepsOption()
{
    static const ViewOption option{
        .key = QStringLiteral("steps"),
        .flag = QStringLiteral("steps"),
        .valueName = QStringLiteral("T"),
        .sample = QStringLiteral("48"),
        .help = [] {
            return QCoreApplication::translate("CommandLineParser", "time steps of the temporal view, 1 to 1048576 (default 336)");
        },
        .parse = [](const QString &text, Scene &scene) -> std::optional<QString> {
            bool ok = false;
            scene.temporal.steps = text.trimmed().toInt(&ok);
            if (!ok)
                return QCoreApplication::translate("CommandLineParser",
                                                   "--steps: “%1” is not an integer; steps must be an integer in [1, %2]")
                    .arg(text)
                    .arg(TemporalParams::kMaxSteps);
            return std::nullopt;
        },
        .format = [](const Scene &scene) { return QString::number(scene.temporal.steps); },
        .read = [](const QJsonValue &value, const QString &path, Scene &scene) -> std::optional<QString> {
            const QString rule = SceneReader::tr("steps must be an integer in [1, %1]").arg(TemporalParams::kMaxSteps);
            if (!SceneReader::readInt(value, &scene.temporal.steps))
                return SceneReader::notAnInteger(path, value, rule);
            if (scene.temporal.steps < 1 || scene.temporal.steps > TemporalParams::kMaxSteps)
                return SceneReader::outOfRange(path, SceneReader::valueText(value), rule);
            return std::nullopt;
        },
        .write = [](const Scene &scene) -> QJsonValue { return scene.temporal.steps; },
    };
    return option;
}

} // namespace

const ViewDescriptor &temporalDescriptor()
{
    static const ViewDescriptor descriptor{
        .id = QStringLiteral("temporal"),
        .group = QStringLiteral("encoding"),
        .title = [] { return QCoreApplication::translate("posenc::MainWindow", "&Temporal"); },
        .shortcut = QKeySequence(Qt::CTRL | Qt::Key_6),
        .create = [](EncodingState *state) -> QWidget * { return new TemporalView(state); },
        .options = {&periodsOption(), &stepsOption()},
        .dataTable = [](const Scene &scene, QString *error) -> std::optional<DataTable> {
            if (const auto invalid = scene.temporal.validate()) {
                if (error)
                    *error = QString::fromStdString(*invalid);
                return std::nullopt;
            }
            QStringList columns;
            for (double period : scene.temporal.periods) {
                const QString p = QString::number(period, 'g', 12);
                columns << QStringLiteral("sin_%1").arg(p) << QStringLiteral("cos_%1").arg(p);
            }
            // Streamed a block of rows at a time (2^20 steps of 8 periods are 128 MiB).
            const TemporalParams temporal = scene.temporal;
            return DataTable::streamedTable(columns, temporal.steps, [temporal](qint64 first, qint64 count, double *out) {
                temporalEncodingRowsInto(temporal, first, count, out);
            });
        },
        .dataShape = QStringLiteral("[steps, 2 * number of periods]"),
        .describe = &TemporalText::describe,
        .explainers = {Explainer{Inspection::Kind::Temporal, [](const EncodingState &state, const Inspection &what) {
                        return TemporalText::temporalRow(state.temporal(), what.a, int(what.b), what.box);
                    }}},
        .recommendedSize = QStringLiteral("double-column"),
        .caption = [] { return QCoreApplication::translate("posenc::ViewPages", "Time steps encoded with chosen periods: each period is a sin/cos pair that comes back after one period."); },
        .showsOffset = false,
    };
    return descriptor;
}

} // namespace posenc
