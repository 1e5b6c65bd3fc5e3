// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/figurerequest.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QTimer;

namespace posenc {

// File > Export… and File > Export All Open Views…: the file (or folder and format), the
// page of a figure (a size preset or width x height in mm, DPI, font size, theme, colour
// map) and the number type of data. The fields are entries, not clamped spin boxes, so a
// value out of range is refused with a line naming the field, the field gets the focus, and
// the dialog stays open. What it yields is a FigureRequest: the same thing the command line
// builds, so "Copy command line" and the exported file agree by construction.
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    // One view to one file, or every open view into one folder (<folder>/<view>.<format>).
    enum class Mode { File, Folder };

    // `request` holds the view, the state and the settings to start from; in Folder mode its
    // output names a file in the folder, whose suffix is the format.
    explicit ExportDialog(const FigureRequest &request, Mode mode, QWidget *parent = nullptr);

    Mode mode() const { return m_mode; }

    // The request the fields describe, or nothing with a sentence that starts with the
    // name of the first bad field (as its label shows it) in `error`.
    std::optional<FigureRequest> request(QString *error = nullptr) const;
    // The accepted request (valid after exec() returned Accepted).
    const FigureRequest &acceptedRequest() const { return m_accepted; }

    // Puts request()'s command line on the clipboard, or shows why it cannot.
    bool copyCommandLine();
    // A number as typed in a field: the C locale first (what the command line writes), then
    // the user's locale (a decimal comma); nothing when it is not a finite number.
    static std::optional<double> numberTyped(const QString &text);


    // The fields, for tests and for keyboard users' accessible names.
    QLineEdit *fileEntry() const { return m_file; }
    QComboBox *formatBox() const { return m_format; }
    QComboBox *sizeBox() const { return m_size; }
    QLineEdit *widthEntry() const { return m_width; }
    QLineEdit *heightEntry() const { return m_height; }
    QLineEdit *dpiEntry() const { return m_dpi; }
    QLineEdit *fontEntry() const { return m_font; }
    QComboBox *themeBox() const { return m_theme; }
    QComboBox *colormapBox() const { return m_colormap; }
    QComboBox *dtypeBox() const { return m_dtype; }
    QCheckBox *cleanBox() const { return m_clean; }
    // The preview of the page (a figure only): the figure drawn by the export's own code at
    // the page's proportions, redrawn shortly after a field changes.
    QLabel *previewLabel() const { return m_preview; }
    // Under the preview, shown while the page leaves out some of the view's content: what.
    QLabel *omissionLabel() const { return m_omitted; }
    // Draws the preview now rather than after the pause (tests).
    void updatePreview();
    QPushButton *copyCommandButton() const { return m_copyCommand; }
    QLabel *errorLabel() const { return m_error; }

public Q_SLOTS:
    // Refuses (stays open, error shown, field focused) while a field is bad.
    void accept() override;

private:
    void browse();
    void presetChosen();
    void updateEnabled();
    void showError(const QString &message, QWidget *field);
    QString outputPath() const;
    QString suffix() const;
    void setPage(const FigurePage &page);
    void schedulePreview();

    Mode m_mode;
    FigureRequest m_template;
    FigureRequest m_accepted;
    QLineEdit *m_file = nullptr;
    QComboBox *m_format = nullptr;
    QComboBox *m_size = nullptr;
    QLineEdit *m_width = nullptr;
    QLineEdit *m_height = nullptr;
    QLineEdit *m_dpi = nullptr;
    QLineEdit *m_font = nullptr;
    QComboBox *m_theme = nullptr;
    QComboBox *m_colormap = nullptr;
    QComboBox *m_dtype = nullptr;
    QCheckBox *m_clean = nullptr;
    QFormLayout *m_form = nullptr;
    QLabel *m_preview = nullptr;
    QLabel *m_omitted = nullptr;
    QTimer *m_previewTimer = nullptr;
    QLabel *m_pixels = nullptr;
    QLabel *m_error = nullptr;
    QPushButton *m_copyCommand = nullptr;
    // The field a refusal named, for the test and for the focus.
    mutable QWidget *m_badField = nullptr;
};

} // namespace posenc
