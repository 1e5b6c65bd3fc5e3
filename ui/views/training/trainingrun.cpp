// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/training/trainingrun.h"

#include "ui/state/workprogress.h"

#include <QMetaObject>

namespace posenc {

struct TrainingRun::Trainers {
    Trainers(const TrainingConfig &l, const TrainingConfig &r, int g)
        : left(l)
        , right(r)
        , generation(g)
    {
    }
    Trainer left;
    Trainer right;
    int generation;
};

TrainingRun::TrainingRun(QObject *parent)
    : QObject(parent)
    , m_worker(new QObject)
{
    m_thread.setObjectName(QStringLiteral("training"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

TrainingRun::~TrainingRun()
{
    m_thread.quit();
    m_thread.wait();
}

void TrainingRun::post(std::function<void()> work)
{
    ++m_pending;
    QMetaObject::invokeMethod(m_worker, std::move(work), Qt::QueuedConnection);
}

std::shared_ptr<const TrainingProgress> TrainingRun::snapshot(const Trainers &trainers, bool measure)
{
    auto progress = std::make_shared<TrainingProgress>();
    progress->left = trainers.left.records();
    progress->right = trainers.right.records();
    progress->leftAttention = trainers.left.heldoutAttention(0);
    progress->rightAttention = trainers.right.heldoutAttention(0);
    progress->leftInitialScale = trainers.left.initialScale();
    progress->rightInitialScale = trainers.right.initialScale();
    progress->finished = trainers.left.finished() && trainers.right.finished();
    if (measure) {
        progress->leftExtrapolation = trainers.left.extrapolation(trainers.left.defaultExtrapolationLengths());
        progress->rightExtrapolation = trainers.right.extrapolation(trainers.right.defaultExtrapolationLengths());
    }
    return progress;
}

void TrainingRun::configure(const TrainingConfig &left, const TrainingConfig &right)
{
    const int generation = ++m_generation;
    post([this, left, right, generation] {
        // On the training thread: the trainers are made (the sets generated, the weights
        // drawn) there, and replace the old ones there.
        auto trainers = std::make_shared<Trainers>(left, right, generation);
        auto progress = snapshot(*trainers, false);
        QMetaObject::invokeMethod(
            this,
            [this, trainers, progress, generation] {
                --m_pending;
                if (generation != m_generation)
                    return;
                m_trainers = trainers;
                emit progressed(progress);
            },
            Qt::QueuedConnection);
    });
}

void TrainingRun::advance(int steps, bool measure)
{
    if (!m_trainers || busy() || steps < 0 || (steps == 0 && !measure))
        return;
    const std::shared_ptr<Trainers> trainers = m_trainers;
    post([this, trainers, steps, measure] {
        if (steps > 0) {
            trainers->left.run(steps);
            trainers->right.run(steps);
        }
        auto progress = snapshot(*trainers, measure || (trainers->left.finished() && trainers->right.finished()));
        const int generation = trainers->generation;
        QMetaObject::invokeMethod(
            this,
            [this, progress, generation] {
                --m_pending;
                if (generation == m_generation)
                    emit progressed(progress);
            },
            Qt::QueuedConnection);
    });
}

TrainingProgress TrainingRun::runToEnd(const TrainingConfig &left, const TrainingConfig &right, bool measure)
{
    Trainers trainers(left, right, 0);
    const qint64 total = qint64(left.steps) + right.steps;
    // In blocks of steps, the left run then the right: the same steps as one call each.
    for (Trainer *trainer : {&trainers.left, &trainers.right}) {
        while (trainer->stepCount() < trainer->config().steps) {
            trainer->run(50);
            WorkProgress::report(qint64(trainers.left.stepCount()) + trainers.right.stepCount(), total);
        }
    }
    return *snapshot(trainers, measure);
}

} // namespace posenc
