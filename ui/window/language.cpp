// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/window/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace posenc {

namespace {
std::unique_ptr<QTranslator> g_application;
std::unique_ptr<QTranslator> g_qt;
QString g_current = QStringLiteral("en");
} // namespace

QStringList Language::available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString Language::system()
{
    return QLocale::system().name().startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN")
                                                                     : QStringLiteral("en");
}

QString Language::current()
{
    return g_current;
}

bool Language::install(const QString &language)
{
    if (!available().contains(language))
        return false;
    for (auto *translator : {g_application.get(), g_qt.get()}) {
        if (translator)
            QCoreApplication::removeTranslator(translator);
    }
    g_application.reset();
    g_qt.reset();
    g_current = language;
    QLocale::setDefault(QLocale(language == QLatin1String("en") ? QStringLiteral("en_US") : language));
    if (language == QLatin1String("en"))
        return true; // the source strings are English
    g_application = std::make_unique<QTranslator>();
    if (g_application->load(QStringLiteral(":/i18n/posenc-lab_%1.qm").arg(language)))
        QCoreApplication::installTranslator(g_application.get());
    // Qt's own dialogs and buttons (qt6-translations-l10n); fine to lack.
    g_qt = std::make_unique<QTranslator>();
    if (g_qt->load(QStringLiteral("qtbase_%1").arg(language),
                   QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(g_qt.get());
    return true;
}

} // namespace posenc
