// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encoding.h"
#include "core/encodingparams.h"
#include "core/temporal.h"
#include "ui/state/scene.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QTimer>

#include <functional>
#include <optional>
#include <utility>

namespace posenc {

// Something a user clicked, for the inspector to explain. `a` and `b` depend on the kind:
// Cell (position, column), Similarity (row position p, column position q), Frequency (pair
// i), RotationEntry (row, column of M_k), Temporal (step t, column). A kind is a name that a
// view's descriptor declares an Explainer for (ViewRegistry::explain), so that a lab brings
// kinds of its own without an enumerator here; Kind holds the names of the first views'.
struct Inspection {
    struct Kind {
        static inline const QString None = {};
        static inline const QString Cell = QStringLiteral("cell");
        static inline const QString Similarity = QStringLiteral("similarity-entry");
        static inline const QString Frequency = QStringLiteral("frequency");
        static inline const QString RotationEntry = QStringLiteral("rotation-entry");
        static inline const QString Temporal = QStringLiteral("temporal-value");
    };
    QString kind = Kind::None;
    double a = 0;
    double b = 0;
    // Where the view shows means over boxes (more positions or steps than pixels): the box
    // size the clicked cell averages over, positions (Cell: rows of PE; Similarity: a and b are
    // then the middles of the two boxes) or steps (Temporal); 1 for a single cell.
    int box = 1;
    // Cell only: columns per box of the heatmap (boxes start at whole multiples of their size).
    int boxColumns = 1;
    bool operator==(const Inspection &) const = default;
};

// The single source of truth for what the window shows. Controls write to it through
// setParams() and its per-parameter setters, setScene() and changeScene() (which refuse
// invalid values and change nothing then); views read from it when changed() fires. A burst
// of changes within one event-loop turn (a dragged slider, a preset load) is merged by a 0 ms
// single-shot timer into one changed() and so one recompute.
// It holds parameters only, no matrix: each visible view asks core for what it draws (the
// heatmap for box averages at its pixels, the curves for a few columns), so that nothing of
// seq_len x d_model doubles (512 MiB at the largest size) is kept or computed for nothing.
class EncodingState : public QObject
{
    Q_OBJECT

public:
    explicit EncodingState(QObject *parent = nullptr);

    // The parameters and every view's options (the rotation pair clamped to the pairs that
    // exist). setScene() is all or nothing: an invalid scene is refused with the reason (one
    // line naming the member) and the state keeps what it had.
    Scene scene() const;
    std::optional<QString> setScene(const Scene &scene);

    // Changes a few members of the scene as one change: `edit` edits a copy, which is then
    // set as setScene() sets a scene. The copy holds the rotation pair as set, not clamped as
    // scene() reads it, so that changing another option leaves the pair as it was.
    // changeScene([](Scene &s) { s.cosine = true; })
    template <typename Edit>
    std::optional<QString> changeScene(Edit edit)
    {
        Scene scene = m_scene;
        edit(scene);
        return setScene(scene);
    }

    const EncodingParams &params() const { return m_scene.params; }

    // Each setter validates the whole resulting parameter set: on error it returns the
    // reason and leaves the state untouched. Default curve dimensions follow a new d_model or
    // layout (Scene::followParams); chosen ones stay.
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

    // Shorthands for reading a few options of the scene (set them with changeScene()).
    // The chosen dimensions: the columns the curves and spectrum views draw (default 0..5,
    // as the seed text's figure). Columns at or
    // beyond d_model are kept but not drawn, so shrinking d_model loses no choice.
    const QList<int> &curveDimensions() const { return m_scene.dimensions; }

    // The periodic encodings of time steps (the temporal view).
    const TemporalParams &temporal() const { return m_scene.temporal; }

    // The pair the rotation view shows in detail; clamped to the pairs that exist.
    int rotationPair() const;

    // Whether the similarity view shows cosine similarity rather than the dot product.
    bool cosineSimilarity() const { return m_scene.cosine; }

    // What the inspector explains: the last thing clicked in any view. Changing it emits
    // inspectionChanged() only: no view needs to recompute for a click.
    const Inspection &inspection() const { return m_inspection; }
    void setInspection(const Inspection &inspection);

    // The smallest and largest value of PE at the current parameters: computed row by row
    // on first request after a change that alters the matrix, then kept (two numbers).
    ValueRange valueRange() const;

    // Milliseconds the last changed() took to run all its receivers.
    double lastUpdateMs() const { return m_lastUpdateMs; }

    // Emits changed() now instead of at the end of the event-loop turn (tests, export).
    void flush();

    // What the user did to make the next changes, such as "Use this convention", for whoever
    // names them (the undo history: "Undo Use this convention" rather than "Undo 4 settings").
    // Kept until taken; translated when asked, in the language of that moment.
    using ChangeName = std::function<QString()>;
    void nameNextChange(ChangeName name) { m_changeName = std::move(name); }
    ChangeName takeChangeName() { return std::exchange(m_changeName, {}); }

    // What changed since `reader` last asked (everything, on its first call); the state then
    // counts the current values as seen by `reader`. A view calls it once per refresh to redo
    // only what depends on what changed: moving pos or k moves its markers, it does not
    // recompute its matrix. A view hidden during several changes sees all of them at once.
    struct Changes {
        bool matrix = true; // d_model, seq_len, base, scale, start, layout, frequencies
        bool position = true;
        bool offset = true;
        bool options = true; // any view option (any member of the scene but the parameters)
        // Only the probe position and/or the offset k changed (or nothing).
        bool markersOnly() const
        {
            return !matrix && !options;
        }
        // Whether one member of the scene changed: changed(&Scene::temporal). A view asks
        // for its own options this way, so that no field per option is needed here.
        template<typename T>
        bool changed(T Scene::*member) const
        {
            return first || !(seen.*member == now.*member);
        }
        // The same for a lab's options held in the scene's labs: labChanged<VitOptions>().
        template<typename T>
        bool labChanged() const
        {
            return first || !(labOptions<T>(seen) == labOptions<T>(now));
        }
        bool first = true; // the reader's first call: everything counts as changed
        Scene seen;        // as the reader saw it last (with the rotation pair clamped)
        Scene now;
    };
    Changes takeChanges(const QObject *reader);

Q_SIGNALS:
    // Something changed; fired at most once per event-loop turn.
    void changed();
    void inspectionChanged();
    // After changed() has returned: how long the receivers took.
    void updateFinished(double milliseconds);

private:
    // setParams(), or with the scene's dimensions left as they are (setScene: a scene is taken whole).
    std::optional<ParamError> changeParams(const EncodingParams &params, bool followDefaults);
    ChangeName m_changeName;
    void scheduleChanged();
    void emitChanged();

    Scene m_scene;
    Inspection m_inspection;
    mutable std::optional<ValueRange> m_valueRange;
    QHash<const QObject *, Scene> m_seen; // by reader, for takeChanges()
    double m_lastUpdateMs = 0;
    QTimer m_changeTimer;
};

} // namespace posenc
