// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/context/contextconfig.h"

#include "ui/io/boundedfile.h"
#include "ui/views/ropeconfigtext.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>

#include <mutex>

namespace posenc {

namespace {

// The bytes of the file last read, or why it could not be: every change of the lab reads the
// config again at its sequence length, but the disk only when the file is another.
struct ReadBytes {
    QString path;
    qint64 size = -1;
    QDateTime modified;
    BoundedFile::Result bytes;
};

// The application's own examples (":/examples/…") are read from its resources.
BoundedFile::Result resourceBytes(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return ContextConfig::tr("cannot read %1: %2").arg(path, file.errorString());
    return file.readAll();
}

BoundedFile::Result configBytes(const QString &path)
{
    if (path.startsWith(QLatin1String(":/")))
        return resourceBytes(path);
    static std::mutex mutex;
    static ReadBytes last;
    const QFileInfo info(path);
    const std::lock_guard lock(mutex);
    if (last.path == path && last.size == info.size() && last.modified == info.lastModified() && info.exists())
        return last.bytes;
    last = {path, info.size(), info.lastModified(),
            BoundedFile::read(path, kMaxRopeConfigBytes,
                              ContextConfig::tr("a model's config must be a regular JSON file of at most %1 MiB")
                                  .arg(kMaxRopeConfigBytes >> 20))};
    return last.bytes;
}

} // namespace

ContextConfig ContextConfig::read(const QString &path, double seqLen)
{
    ContextConfig result;
    const BoundedFile::Result bytes = configBytes(path);
    if (const auto *why = std::get_if<QString>(&bytes)) {
        result.error = *why;
        return result;
    }
    const QByteArray &json = std::get<QByteArray>(bytes);
    RopeConfigOptions options;
    options.seqLen = seqLen;
    auto read = readRopeConfig(std::string_view(json.constData(), std::size_t(json.size())), options);
    if (const auto *why = std::get_if<RopeConfigError>(&read)) {
        result.error = tr("%1: %2").arg(QFileInfo(path).fileName(), RopeConfigText::error(*why));
        return result;
    }
    result.config = std::move(std::get<RopeConfig>(read));
    return result;
}

} // namespace posenc
