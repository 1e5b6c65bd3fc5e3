// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/scenecontrols.h"

#include "ui/state/encodingstate.h"
#include "ui/window/undohistory.h"
#include "ui/window/viewpages.h"

#include <QComboBox>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>

namespace posenc {

SceneControls::SceneControls(QMainWindow *window, EncodingState *state, UndoHistory *history, ViewPages *views)
    : m_window(window)
    , m_state(state)
    , m_history(history)
    , m_views(views)
{
}

void SceneControls::createSceneControls(QAction *before)
{
    QString error;
    m_namedScenes = SceneReader::readList(QStringLiteral(":/scenes.json"), QStringLiteral("scenes"),
                                          &error);
    if (m_namedScenes.isEmpty())
        qWarning("%s", qUtf8Printable(error));

    QMenu *menu = new QMenu(tr("S&cenes"), m_window);
    m_window->menuBar()->insertMenu(before, menu);
    auto *bar = m_window->addToolBar(tr("Scenes"));
    bar->setObjectName(QStringLiteral("ScenesToolBar"));
    auto *label = new QLabel(tr("Scene:"));
    m_sceneBox = new QComboBox;
    m_sceneBox->setAccessibleName(tr("Named scene"));
    m_sceneBox->setToolTip(tr("Prepared parameter sets, one click away"));
    // Long titles are cut in the box (the list shows them whole), so that the tool bar fits
    // a 1280-pixel screen in presentation mode too.
    m_sceneBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_sceneBox->setMinimumContentsLength(24);
    m_sceneBox->addItem(tr("Choose a scene…"));
    label->setBuddy(m_sceneBox);
    for (const SceneEntry &entry : std::as_const(m_namedScenes)) {
        const QString title = SceneControls::title(entry.id);
        m_sceneBox->addItem(title, entry.id);
        menu->addAction(title, m_window, [this, id = entry.id] {
            QString reason;
            if (!showNamedScene(id, &reason))
                QMessageBox::warning(m_window, tr("Scene"), reason);
        });
    }
    QObject::connect(m_sceneBox, &QComboBox::activated, m_window, [this](int index) {
        const QString id = m_sceneBox->itemData(index).toString();
        QString reason;
        if (!id.isEmpty() && !showNamedScene(id, &reason))
            QMessageBox::warning(m_window, tr("Scene"), reason);
    });
    bar->addWidget(label);
    bar->addWidget(m_sceneBox);

    // The box names the scene the window shows exactly, its view in front included, and says
    // "Choose a scene…" again once anything differs.
    for (const SceneEntry &entry : std::as_const(m_namedScenes)) {
        std::optional<Scene> scene = SceneReader::parse(entry.scene, nullptr);
        if (scene) {
            scene->rotationPair = scene->clampedRotationPair();
            m_parsedScenes.append({entry.id, entry.view, *scene});
        }
    }
    QObject::connect(m_state, &EncodingState::changed, m_sceneBox, [this] { followState(); });
    m_views->onCurrentChanged([this] { followState(); });
    followState();
}

QString SceneControls::currentSceneId() const
{
    // Two scenes can be the same state for different views (the seed's figure and the hourly
    // and weekly periods, at the defaults): the view in front tells them apart; of two for the
    // same view, the one chosen last while it still is the state.
    const Scene now = m_state->scene();
    const QString front = m_views->currentView();
    const auto shown = [&](const ParsedScene &named) {
        return named.scene == now && (named.view.isEmpty() || named.view == front);
    };
    for (const ParsedScene &named : m_parsedScenes) {
        if (named.id == m_chosen && shown(named))
            return named.id;
    }
    for (const ParsedScene &named : m_parsedScenes) {
        if (shown(named))
            return named.id;
    }
    return {};
}

void SceneControls::followState()
{
    const int index = m_sceneBox->findData(currentSceneId());
    m_sceneBox->setCurrentIndex(index < 0 ? 0 : index);
}

QString SceneControls::title(const QString &id)
{
    if (id == QLatin1String("seed-figure"))
        return tr("A figure of the source texts (d_model 128, 30 positions, dims 0–5)");
    if (id == QLatin1String("original-transformer"))
        return tr("The original Transformer (d_model 512)");
    if (id == QLatin1String("long-context"))
        return tr("A long context (seq_len 8192)");
    if (id == QLatin1String("small-base"))
        return tr("A small base (100)");
    if (id == QLatin1String("large-base"))
        return tr("A large base (10⁶)");
    if (id == QLatin1String("hourly-weekly"))
        return tr("Hourly and weekly periods (24, 168)");
    if (id == QLatin1String("scale-0.7"))
        return tr("Learnable scale at 0.7 (source texts' claim for sentiment, unverified)");
    if (id == QLatin1String("scale-1.5"))
        return tr("Learnable scale at 1.5 (source texts' claim for translation, unverified)");
    return id;
}

bool SceneControls::showScene(const QString &view, const QJsonObject &scene, QString *error)
{
    if (!view.isEmpty() && !m_views->contains(view)) {
        if (error)
            *error = tr("scene: unknown view \"%1\"").arg(view);
        return false;
    }
    if (!applyScene(scene, *m_state, error))
        return false;
    if (!view.isEmpty())
        m_views->showView(view);
    return true;
}

bool SceneControls::showNamedScene(const QString &id, QString *error)
{
    for (const SceneEntry &entry : std::as_const(m_namedScenes)) {
        if (entry.id == id) {
            const UndoHistory::Step step(*m_history, [id] { return tr("Scene: %1").arg(title(id)); });
            const bool ok = showScene(entry.view, entry.scene, error);
            if (ok)
                m_chosen = id;
            if (ok && m_sceneBox)
                m_sceneBox->setCurrentIndex(m_sceneBox->findData(id));
            return ok;
        }
    }
    if (error)
        *error = tr("no scene named \"%1\"").arg(id);
    return false;
}

void SceneControls::showRequestedScene(const QString &view, const QJsonObject &scene)
{
    QString error;
    const UndoHistory::Step step(*m_history, [] { return tr("Show me"); });
    if (!showScene(view, scene, &error))
        QMessageBox::warning(m_window, tr("Lesson"), error);
}

} // namespace posenc
