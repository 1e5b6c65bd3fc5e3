// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/animationexport.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace posenc {

// File > Export Animation…: the parameter to sweep and its range, the number of frames and
// their rate, the page (size and DPI) and the .gif to write, for the view in front. What it
// yields is an AnimationRequest, the same thing `posenc-lab export --animate` builds, checked
// by the same AnimationRequest::validate(); its command line is shown as the fields change.
class AnimationDialog : public QDialog
{
    Q_OBJECT

public:
    // `request` holds the view, the scene, the page and the animation to start from.
    explicit AnimationDialog(const AnimationRequest &request, QWidget *parent = nullptr);

    // The request the fields describe, or nothing with the reason in `error`.
    std::optional<AnimationRequest> request(QString *error = nullptr) const;
    const AnimationRequest &acceptedRequest() const { return m_accepted; }

    // A sensible range for `parameter` in `params`: the rows shown for pos, every offset that
    // stays in the rows for offset, from a smaller value up to the current one otherwise.
    static Animation defaultAnimation(ParamField parameter, const EncodingParams &params);

    QComboBox *parameterBox() const { return m_parameter; }
    QLineEdit *fromEntry() const { return m_from; }
    QLineEdit *toEntry() const { return m_to; }
    QSpinBox *framesBox() const { return m_frames; }
    QSpinBox *fpsBox() const { return m_fps; }
    QComboBox *sizeBox() const { return m_size; }
    QSpinBox *dpiBox() const { return m_dpi; }
    QLineEdit *fileEntry() const { return m_file; }
    QLabel *errorLabel() const { return m_error; }
    QLabel *commandLabel() const { return m_command; }

public Q_SLOTS:
    void accept() override;

private:
    void parameterChosen();
    void update();
    void sizeChosen();
    void browse();
    void setAnimation(const Animation &animation);

    AnimationRequest m_template;
    AnimationRequest m_accepted;
    QComboBox *m_parameter = nullptr;
    QLineEdit *m_from = nullptr;
    QLineEdit *m_to = nullptr;
    QSpinBox *m_frames = nullptr;
    QSpinBox *m_fps = nullptr;
    QComboBox *m_size = nullptr;
    QSpinBox *m_dpi = nullptr;
    QLineEdit *m_file = nullptr;
    QLabel *m_pixels = nullptr;
    QLabel *m_command = nullptr;
    QLabel *m_error = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace posenc
