// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/userguide.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace posenc {

QString UserGuide::html()
{
    // One translatable paragraph per topic, so that a translator works on short pieces.
    const QStringList sections{
        tr("<h2>PosEnc Lab: a short guide</h2>"
           "<p>PosEnc Lab shows the sinusoidal positional encoding of Transformers, "
           "PE(pos, 2i) = sin(pos·w_i) and PE(pos, 2i+1) = cos(pos·w_i) with "
           "w_i = base^(−2i/d_model), and lets you change every number of it.</p>"),
        tr("<h3>Start with the lessons</h3>"
           "<p>The <b>Lessons</b> panel (Ctrl+L) goes step by step. Read a lesson, then press "
           "<b>Show me</b>: it sets the parameters of the lesson and opens its view.</p>"),
        tr("<h3>The views</h3>"
           "<p>The list on the left holds every view, with its shortcut; the line above a view says "
           "what it shows. A click or Ctrl+1, Ctrl+2, … go to a view (and open it if it is closed), "
           "Ctrl+Tab to the next, Ctrl+W closes it. F2 describes the view in words. In a plot the "
           "mouse wheel zooms and a drag pans.</p>"),
        tr("<h3>The parameters</h3>"
           "<p>The <b>Parameters</b> panel (Ctrl+P) has a slider and an entry for each number: the "
           "slider for a quick look, the entry for an exact value. An entry that is refused says "
           "why and changes nothing. The pos slider spans the rows shown.</p>"),
        tr("<h3>Playing pos and k</h3>"
           "<p>Space plays and pauses pos, Left and Right step it; with Shift the same keys play "
           "and step the offset k, in the views that show them (in the training lab Space plays "
           "the run and Right steps it). The box next to the buttons chooses what happens at the end: "
           "stop (Once), start again (Loop) or turn back (Ping-pong). Ctrl+R resets everything.</p>"),
        tr("<h3>The inspector</h3>"
           "<p>Click a cell or a point: the <b>Inspector</b> (Ctrl+I) explains its number step by "
           "step, and follows when the parameters change.</p>"),
        tr("<h3>In class</h3>"
           "<p>F5 turns on presentation mode: large text, thick lines, full screen, and the panels "
           "hidden so that the view has the screen. F6 shows or hides the lesson, Ctrl+P the "
           "parameters; PageDown and PageUp (a presenter's clicker) go to the next and previous "
           "lesson and show it. Esc or F5 leaves. The Scene box of the tool bar holds prepared "
           "parameter sets; Scenes &gt; Save Current Scene… adds your own under a title, kept as a "
           "preset file that travels to another computer (Scenes &gt; Add Scene from Preset File…).</p>"),
        tr("<h3>Figures, numbers and presets</h3>"
           "<p>File &gt; Export (Ctrl+E) writes the view as a PNG, SVG or PDF figure, or its "
           "numbers as .npy or .csv; Edit &gt; Copy Command Line gives the posenc-lab command that "
           "writes the same file without the window. File &gt; Save Preset keeps the whole state in a "
           "file to open again.</p>"),
    };
    return sections.join(QString());
}

void UserGuide::show(QWidget *parent)
{
    auto *dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("UserGuide"));
    dialog->setWindowTitle(tr("User Guide"));
    auto *text = new QTextBrowser(dialog);
    text->setHtml(html());
    text->setAccessibleName(tr("User Guide"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    dialog->resize(640, 560);
    dialog->show();
}

} // namespace posenc
