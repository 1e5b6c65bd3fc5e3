// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/scenecontrols.h"

#include "ui/export/scenelibrary.h"
#include "ui/state/encodingstate.h"
#include "ui/window/undohistory.h"
#include "ui/window/viewpages.h"

#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>
#include <QUrl>

namespace posenc {

namespace {

// A user's text as a menu shows it: an "&" is a letter, not a mnemonic.
QString menuText(const QString &text)
{
    QString escaped = text;
    return escaped.replace(QLatin1Char('&'), QStringLiteral("&&"));
}

} // namespace

SceneControls::SceneControls(QMainWindow *window, EncodingState *state, UndoHistory *history, ViewPages *views,
                             SceneLibrary *library)
    : m_window(window)
    , m_state(state)
    , m_history(history)
    , m_views(views)
    , m_library(library)
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
    m_menu = menu;
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
    m_builtInItems = m_sceneBox->count();
    m_userSection = menu->addSeparator();
    m_toolsSection = menu->addSeparator();
    QAction *save = menu->addAction(tr("&Save Current Scene…"), m_window, [this] { chooseTitleAndSave(); });
    save->setStatusTip(tr("Keep the parameters and the view in front as a scene of your own, under a title"));
    QAction *add = menu->addAction(tr("&Add Scene from Preset File…"), m_window, [this] { chooseAndAddFile(); });
    add->setStatusTip(tr("A preset file, such as a colleague's scene, as a scene of your own"));
    m_removeMenu = menu->addMenu(tr("&Remove Scene"));
    QAction *folder = menu->addAction(tr("Show Scenes &Folder"), m_window, [this] {
        QDir().mkpath(m_library->folder());
        QDesktopServices::openUrl(QUrl::fromLocalFile(m_library->folder()));
    });
    folder->setStatusTip(tr("Your scenes are preset files: copy them to take them to another computer"));
    for (QAction *action : {save, add, folder})
        action->setEnabled(m_library != nullptr);
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
    m_builtInParsed = m_parsedScenes.size();
    QObject::connect(m_state, &EncodingState::changed, m_sceneBox, [this] { followState(); });
    m_views->onCurrentChanged([this] { followState(); });
    showUserScenes();
}

