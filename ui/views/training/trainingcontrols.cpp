// SPDX-License-Identifier: GPL-3.0-or-later
// The training lab's controls: what each one offers and says, their rows, and their values
// from a scene.
#include "ui/views/training/trainingview.h"
#include "ui/views/training/trainingtext.h"

#include "ui/state/stdtext.h"
#include "ui/views/celltext.h"
#include "ui/widgets/buddylabel.h"
#include "ui/widgets/plotstyle.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace posenc {

void TrainingView::setUpControls()
{
    for (QComboBox *box : {m_leftTask, m_rightTask}) {
        for (TrainingTask task : {TrainingTask::Order, TrainingTask::Bag})
            box->addItem(TrainingText::taskTitle(task), int(task));
    }
    m_leftTask->setToolTip(tr("The first run's task"));
    m_rightTask->setToolTip(tr("The second run's task, trained from the same initial weights"));
    for (PositionScheme scheme : kPositionSchemes)
        m_encoding->addItem(TrainingText::schemeTitle(scheme), int(scheme));
    m_encoding->setToolTip(tr("The position term added to the tokens"));
    m_join->addItem(tr("add"), int(PeJoin::Add));
    m_join->addItem(tr("concat + project"), int(PeJoin::ConcatProject));
    m_join->addItem(tr("α-weighted"), int(PeJoin::Alpha));
    m_join->setToolTip(tr("How the position term joins the token embedding (α learnable)"));
    m_init->setEditable(true);
    m_init->addItems({QStringLiteral("1"), QStringLiteral("1.5"), QStringLiteral("0.8"), QStringLiteral("d^-0.5")});
    m_init->setToolTip(tr("The scale's initial value: 1 as the source texts' code, or d^-0.5 as x-transformers; "
                          "type any number and press Enter"));
    m_ratioBox->setRange(TrainingConfig::kMinScaleLrRatio, TrainingConfig::kMaxScaleLrRatio);
    m_ratioBox->setSingleStep(0.05);
    m_ratioBox->setDecimals(2);
    m_ratioBox->setToolTip(tr("The scale's learning rate as a ratio of the others' (the source texts: 1/5 to 1/10)"));
    m_clamp->addItem(tr("clamp [0.1, 2] every step"), fromStd(clampModeName(ClampMode::EveryStep)));
    m_clamp->addItem(tr("clamp once (the source code)"), fromStd(clampModeName(ClampMode::Construction)));
    m_clamp->addItem(tr("no clamp"), fromStd(clampModeName(ClampMode::Off)));
    m_clamp->setToolTip(tr("The source texts advise clamping the scale to [0.1, 2.0]; their code clamps it once, "
                           "when it is made, and never again"));
    m_dtype->addItem(tr("PE in float32"), fromStd(peDTypeName(PeDType::Float32)));
    m_dtype->addItem(tr("PE in float16"), fromStd(peDTypeName(PeDType::Float16)));
    m_dtype->setToolTip(tr("The precision of the position term (float16 emulated by rounding)"));
    m_scaleFloat32->setToolTip(tr("Keep the scale in float32 under float16 PE, as the source texts advise; "
                                  "off, it is rounded to float16 and small updates are lost"));
    m_seed->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,20}")), m_seed));
    m_seed->setMaximumWidth(m_seed->fontMetrics().horizontalAdvance(QStringLiteral("0000000")) + 16); // scrolls for more
    m_seed->setToolTip(tr("The random seed of the tasks and the initial weights: the same seed gives the same run"));
    m_steps->setRange(TrainingConfig::kMinSteps, TrainingConfig::kMaxSteps);
    m_steps->setToolTip(tr("Steps of each run (one batch a step)"));
    m_dModel->setRange(TrainingConfig::kMinDModel, TrainingConfig::kMaxDModel);
    m_dModel->setToolTip(tr("The model's width d_model (its own, not the encoding views')"));
    m_seqLen->setRange(TrainingConfig::kMinSeqLen, TrainingConfig::kMaxSeqLen);
    m_seqLen->setToolTip(tr("Tokens per training sequence (a learned table has this many rows)"));
    m_vocab->setRange(TrainingConfig::kMinVocab, TrainingConfig::kMaxVocab);
    m_vocab->setToolTip(tr("Distinct tokens of the tasks"));
    m_examples->setRange(TrainingConfig::kMinExamples, TrainingConfig::kMaxExamples);
    m_examples->setToolTip(tr("Examples in the training set (the held-out set is fixed apart)"));
    m_speed->setRange(1, 50);
    m_speed->setValue(5);
    m_speed->setMaximumWidth(120);
    m_speed->setToolTip(tr("Speed: steps per frame while playing"));
    m_play->setCheckable(true);
    m_play->setToolTip(tr("Play or pause both runs"));
    m_step->setToolTip(tr("One step (one batch) of both runs"));
    m_epoch->setToolTip(tr("The steps of one pass over the training set"));
    m_reset->setToolTip(tr("Back to step 0: the same run replays exactly"));
    m_newSeed->setToolTip(tr("Another random seed: other tasks' examples and other initial weights"));

    auto *controls = new QVBoxLayout(m_controls);
    controls->setContentsMargins(0, 0, 0, 0);
    controls->setSpacing(2);
    const auto row = [controls](const QList<QWidget *> &widgets) {
        auto *line = new QHBoxLayout;
        for (QWidget *widget : widgets)
            line->addWidget(widget);
        line->addStretch(1);
        controls->addLayout(line);
    };
    row({buddyLabel(tr("T&asks:"), m_leftTask), m_leftTask, m_rightTask, buddyLabel(tr("Random s&eed:"), m_seed), m_seed,
         buddyLabel(tr("Ste&ps:"), m_steps), m_steps});
    row({buddyLabel(tr("d_&model:"), m_dModel), m_dModel, buddyLabel(tr("Len&gth:"), m_seqLen), m_seqLen,
         buddyLabel(tr("&Vocabulary:"), m_vocab), m_vocab, buddyLabel(tr("E&xamples:"), m_examples), m_examples});
    row({buddyLabel(tr("P&osition:"), m_encoding), m_encoding, buddyLabel(tr("&Join:"), m_join), m_join, m_dtype, m_scaleFloat32});
    row({buddyLabel(tr("Scale: &initial"), m_init), m_init, buddyLabel(tr("&learning rate ×"), m_ratioBox), m_ratioBox,
         m_clamp});
    row({m_play, m_step, m_epoch, m_reset, m_newSeed, buddyLabel(tr("Spee&d:"), m_speed), m_speed, m_status});
    PlotStyle::markScreenOnly(m_controls);
}

