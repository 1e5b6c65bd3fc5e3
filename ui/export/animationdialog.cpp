// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/animationdialog.h"

#include "ui/export/exportdialog.h"
#include "ui/state/paramtext.h"
#include "ui/views/viewregistry.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace posenc {

namespace {

QString dialogNumberText(double value)
{
    return QString::number(value, 'g', 12);
}

} // namespace

Animation AnimationDialog::defaultAnimation(ParamField parameter, const EncodingParams &p)
{
    Animation a;
    a.parameter = parameter;
    const double current = p.value(parameter);
    switch (parameter) {
    case ParamField::Position:
        a.from = p.start;
        a.to = p.start + p.seqLen - 1;
        break;
    case ParamField::Offset:
        a.from = -(p.seqLen - 1.0);
        a.to = p.seqLen - 1.0;
        break;
    case ParamField::Start:
        a.from = current;
        a.to = current + p.seqLen;
        break;
    case ParamField::Scale:
        a.from = 0;
        a.to = current == 0 ? 1 : current;
        break;
    case ParamField::Base:
        a.from = current > 10 ? 10 : current;
        a.to = current > 10 ? current : 10000;
        break;
    case ParamField::DModel:
        a.from = EncodingParams::kMinDModel;
        a.to = current > EncodingParams::kMinDModel ? current : 128;
        break;
    case ParamField::SeqLen:
        a.from = EncodingParams::kMinSeqLen;
        a.to = current > EncodingParams::kMinSeqLen ? current : 30;
        break;
    }
    // One frame per step of one where the steps are whole (pos, offset, the integers), else 30.
    const double span = std::abs(a.to - a.from);
    const bool whole = parameter == ParamField::Position || parameter == ParamField::Offset
                       || EncodingParams::isInteger(parameter);
    a.frames = std::clamp(whole && span < Animation::kMaxFrames ? int(span) + 1 : 30, Animation::kMinFrames,
                          Animation::kMaxFrames);
    return a;
}

