// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/messagelanguage.h"

#include "ui/window/language.h"

#include <QCoreApplication>
#include <QTranslator>

#include <memory>

namespace posenc {

namespace {

// The translation of the messages' contexts only; every other context (what a figure draws)
// is left to the translators installed before it.
class MessageTranslator : public QTranslator
{
public:
    QString translate(const char *context, const char *sourceText, const char *disambiguation = nullptr,
                      int n = -1) const override
    {
        static const char *const contexts[] = {"CommandLineParser", "TrainCommand", "DataExport",
                                               "FigureExport", "AnimationExport", "Screenshot"};
        // A figure's document title is drawn, not said.
        if (qstrcmp(sourceText, "PosEnc Lab: %1") == 0)
            return QString();
        for (const char *messages : contexts) {
            if (qstrcmp(context, messages) == 0)
                return QTranslator::translate(context, sourceText, disambiguation, n);
        }
        return QString();
    }
};

std::unique_ptr<MessageTranslator> g_messages;

} // namespace

QString MessageLanguage::of(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument == QLatin1String("--"))
            break;
        QString value;
        if (argument == QLatin1String("--lang") || argument == QLatin1String("-lang"))
            value = arguments.value(i + 1);
        else if (argument.startsWith(QLatin1String("--lang=")))
            value = argument.mid(7);
        else if (argument.startsWith(QLatin1String("-lang=")))
            value = argument.mid(6);
        if (Language::available().contains(value))
            return value;
    }
    return Language::system();
}

void MessageLanguage::installForMessages(const QString &language)
{
    if (g_messages)
        QCoreApplication::removeTranslator(g_messages.get());
    g_messages.reset();
    if (language == Language::current() || language == QLatin1String("en"))
        return;
    g_messages = std::make_unique<MessageTranslator>();
    if (g_messages->load(QStringLiteral(":/i18n/posenc-lab_%1.qm").arg(language)))
        QCoreApplication::installTranslator(g_messages.get());
}

} // namespace posenc
