// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "core/encodingparams.h"
#include "core/temporal.h"

#include <QList>
#include <QObject>
#include <QTimer>

#include <optional>

namespace posenc {

// Something a user clicked, for the inspector to explain. `a` and `b` depend on the kind:
// Cell (position, column), Similarity (row position p, column position q), Frequency (pair
// i), RotationEntry (row, column of M_k), Temporal (step t, column).
struct Inspection {
    enum class Kind { None, Cell, Similarity, Frequency, RotationEntry, Temporal };
    Kind kind = Kind::None;
    double a = 0;
    double b = 0;
    bool operator==(const Inspection &) const = default;
};

// The single source of truth for what the window shows. Controls write to it through the
// setters (which refuse invalid values and change nothing then); views read from it when
// changed() fires. A burst of changes within one event-loop turn (a dragged slider, a preset
// load) is merged by a 0 ms single-shot timer into one changed() and so one recompute.
class EncodingState : public QObject
{
    Q_OBJECT

public:
    explicit EncodingState(QObject *parent = nullptr);

    const EncodingParams &params() const { return m_params; }

    // Each setter validates the whole resulting parameter set: on error it returns the
    // reason and leaves the state untouched.
    std::optional<ParamError> setParams(const EncodingParams &params);
    std::optional<ParamError> setDModel(int dModel);
    std::optional<ParamError> setSeqLen(int seqLen);
    std::optional<ParamError> setBase(double base);
    std::optional<ParamError> setScale(double scale);
    std::optional<ParamError> setOffset(double offset);
    std::optional<ParamError> setStart(double start);
    std::optional<ParamError> setPosition(double position);
    void setLayout(Layout layout);
    void setFrequencies(FrequencyConvention convention);

    // The chosen dimensions: the columns the curves and spectrum views draw (default 0..5,
    // as the seed text's figure). Columns at or
    // beyond d_model are kept but not drawn, so shrinking d_model loses no choice.
    const QList<int> &curveDimensions() const { return m_curveDimensions; }
    void setCurveDimensions(const QList<int> &dimensions);

    // The periodic encodings of time steps (the temporal view); refused like the setters
    // above, with the reason as one English line.
    const TemporalParams &temporal() const { return m_temporal; }
    std::optional<std::string> setTemporal(const TemporalParams &temporal);

    // The pair the rotation view shows in detail; clamped to the pairs that exist.
    int rotationPair() const;
    void setRotationPair(int pair);

    // Whether the similarity view shows cosine similarity rather than the dot product.
    bool cosineSimilarity() const { return m_cosineSimilarity; }
    void setCosineSimilarity(bool cosine);

    // What the inspector explains: the last thing clicked in any view. Changing it emits
    // inspectionChanged() only: no view needs to recompute for a click.
    const Inspection &inspection() const { return m_inspection; }
    void setInspection(const Inspection &inspection);

    // PE for the current parameters, computed once per change on first request and shared
    // by every view.
    const RowMatrixXd &encoding() const;

    // Milliseconds the last changed() took to run all its receivers.
    double lastUpdateMs() const { return m_lastUpdateMs; }

    // Emits changed() now instead of at the end of the event-loop turn (tests, export).
    void flush();

Q_SIGNALS:
    // Something changed; fired at most once per event-loop turn.
    void changed();
    void inspectionChanged();
    // After changed() has returned: how long the receivers took.
    void updateFinished(double milliseconds);

private:
    void scheduleChanged();
    void emitChanged();

    EncodingParams m_params;
    QList<int> m_curveDimensions{0, 1, 2, 3, 4, 5};
    TemporalParams m_temporal;
    int m_rotationPair = 0;
    bool m_cosineSimilarity = false;
    Inspection m_inspection;
    mutable std::optional<RowMatrixXd> m_encoding;
    double m_lastUpdateMs = 0;
    QTimer m_changeTimer;
};

} // namespace posenc
