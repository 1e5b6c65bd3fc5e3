// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/export/figurerequest.h"

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>

class QWidget;

namespace posenc {

// Writes a view as a figure for a paper or a slide: PNG (exactly width x dpi pixels, the DPI
// in its pHYs chunk), SVG and PDF (vector: axes, text and curves stay paths and text; colour
// maps are embedded as lossless images on the figure's pixel grid, whole blocks per cell or
// averaged over each dot, drawn without smoothing). Each file carries its provenance: the
// version, the reproducing command line and the parameters as JSON (PNG text chunks, SVG
// title and description, PDF document information and XMP).
//
// The view is marked as a figure (a multi-panel view then takes its compact layout on a small
// page, see PlotStyle::watchFigureLayout) and laid out at the physical size in the screen's
// logical pixels (so its fonts in points measure as they draw), restyled in the page's theme
// and colour map (PlotStyle::applyTheme), then painted scaled to the page: QCustomPlots
// through QCustomPlot::toPainter (vector, never their on-screen pixmap buffer), other widgets
// (labels, the clock faces) through QWidget::render. Controls that only make sense on
// screen (entries, spin boxes, check boxes, buttons, splitter handles) are left out.
class FigureExport
{
    Q_DECLARE_TR_FUNCTIONS(FigureExport)

public:
    // Builds its own state and view offscreen (needs a QApplication) and writes
    // request.output through SafeSave: on failure no file is left and an old one is kept.
    // `path`, when given, is the file written instead of request.output (which the file's
    // reproducing command line still names): a set of figures is written aside first.
    // `omitted`, when given, receives what the page's layout left out of the view's content
    // (PlotStyle::figureOmissions), to be told to the user: empty when nothing was.
    static bool write(const FigureRequest &request, QString *error, const QString &path = QString(),
                      QStringList *omitted = nullptr);

    // Writes whatever request.output names: a figure through write(), or the data behind the
    // view (.npy, .csv) through DataExport with the reproducing command line in a CSV's
    // comment lines (the data path needs only a QCoreApplication). The one path that
    // `posenc-lab export`, presets and the window's export all take.
    static bool writeFile(const FigureRequest &request, QString *error, const QString &path = QString(),
                          QStringList *omitted = nullptr);

    // Renders an existing, shown view (used by write()). The view is the export's: its size,
    // fonts, layout and look stay as the page made them.
    // A figure that could not be painted (a paint device that did not start, a painter that
    // could not begin: Qt only warns) is an error, and no file is written.
    static bool writeView(QWidget *view, const FigureRequest &request, QString *error,
                          const QString &path = QString());

    // The figure `request` describes as an image fitting in `box` pixels at the page's
    // proportions, drawn by the same code as a PNG at a lower DPI: the export dialog's
    // preview. A null image (and `error`) when the request cannot be drawn. `omitted` as in
    // write().
    static QImage preview(const FigureRequest &request, QSize box, QString *error = nullptr,
                          QStringList *omitted = nullptr);

    // The one sentence that tells a user what a figure of `page` left out ("This 89 x 66.75 mm
    // page leaves out ... for want of room: ..."), or an empty string when nothing was.
    static QString omissionNote(const FigurePage &page, const QStringList &omitted);

    // A new view of the given command-line name on `state`, or nullptr.
    static QWidget *createView(const QString &name, class EncodingState *state);
};

} // namespace posenc
