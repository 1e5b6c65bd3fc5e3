// SPDX-License-Identifier: GPL-3.0-or-later
// The scene reader, SceneReader: a JSON object read as a scene (alone, and as a preset
// figure's overrides on top of another scene), and the bytes of a named-scene list file
// (resources/scenes.json) read as SceneControls reads them. A scene read is valid as a whole;
// a refusal is one line.
#include "fuzzcommon.h"

#include "ui/views/scenereader.h"

#include <QJsonDocument>

using namespace posenc;

namespace {

void readScene(const QJsonObject &object)
{
    QString error;
    const std::optional<Scene> scene = SceneReader::parse(object, &error);
    if (!scene) {
        fuzz::checkMessage(error);
    } else if (scene->validate()) {
        fuzz::fail("a scene read is invalid", *scene->validate());
    }

    // As overrides on top of a scene unlike the defaults (a preset figure's).
    Scene base;
    base.params.dModel = 16;
    base.params.seqLen = 8;
    base.rotationPair = 7;
    base.cosine = true;
    QString overrideError;
    const std::optional<Scene> over =
        SceneReader::parse(object, base, QStringLiteral("figures[0]."), &overrideError);
    if (!over) {
        fuzz::checkMessage(overrideError);
    } else if (over->validate()) {
        fuzz::fail("a scene read on top of another is invalid", *over->validate());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input = fuzz::bytes(data, size);
    const QJsonDocument document = QJsonDocument::fromJson(input);
    if (document.isObject())
        readScene(document.object());

    QString error;
    const QList<SceneEntry> entries =
        SceneReader::readList(input, QStringLiteral("scenes.json"), QStringLiteral("scenes"), &error);
    if (entries.isEmpty())
        fuzz::checkMessage(error);
    for (const SceneEntry &entry : entries)
        readScene(entry.scene);
    return 0;
}
