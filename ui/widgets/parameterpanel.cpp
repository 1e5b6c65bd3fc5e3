// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/parameterpanel.h"

#include "ui/state/encodingstate.h"
#include "ui/widgets/parametercontrol.h"
#include "ui/state/paramtext.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace posenc {

ParameterPanel::ParameterPanel(EncodingState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
{
    setAccessibleName(tr("Parameters"));
    auto *layout = new QVBoxLayout(this);

    using Spec = ParameterControl::Spec;
    const QList<Spec> specs{
        {ParamField::DModel, tr("d_model (dimensions)"),
         tr("Width of each encoding vector. The entry accepts 2 to 4096."), 2, 1024, false, true, 1},
        {ParamField::SeqLen, tr("seq_len (positions)"),
         tr("Number of positions shown, from start. The entry accepts 1 to 16384."), 1, 2048,
         false, true, 1},
        {ParamField::Base, tr("base (10000 in the paper)"),
         tr("The wavelengths run from 2π to 2π·base. Logarithmic slider from 10 to 1e6; the "
            "entry accepts any base above 1 up to 1e12."),
         10, 1e6, true, false},
        {ParamField::Scale, tr("scale (ScaledSinuEmbedding)"),
         tr("Multiplies the whole encoding. The slider spans 0.1 to 2.0, the range "
            "ScaledSinuEmbedding clamps its learnable scale to; the entry accepts more."),
         0.1, 2.0, false, false},
        {ParamField::Offset, tr("offset k"),
         tr("The relative offset in PE(pos + k) = M_k · PE(pos). Negative k looks back; the "
            "entry accepts fractions too."),
         -64, 64, false, false, 1},
        // The slider spans the rows shown (syncFromState() follows start and seq_len), so that
        // a student scrubs through them one by one; the entry takes any position.
        {ParamField::Position, tr("position pos"),
         tr("The position marked in the views; pos + k is marked too. The slider spans the rows "
            "shown, start to start + seq_len − 1; the entry takes any position, between integers "
            "as well."),
         0, 29, false, false, 1},
        {ParamField::Start, tr("start position"),
         tr("Row r of the heatmap is position start + r."), 0, 10000, false, false, 1},
    };
    for (const Spec &spec : specs) {
        auto *control = new ParameterControl(spec, this);
        m_controls.insert(spec.field, control);
        layout->addWidget(control);
        connect(control, &ParameterControl::valueEdited, this,
                [this, field = spec.field](double value) { apply(field, value); });
    }

    auto *conventions = new QGroupBox(tr("Convention"), this);
    auto *form = new QFormLayout(conventions);
    m_layout = new QComboBox(conventions);
    m_layout->addItem(ParamText::layoutLabel(Layout::Interleaved), int(Layout::Interleaved));
    m_layout->addItem(ParamText::layoutLabel(Layout::Split), int(Layout::Split));
    m_layout->setAccessibleName(tr("Layout"));
    m_layout->setToolTip(tr("Interleaved: sin at even columns, cos at odd ones (Vaswani et al.). "
                            "Split: all sines, then all cosines (tensor2tensor, fairseq)."));
    m_frequencies = new QComboBox(conventions);
    m_frequencies->addItem(ParamText::frequencyLabel(FrequencyConvention::Paper),
                           int(FrequencyConvention::Paper));
    m_frequencies->addItem(ParamText::frequencyLabel(FrequencyConvention::Tensor2Tensor),
                           int(FrequencyConvention::Tensor2Tensor));
    m_frequencies->setAccessibleName(tr("Frequencies"));
    m_frequencies->setToolTip(tr("Paper: w_i = base^(−2i/d_model). tensor2tensor: the ladder is "
                                 "stretched so that the last frequency is exactly 1/base."));
    for (QComboBox *box : {m_layout, m_frequencies}) {
        box->setAccessibleDescription(box->toolTip());
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(14);
    }
    form->addRow(tr("&Layout"), m_layout);
    form->addRow(tr("&Frequencies"), m_frequencies);
    layout->addWidget(conventions);
    layout->addStretch(1);

    connect(m_layout, &QComboBox::activated, this, [this](int index) {
        m_state->setLayout(Layout(m_layout->itemData(index).toInt()));
    });
    connect(m_frequencies, &QComboBox::activated, this, [this](int index) {
        m_state->setFrequencies(FrequencyConvention(m_frequencies->itemData(index).toInt()));
    });
    connect(m_state, &EncodingState::changed, this, &ParameterPanel::syncFromState);
    syncFromState();
}

namespace {
int toInt(double value)
{
    return int(std::clamp(value, double(std::numeric_limits<int>::min()),
                          double(std::numeric_limits<int>::max())));
}
} // namespace

void ParameterPanel::apply(ParamField field, double value)
{
    std::optional<ParamError> error;
    switch (field) {
    // Whole numbers beyond int (1e10) are clamped into int's range first, where validate()
    // still refuses them, so the conversion itself never overflows.
    case ParamField::DModel: error = m_state->setDModel(toInt(value)); break;
    case ParamField::SeqLen: error = m_state->setSeqLen(toInt(value)); break;
    case ParamField::Base: error = m_state->setBase(value); break;
    case ParamField::Scale: error = m_state->setScale(value); break;
    case ParamField::Offset: error = m_state->setOffset(value); break;
    case ParamField::Start: error = m_state->setStart(value); break;
    case ParamField::Position: error = m_state->setPosition(value); break;
    }
    ParameterControl *control = m_controls.value(field);
    if (error) {
        control->showError(ParamText::error(*error));
        return;
    }
    control->clearError();
    // Show the accepted value at once; the views follow at the end of the event-loop turn.
    control->setValue(value);
}

void ParameterPanel::syncFromState()
{
    const EncodingParams &p = m_state->params();
    m_controls[ParamField::DModel]->setValue(p.dModel);
    m_controls[ParamField::SeqLen]->setValue(p.seqLen);
    m_controls[ParamField::Base]->setValue(p.base);
    m_controls[ParamField::Scale]->setValue(p.scale);
    m_controls[ParamField::Offset]->setValue(p.offset);
    m_controls[ParamField::Start]->setValue(p.start);
    ParameterControl *position = m_controls[ParamField::Position];
    const double last = p.start + p.seqLen - 1.0;
    position->setSliderRange(p.start, last);
    position->setValue(p.position);
    // The rows are those of the heatmap, the curves and the similarity map; the other views
    // (rotation, temporal) take pos as a number and show it wherever it is.
    const auto outside = [&p, last](double row) { return row < p.start || row > last; };
    const QString first = QString::number(p.start, 'g', 12);
    const QString end = QString::number(last, 'g', 12);
    position->setNote(outside(p.position)
                          ? tr("pos %1 is outside the rows shown (%2 to %3): the views of those rows do not mark it.")
                                .arg(QString::number(p.position, 'g', 12), first, end)
                          : QString());
    const double shifted = p.position + p.offset;
    m_controls[ParamField::Offset]->setNote(
        !outside(p.position) && outside(shifted)
            ? tr("pos + k = %1 is outside the rows shown (%2 to %3): the views of those rows do not mark it.")
                  .arg(QString::number(shifted, 'g', 12), first, end)
            : QString());
    m_layout->setCurrentIndex(m_layout->findData(int(p.layout)));
    m_frequencies->setCurrentIndex(m_frequencies->findData(int(p.frequencies)));
}

} // namespace posenc