AnimationDialog::AnimationDialog(const AnimationRequest &request, QWidget *parent)
    : QDialog(parent)
    , m_template(request)
    , m_accepted(request)
{
    setWindowTitle(tr("Export Animation"));
    setObjectName(QStringLiteral("AnimationDialog"));
    auto *form = new QFormLayout;

    const ViewDescriptor *view = ViewRegistry::find(request.view);
    auto *viewLabel = new QLabel(view ? view->title().remove(QLatin1Char('&')) : request.view);
    form->addRow(tr("View:"), viewLabel);

    m_parameter = new QComboBox;
    m_parameter->setAccessibleName(tr("Parameter"));
    for (const QString &name : Animation::parameterNames())
        m_parameter->addItem(ParamText::symbol(*Animation::parameterNamed(name)), name);
    form->addRow(tr("&Parameter:"), m_parameter);

    const auto entry = [this](const QString &name) {
        auto *edit = new QLineEdit;
        edit->setAccessibleName(name);
        edit->setMaximumWidth(fontMetrics().averageCharWidth() * 16);
        connect(edit, &QLineEdit::textChanged, this, &AnimationDialog::update);
        return edit;
    };
    m_from = entry(tr("From"));
    m_to = entry(tr("To"));
    form->addRow(tr("F&rom:"), m_from);
    form->addRow(tr("&To:"), m_to);

    m_frames = new QSpinBox;
    m_frames->setAccessibleName(tr("Frames"));
    m_frames->setRange(Animation::kMinFrames, Animation::kMaxFrames);
    form->addRow(tr("Fra&mes:"), m_frames);
    m_fps = new QSpinBox;
    m_fps->setAccessibleName(tr("Frames per second"));
    m_fps->setRange(int(Animation::kMinFps), int(Animation::kMaxFps));
    form->addRow(tr("Frames per &second:"), m_fps);

    m_size = new QComboBox;
    m_size->setAccessibleName(ExportDialog::tr("Size"));
    m_size->addItem(ExportDialog::tr("Single column (89 mm wide)"), QStringLiteral("single-column"));
    m_size->addItem(ExportDialog::tr("Double column (183 mm wide)"), QStringLiteral("double-column"));
    m_size->addItem(ExportDialog::tr("16:9 slide (254 mm wide)"), QStringLiteral("slide"));
    if (request.page.preset.isEmpty())
        m_size->addItem(tr("%1 × %2 mm").arg(request.page.widthMm).arg(request.page.heightMm), QString());
    const int sizeIndex = m_size->findData(request.page.preset);
    m_size->setCurrentIndex(sizeIndex < 0 ? 0 : sizeIndex);
    form->addRow(ExportDialog::tr("&Size:"), m_size);
    m_dpi = new QSpinBox;
    m_dpi->setAccessibleName(ExportDialog::tr("DPI"));
    m_dpi->setRange(FigurePage::kMinDpi, FigurePage::kMaxDpi);
    m_dpi->setValue(request.page.preset == QLatin1String("slide") && request.page.dpi == FigurePage().dpi
                        ? FigurePage::kSlideAnimationDpi
                        : request.page.dpi);
    m_pixels = new QLabel;
    m_pixels->setObjectName(QStringLiteral("pixels"));
    auto *dpiRow = new QHBoxLayout;
    dpiRow->addWidget(m_dpi);
    dpiRow->addWidget(m_pixels, 1);
    auto *dpiLabel = new QLabel(ExportDialog::tr("&DPI:"));
    dpiLabel->setBuddy(m_dpi);
    form->addRow(dpiLabel, dpiRow);

    m_file = new QLineEdit(QDir::toNativeSeparators(request.output));
    m_file->setAccessibleName(ExportDialog::tr("File"));
    m_file->setMinimumWidth(fontMetrics().averageCharWidth() * 44);
    connect(m_file, &QLineEdit::textChanged, this, &AnimationDialog::update);
    auto *browse = new QPushButton(ExportDialog::tr("&Browse…"));
    browse->setAutoDefault(false);
    browse->setAccessibleName(ExportDialog::tr("Choose the file"));
    connect(browse, &QPushButton::clicked, this, &AnimationDialog::browse);
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(browse);
    auto *fileLabel = new QLabel(ExportDialog::tr("&File:"));
    fileLabel->setBuddy(m_file);
    form->addRow(fileLabel, fileRow);

    m_command = new QLabel;
    m_command->setObjectName(QStringLiteral("AnimationCommand"));
    m_command->setWordWrap(true);
    m_command->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_command->setToolTip(tr("The command line that writes the same file"));
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("AnimationError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b00020"));

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Export"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &AnimationDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_command);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);

    setAnimation(request.animation);
    m_fps->setValue(int(std::lround(std::clamp(request.animation.fps, Animation::kMinFps, Animation::kMaxFps))));
    connect(m_parameter, &QComboBox::currentIndexChanged, this, &AnimationDialog::parameterChosen);
    connect(m_frames, &QSpinBox::valueChanged, this, &AnimationDialog::update);
    connect(m_fps, &QSpinBox::valueChanged, this, &AnimationDialog::update);
    connect(m_size, &QComboBox::currentIndexChanged, this, &AnimationDialog::sizeChosen);
    connect(m_dpi, &QSpinBox::valueChanged, this, &AnimationDialog::update);
    update();
}

void AnimationDialog::setAnimation(const Animation &animation)
{
    const QSignalBlocker blockParameter(m_parameter);
    m_parameter->setCurrentIndex(std::max(0, m_parameter->findData(parameterOption(animation.parameter))));
    m_from->setText(dialogNumberText(animation.from));
    m_to->setText(dialogNumberText(animation.to));
    m_frames->setValue(animation.frames);
}

