// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/boxaverage.h"
#include "core/encodingparams.h"

#include <QList>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <optional>
#include <utility>

class QBoxLayout;
class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPTextElement;
class QCustomPlot;
class QLabel;
class QListWidget;
class QMouseEvent;
class QProgressBar;
class QPushButton;

namespace posenc {

class CellHighlight;
class CheckReader;
class ComponentsPlot;
class EncodingState;
struct CheckedFile;
struct EncodingCheck;

// "Check my implementation": a user's own encoding matrix, the convention core
// identifies in it (core/encodingcheck.h) and its bugs. Three heatmaps (the file and the
// identified reference on one colour scale, file − reference on its own; positions down,
// dimensions across),
// the frequency of every column fitted from the data against the paper's ladder, the
// findings with their fixes, and a button that sets the app's parameters to the convention
// found so that every other view shows it. The view reads and converts; core computes.
class CheckView : public QWidget
{
    Q_OBJECT

public:
    explicit CheckView(EncodingState *state, QWidget *parent = nullptr);
    ~CheckView() override;

    QCustomPlot *mapPlot() const { return m_mapPlot; }
    // The maps: 0 the file, 1 the reference, 2 their difference.
    QCPColorMap *map(int index) const { return m_maps.at(index); }
    QCPAxisRect *mapRect(int index) const { return m_rects.at(index); }
    QCPColorScale *colorScale() const { return m_scale; }          // the file's and the reference's
    QCPColorScale *differenceScale() const { return m_differenceScale; }
    QCPTextElement *mapTitle(int index) const { return m_titles.at(index); }
    QCustomPlot *ladderPlot() const { return m_ladderPlot; }
    // A learned table's first two principal components, shown in the ladder's place.
    ComponentsPlot *componentsPlot() const { return m_components; }
    QListWidget *findingsList() const { return m_findings; }
    QPushButton *useButton() const { return m_useButton; }
    // While a large file is read and checked off the window's thread: how far, and a Cancel
    // that goes back to the file shown before.
    QProgressBar *readingBar() const { return m_readingBar; }
    QPushButton *cancelButton() const { return m_cancelButton; }
    QLabel *verdictLabel() const { return m_verdict; }
    QLabel *summaryLabel() const { return m_summary; }
    QLabel *transferLabel() const { return m_transfer; }
    const BoxGrid &mapGrid() const { return m_grid; }
    double rowOrigin() const { return m_rowOrigin; }
    CellHighlight *cellHighlight(int index) const { return m_highlights.at(index); }

    void refresh();

    // The parameters of the app that show the convention of `checked` (on top of `current`,
    // which keeps what the file does not say: the probe position, k), and what of the
    // convention they cannot hold, one translated sentence each.
    struct Transfer {
        EncodingParams params;
        QStringList notCarried;
    };
    static Transfer transfer(const CheckedFile &checked, const EncodingParams &current);
    // Sets the app's parameters to the convention of the file of the scene (one undo step);
    // the sentences of what could not be carried over.
    static QStringList useConvention(EncodingState *state);

    // The one-line verdict, the summary of what was identified, the y coordinate of row 0.
    static QString verdict(const CheckedFile &checked);
    static QString summary(const CheckedFile &checked);
    static double rowOriginOf(const CheckedFile &checked);
    // The inspector's text for the cell at row `row`, column `column` of the
    // [positions x dimensions] matrix: the file's value, the reference's and its formula,
    // their difference.
    static QString cellExplanation(const CheckedFile &checked, int row, int column);
    // Describe View: the file, the verdict, what was identified, the findings.
    static QString describe(const EncodingState &state);
    // The frequency of column `column` as read off the data: |theta_c / step| (NaN when none).
    static double columnFrequency(const EncodingCheck &check, int column);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void applyFigureLayout();
    void arrangeFigure();
    void onStateChanged();
    void onMousePress(QMouseEvent *event);
    void onMouseMove(QMouseEvent *event);
    std::optional<std::pair<int, int>> cellAt(const QPointF &pixel) const;
    void fitMaps();
    void fitColorScales();
    void refreshLadder();
    void refreshFindings();
    void moveHighlight();
    void resetZoom();
    void showReading(bool reading);
    bool reading() const; // a file is being read: the maps, clicks and hovers wait for it
    void cancelReading();

    EncodingState *m_state;
    QLabel *m_fileLabel;
    QLabel *m_verdict;
    QLabel *m_summary;
    QLabel *m_transfer;
    QPushButton *m_useButton;
    QProgressBar *m_readingBar;
    QPushButton *m_cancelButton;
    CheckReader *m_reader;
    QCustomPlot *m_mapPlot;
    QList<QCPAxisRect *> m_rects;
    QList<QCPColorMap *> m_maps;
    QList<QCPTextElement *> m_titles;
    QList<CellHighlight *> m_highlights;
    QCPColorScale *m_scale;
    QCPColorScale *m_differenceScale;
    QCustomPlot *m_ladderPlot;
    ComponentsPlot *m_components;
    QListWidget *m_findings;
    QLabel *m_hint;
    QBoxLayout *m_plots = nullptr; // the maps and the ladder: side by side, or stacked on a small page
    std::shared_ptr<const CheckedFile> m_checked; // what the view shows
    std::shared_ptr<const CheckedFile> m_mapChecked; // what the maps were filled from
    BoxGrid m_grid;
    double m_rowOrigin = 0;
    bool m_dirty = true;
    bool m_compact = false;
    bool m_wide = false;     // compact on a wide page (PlotStyle::FigureShape)
    bool m_mapsOnly = false; // a figure on a small page that is not wide: the ladder left out
    bool m_arranging = false;   // in applyFigureLayout
    bool m_arrangeAgain = false; // a resize asked for it meanwhile
    bool m_linking = false; // while the maps' ranges follow one another
    bool m_refreshing = false; // while refresh() starts a load
};

} // namespace posenc