void TrainingView::syncControls(const Scene &scene)
{
    const TrainingOptions &o = scene.training;
    const QSignalBlocker b0(m_leftTask), b1(m_rightTask), b2(m_encoding), b3(m_join), b4(m_init), b5(m_ratioBox),
        b6(m_clamp), b7(m_dtype), b8(m_scaleFloat32), b9(m_seed), b10(m_steps), b11(m_dModel), b12(m_seqLen),
        b13(m_vocab), b14(m_examples);
    m_leftTask->setCurrentIndex(m_leftTask->findData(int(o.left)));
    m_rightTask->setCurrentIndex(m_rightTask->findData(int(o.right)));
    m_encoding->setCurrentIndex(m_encoding->findData(int(o.config.scheme)));
    m_join->setCurrentIndex(m_join->findData(int(o.config.join)));
    m_init->setEditText(CellText::number(o.config.scaleInit, 6));
    m_ratioBox->setValue(o.config.scaleLrRatio);
    m_clamp->setCurrentIndex(m_clamp->findData(fromStd(clampModeName(o.config.clampMode))));
    m_dtype->setCurrentIndex(std::max(0, m_dtype->findData(fromStd(peDTypeName(o.config.peDType)))));
    m_scaleFloat32->setChecked(o.config.scaleStorage == ScaleStorage::Float32);
    m_seed->setText(QString::number(o.config.seed));
    m_steps->setValue(o.config.steps);
    m_dModel->setValue(o.config.dModel);
    m_seqLen->setValue(o.config.seqLen);
    m_vocab->setValue(o.config.vocab);
    m_examples->setValue(o.config.examples);
}

} // namespace posenc
