// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/training.h"

#include <QObject>
#include <QThread>

#include <functional>
#include <memory>
#include <vector>

namespace posenc {

// What the two runs have done so far: every record of each, and the attention weights of the
// first held-out example of each with the current weights.
struct TrainingProgress {
    std::vector<TrainingRecord> left;
    std::vector<TrainingRecord> right;
    AttentionSnapshot leftAttention;
    AttentionSnapshot rightAttention;
    double leftInitialScale = 0;
    double rightInitialScale = 0;
    // Held-out figures at longer sequences (Trainer::defaultExtrapolationLengths): measured when
    // both runs have finished, or when asked (a paused run); empty otherwise, because it
    // evaluates the held-out set at four lengths, too much for every frame.
    std::vector<ExtrapolationPoint> leftExtrapolation;
    std::vector<ExtrapolationPoint> rightExtrapolation;
    bool finished = false; // both runs have taken all their steps
};

// The training lab's two runs, trained on a thread of their own so that the window stays
// responsive (training off the UI thread). The trainers live on that thread and are
// only touched there; each request takes a number of steps of both runs and hands a copy of
// the progress back to the GUI thread (the view draws at most once a frame, see TrainingView).
// A request made before a reconfiguration is answered with nothing: its generation is old.
class TrainingRun : public QObject
{
    Q_OBJECT

public:
    explicit TrainingRun(QObject *parent = nullptr);
    ~TrainingRun() override;

    // New runs at step 0 (the same configurations replay the same runs to the bit).
    void configure(const TrainingConfig &left, const TrainingConfig &right);
    // Up to `steps` more steps of each run (fewer where a run has finished), then the progress
    // (with the extrapolation check if `measure`; `steps` may be 0 then). Ignored while a
    // request is being worked on (busy()): the caller asks again on its next frame.
    void advance(int steps, bool measure = false);
    bool busy() const { return m_pending > 0; }

    // Both runs to the end on the calling thread, synchronously: a figure, a data export and
    // the tests (the result is the same as stepping them on the thread). The steps done are
    // told to WorkProgress as they go.
    // `measure`: with the extrapolation check (a figure shows it; a data file has no column
    // for it, and it costs as much as a short run).
    static TrainingProgress runToEnd(const TrainingConfig &left, const TrainingConfig &right, bool measure = true);

signals:
    // Everything so far, after a request (or a configuration: step 0).
    void progressed(std::shared_ptr<const TrainingProgress> progress);

private:
    struct Trainers;
    void post(std::function<void()> work);
    static std::shared_ptr<const TrainingProgress> snapshot(const Trainers &trainers, bool measure);

    QThread m_thread;
    QObject *m_worker; // lives on m_thread; the trainers are touched only in its slots
    std::shared_ptr<Trainers> m_trainers;
    int m_generation = 0;
    int m_pending = 0;
};

} // namespace posenc
