// SPDX-License-Identifier: GPL-3.0-or-later
// The lesson reader: the bytes of a lesson list file (resources/lessons/lessons.json) read as
// LessonsPanel reads them, each lesson's scene applied to the state with applyScene (all or
// nothing: an accepted scene is the state's, a refused one changes nothing) and its title and
// text looked up by its id.
#include "fuzzcommon.h"

#include "ui/classroom/lesson.h"
#include "ui/state/encodingstate.h"
#include "ui/views/viewregistry.h"

using namespace posenc;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QString error;
    const QList<SceneEntry> lessons = SceneReader::readList(
        fuzz::bytes(data, size), QStringLiteral("lessons.json"), QStringLiteral("lessons"), &error);
    if (lessons.isEmpty()) {
        fuzz::checkMessage(error);
        return 0;
    }
    EncodingState state;
    for (const SceneEntry &lesson : lessons) {
        const Scene before = state.scene();
        QString refused;
        if (applyScene(lesson.scene, state, &refused)) {
            std::optional<Scene> expected = SceneReader::parse(lesson.scene, nullptr);
            if (!expected)
                fuzz::fail("applyScene took a scene the reader refuses");
            expected->rotationPair = expected->clampedRotationPair();
            if (!(state.scene() == *expected))
                fuzz::fail("applyScene set a state other than the scene");
        } else {
            fuzz::checkMessage(refused);
            if (!(state.scene() == before))
                fuzz::fail("a refused lesson scene changed the state", refused);
        }
        (void)ViewRegistry::find(lesson.view);
        (void)lessonTitle(lesson.id, QStringLiteral("en"));
        (void)lessonTitle(lesson.id, QStringLiteral("zh_CN"));
    }
    return 0;
}
