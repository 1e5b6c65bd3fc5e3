// SPDX-License-Identifier: GPL-3.0-or-later
// The preset reader, PresetFile::parse: any bytes give a preset or a one-line refusal, and a
// preset read is the one its own text reads back as (toJson writes what parse reads), with
// every figure's export complete (a read preset was checked whole).
#include "fuzzcommon.h"

#include "ui/export/preset.h"

using namespace posenc;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const PresetFile::Result read = PresetFile::parse(fuzz::bytes(data, size));
    if (const QString *refused = std::get_if<QString>(&read)) {
        fuzz::checkMessage(*refused);
        return 0;
    }
    const Preset &preset = std::get<Preset>(read);
    if (preset.scene.validate())
        fuzz::fail("a preset read holds an invalid scene", *preset.scene.validate());

    const QByteArray text = PresetFile::toJson(preset);
    const PresetFile::Result again = PresetFile::parse(text);
    if (const QString *refused = std::get_if<QString>(&again))
        fuzz::fail("a preset's own text is refused", *refused + QLatin1Char('\n') + QString::fromUtf8(text));
    if (!(std::get<Preset>(again) == preset))
        fuzz::fail("a preset's own text reads back different", QString::fromUtf8(text));

    (void)preset.viewRequest(QStringLiteral("out.pdf"));
    for (int i = 0; i < preset.figures.size(); ++i) {
        QString error;
        if (!preset.figureRequest(i, QStringLiteral("out"), &error))
            fuzz::fail("a figure of a preset read is incomplete", error);
    }
    return 0;
}
