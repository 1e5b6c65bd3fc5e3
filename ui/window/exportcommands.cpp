// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/exportcommands.h"

#include "ui/export/animationdialog.h"
#include "ui/export/dataexport.h"
#include "ui/export/figureexport.h"
#include "ui/state/encodingstate.h"
#include "ui/export/preferences.h"
#include "ui/views/viewregistry.h"
#include "ui/widgets/animationbar.h"
#include "ui/window/language.h"
#include "ui/window/viewpages.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include "ui/io/fileset.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QStatusBar>
#include <QStyle>
#include <QTemporaryDir>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace posenc {

ExportCommands::ExportCommands(QMainWindow *window, const EncodingState *state, const ViewPages *views,
                               Preferences *preferences, std::function<void()> settingsChanged,
                               std::function<void(const QString &path)> exported)
    : m_window(window)
    , m_state(state)
    , m_views(views)
    , m_preferences(preferences)
    , m_settingsChanged(std::move(settingsChanged))
    , m_exported(std::move(exported))
{
    if (m_preferences)
        m_exportSettings = m_preferences->exportSettings();
}

void ExportCommands::exportData()
{
    QString view = m_views->currentView();
    if (!DataExport::viewNames().contains(view))
        view = ViewRegistry::defaultId();
    QString selected;
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export data"), view + QStringLiteral(".npy"),
        tr("NumPy array (*.npy);;Comma-separated values (*.csv)"), &selected);
    if (path.isEmpty())
        return;
    QString error;
    const auto table = DataExport::table(view, m_state->scene(), &error);
    if (!table || !DataExport::write(path, *table, DType::Float64, {}, &error))
        QMessageBox::warning(m_window, tr("Export data"), error);
    else
        m_window->statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
}

namespace {

// A view's folder export's menu entry as a dialog's title: "Export Training Run as PyTorch".
QString folderExportTitle(const ViewDescriptor &view)
{
    return QString(view.exportFolderTitle()).remove(QLatin1Char('&')).remove(QChar(0x2026));
}

} // namespace

bool ExportCommands::exportViewFolder(const QString &view, const QString &folder, QString *error)
{
    const ViewDescriptor *descriptor = ViewRegistry::find(view);
    if (!descriptor || !descriptor->exportFolderFiles)
        return false;
    const QString title = folderExportTitle(*descriptor);
    QString why;
    const auto files = descriptor->exportFolderFiles(m_state->scene(), &why);
    if (!files || writeFileSet(folder, title, *files, &why) != 0) {
        if (error)
            *error = why;
        return false;
    }
    QStringList names;
    for (const SetFile &file : *files)
        names << file.name;
    m_window->statusBar()->showMessage(tr("Saved %1 in %2").arg(names.join(QStringLiteral(", ")), folder), 8000);
    return true;
}

void ExportCommands::chooseAndExportViewFolder(const QString &view)
{
    const QString title = folderExportTitle(*ViewRegistry::find(view));
    const QString folder = QFileDialog::getExistingDirectory(m_window, title);
    QString error;
    if (!folder.isEmpty() && !exportViewFolder(view, folder, &error))
        QMessageBox::warning(m_window, title, error);
}

QToolButton *ExportCommands::createExportButton(QAction *exportAction, const QList<QAction *> &more)
{
    // One button under the list of views: it belongs to whichever view is in front, so every
    // view has it without touching the view classes. Its arrow offers the rest.
    auto *button = new QToolButton;
    button->setObjectName(QStringLiteral("ViewExportButton"));
    exportAction->setIcon(m_window->style()->standardIcon(QStyle::SP_DialogSaveButton));
    button->setDefaultAction(exportAction);
    button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    button->setPopupMode(QToolButton::MenuButtonPopup);
    button->setAutoRaise(true);
    button->setFocusPolicy(Qt::TabFocus);
    button->setAccessibleName(tr("Export the current view"));
    button->setToolTip(tr("Export the current view (%1); the arrow copies it or describes it")
                           .arg(exportAction->shortcut().toString(QKeySequence::NativeText)));
    auto *menu = new QMenu(button);
    menu->addAction(exportAction);
    menu->addActions(more);
    button->setMenu(menu);
    return button;
}

