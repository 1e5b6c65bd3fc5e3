// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/views/check/checkedfile.h"

#include <QObject>
#include <QString>

#include <memory>

class QTimer;

namespace posenc {

class LatestJob;

// Reads and checks a file away from the window's thread (a LatestJob: at once where jobs run
// immediately, as in exports and tests), so that the window answers while a large file is
// read: the fraction done is polled ten times a second and reported, and a cancel stops the
// check at its next stage. One file at a time: starting another cancels the first. The result
// is CheckedFile::load's, kept where the view and its inspector find it.
class CheckReader : public QObject
{
    Q_OBJECT

public:
    explicit CheckReader(QObject *parent = nullptr);
    ~CheckReader() override; // cancels, then waits for the check's next stage

    void start(const QString &path, const QString &tensor);
    void cancel();
    bool isReading(const QString &path, const QString &tensor) const;

signals:
    void progressed(double fraction);
    // Not emitted for a cancelled load.
    void finished(const std::shared_ptr<const CheckedFile> &checked);

private:
    struct Flags;
    std::shared_ptr<Flags> m_flags; // of the load under way, if any
    LatestJob *m_job;
    QTimer *m_timer;
};

} // namespace posenc
