// SPDX-License-Identifier: GPL-3.0-or-later
// The entries half of TemporalView: the line of periods, the + and − buttons and the steps
// box, how what is typed there becomes TemporalParams (or the reason it is refused), and how
// the entries follow the state. Kept apart from temporalview.cpp (the plots) so that each
// file reads as one concern.
#include "ui/views/temporal/temporalview.h"

#include "ui/views/celltext.h"
#include "ui/state/encodingstate.h"

#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QSpinBox>
#include <QToolButton>

#include <algorithm>

namespace posenc {

namespace {

// Periods the Add button offers first, in hours: a day, a week, 30 days, a year of 365.25 days.
constexpr double kSuggestedPeriods[] = {24.0, 168.0, 720.0, 8766.0};

QString formatPeriods(const std::vector<double> &periods)
{
    QStringList parts;
    for (double period : periods)
        parts << CellText::number(period, 10);
    return parts.join(QStringLiteral(", "));
}

} // namespace

QGridLayout *TemporalView::buildEntries()
{
    auto *periodsLabel = new QLabel(tr("&Periods:"), this);
    periodsLabel->setBuddy(m_periods);
    m_periods->setAccessibleName(tr("Periods"));
    m_periods->setToolTip(tr("Positive periods in time steps, separated by commas, such as "
                             "24, 168 (hour of the day, hour of the week); at most %1.")
                              .arg(TemporalParams::kMaxPeriods));
    m_periods->setMinimumWidth(160);
    m_add->setText(QStringLiteral("+"));
    m_add->setAccessibleName(tr("Add a period"));
    m_add->setToolTip(tr("Add a period: 24 (a day of hours), 168 (a week), 720 (30 days), "
                         "8766 (a year), then twice the longest."));
    m_remove->setText(QStringLiteral("−"));
    m_remove->setAccessibleName(tr("Remove the last period"));
    m_remove->setToolTip(tr("Remove the last period."));
    auto *stepsLabel = new QLabel(tr("&Steps:"), this);
    stepsLabel->setBuddy(m_steps);
    m_steps->setRange(1, TemporalParams::kMaxSteps);
    m_steps->setKeyboardTracking(false); // apply on Return or focus loss, not per keystroke
    m_steps->setAccessibleName(tr("Number of time steps"));
    m_steps->setToolTip(tr("Time steps t = 0 … steps − 1 (rows of the encoding)."));
    m_error->setStyleSheet(QStringLiteral("color: #b2182b;"));
    m_error->setWordWrap(true);

    auto *entries = new QGridLayout;
    entries->setContentsMargins(6, 0, 6, 0);
    entries->addWidget(periodsLabel, 0, 0);
    entries->addWidget(m_periods, 0, 1);
    entries->addWidget(m_add, 0, 2);
    entries->addWidget(m_remove, 0, 3);
    entries->addItem(new QSpacerItem(16, 1), 0, 4);
    entries->addWidget(stepsLabel, 0, 5);
    entries->addWidget(m_steps, 0, 6);
    entries->setColumnStretch(7, 1);
    entries->addWidget(m_error, 1, 1, 1, 7); // under the entry
    return entries;
}

void TemporalView::apply(const TemporalParams &temporal)
{
    if (const auto error = m_state->changeScene([&](Scene &scene) { scene.temporal = temporal; })) {
        m_error->setText(*error);
        return;
    }
    m_error->clear();
}

void TemporalView::onPeriodsEdited()
{
    static const QRegularExpression separators(QStringLiteral("[,;\\s]+"));
    const QStringList parts = m_periods->text().split(separators, Qt::SkipEmptyParts);
    TemporalParams temporal = m_state->temporal();
    temporal.periods.clear();
    for (const QString &part : parts) {
        bool ok = false;
        const double period = QLocale::c().toDouble(part, &ok);
        if (!ok) {
            m_error->setText(tr("periods: “%1” is not a number").arg(part));
            return;
        }
        temporal.periods.push_back(period);
    }
    apply(temporal);
}

void TemporalView::onStepsEdited()
{
    TemporalParams temporal = m_state->temporal();
    temporal.steps = m_steps->value();
    apply(temporal);
}

void TemporalView::onAddPeriod()
{
    TemporalParams temporal = m_state->temporal();
    const auto &periods = temporal.periods;
    double next = 2.0 * *std::max_element(periods.begin(), periods.end());
    for (double suggested : kSuggestedPeriods) {
        if (std::find(periods.begin(), periods.end(), suggested) == periods.end()) {
            next = suggested;
            break;
        }
    }
    temporal.periods.push_back(std::min(next, TemporalParams::kMaxPeriod));
    apply(temporal);
}

void TemporalView::onRemovePeriod()
{
    TemporalParams temporal = m_state->temporal();
    temporal.periods.pop_back();
    apply(temporal);
}

void TemporalView::showEntries()
{
    const TemporalParams &temporal = m_state->temporal();
    if (m_shownTemporal == temporal)
        return; // keep what the user typed (and the reason it was refused)
    m_shownTemporal = temporal;
    m_periods->setText(formatPeriods(temporal.periods));
    const QSignalBlocker blocker(m_steps);
    m_steps->setValue(temporal.steps);
    m_error->clear();
    m_add->setEnabled(temporal.periods.size() < size_t(TemporalParams::kMaxPeriods));
    m_remove->setEnabled(temporal.periods.size() > 1);
}

} // namespace posenc
