// SPDX-License-Identifier: GPL-3.0-or-later
// Runs a fuzz target's LLVMFuzzerTestOneInput once on every file of the folders given, in
// name order, without libFuzzer: the normal build's replay of tests/fuzz/corpus/<target>/
// and tests/fuzz/regressions/<target>/ (ctest fuzz-replay-<target>). A folder that is
// missing or empty fails, so that a renamed folder cannot turn the test into one that
// passes on nothing. A failing input crashes the driver like it crashed the fuzzer; the
// file's name is printed before it runs.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdint>
#include <cstdio>

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv);
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FOLDER...\n", argv[0]);
        return 2;
    }
    LLVMFuzzerInitialize(&argc, &argv);
    int total = 0;
    for (int i = 1; i < argc; ++i) {
        const QString folder = QString::fromLocal8Bit(argv[i]);
        const QFileInfoList files =
            QDir(folder).entryInfoList(QDir::Files | QDir::Hidden, QDir::Name);
        if (files.isEmpty()) {
            std::fprintf(stderr, "%s: no inputs (missing or empty folder)\n", argv[i]);
            return 1;
        }
        for (const QFileInfo &info : files) {
            QFile file(info.filePath());
            if (!file.open(QIODevice::ReadOnly)) {
                std::fprintf(stderr, "%s: cannot read\n", qUtf8Printable(info.filePath()));
                return 1;
            }
            const QByteArray input = file.readAll();
            std::fprintf(stderr, "%s (%lld bytes)\n", qUtf8Printable(info.filePath()),
                         static_cast<long long>(input.size()));
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.constData()),
                                   size_t(input.size()));
            ++total;
        }
    }
    std::fprintf(stderr, "%d inputs replayed, none failed\n", total);
    return 0;
}