void ExportCommands::setExportSettings(const ExportSettings &settings)
{
    m_exportSettings = settings;
    if (m_preferences)
        m_preferences->setExportSettings(settings);
    m_settingsChanged(); // the page is part of the preset
}

FigureRequest ExportCommands::exportRequest(const QString &view) const
{
    FigureRequest request;
    request.view = view;
    request.scene() = m_state->scene();
    // The chosen dimensions the view draws: those at or beyond d_model are kept by the state
    // but the command line refuses them.
    request.dimensions.clear();
    for (int d : m_state->curveDimensions()) {
        if (d < request.params.dModel)
            request.dimensions << d;
    }
    // Figures carry the window's language, and the copied command line says so.
    if (Language::current() != QLatin1String("en"))
        request.language = Language::current();
    request.page = m_exportSettings.page;
    if (!m_exportSettings.pageChosen) {
        const ViewDescriptor *descriptor = ViewRegistry::find(view);
        if (const auto page = descriptor ? FigurePage::fromPreset(descriptor->recommendedSize) : std::nullopt) {
            request.page.preset = descriptor->recommendedSize;
            request.page.widthMm = page->widthMm;
            request.page.heightMm = page->heightMm;
        }
    }
    request.dtype = m_exportSettings.dtype;
    request.output = m_exportSettings.pathFor(view);
    return request;
}

bool ExportCommands::exportFile(const FigureRequest &request, QString *error)
{
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QStringList omitted;
    const bool written = FigureExport::writeFile(request, error, QString(), &omitted);
    QApplication::restoreOverrideCursor();
    if (!written)
        return false;
    ExportSettings settings = m_exportSettings;
    if (request.isFigure()) {
        settings.page = request.page;
        settings.pageChosen = true;
    } else
        settings.dtype = request.dtype;
    const QFileInfo output(request.output);
    settings.directory = output.absolutePath();
    settings.format = output.suffix().toLower();
    setExportSettings(settings);
    // The dialog's preview said what the page leaves out; the status bar says it again.
    const QString note = FigureExport::omissionNote(request.page, omitted);
    const QString saved = tr("Saved %1").arg(QDir::toNativeSeparators(request.output));
    m_window->statusBar()->showMessage(note.isEmpty() ? saved : saved + QStringLiteral(". ") + note,
                                       note.isEmpty() ? 5000 : 15000);
    m_exported(request.output);
    return true;
}

