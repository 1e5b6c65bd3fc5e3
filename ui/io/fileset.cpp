// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/io/fileset.h"

#include "ui/io/safesave.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace posenc {

namespace {

// A staging folder: the prefix and mkdtemp's six characters.
constexpr char kStagingPrefix[] = ".posenc-lab-set-";
constexpr char kLockFile[] = ".posenc-lab-lock";
// Inside a staging folder: the marker that makes it the tool's, the journal, the old versions.
constexpr char kMarker[] = "marker";
constexpr char kJournal[] = "journal";
constexpr char kOld[] = "old";
const QByteArray kMarkerText = "posenc-lab figure set staging folder\n";
const QByteArray kJournalHeader = "posenc-lab figure set 1\n";
// A journal names at most the files of one set; anything larger is not one.
constexpr qint64 kMaxJournalBytes = qint64(1) << 20;

// The folder a set goes into, and the option that named it (for messages: "--out-dir").
struct SetFolder {
    QString path;
    QString option;
};

QString errnoText(int error = errno)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// A file descriptor closed when it goes out of scope.
class Fd
{
public:
    explicit Fd(int fd = -1) : m_fd(fd) {}
    ~Fd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    void reset(int fd)
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = fd;
    }

private:
    int m_fd;
};

// Why the figure at `path` cannot replace what is there (empty when it can, or nothing is).
QString cannotReplace(const QString &path)
{
    QString why;
    switch (SafeSave::obstacleAt(path, &why)) {
    case SafeSave::Obstacle::None:
        return QString();
    case SafeSave::Obstacle::Folder:
        return QCoreApplication::translate("CommandLineParser", "%1 is a folder; a file of the set goes there, so nothing was written (move the folder away)").arg(path);
    case SafeSave::Obstacle::Special:
        return QCoreApplication::translate("CommandLineParser", "%1 is not a regular file; a file of the set goes there, so nothing was written").arg(path);
    case SafeSave::Obstacle::ReadOnly:
        return QCoreApplication::translate("CommandLineParser", "%1 is read-only; a file of the set would replace it, so nothing was written").arg(path);
    case SafeSave::Obstacle::Unknown:
        break;
    }
    return QStringLiteral("%1: %2").arg(path, why);
}

// Holds the lock of the output folder (see the header): a second run waits, saying so once.
// flock on the folder itself leaves nothing behind; where the file system cannot lock a folder
// (NFS locks need a file open for writing), a lock file of that name is used, never through a
// link.
std::optional<QString> lockFolder(const Fd &folder, const SetFolder &dir, Fd *lockFile)
{
    const auto cannotLock = [&dir] {
        return QCoreApplication::translate("CommandLineParser", "%1: %2 cannot be locked against another run writing into it: %3").arg(dir.option, dir.path, errnoText());
    };
    int target = folder.get();
    if (::flock(target, LOCK_EX | LOCK_NB) == 0)
        return std::nullopt;
    if (errno != EWOULDBLOCK) {
        lockFile->reset(::openat(folder.get(), kLockFile, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666));
        struct stat info {};
        if (!lockFile->valid() || ::fstat(lockFile->get(), &info) != 0 || !S_ISREG(info.st_mode))
            return cannotLock();
        target = lockFile->get();
        if (::flock(target, LOCK_EX | LOCK_NB) == 0)
            return std::nullopt;
        if (errno != EWOULDBLOCK)
            return cannotLock();
    }
    std::fprintf(stderr, "%s\n", qUtf8Printable(QCoreApplication::translate("CommandLineParser", "%1: another run is writing there; waiting for it to finish").arg(dir.path)));
    while (::flock(target, LOCK_EX) != 0) {
        if (errno != EINTR)
            return cannotLock();
    }
    return std::nullopt;
}