void SceneControls::showUserScenes()
{
    const QList<QAction *> actions = m_menu->actions();
    for (qsizetype n = actions.indexOf(m_userSection) + 1; n < actions.indexOf(m_toolsSection); ++n) {
        m_menu->removeAction(actions[n]);
        actions[n]->deleteLater();
    }
    m_removeMenu->clear();
    while (m_sceneBox->count() > m_builtInItems)
        m_sceneBox->removeItem(m_sceneBox->count() - 1);
    const QList<SceneLibrary::Scene> scenes = m_library ? m_library->scenes() : QList<SceneLibrary::Scene>();
    // Parsed once here, not on every change of the state that followState() compares with.
    m_parsedScenes.resize(m_builtInParsed);
    for (const SceneLibrary::Scene &scene : scenes) {
        Scene parsed = scene.preset.scene;
        parsed.rotationPair = parsed.clampedRotationPair();
        m_parsedScenes.append({userSceneId(scene.preset.title), scene.preset.view, parsed});
    }
    if (!scenes.isEmpty())
        m_sceneBox->insertSeparator(m_sceneBox->count());
    for (const SceneLibrary::Scene &scene : scenes) {
        const QString title = scene.preset.title;
        m_sceneBox->addItem(title, userSceneId(title));
        auto *show = new QAction(menuText(title), m_menu);
        QObject::connect(show, &QAction::triggered, m_window, [this, title] {
            QString reason;
            warnIfRefused(showNamedScene(userSceneId(title), &reason), reason);
        });
        m_menu->insertAction(m_toolsSection, show);
        m_removeMenu->addAction(menuText(title), m_window, [this, title] { confirmAndRemove(title); });
    }
    m_userSection->setVisible(!scenes.isEmpty());
    m_removeMenu->setEnabled(!scenes.isEmpty());
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
    if (id == QLatin1String("llama2-stretched"))
        return tr("Llama 2 read at 4× its length: PI against NTK-aware (head 128, L 4096)");
    if (id == QLatin1String("llama31-8b"))
        return tr("Llama 3.1 8B as shipped (head 128, base 500000, L 8192 × 8)");
    if (id == QLatin1String("qwen25-yarn"))
        return tr("Qwen2.5 with YaRN, against dynamic NTK (head 128, base 10⁶, L 32768 × 4)");
    if (id == QLatin1String("gpt-oss-yarn"))
        return tr("gpt-oss: YaRN with its ramp unrounded (head 64, base 150000, L 4096 × 32)");
    if (id == QLatin1String("phi3-longrope"))
        return tr("Phi-3 128k's LongRoPE from its config.json, against YaRN (head 96, L 4096 × 32)");
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
    const SceneLibrary::Scene *user = m_library && id.startsWith(userSceneId(QString()))
                                          ? m_library->find(id.mid(userSceneId(QString()).size()))
                                          : nullptr;
    if (user) {
        const Preset preset = user->preset;
        if (!m_views->contains(preset.view)) {
            if (error)
                *error = tr("scene: unknown view \"%1\"").arg(preset.view);
            return false;
        }
        const UndoHistory::Step step(*m_history, [title = preset.title] { return tr("Scene: %1").arg(title); });
        if (!PresetFile::applyTo(preset, *m_state, error))
            return false;
        m_views->showView(preset.view);
        m_chosen = id;
        m_sceneBox->setCurrentIndex(m_sceneBox->findData(id));
        return true;
    }
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

bool SceneControls::libraryOrWhyNot(QString *error) const
{
    if (!m_library && error)
        *error = tr("scenes of your own need the window's preferences");
    return m_library != nullptr;
}

bool SceneControls::saveCurrentScene(const QString &title, QString *error)
{
    if (!libraryOrWhyNot(error))
        return false;
    Preset preset = PresetFile::fromState(*m_state, m_views->currentView(), FigurePage{});
    preset.title = title.trimmed();
    if (!m_library->save(preset, error))
        return false;
    m_chosen = userSceneId(preset.title);
    showUserScenes();
    return true;
}

bool SceneControls::addSceneFile(const QString &path, QString *error)
{
    if (!libraryOrWhyNot(error))
        return false;
    const bool ok = m_library->addFile(path, error);
    showUserScenes();
    return ok;
}

bool SceneControls::removeUserScene(const QString &title, QString *error)
{
    if (!m_library) {
        if (error)
            *error = tr("no scene titled “%1”").arg(title);
        return false;
    }
    const bool ok = m_library->remove(title, error);
    showUserScenes();
    return ok;
}

void SceneControls::chooseTitleAndSave()
{
    bool ok = false;
    const QString title = QInputDialog::getText(m_window, tr("Save Current Scene"),
                                                tr("Title of the scene, as the Scenes menu and box will show it:"),
                                                QLineEdit::Normal, QString(), &ok);
    if (!ok)
        return;
    const QString trimmed = title.trimmed();
    if (m_library->find(trimmed)
        && QMessageBox::question(m_window, tr("Save Current Scene"),
                                 tr("A scene titled “%1” exists. Replace it with the current scene?").arg(trimmed))
               != QMessageBox::Yes)
        return;
    QString reason;
    warnIfRefused(saveCurrentScene(trimmed, &reason), reason);
}

void SceneControls::chooseAndAddFile()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Add Scene from Preset File"), QString(),
                                                      tr("Presets (*.json)"));
    if (path.isEmpty())
        return;
    QString reason;
    warnIfRefused(addSceneFile(path, &reason), reason);
}

void SceneControls::confirmAndRemove(const QString &title)
{
    const SceneLibrary::Scene *scene = m_library->find(title);
    if (!scene)
        return;
    if (QMessageBox::question(m_window, tr("Remove Scene"),
                              tr("Remove the scene “%1”? Its file %2 is deleted.")
                                  .arg(title, QDir::toNativeSeparators(scene->file)))
        != QMessageBox::Yes)
        return;
    QString reason;
    warnIfRefused(removeUserScene(title, &reason), reason);
}

void SceneControls::warnIfRefused(bool ok, const QString &reason)
{
    if (!ok)
        QMessageBox::warning(m_window, tr("Scene"), reason);
}

} // namespace posenc