std::optional<FigureRequest> ExportCommands::askForExport(const QString &view, ExportDialog::Mode mode)
{
    if (view.isEmpty()) {
        QMessageBox::information(m_window, tr("Export"), tr("Open a view first: there is nothing to export."));
        return std::nullopt;
    }
    ExportDialog dialog(exportRequest(view), mode, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.acceptedRequest();
}

void ExportCommands::showExportDialog()
{
    const std::optional<FigureRequest> request = askForExport(m_views->currentView(), ExportDialog::Mode::File);
    if (!request)
        return;
    QString error;
    if (!exportFile(*request, &error))
        QMessageBox::warning(m_window, tr("Export"),
                             tr("%1 was not written: %2").arg(QDir::toNativeSeparators(request->output), error));
}

void ExportCommands::copyCommandLine()
{
    const QString view = m_views->currentView();
    if (view.isEmpty())
        return;
    const QString command = exportRequest(view).commandLine();
    QGuiApplication::clipboard()->setText(command);
    m_window->statusBar()->showMessage(tr("Copied: %1").arg(command), 5000);
}

bool ExportCommands::copyFigure(QString *error)
{
    const QString view = m_views->currentView();
    if (view.isEmpty()) {
        if (error)
            *error = tr("Open a view first: there is nothing to copy.");
        return false;
    }
    // The figure exactly as an export would draw it: the same page, theme and colour map.
    QTemporaryDir folder;
    if (!folder.isValid()) {
        if (error)
            *error = tr("No temporary folder to draw the figure in: %1").arg(folder.errorString());
        return false;
    }
    FigureRequest request = exportRequest(view);
    request.output = folder.filePath(view + QStringLiteral(".png"));
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QStringList omitted;
    const bool drawn = FigureExport::write(request, error, QString(), &omitted);
    const QImage image(request.output);
    request.output = folder.filePath(view + QStringLiteral(".svg"));
    QByteArray svg;
    if (drawn && FigureExport::write(request, nullptr)) {
        QFile file(request.output);
        if (file.open(QIODevice::ReadOnly))
            svg = file.readAll();
    }
    QApplication::restoreOverrideCursor();
    if (!drawn || image.isNull()) {
        if (error && drawn)
            *error = tr("The figure could not be drawn.");
        return false;
    }
    auto *mime = new QMimeData;
    mime->setImageData(image);
    if (!svg.isEmpty())
        mime->setData(QStringLiteral("image/svg+xml"), svg);
    QGuiApplication::clipboard()->setMimeData(mime);
    const QString note = FigureExport::omissionNote(request.page, omitted);
    const QString copied = tr("The figure is on the clipboard (%1 × %2 pixels).").arg(image.width()).arg(image.height());
    m_window->statusBar()->showMessage(note.isEmpty() ? copied : copied + QLatin1Char(' ') + note,
                                       note.isEmpty() ? 5000 : 15000);
    return true;
}

MainWindow::BatchResult ExportCommands::exportViews(const QStringList &views, const ExportSettings &settings)
{
    MainWindow::BatchResult result;
    QProgressDialog progress(tr("Exporting the open views…"), tr("Cancel"), 0, int(views.size()), m_window);
    progress.setWindowTitle(tr("Export All Open Views"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.setAutoReset(false);
    progress.setValue(0);
    // The Cancel button emits canceled(); setValue() at the maximum and reset() clear
    // wasCanceled(), so the signal is kept too.
    bool cancelled = false;
    QObject::connect(&progress, &QProgressDialog::canceled, &progress, [&cancelled] { cancelled = true; });
    for (int i = 0; i < views.size(); ++i) {
        QCoreApplication::processEvents();
        cancelled = cancelled || progress.wasCanceled();
        if (cancelled)
            break;
        FigureRequest request = exportRequest(views.at(i));
        request.page = settings.page;
        request.dtype = settings.dtype;
        request.output = settings.pathFor(views.at(i));
        progress.setLabelText(tr("Writing %1 (%2 of %3)…")
                                  .arg(QFileInfo(request.output).fileName())
                                  .arg(i + 1)
                                  .arg(views.size()));
        QString error;
        QStringList omitted;
        if (!FigureExport::writeFile(request, &error, QString(), &omitted)) {
            result.error = tr("%1 was not written: %2").arg(QDir::toNativeSeparators(request.output), error);
            break;
        }
        result.written << request.output;
        if (const QString note = FigureExport::omissionNote(request.page, omitted); !note.isEmpty())
            result.notes << QFileInfo(request.output).fileName() + QStringLiteral(": ") + note;
        m_exported(request.output);
        progress.setValue(i + 1);
    }
    QCoreApplication::processEvents();
    result.cancelled = cancelled && result.written.size() < views.size();
    if (!result.written.isEmpty())
        setExportSettings(settings);
    return result;
}

void ExportCommands::showExportAllDialog()
{
    const QStringList views = m_views->openViews();
    // The dialog starts from the first open view; its output names a file in the folder.
    const std::optional<FigureRequest> request = askForExport(views.value(0), ExportDialog::Mode::Folder);
    if (!request)
        return;
    ExportSettings settings = m_exportSettings;
    const QFileInfo output(request->output);
    settings.directory = output.absolutePath();
    settings.format = output.suffix().toLower();
    settings.page = request->page;
    settings.dtype = request->dtype;
    const QString folder = QDir::toNativeSeparators(settings.directory);

    int existing = 0;
    for (const QString &view : views)
        existing += QFileInfo::exists(settings.pathFor(view)) ? 1 : 0;
    if (existing > 0
        && QMessageBox::question(m_window, tr("Export All Open Views"),
                                 tr("%1 of the %2 files exist already in %3. Replace them?")
                                     .arg(existing).arg(views.size()).arg(folder))
               != QMessageBox::Yes)
        return;

    const MainWindow::BatchResult result = exportViews(views, settings);
    if (!result.error.isEmpty())
        QMessageBox::warning(m_window, tr("Export All Open Views"),
                             tr("%1\n%2 of %3 files were written to %4 before the failure.")
                                 .arg(result.error)
                                 .arg(result.written.size())
                                 .arg(views.size())
                                 .arg(folder));
    else if (result.cancelled)
        QMessageBox::information(m_window, tr("Export All Open Views"),
                                 tr("Export cancelled: %1 of %2 files were written to %3 and are kept.")
                                     .arg(result.written.size())
                                     .arg(views.size())
                                     .arg(folder));
    else if (!result.notes.isEmpty())
        QMessageBox::information(m_window, tr("Export All Open Views"),
                                 tr("%1 files written to %2.").arg(result.written.size()).arg(folder)
                                     + QStringLiteral("\n\n") + result.notes.join(QStringLiteral("\n")));
    else
        m_window->statusBar()->showMessage(tr("%1 files written to %2").arg(result.written.size()).arg(folder), 5000);
}

// ---------------------------------------------------------------------------------------
// File > Export Animation…

QAction *ExportCommands::createExportAnimationAction(QMenu *file)
{
    QAction *action = file->addAction(tr("Export A&nimation…"), m_window, [this] { showExportAnimationDialog(); });
    action->setObjectName(QStringLiteral("ExportAnimationAction"));
    action->setStatusTip(tr("Write the current view as an animated GIF for slides, one parameter swept"));
    return action;
}

AnimationRequest ExportCommands::animationRequest(const QString &view) const
{
    AnimationRequest request;
    static_cast<FigureRequest &>(request) = exportRequest(view);
    request.output = QDir(m_exportSettings.directory).filePath(view + QStringLiteral(".gif"));
    const AnimationBar *bar = m_animation;
    const ParameterAnimator *animator = bar ? bar->positionAnimator() : nullptr;
    if (bar && bar->offsetAnimator() && bar->offsetAnimator()->isPlaying() && !bar->positionAnimator()->isPlaying())
        animator = bar->offsetAnimator();
    const ParamField parameter = animator && animator->target() == ParameterAnimator::Target::Offset
                                     ? ParamField::Offset
                                     : ParamField::Position;
    request.animation = AnimationDialog::defaultAnimation(parameter, request.params);
    if (animator) {
        request.animation.from = animator->first();
        request.animation.to = animator->last();
        request.animation.frames = std::clamp(int(std::lround(animator->last() - animator->first())) + 1,
                                              Animation::kMinFrames, Animation::kMaxFrames);
        request.animation.fps = std::clamp<double>(animator->speed(), Animation::kMinFps, Animation::kMaxFps);
    }
    return request;
}

bool ExportCommands::exportAnimation(const AnimationRequest &request, QString *error, bool *cancelled)
{
    QProgressDialog progress(tr("Drawing the frames…"), tr("Cancel"), 0, request.animation.frames + 1, m_window);
    progress.setObjectName(QStringLiteral("AnimationProgress"));
    progress.setWindowTitle(tr("Export Animation"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.setAutoReset(false);
    progress.setAutoClose(false);
    progress.setValue(0);
    bool stop = false;
    QObject::connect(&progress, &QProgressDialog::canceled, &progress, [&stop] { stop = true; });
    const auto step = [&](int done, int total) {
        progress.setValue(done);
        progress.setLabelText(done < request.animation.frames
                                  ? tr("Drawing frame %1 of %2…").arg(done + 1).arg(request.animation.frames)
                                  : tr("Writing %1…").arg(QFileInfo(request.output).fileName()));
        Q_UNUSED(total);
        QCoreApplication::processEvents();
        return !(stop || progress.wasCanceled());
    };
    const bool written = AnimationExport::write(request, error, step, cancelled);
    progress.close();
    if (!written)
        return false;
    ExportSettings settings = m_exportSettings;
    settings.page = request.page;
    settings.directory = QFileInfo(request.output).absolutePath();
    setExportSettings(settings);
    m_window->statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(request.output)), 5000);
    m_exported(request.output);
    return true;
}

void ExportCommands::showExportAnimationDialog()
{
    const QString view = m_views->currentView();
    if (view.isEmpty()) {
        QMessageBox::information(m_window, tr("Export"), tr("Open a view first: there is nothing to export."));
        return;
    }
    AnimationDialog dialog(animationRequest(view), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const AnimationRequest request = dialog.acceptedRequest();
    QString error;
    bool cancelled = false;
    if (!exportAnimation(request, &error, &cancelled) && !cancelled)
        QMessageBox::warning(m_window, tr("Export Animation"),
                             tr("%1 was not written: %2").arg(QDir::toNativeSeparators(request.output), error));
}

} // namespace posenc
