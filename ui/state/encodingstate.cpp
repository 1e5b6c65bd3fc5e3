// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/state/encodingstate.h"

#include <QElapsedTimer>

#include <algorithm>

namespace posenc {

EncodingState::EncodingState(QObject *parent)
    : QObject(parent)
{
    m_changeTimer.setSingleShot(true);
    m_changeTimer.setInterval(0);
    connect(&m_changeTimer, &QTimer::timeout, this, &EncodingState::emitChanged);
}

std::optional<ParamError> EncodingState::setParams(const EncodingParams &params)
{
    return changeParams(params, true);
}

std::optional<ParamError> EncodingState::changeParams(const EncodingParams &params, bool followDefaults)
{
    if (auto error = params.validate())
        return error;
    if (params == m_scene.params)
        return std::nullopt;
    // The probe position and the offset k do not change the matrix.
    EncodingParams sameMatrix = params;
    sameMatrix.position = m_scene.params.position;
    sameMatrix.offset = m_scene.params.offset;
    if (!(sameMatrix == m_scene.params))
        m_valueRange.reset();
    const EncodingParams previous = m_scene.params;
    m_scene.params = params;
    if (followDefaults)
        m_scene.followParams(previous);
    scheduleChanged();
    return std::nullopt;
}

namespace {
template<typename Field, typename Value>
EncodingParams with(EncodingParams params, Field EncodingParams::*field, Value value)
{
    params.*field = value;
    return params;
}
} // namespace

std::optional<ParamError> EncodingState::setDModel(int dModel)
{
    return setParams(with(m_scene.params, &EncodingParams::dModel, dModel));
}

std::optional<ParamError> EncodingState::setSeqLen(int seqLen)
{
    return setParams(with(m_scene.params, &EncodingParams::seqLen, seqLen));
}

std::optional<ParamError> EncodingState::setBase(double base)
{
    return setParams(with(m_scene.params, &EncodingParams::base, base));
}

std::optional<ParamError> EncodingState::setScale(double scale)
{
    return setParams(with(m_scene.params, &EncodingParams::scale, scale));
}

std::optional<ParamError> EncodingState::setOffset(double offset)
{
    return setParams(with(m_scene.params, &EncodingParams::offset, offset));
}

std::optional<ParamError> EncodingState::setStart(double start)
{
    return setParams(with(m_scene.params, &EncodingParams::start, start));
}

std::optional<ParamError> EncodingState::setPosition(double position)
{
    return setParams(with(m_scene.params, &EncodingParams::position, position));
}

void EncodingState::setLayout(Layout layout)
{
    setParams(with(m_scene.params, &EncodingParams::layout, layout));
}

void EncodingState::setFrequencies(FrequencyConvention convention)
{
    setParams(with(m_scene.params, &EncodingParams::frequencies, convention));
}

Scene EncodingState::scene() const
{
    Scene scene = m_scene;
    scene.rotationPair = m_scene.clampedRotationPair();
    return scene;
}

std::optional<QString> EncodingState::setScene(const Scene &scene)
{
    if (auto problem = scene.validate())
        return problem;
    Scene options = scene;
    options.params = m_scene.params;
    if (!(options == m_scene)) {
        m_scene = options;
        scheduleChanged();
    }
    changeParams(scene.params, false); // valid: cannot refuse
    return std::nullopt;
}

int EncodingState::rotationPair() const
{
    return m_scene.clampedRotationPair();
}

void EncodingState::setInspection(const Inspection &inspection)
{
    if (inspection == m_inspection)
        return;
    m_inspection = inspection;
    Q_EMIT inspectionChanged();
}

ValueRange EncodingState::valueRange() const
{
    if (!m_valueRange)
        m_valueRange = encodingValueRange(m_scene.params);
    return *m_valueRange;
}

EncodingState::Changes EncodingState::takeChanges(const QObject *reader)
{
    const Scene now = scene();
    const auto seen = m_seen.constFind(reader);
    Changes changes; // all, for a first call
    changes.now = now;
    if (seen == m_seen.constEnd()) {
        connect(reader, &QObject::destroyed, this, [this, reader] { m_seen.remove(reader); });
    } else {
        changes.first = false;
        changes.seen = *seen;
        const EncodingParams &a = seen->params;
        const EncodingParams &b = now.params;
        changes.matrix = a.dModel != b.dModel || a.seqLen != b.seqLen || a.base != b.base
                         || a.scale != b.scale || a.start != b.start || a.layout != b.layout
                         || a.frequencies != b.frequencies;
        changes.position = a.position != b.position;
        changes.offset = a.offset != b.offset;
        Scene options = *seen;
        options.params = now.params;
        changes.options = !(options == now);
    }
    m_seen.insert(reader, now);
    return changes;
}

void EncodingState::flush()
{
    if (m_changeTimer.isActive()) {
        m_changeTimer.stop();
        emitChanged();
    }
}

void EncodingState::scheduleChanged()
{
    if (!m_changeTimer.isActive())
        m_changeTimer.start();
}

void EncodingState::emitChanged()
{
    QElapsedTimer timer;
    timer.start();
    Q_EMIT changed();
    m_lastUpdateMs = timer.nsecsElapsed() / 1e6;
    Q_EMIT updateFinished(m_lastUpdateMs);
}

} // namespace posenc
