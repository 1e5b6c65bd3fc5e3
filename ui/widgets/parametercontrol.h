// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/encodingparams.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QSlider;

namespace posenc {

// One numeric parameter: a slider for quick exploration (linear or logarithmic, over a
// comfortable range), an entry that accepts any valid value exactly, and a line that says
// why an entry was refused. The control holds no state of its own: it reports edits with
// valueEdited() and shows what it is told with setValue().
class ParameterControl : public QWidget
{
    Q_OBJECT

public:
    struct Spec {
        ParamField field = ParamField::DModel;
        QString label;
        QString toolTip;
        double sliderMin = 0;
        double sliderMax = 1;
        bool logarithmic = false;
        bool integer = false; // the value itself must be a whole number (d_model, seq_len)
        double step = 0;      // a linear slider moves in steps of this size (0: 1000 steps)
    };

    explicit ParameterControl(const Spec &spec, QWidget *parent = nullptr);
    ~ParameterControl() override;

    ParamField field() const { return m_spec.field; }
    double value() const { return m_value; }
    // Shows value in the entry and the slider (clamped to its range); emits nothing.
    void setValue(double value);

    // The slider's span, for a range that follows the state (pos: the rows shown); the entry
    // still takes any valid value.
    void setSliderRange(double min, double max);
    double sliderMinimum() const { return m_spec.sliderMin; }
    double sliderMaximum() const { return m_spec.sliderMax; }
    // A remark under the control that is not an error (pos outside the rows shown); empty
    // hides it.
    void setNote(const QString &note);
    QString noteText() const;

    void showError(const QString &message);
    void clearError();
    QString errorText() const;

    QSlider *slider() const { return m_slider; }
    QLineEdit *entry() const { return m_entry; }

Q_SIGNALS:
    void valueEdited(double value);

protected:
    void changeEvent(QEvent *event) override;

private:
    void fitEntry();
    bool stepped() const;
    int sliderPosition(double value) const;
    double sliderValue(int position) const;
    void onSliderMoved(int position);
    void onEntryFinished();
    QString format(double value) const;

    Spec m_spec;
    double m_value = 0;
    QSlider *m_slider = nullptr;
    QLineEdit *m_entry = nullptr;
    QLabel *m_error = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace posenc