// A small regular file of `folder`, read without following a link; nullopt if it is not one.
std::optional<QByteArray> readSmallFile(int folder, const char *name)
{
    Fd fd(::openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    struct stat info {};
    if (!fd.valid() || ::fstat(fd.get(), &info) != 0 || !S_ISREG(info.st_mode) || info.st_size > kMaxJournalBytes)
        return std::nullopt;
    QByteArray bytes(qsizetype(info.st_size), Qt::Uninitialized);
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::read(fd.get(), bytes.data() + done, size_t(bytes.size() - done));
        if (n <= 0)
            return std::nullopt;
        done += n;
    }
    return bytes;
}

// The names of the entries of `folder`, read through a copy of its descriptor.
QList<QByteArray> entriesOf(int folder)
{
    QList<QByteArray> names;
    const int copy = ::dup(folder);
    DIR *listing = copy >= 0 ? ::fdopendir(copy) : nullptr;
    if (!listing) {
        if (copy >= 0)
            ::close(copy);
        return names;
    }
    ::rewinddir(listing);
    while (const dirent *entry = ::readdir(listing)) {
        const QByteArray name(entry->d_name);
        if (name != "." && name != "..")
            names << name;
    }
    ::closedir(listing);
    return names;
}

// The names of the regular files directly in `folder` (never a link, never a folder).
QList<QByteArray> regularFiles(int folder)
{
    QList<QByteArray> names;
    for (const QByteArray &name : entriesOf(folder)) {
        struct stat info {};
        if (::fstatat(folder, name.constData(), &info, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(info.st_mode))
            names << name;
    }
    return names;
}

// Ctrl+C or a polite kill while a set is written: noted, and acted on between figures (the
// staging folder is removed and DIR left as it was) instead of leaving the staging folder
// for the next run. One that comes while the new files are renamed into place lets the renames
// finish: the set is never left half replaced.
volatile sig_atomic_t g_interrupted = 0;

extern "C" void noteInterrupt(int)
{
    g_interrupted = 1;
}

class InterruptGuard
{
public:
    InterruptGuard()
    {
        g_interrupted = 0;
        struct sigaction action {};
        action.sa_handler = noteInterrupt;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGINT, &action, &m_oldInt);
        ::sigaction(SIGTERM, &action, &m_oldTerm);
    }
    ~InterruptGuard()
    {
        ::sigaction(SIGINT, &m_oldInt, nullptr);
        ::sigaction(SIGTERM, &m_oldTerm, nullptr);
    }
    InterruptGuard(const InterruptGuard &) = delete;
    InterruptGuard &operator=(const InterruptGuard &) = delete;
    bool interrupted() const { return g_interrupted != 0; }

private:
    struct sigaction m_oldInt {};
    struct sigaction m_oldTerm {};
};

// The exit status of a run stopped by a signal, as a shell reports SIGINT's.
constexpr int kInterruptedStatus = 130;

// Whether `name` is a figure's file name as a preset allows it: a plain name in the folder.
bool isFigureName(const QByteArray &name)
{
    return !name.isEmpty() && !name.contains('/') && !name.startsWith('.') && !name.contains('\0');
}

// A staging folder of a run, open by descriptor.
struct Staging {
    QByteArray name; // in the output folder
    int fd = -1;
};

// Removes what a run put in its staging folder (regular files, and its folder of old
// versions), then the folder if that leaves it empty. Nothing is removed recursively: a
// folder of that name that is not the tool's keeps whatever else is in it.
void removeStaging(int folder, const Staging &staging)
{
    if (Fd old(::openat(staging.fd, kOld, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)); old.valid()) {
        for (const QByteArray &name : regularFiles(old.get()))
            ::unlinkat(old.get(), name.constData(), 0);
        ::unlinkat(staging.fd, kOld, AT_REMOVEDIR);
    }
    for (const QByteArray &name : regularFiles(staging.fd))
        ::unlinkat(staging.fd, name.constData(), 0);
    ::unlinkat(folder, staging.name.constData(), AT_REMOVEDIR);
}

// One line of the journal: a figure and the identity of the new file the run put there.
struct JournalEntry {
    bool hadOldVersion = false;
    dev_t device = 0;
    ino_t inode = 0;
    QByteArray name;
};

