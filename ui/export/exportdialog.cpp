// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/export/exportdialog.h"

#include "ui/export/exportsettings.h"
#include "ui/export/figureexport.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace posenc {

namespace {

bool isDataSuffix(const QString &suffix)
{
    return suffix == QLatin1String("npy") || suffix == QLatin1String("csv");
}

// A number as typed: the C locale first (what the command line and presets write), then the
// user's locale (a decimal comma).
std::optional<double> parseNumber(const QString &text)
{
    bool ok = false;
    double value = QLocale::c().toDouble(text.trimmed(), &ok);
    if (!ok)
        value = QLocale().toDouble(text.trimmed(), &ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

QString shortNumber(double value)
{
    return QString::number(value, 'g', 10);
}

// The preview's room: a single column (4:3) and a slide (16:9) both fill most of it.
const QSize kPreviewBox(320, 240);

} // namespace

ExportDialog::ExportDialog(const FigureRequest &request, Mode mode, QWidget *parent)
    : QDialog(parent)
    , m_mode(mode)
    , m_template(request)
    , m_accepted(request)
{
    setWindowTitle(mode == Mode::File ? tr("Export Figure") : tr("Export All Open Views"));
    setObjectName(QStringLiteral("ExportDialog"));
    auto *form = new QFormLayout;
    m_form = form;

    const QFileInfo output(request.output);
    auto *browse = new QPushButton(tr("&Browse…"));
    browse->setAutoDefault(false); // Enter exports, wherever the focus is
    browse->setAccessibleName(mode == Mode::File ? tr("Choose the file") : tr("Choose the folder"));
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    m_file = new QLineEdit(mode == Mode::File ? QDir::toNativeSeparators(request.output)
                                              : QDir::toNativeSeparators(output.absolutePath()));
    m_file->setAccessibleName(mode == Mode::File ? tr("File") : tr("Folder"));
    m_file->setMinimumWidth(fontMetrics().averageCharWidth() * 44);
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(browse);
    if (mode == Mode::File) {
        m_file->setToolTip(tr("The extension picks the format: .png, .svg or .pdf for a figure, "
                              ".npy or .csv for the numbers behind the view"));
        auto *label = new QLabel(tr("&File:"));
        label->setBuddy(m_file); // a row of a layout gets no buddy by itself
        form->addRow(label, fileRow);
    } else {
        m_file->setToolTip(tr("Each open view is written here, named after the view"));
        auto *label = new QLabel(tr("F&older:"));
        label->setBuddy(m_file);
        form->addRow(label, fileRow);
        m_format = new QComboBox;
        m_format->setAccessibleName(tr("Format"));
        m_format->addItem(tr("PNG image (.png)"), QStringLiteral("png"));
        m_format->addItem(tr("SVG vector image (.svg)"), QStringLiteral("svg"));
        m_format->addItem(tr("PDF document (.pdf)"), QStringLiteral("pdf"));
        m_format->addItem(tr("NumPy array (.npy)"), QStringLiteral("npy"));
        m_format->addItem(tr("Comma-separated values (.csv)"), QStringLiteral("csv"));
        const int index = m_format->findData(output.suffix().toLower());
        m_format->setCurrentIndex(index < 0 ? 0 : index);
        form->addRow(tr("Fo&rmat:"), m_format);
        connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::updateEnabled);
    }

    m_size = new QComboBox;
    m_size->setAccessibleName(tr("Size"));
    m_size->addItem(tr("Single column (89 mm wide)"), QStringLiteral("single-column"));
    m_size->addItem(tr("Double column (183 mm wide)"), QStringLiteral("double-column"));
    m_size->addItem(tr("16:9 slide (254 mm wide)"), QStringLiteral("slide"));
    m_size->addItem(tr("Custom width and height"), QString());
    form->addRow(tr("&Size:"), m_size);

    const auto entry = [this](const QString &name, const QString &range) {
        auto *edit = new QLineEdit;
        edit->setAccessibleName(name);
        edit->setPlaceholderText(range);
        edit->setToolTip(range);
        edit->setMaximumWidth(fontMetrics().averageCharWidth() * 14);
        connect(edit, &QLineEdit::textChanged, this, &ExportDialog::updateEnabled);
        return edit;
    };
    m_width = entry(tr("Width"), tr("%1 to %2 mm").arg(FigurePage::kMinMm).arg(FigurePage::kMaxMm));
    m_height = entry(tr("Height"), tr("%1 to %2 mm").arg(FigurePage::kMinMm).arg(FigurePage::kMaxMm));
    m_dpi = entry(tr("DPI"), tr("%1 to %2 dots per inch").arg(FigurePage::kMinDpi).arg(FigurePage::kMaxDpi));
    m_font = entry(tr("Font size"), tr("%1 to %2 pt").arg(FigurePage::kMinFontPt).arg(FigurePage::kMaxFontPt));
    form->addRow(tr("&Width (mm):"), m_width);
    form->addRow(tr("&Height (mm):"), m_height);
    form->addRow(tr("&DPI:"), m_dpi);
    form->addRow(tr("Font si&ze (pt):"), m_font);

    m_theme = new QComboBox;
    m_theme->setAccessibleName(tr("Theme"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    m_theme->addItem(tr("Print (safe in grayscale)"), QStringLiteral("print"));
    form->addRow(tr("&Theme:"), m_theme);
    m_colormap = new QComboBox;
    m_colormap->setAccessibleName(tr("Colour map"));
    m_colormap->addItem(tr("Diverging, centred on zero"), QStringLiteral("diverging"));
    m_colormap->addItem(tr("Viridis (perceptually uniform)"), QStringLiteral("viridis"));
    m_colormap->addItem(tr("Grayscale"), QStringLiteral("gray"));
    form->addRow(tr("&Colour map:"), m_colormap);
    m_clean = new QCheckBox(tr("&Leave out the pos / pos + k markers and annotations"));
    m_clean->setAccessibleName(tr("Clean figure"));
    m_clean->setToolTip(tr("The data alone, as --clean writes it"));
    form->addRow(tr("Clean figure:"), m_clean);
    m_dtype = new QComboBox;
    m_dtype->setAccessibleName(tr("Number type"));
    m_dtype->addItem(tr("64-bit floating point (float64)"), QStringLiteral("float64"));
    m_dtype->addItem(tr("32-bit floating point (float32)"), QStringLiteral("float32"));
    m_dtype->setCurrentIndex(request.dtype == DType::Float32 ? 1 : 0);
    m_dtype->setToolTip(tr("Only for .npy and .csv data"));
    form->addRow(tr("&Numbers:"), m_dtype);

    m_pixels = new QLabel;
    m_pixels->setObjectName(QStringLiteral("pixelSize"));
    form->addRow(QString(), m_pixels);

    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("exportError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    QPushButton *ok = buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    if (mode == Mode::File) {
        m_copyCommand = buttons->addButton(tr("Copy &command line"), QDialogButtonBox::ActionRole);
        m_copyCommand->setToolTip(tr("Put the posenc-lab command that writes this file on the clipboard"));
        connect(m_copyCommand, &QPushButton::clicked, this, &ExportDialog::copyCommandLine);
    }
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    m_preview = new QLabel;
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_preview->setAlignment(Qt::AlignCenter);
    m_preview->setAccessibleName(tr("Preview of the page"));
    m_preview->setMinimumSize(kPreviewBox);
    m_preview->setFrameShape(QFrame::StyledPanel);
    m_previewTimer = new QTimer(this);
    m_previewTimer->setSingleShot(true);
    m_previewTimer->setInterval(250);
    connect(m_previewTimer, &QTimer::timeout, this, &ExportDialog::updatePreview);

    // Under the preview: what the page leaves out of the view, if anything.
    m_omitted = new QLabel;
    m_omitted->setObjectName(QStringLiteral("exportOmitted"));
    m_omitted->setWordWrap(true);
    m_omitted->setFixedWidth(kPreviewBox.width());
    m_omitted->hide();
    auto *previewColumn = new QVBoxLayout;
    previewColumn->addWidget(m_preview);
    previewColumn->addWidget(m_omitted);
    previewColumn->addStretch();

    auto *columns = new QHBoxLayout;
    columns->addLayout(form);
    columns->addLayout(previewColumn);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns);
    layout->addWidget(m_error);
    layout->addStretch();
    layout->addWidget(buttons);
    // Only once the box is in the dialog: QDialog keeps one default button, and had made the
    // box's first button (Cancel) that.
    ok->setDefault(true);

    setPage(request.page);
    m_file->setFocus(Qt::OtherFocusReason);
    connect(m_size, &QComboBox::currentIndexChanged, this, &ExportDialog::presetChosen);
    connect(m_file, &QLineEdit::textChanged, this, &ExportDialog::updateEnabled);
    for (QComboBox *box : {m_theme, m_colormap})
        connect(box, &QComboBox::currentIndexChanged, this, &ExportDialog::schedulePreview);
    connect(m_clean, &QCheckBox::toggled, this, &ExportDialog::schedulePreview);
    updateEnabled();
    updatePreview();
}

void ExportDialog::schedulePreview()
{
    m_previewTimer->start();
}

void ExportDialog::updatePreview()
{
    m_previewTimer->stop();
    const bool figure = !isDataSuffix(suffix());
    m_preview->setVisible(figure);
    if (!figure) {
        m_omitted->hide();
        return;
    }
    auto result = request();
    if (!result)
        return; // a bad field: the last preview stays
    // Any figure suffix draws the same page; the file's own may not be typed yet.
    result->output = QStringLiteral("preview.png");
    QStringList omitted;
    const QImage image = FigureExport::preview(*result, kPreviewBox - QSize(4, 4), nullptr, &omitted);
    if (image.isNull())
        return;
    m_preview->setPixmap(QPixmap::fromImage(image));
    m_omitted->setText(FigureExport::omissionNote(result->page, omitted));
    m_omitted->setVisible(!omitted.isEmpty());
    m_preview->setToolTip(tr("%1 × %2 mm").arg(shortNumber(result->page.widthMm), shortNumber(result->page.heightMm)));
}

void ExportDialog::setPage(const FigurePage &page)
{
    const int preset = page.preset.isEmpty() ? -1 : m_size->findData(page.preset);
    m_size->setCurrentIndex(preset < 0 ? m_size->count() - 1 : preset);
    m_width->setText(shortNumber(page.widthMm));
    m_height->setText(shortNumber(page.heightMm));
    m_dpi->setText(QString::number(page.dpi));
    m_font->setText(shortNumber(page.fontPt));
    const int theme = m_theme->findData(page.theme);
    m_theme->setCurrentIndex(theme < 0 ? 0 : theme);
    const int colormap = m_colormap->findData(page.colormap);
    m_colormap->setCurrentIndex(colormap < 0 ? 0 : colormap);
    m_clean->setChecked(page.clean);
}

void ExportDialog::presetChosen()
{
    // A preset fills in its size; a custom size starts from whatever is there. The font
    // follows between the page's default and a slide's while it is one of the two: a size
    // the user typed stays.
    const QString name = m_size->currentData().toString();
    if (const auto page = FigurePage::fromPreset(name)) {
        m_width->setText(shortNumber(page->widthMm));
        m_height->setText(shortNumber(page->heightMm));
        const QString paper = shortNumber(FigurePage().fontPt);
        const QString slide = shortNumber(FigurePage::kSlideFontPt);
        if (m_font->text() == paper || m_font->text() == slide)
            m_font->setText(name == QLatin1String("slide") ? slide : paper);
    }
    updateEnabled();
}

QString ExportDialog::suffix() const
{
    if (m_mode == Mode::Folder)
        return m_format->currentData().toString();
    return QFileInfo(m_file->text().trimmed()).suffix().toLower();
}

QString ExportDialog::outputPath() const
{
    const QString typed = QDir::fromNativeSeparators(m_file->text().trimmed());
    // A bare name goes where the last export went, not into the program's working folder.
    const QDir base = QFileInfo(m_template.output).absoluteDir();
    if (m_mode == Mode::Folder)
        return QDir(base.absoluteFilePath(typed)).filePath(m_template.view + QLatin1Char('.') + suffix());
    return QDir::cleanPath(base.absoluteFilePath(typed));
}

void ExportDialog::updateEnabled()
{
    const bool data = isDataSuffix(suffix());
    const bool custom = m_size->currentData().toString().isEmpty();
    m_size->setEnabled(!data);
    m_width->setEnabled(!data);
    m_height->setEnabled(!data);
    m_width->setReadOnly(!custom);
    m_height->setReadOnly(!custom);
    m_dpi->setEnabled(!data);
    m_font->setEnabled(!data);
    m_theme->setEnabled(!data);
    m_colormap->setEnabled(!data);
    m_dtype->setEnabled(data);
    m_clean->setEnabled(!data);
    // Only the fields of what is written: the page for a figure, the number type for data.
    for (QWidget *field : {static_cast<QWidget *>(m_size), static_cast<QWidget *>(m_width),
                           static_cast<QWidget *>(m_height), static_cast<QWidget *>(m_dpi),
                           static_cast<QWidget *>(m_font), static_cast<QWidget *>(m_theme),
                           static_cast<QWidget *>(m_colormap), static_cast<QWidget *>(m_clean)})
        m_form->setRowVisible(field, !data);
    m_form->setRowVisible(m_dtype, data);
    schedulePreview();

    // The pixels a PNG will have, so that "300 DPI at 89 mm" means something at a glance.
    const auto width = parseNumber(m_width->text());
    const auto height = parseNumber(m_height->text());
    bool dpiOk = false;
    const int dpi = m_dpi->text().trimmed().toInt(&dpiOk);
    if (suffix() == QLatin1String("png") && width && height && dpiOk && dpi >= FigurePage::kMinDpi
        && dpi <= FigurePage::kMaxDpi && *width >= FigurePage::kMinMm && *width <= FigurePage::kMaxMm
        && *height >= FigurePage::kMinMm && *height <= FigurePage::kMaxMm)
        m_pixels->setText(tr("The PNG will be %1 × %2 pixels.")
                              .arg(FigurePage::pixels(*width, dpi))
                              .arg(FigurePage::pixels(*height, dpi)));
    else
        m_pixels->clear();
}

std::optional<FigureRequest> ExportDialog::request(QString *error) const
{
    m_badField = nullptr;
    const auto refuse = [&](const QString &message, QWidget *field) -> std::optional<FigureRequest> {
        if (error)
            *error = message;
        m_badField = field;
        return std::nullopt;
    };

    FigureRequest result = m_template;
    const QString typed = m_file->text().trimmed();
    if (m_mode == Mode::File) {
        if (typed.isEmpty())
            return refuse(tr("File: choose a file name."), m_file);
        const QString ext = suffix();
        if (ext.isEmpty())
            return refuse(tr("File: “%1” has no extension; use .png, .svg or .pdf for a figure, "
                             ".npy or .csv for data.").arg(typed), m_file);
        if (!ExportSettings::formats().contains(ext))
            return refuse(tr("File: “.%1” is not a format PosEnc Lab writes; use .png, .svg or "
                             ".pdf for a figure, .npy or .csv for data.").arg(ext), m_file);
        result.output = outputPath();
        const QFileInfo folder(QFileInfo(result.output).absolutePath());
        if (!folder.isDir())
            return refuse(tr("File: the folder “%1” does not exist.")
                              .arg(QDir::toNativeSeparators(folder.absoluteFilePath())), m_file);
    } else {
        if (typed.isEmpty())
            return refuse(tr("Folder: choose a folder."), m_file);
        result.output = outputPath();
        const QString folder = QFileInfo(result.output).absolutePath();
        if (!QFileInfo(folder).isDir())
            return refuse(tr("Folder: “%1” does not exist.").arg(QDir::toNativeSeparators(folder)), m_file);
    }
    result.dtype = m_dtype->currentData().toString() == QLatin1String("float32") ? DType::Float32
                                                                                 : DType::Float64;

    // Data ignores the page; a bad page field then keeps the page the dialog started from.
    const bool data = isDataSuffix(suffix());
    FigurePage page;
    page.preset = m_size->currentData().toString();
    const auto width = parseNumber(m_width->text());
    if (!width || *width < FigurePage::kMinMm || *width > FigurePage::kMaxMm) {
        if (data)
            return result;
        return refuse(tr("Width: “%1” is not a width from %2 to %3 mm.")
                          .arg(m_width->text(), shortNumber(FigurePage::kMinMm),
                               shortNumber(FigurePage::kMaxMm)), m_width);
    }
    const auto height = parseNumber(m_height->text());
    if (!height || *height < FigurePage::kMinMm || *height > FigurePage::kMaxMm) {
        if (data)
            return result;
        return refuse(tr("Height: “%1” is not a height from %2 to %3 mm.")
                          .arg(m_height->text(), shortNumber(FigurePage::kMinMm),
                               shortNumber(FigurePage::kMaxMm)), m_height);
    }
    bool dpiOk = false;
    const int dpi = m_dpi->text().trimmed().toInt(&dpiOk);
    if (!dpiOk || dpi < FigurePage::kMinDpi || dpi > FigurePage::kMaxDpi) {
        if (data)
            return result;
        return refuse(tr("DPI: “%1” is not a whole number from %2 to %3.")
                          .arg(m_dpi->text()).arg(FigurePage::kMinDpi).arg(FigurePage::kMaxDpi), m_dpi);
    }
    const auto font = parseNumber(m_font->text());
    if (!font || *font < FigurePage::kMinFontPt || *font > FigurePage::kMaxFontPt) {
        if (data)
            return result;
        return refuse(tr("Font size: “%1” is not a size from %2 to %3 pt.")
                          .arg(m_font->text(), shortNumber(FigurePage::kMinFontPt),
                               shortNumber(FigurePage::kMaxFontPt)), m_font);
    }
    // A preset's size is the preset's, exactly; what the entries show may be rounded.
    if (const auto preset = FigurePage::fromPreset(page.preset)) {
        page.widthMm = preset->widthMm;
        page.heightMm = preset->heightMm;
    } else {
        page.preset.clear();
        page.widthMm = *width;
        page.heightMm = *height;
    }
    page.dpi = dpi;
    page.fontPt = *font;
    page.theme = m_theme->currentData().toString();
    page.colormap = m_colormap->currentData().toString();
    page.clean = m_clean->isChecked();
    result.page = page;
    return result;
}

void ExportDialog::showError(const QString &message, QWidget *field)
{
    QPalette palette = m_error->palette();
    palette.setColor(QPalette::WindowText, QColor(0xb0, 0x00, 0x20));
    m_error->setPalette(palette);
    m_error->setText(message);
    m_error->show();
    if (field) {
        field->setFocus(Qt::OtherFocusReason);
        if (auto *edit = qobject_cast<QLineEdit *>(field))
            edit->selectAll();
    }
}

void ExportDialog::accept()
{
    QString error;
    const auto result = request(&error);
    if (!result) {
        showError(error, m_badField);
        return;
    }
    m_accepted = *result;
    QDialog::accept();
}

bool ExportDialog::copyCommandLine()
{
    QString error;
    const auto result = request(&error);
    if (!result) {
        showError(error, m_badField);
        return false;
    }
    QGuiApplication::clipboard()->setText(result->commandLine());
    m_error->setPalette(palette());
    m_error->setText(tr("The command line that writes this file is on the clipboard."));
    m_error->show();
    return true;
}

void ExportDialog::browse()
{
    if (m_mode == Mode::Folder) {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Export All Open Views"),
                                                                 m_file->text());
        if (!folder.isEmpty())
            m_file->setText(QDir::toNativeSeparators(folder));
        return;
    }
    const QStringList filters{tr("PNG image (*.png)"), tr("SVG vector image (*.svg)"),
                              tr("PDF document (*.pdf)"), tr("NumPy array (*.npy)"),
                              tr("Comma-separated values (*.csv)")};
    const int index = ExportSettings::formats().indexOf(suffix());
    QString selected = filters.value(index < 0 ? 0 : index);
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Figure"), outputPath(),
                                                      filters.join(QStringLiteral(";;")), &selected);
    if (path.isEmpty())
        return;
    // A name typed without an extension takes the chosen filter's.
    QString chosen = path;
    const int filter = filters.indexOf(selected);
    if (QFileInfo(chosen).suffix().isEmpty() && filter >= 0)
        chosen += QLatin1Char('.') + ExportSettings::formats().at(filter);
    m_file->setText(QDir::toNativeSeparators(chosen));
}

std::optional<double> ExportDialog::numberTyped(const QString &text)
{
    return parseNumber(text);
}

} // namespace posenc