void AnimationDialog::parameterChosen()
{
    const auto parameter = Animation::parameterNamed(m_parameter->currentData().toString());
    if (!parameter)
        return;
    setAnimation(defaultAnimation(*parameter, m_template.params));
    update();
}

std::optional<AnimationRequest> AnimationDialog::request(QString *error) const
{
    AnimationRequest request = m_template;
    Animation &a = request.animation;
    a.parameter = Animation::parameterNamed(m_parameter->currentData().toString()).value_or(ParamField::Position);
    const auto from = ExportDialog::numberTyped(m_from->text());
    const auto to = ExportDialog::numberTyped(m_to->text());
    const ParamError range{a.parameter, {}};
    if (!from || !to) {
        if (error)
            *error = tr("%1: “%2” is not a number; %3")
                         .arg(!from ? tr("From") : tr("To"), !from ? m_from->text() : m_to->text(),
                              ParamText::error(range));
        return std::nullopt;
    }
    a.from = *from;
    a.to = *to;
    a.frames = m_frames->value();
    a.fps = m_fps->value();
    const QString preset = m_size->currentData().toString();
    if (!preset.isEmpty()) {
        const FigurePage sized = *FigurePage::fromPreset(preset);
        request.page.preset = sized.preset;
        request.page.widthMm = sized.widthMm;
        request.page.heightMm = sized.heightMm;
    }
    request.page.dpi = m_dpi->value();
    // A slide's text is a projector's size unless a size was chosen for the figures.
    if (preset == QLatin1String("slide") && request.page.fontPt == FigurePage().fontPt)
        request.page.fontPt = FigurePage::kSlideFontPt;
    request.output = QDir::fromNativeSeparators(m_file->text().trimmed());
    if (!AnimationRequest::isAnimationPath(request.output)) {
        if (error)
            *error = tr("File: an animation is written as a .gif");
        return std::nullopt;
    }
    if (const auto invalid = request.validate()) {
        if (error)
            *error = *invalid;
        return std::nullopt;
    }
    return request;
}

void AnimationDialog::update()
{
    QString error;
    const auto current = request(&error);
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(current.has_value());
    m_command->setText(current ? current->commandLine() : QString());
    FigurePage page = m_template.page;
    if (const auto sized = FigurePage::fromPreset(m_size->currentData().toString()))
        page = *sized;
    page.dpi = m_dpi->value();
    const QSize pixels = page.pixelSize();
    // What the export will draw, before it starts: every frame is a whole figure.
    const double megapixels = double(pixels.width()) * pixels.height() * m_frames->value() / 1e6;
    m_pixels->setText(tr("%1 × %2 pixels, %3 megapixels to draw in all")
                          .arg(pixels.width())
                          .arg(pixels.height())
                          .arg(QLocale().toString(megapixels, 'f', megapixels < 10 ? 1 : 0)));
}

void AnimationDialog::sizeChosen()
{
    // A slide is shown on a projector: its DPI a screen's, not a print's, while the DPI is
    // still the one the other page offered.
    const bool slide = m_size->currentData().toString() == QLatin1String("slide");
    if (slide && m_dpi->value() == FigurePage().dpi)
        m_dpi->setValue(FigurePage::kSlideAnimationDpi);
    else if (!slide && m_dpi->value() == FigurePage::kSlideAnimationDpi)
        m_dpi->setValue(FigurePage().dpi);
    update();
}

void AnimationDialog::browse()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Animation"), m_file->text(),
                                                      tr("Animated GIF (*.gif)"));
    if (path.isEmpty())
        return;
    m_file->setText(QDir::toNativeSeparators(AnimationRequest::isAnimationPath(path) ? path
                                                                                      : path + QStringLiteral(".gif")));
}

void AnimationDialog::accept()
{
    QString error;
    const auto current = request(&error);
    if (!current) {
        m_error->setText(error);
        m_error->setVisible(true);
        return;
    }
    m_accepted = *current;
    QDialog::accept();
}

} // namespace posenc