std::optional<QList<JournalEntry>> parseJournal(const QByteArray &text)
{
    if (!text.startsWith(kJournalHeader))
        return std::nullopt;
    QList<JournalEntry> entries;
    for (const QByteArray &line : text.mid(kJournalHeader.size()).split('\n')) {
        if (line.isEmpty())
            continue;
        const QList<QByteArray> fields = line.split(' ');
        if (fields.size() < 4 || (fields[0] != "old" && fields[0] != "new"))
            return std::nullopt;
        bool deviceOk = false, inodeOk = false;
        JournalEntry entry;
        entry.hadOldVersion = fields[0] == "old";
        entry.device = dev_t(fields[1].toULongLong(&deviceOk));
        entry.inode = ino_t(fields[2].toULongLong(&inodeOk));
        entry.name = line.mid(fields[0].size() + fields[1].size() + fields[2].size() + 3);
        if (!deviceOk || !inodeOk || !isFigureName(entry.name))
            return std::nullopt;
        entries << entry;
    }
    return entries;
}

// Undoes a run interrupted while renaming (see the header). Each name still holding the run's
// new file gets its old version back, or goes if it had none; any other file under a name is
// someone's since, and stays. Returns whether a name was changed; false with `error` set when
// an old version could not be put back.
bool undoRenames(int folder, const Staging &staging, bool *changed, QString *error, const SetFolder &dir)
{
    const auto journal = readSmallFile(staging.fd, kJournal);
    const auto entries = journal ? parseJournal(*journal) : std::nullopt;
    if (!entries)
        return true; // no journal yet: nothing in the folder was replaced
    Fd old(::openat(staging.fd, kOld, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    for (const JournalEntry &entry : *entries) {
        struct stat now {};
        if (::fstatat(folder, entry.name.constData(), &now, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(now.st_mode)
            || now.st_dev != entry.device || now.st_ino != entry.inode)
            continue;
        struct stat kept {};
        if (entry.hadOldVersion) {
            if (!old.valid() || ::fstatat(old.get(), entry.name.constData(), &kept, AT_SYMLINK_NOFOLLOW) != 0 || S_ISDIR(kept.st_mode))
                continue;
            if (::renameat(old.get(), entry.name.constData(), folder, entry.name.constData()) != 0) {
                *error = QCoreApplication::translate("CommandLineParser", "%1: cannot restore the previous version: %2")
                             .arg(QDir(dir.path).filePath(QFile::decodeName(entry.name)), errnoText());
                return false;
            }
        } else {
            ::unlinkat(folder, entry.name.constData(), 0);
        }
        *changed = true;
    }
    return true;
}

// The entries named like a staging folder (checked further before they are trusted).
QList<QByteArray> stagingFoldersIn(int folder)
{
    QList<QByteArray> names;
    const qsizetype length = qsizetype(std::strlen(kStagingPrefix)) + 6;
    for (const QByteArray &name : entriesOf(folder)) {
        if (name.size() == length && name.startsWith(kStagingPrefix))
            names << name;
    }
    return names;
}

// Puts back the sets interrupted runs were replacing, then removes their staging folders.
bool restoreInterrupted(int folder, const SetFolder &dir, QString *error)
{
    bool changed = false;
    for (const QByteArray &name : stagingFoldersIn(folder)) {
        Fd fd(::openat(folder, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        struct stat info {};
        if (!fd.valid() || ::fstat(fd.get(), &info) != 0 || info.st_uid != ::geteuid())
            continue; // not a staging folder of this user's runs
        if (readSmallFile(fd.get(), kMarker) != kMarkerText) {
            // A run killed between making its staging folder and marking it leaves it empty:
            // removed, as rmdir removes an empty folder and nothing else. Anything in it makes
            // it not a staging folder of ours, and it stays.
            ::unlinkat(folder, name.constData(), AT_REMOVEDIR);
            continue;
        }
        const Staging staging{name, fd.get()};
        if (!undoRenames(folder, staging, &changed, error, dir))
            return false;
        removeStaging(folder, staging);
    }
    if (changed)
        std::fprintf(stderr, "%s\n",
                     qUtf8Printable(QCoreApplication::translate("CommandLineParser", "%1: an earlier run was interrupted; its previous files are back").arg(dir.path)));
    return true;
}

// Writes `bytes` as the file `name` of the staging folder, synced.
bool writeInStaging(const QString &stagingPath, const char *name, const QByteArray &bytes, const SetFolder &dir,
                    QString *error)
{
    QString why;
    if (SafeSave::write(QDir(stagingPath).filePath(QString::fromLatin1(name)), bytes, &why))
        return true;
    *error = QCoreApplication::translate("CommandLineParser", "%1: cannot write in %2: %3").arg(dir.option, dir.path, why.section(QStringLiteral(": "), -1));
    return false;
}

// Keeps the previous version of each name as a link in the staging folder, and journals each
// figure with its new file's identity.
bool keepOldVersions(int folder, const Staging &staging, const QString &stagingPath, const QStringList &names,
                     QByteArray *journal, const SetFolder &dir, QString *error)
{
    if (::mkdirat(staging.fd, kOld, 0700) != 0) {
        *error = QCoreApplication::translate("CommandLineParser", "%1: cannot write in %2: %3").arg(dir.option, dir.path, errnoText());
        return false;
    }
    Fd old(::openat(staging.fd, kOld, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    *journal = kJournalHeader;
    for (const QString &name : names) {
        const QByteArray file = QFile::encodeName(name);
        struct stat fresh {}, present {};
        if (::fstatat(staging.fd, file.constData(), &fresh, AT_SYMLINK_NOFOLLOW) != 0) {
            *error = QCoreApplication::translate("CommandLineParser", "%1: cannot write in %2: %3").arg(dir.option, dir.path, errnoText());
            return false;
        }
        // A link named like a figure is kept as the link (linkat does not follow it).
        const bool exists = ::fstatat(folder, file.constData(), &present, AT_SYMLINK_NOFOLLOW) == 0;
        if (exists && ::linkat(folder, file.constData(), old.get(), file.constData(), 0) != 0) {
            // No hard link here (a file system without them, or a file of another user's
            // under protected_hardlinks): a copy keeps the previous version instead.
            const QString target = QDir(dir.path).filePath(name);
            if (!QFile::copy(target, QDir(stagingPath).filePath(QStringLiteral("old/") + name))) {
                *error = QCoreApplication::translate("CommandLineParser", "%1: cannot keep the previous version: %2").arg(target, errnoText());
                return false;
            }
        }
        *journal += (exists ? "old " : "new ") + QByteArray::number(qulonglong(fresh.st_dev)) + ' '
                    + QByteArray::number(qulonglong(fresh.st_ino)) + ' ' + file + '\n';
    }
    return true;
}

void syncFolder(int fd)
{
    ::fsync(fd);
}

// The folders this run created for DIR, removed again if empty: never anything in them.
void removeCreatedFolders(const SetFolder &dir, const QString &created)
{
    if (created.isEmpty())
        return;
    QString level = QFileInfo(dir.path).absoluteFilePath();
    while (level.size() >= created.size() && ::rmdir(QFile::encodeName(level).constData()) == 0)
        level = QFileInfo(level).absolutePath();
}

} // namespace

int writeFileSet(const QString &folderPath, const QString &option, const QList<SetFile> &files, QString *failure)
{
    const auto reportError = [failure](const QString &message) {
        *failure = message;
        return 2;
    };
    const SetFolder dir{folderPath, option};
    QFileInfo info(folderPath);
    if (info.exists() && !info.isDir())
        return reportError(QCoreApplication::translate("CommandLineParser", "%1: %2 is not a folder").arg(option, folderPath));
    // Everything that would stop the set is found before anything is written.
    for (const SetFile &file : files) {
        const QString problem = cannotReplace(QDir(folderPath).filePath(file.name));
        if (!problem.isEmpty())
            return reportError(problem);
    }

    QString created; // the outermost folder this run creates, if any
    for (QFileInfo level(info.absoluteFilePath()); !level.exists(); level = QFileInfo(level.absolutePath()))
        created = level.absoluteFilePath();
    if (!created.isEmpty() && !QDir().mkpath(folderPath))
        return reportError(QCoreApplication::translate("CommandLineParser", "%1: cannot create the folder %2").arg(option, folderPath));
    const auto failed = [&](const QString &message) {
        removeCreatedFolders(dir, created);
        return reportError(message);
    };
    const InterruptGuard interrupts;
    const Fd folder(::open(QFile::encodeName(folderPath).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!folder.valid())
        return failed(QCoreApplication::translate("CommandLineParser", "%1: cannot write in %2: %3").arg(option, folderPath, errnoText()));
    Fd lockFile;
    if (const auto problem = lockFolder(folder, dir, &lockFile))
        return failed(*problem);
    QString error;
    if (!restoreInterrupted(folder.get(), dir, &error))
        return failed(error);

    // A staging folder of this run's own, marked as the tool's before anything goes in it.
    QByteArray stagingPath = QFile::encodeName(QDir(folderPath).filePath(QString::fromLatin1(kStagingPrefix)))
                             + "XXXXXX";
    if (!::mkdtemp(stagingPath.data()))
        return failed(QCoreApplication::translate("CommandLineParser", "%1: cannot write in %2: %3").arg(option, folderPath, errnoText()));
    const QString staged = QFile::decodeName(stagingPath);
    const Fd stagingFd(::open(stagingPath.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    const Staging staging{QFile::encodeName(QFileInfo(staged).fileName()), stagingFd.get()};
    const auto abandon = [&](const QString &message) {
        removeStaging(folder.get(), staging);
        return failed(message);
    };
    if (!stagingFd.valid() || !writeInStaging(staged, kMarker, kMarkerText, dir, &error))
        return abandon(error.isEmpty() ? QCoreApplication::translate("CommandLineParser", "%1: cannot write in %2: %3").arg(option, folderPath, errnoText()) : error);

    // Every file into the staging folder; the set in DIR is untouched. Errors name each file
    // as the user knows it, never the staging folder.
    const qsizetype count = files.size();
    QStringList names;
    for (qsizetype i = 0; i < count; ++i) {
        const SetFile &file = files.at(i);
        std::fprintf(stderr, "[%lld/%lld] %s\n", static_cast<long long>(i + 1), static_cast<long long>(count),
                     qUtf8Printable(file.name));
        if (!file.write(QDir(staged).filePath(file.name), &error))
            return abandon(QStringLiteral("%1: %2").arg(file.name, error));
        names << file.name;
        if (interrupts.interrupted()) {
            abandon(QCoreApplication::translate("CommandLineParser", "%1: interrupted; %2 is as it was").arg(option, folderPath));
            return kInterruptedStatus;
        }
    }

    // The previous versions kept and the journal synced, then each new file renamed over its name.
    QByteArray journal;
    if (!keepOldVersions(folder.get(), staging, staged, names, &journal, dir, &error)
        || !writeInStaging(staged, kJournal, journal, dir, &error))
        return abandon(error);
    syncFolder(staging.fd);
    if (interrupts.interrupted()) {
        abandon(QCoreApplication::translate("CommandLineParser", "%1: interrupted; %2 is as it was").arg(option, folderPath));
        return kInterruptedStatus;
    }
    for (const QString &name : names) {
        const QByteArray file = QFile::encodeName(name);
        if (::renameat(staging.fd, file.constData(), folder.get(), file.constData()) != 0) {
            const QString message = QCoreApplication::translate("CommandLineParser", "%1: cannot replace it: %2").arg(QDir(folderPath).filePath(name), errnoText());
            bool changed = false;
            QString ignored;
            undoRenames(folder.get(), staging, &changed, &ignored, dir);
            return abandon(message);
        }
    }
    // The renames on disk before the old versions go.
    syncFolder(folder.get());
    removeStaging(folder.get(), staging);
    return 0;
}

} // namespace posenc
