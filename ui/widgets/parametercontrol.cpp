// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/parametercontrol.h"

#include "ui/state/paramtext.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {
// Continuous sliders are divided into this many steps.
constexpr int kSliderSteps = 1000;
} // namespace

ParameterControl::ParameterControl(const Spec &spec, QWidget *parent)
    : QWidget(parent)
    , m_spec(spec)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_entry(new QLineEdit(this))
    , m_error(new QLabel(this))
    , m_note(new QLabel(this))
{
    auto *label = new QLabel(spec.label, this);
    label->setBuddy(m_entry);
    // A long label ("scale 缩放（ScaledSinuEmbedding）") wraps instead of widening the panel
    // past its dock, which would cut the entries off (presentation mode's large font).
    label->setWordWrap(true);
    label->setToolTip(spec.toolTip);

    // A stepped slider counts in units of its step, so that with step 1 its value is the
    // parameter itself (which is also what a screen reader announces).
    if (stepped())
        m_slider->setRange(int(std::lround(spec.sliderMin / spec.step)),
                           int(std::lround(spec.sliderMax / spec.step)));
    else
        m_slider->setRange(0, kSliderSteps);
    m_slider->setToolTip(spec.toolTip);
    m_slider->setAccessibleName(spec.label);
    m_slider->setAccessibleDescription(spec.toolTip);

    m_entry->setToolTip(spec.toolTip);
    m_entry->setAccessibleName(spec.label);
    m_entry->setAccessibleDescription(spec.toolTip);
    fitEntry();
    m_slider->setMinimumWidth(120);

    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b2182b;"));
    m_error->hide();
    m_note->setWordWrap(true);
    m_note->hide();

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 2, 0, 2);
    grid->addWidget(label, 0, 0, 1, 2);
    grid->addWidget(m_slider, 1, 0);
    grid->addWidget(m_entry, 1, 1);
    grid->addWidget(m_error, 2, 0, 1, 2);
    grid->addWidget(m_note, 3, 0, 1, 2);

    connect(m_slider, &QSlider::valueChanged, this, &ParameterControl::onSliderMoved);
    connect(m_entry, &QLineEdit::editingFinished, this, &ParameterControl::onEntryFinished);
    // A refusal is of the text that was entered: once the user types again it no longer
    // describes the entry (a valid value typed back stood in a red frame under the old
    // reason until Enter); the new text is judged when it is entered.
    connect(m_entry, &QLineEdit::textEdited, this, [this] {
        if (!m_error->isHidden())
            clearError();
    });
}

ParameterControl::~ParameterControl()
{
    // An entry that has the focus reports editingFinished when it loses it during ~QWidget,
    // after this part of the object is gone (closing the window while typing): stop
    // listening first, as the curves and temporal views do.
    disconnect(m_entry, nullptr, this, nullptr);
}

void ParameterControl::setValue(double value)
{
    m_value = value;
    // The panel sets every control on every change of the state; an entry given its own text
    // again would lose its cursor and redo its text layout for nothing.
    // A refusal is of the text the entry held: once that is replaced, it goes too.
    if (const QString text = format(value); text != m_entry->text()) {
        m_entry->setText(text);
        clearError();
    }
    if (!m_slider->isSliderDown()) {
        const QSignalBlocker blocker(m_slider);
        m_slider->setValue(sliderPosition(value));
    }
}

void ParameterControl::fitEntry()
{
    // Room for a whole value such as 100000000 (base) in the current font: presentation mode's
    // large font cut it to ")0000000" at a fixed width.
    const int digits = fontMetrics().horizontalAdvance(QStringLiteral("00000000000"));
    m_entry->setMaximumWidth(std::max(96, digits + 2 * fontMetrics().averageCharWidth()));
}

void ParameterControl::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        fitEntry();
    QWidget::changeEvent(event);
}

void ParameterControl::setSliderRange(double min, double max)
{
    if (min == m_spec.sliderMin && max == m_spec.sliderMax)
        return;
    m_spec.sliderMin = min;
    m_spec.sliderMax = std::max(min, max);
    const QSignalBlocker blocker(m_slider);
    if (stepped())
        m_slider->setRange(int(std::lround(m_spec.sliderMin / m_spec.step)),
                           int(std::lround(m_spec.sliderMax / m_spec.step)));
    if (!m_slider->isSliderDown())
        m_slider->setValue(sliderPosition(m_value));
}

void ParameterControl::setNote(const QString &note)
{
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
}

QString ParameterControl::noteText() const
{
    return m_note->text();
}

void ParameterControl::showError(const QString &message)
{
    m_error->setText(message);
    m_error->show();
    m_entry->setStyleSheet(QStringLiteral("border: 2px solid #b2182b;"));
    // A screen reader reads the description with the entry: the reason, not only a red frame.
    m_entry->setAccessibleDescription(message);
}

void ParameterControl::clearError()
{
    m_error->clear();
    m_error->hide();
    m_entry->setStyleSheet(QString());
    m_entry->setAccessibleDescription(m_spec.toolTip);
}

QString ParameterControl::errorText() const
{
    return m_error->text();
}

bool ParameterControl::stepped() const
{
    return m_spec.step > 0 && !m_spec.logarithmic;
}

int ParameterControl::sliderPosition(double value) const
{
    if (stepped())
        return int(std::lround(std::clamp(value, m_spec.sliderMin, m_spec.sliderMax) / m_spec.step));
    double t;
    if (m_spec.logarithmic) {
        const double v = std::max(value, m_spec.sliderMin);
        t = std::log(v / m_spec.sliderMin) / std::log(m_spec.sliderMax / m_spec.sliderMin);
    } else {
        t = (value - m_spec.sliderMin) / (m_spec.sliderMax - m_spec.sliderMin);
    }
    return int(std::lround(std::clamp(t, 0.0, 1.0) * kSliderSteps));
}

double ParameterControl::sliderValue(int position) const
{
    if (stepped())
        return position * m_spec.step;
    const double t = double(position) / kSliderSteps;
    double value = m_spec.logarithmic
                       ? m_spec.sliderMin * std::pow(m_spec.sliderMax / m_spec.sliderMin, t)
                       : m_spec.sliderMin + t * (m_spec.sliderMax - m_spec.sliderMin);
    if (m_spec.integer)
        return std::round(value);
    // Three significant digits: a log slider over 10..1e6 lands on 10000, not 9999.97. The
    // value is the double nearest that decimal (11.2, not 112 * 0.1 = 11.200000000000001), so
    // that the entry, a preset and the reproducing command line all show the short number.
    return QString::number(value, 'g', 3).toDouble();
}

void ParameterControl::onSliderMoved(int position)
{
    Q_EMIT valueEdited(sliderValue(position));
}

void ParameterControl::onEntryFinished()
{
    const QString text = m_entry->text().trimmed();
    if (text == format(m_value)) {
        clearError();
        return;
    }
    bool ok = false;
    const double value = QLocale::c().toDouble(text, &ok);
    if (!ok || !std::isfinite(value)) {
        showError(ParamText::notANumber(m_spec.field, text));
        return;
    }
    if (m_spec.integer && value != std::floor(value)) {
        showError(ParamText::error({m_spec.field, {}}));
        return;
    }
    Q_EMIT valueEdited(value);
}

QString ParameterControl::format(double value) const
{
    if (m_spec.integer)
        return QString::number(qint64(value));
    return QString::number(value, 'g', 12);
}

} // namespace posenc
