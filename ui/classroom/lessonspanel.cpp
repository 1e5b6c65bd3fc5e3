// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/classroom/lessonspanel.h"

#include <QComboBox>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace posenc {

LessonsPanel::LessonsPanel(QWidget *parent)
    : QWidget(parent)
    , m_language(defaultLessonLanguage())
    , m_list(new QListWidget)
    , m_text(new QTextBrowser)
    , m_previous(new QPushButton)
    , m_next(new QPushButton)
    , m_showMe(new QPushButton)
    , m_error(new QLabel)
    , m_welcome(new QFrame)
    , m_welcomeText(new QLabel)
    , m_start(new QPushButton)
    , m_picker(new QComboBox)
{
    QString error;
    m_lessons = SceneReader::readList(QStringLiteral(":/lessons/lessons.json"),
                                      QStringLiteral("lessons"), &error);

    m_text->setOpenExternalLinks(true);
    m_list->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    // Long titles wrap rather than hide behind a scroll bar: the dock is narrow, and in
    // presentation mode the text is large.
    m_list->setWordWrap(true);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_list);
    splitter->addWidget(m_text);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);

    // Only the weight is set, so the size still follows the application font (presentation).
    QFont bold;
    bold.setBold(true);
    m_showMe->setFont(bold);
    m_showMe->setMinimumHeight(m_showMe->sizeHint().height() * 3 / 2);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_error->hide();
    if (!error.isEmpty()) {
        m_error->setText(error);
        m_error->show();
    }

    // First-run guidance, hidden until the window asks for it.
    m_welcome->setObjectName(QStringLiteral("LessonsWelcome"));
    m_welcome->setFrameShape(QFrame::StyledPanel);
    m_welcomeText->setWordWrap(true);
    m_start->setFont(bold);
    auto *welcome = new QVBoxLayout(m_welcome);
    welcome->addWidget(m_welcomeText);
    welcome->addWidget(m_start);
    m_welcome->hide();
    m_picker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_picker->setMinimumContentsLength(8);
    m_picker->hide();

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_previous);
    buttons->addWidget(m_next);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_welcome);
    layout->addWidget(m_picker);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_error);
    layout->addLayout(buttons);
    layout->addWidget(m_showMe);

    setTabOrder(m_list, m_text);
    setTabOrder(m_text, m_previous);
    setTabOrder(m_previous, m_next);
    setTabOrder(m_next, m_showMe);

    connect(m_list, &QListWidget::currentRowChanged, this, &LessonsPanel::showLesson);
    connect(m_list, &QListWidget::itemActivated, this, [this] { showMe(); });
    connect(m_previous, &QPushButton::clicked, this,
            [this] { setCurrentLesson(currentLesson() - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { setCurrentLesson(currentLesson() + 1); });
    connect(m_showMe, &QPushButton::clicked, this, &LessonsPanel::showMe);
    connect(m_start, &QPushButton::clicked, this, [this] {
        setCurrentLesson(0);
        showMe();
    });
    connect(m_picker, &QComboBox::activated, this, &LessonsPanel::setCurrentLesson);
    connect(m_list, &QListWidget::currentRowChanged, m_picker, [this](int row) {
        const QSignalBlocker blocker(m_picker);
        m_picker->setCurrentIndex(row);
    });

    retranslate();
    reloadTexts();
    setCurrentLesson(0);
}

int LessonsPanel::currentLesson() const
{
    return m_list->currentRow();
}

void LessonsPanel::setCurrentLesson(int index)
{
    if (index < 0 || index >= m_lessons.size())
        return;
    m_list->setCurrentRow(index);
}

void LessonsPanel::setLanguage(const QString &language)
{
    m_languageSet = true;
    if (language == m_language)
        return;
    m_language = language;
    reloadTexts();
}

void LessonsPanel::showMe()
{
    const int index = currentLesson();
    if (index < 0 || index >= m_lessons.size())
        return;
    setWelcomeShown(false);
    Q_EMIT sceneRequested(m_lessons[index].view, m_lessons[index].scene);
}

void LessonsPanel::setWelcomeShown(bool shown)
{
    m_welcome->setVisible(shown && !m_lessons.isEmpty());
}

bool LessonsPanel::isWelcomeShown() const
{
    return !m_welcome->isHidden();
}

void LessonsPanel::setPresenting(bool on, int textPixelSize)
{
    m_presenting = on;
    m_list->setHidden(on);
    m_picker->setVisible(on);
    if (on && textPixelSize > 0) {
        QFont font = m_text->font();
        font.setPixelSize(textPixelSize);
        m_text->setFont(font);
    } else {
        m_text->setFont(QFont()); // the application's again
    }
    showLesson(currentLesson());
}

void LessonsPanel::changeEvent(QEvent *event)
{
    // Presentation mode enlarges the application font: the formulas follow it.
    if (event->type() == QEvent::FontChange)
        showLesson(currentLesson());
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        if (!m_languageSet && defaultLessonLanguage() != m_language) {
            m_language = defaultLessonLanguage();
            reloadTexts();
        }
    }
    QWidget::changeEvent(event);
}

void LessonsPanel::retranslate()
{
    m_previous->setText(tr("◀ &Previous"));
    m_previous->setAccessibleName(tr("Previous lesson"));
    m_previous->setToolTip(tr("Previous lesson"));
    m_next->setText(tr("&Next ▶"));
    m_next->setAccessibleName(tr("Next lesson"));
    m_next->setToolTip(tr("Next lesson"));
    m_showMe->setText(tr("Show me"));
    m_showMe->setAccessibleName(tr("Show me"));
    m_showMe->setToolTip(tr("Set the parameters of this lesson and open its view"));
    m_showMe->setAccessibleDescription(m_showMe->toolTip());
    m_list->setAccessibleName(tr("Lessons"));
    m_list->setAccessibleDescription(tr("The lessons in order; Enter applies the lesson"));
    m_text->setAccessibleName(tr("Lesson text"));
    m_text->setAccessibleDescription(tr("The current lesson, with its formula"));
    m_welcomeText->setText(tr("New here? The lessons go step by step: read one, then press "
                              "“Show me” to see it in the view."));
    m_start->setText(tr("Start with Lesson 1"));
    m_start->setAccessibleName(m_start->text());
    m_start->setToolTip(tr("Open the first lesson and show its view"));
    m_start->setAccessibleDescription(m_start->toolTip());
    m_picker->setAccessibleName(tr("Lesson"));
    m_picker->setToolTip(tr("Go to another lesson"));
}

void LessonsPanel::reloadTexts()
{
    const int current = qMax(currentLesson(), 0);
    const QSignalBlocker blocker(m_list);
    const QSignalBlocker pickerBlocker(m_picker);
    m_list->clear();
    m_picker->clear();
    for (int i = 0; i < m_lessons.size(); ++i) {
        const QString title = tr("%1. %2").arg(i + 1).arg(lessonTitle(m_lessons[i].id, m_language));
        m_list->addItem(title);
        m_picker->addItem(title);
    }
    m_list->setCurrentRow(current);
    m_picker->setCurrentIndex(current);
    showLesson(current);
}

void LessonsPanel::showLesson(int index)
{
    const bool valid = index >= 0 && index < m_lessons.size();
    m_previous->setEnabled(valid && index > 0);
    m_next->setEnabled(valid && index + 1 < m_lessons.size());
    m_showMe->setEnabled(valid);
    if (!valid) {
        m_text->clear();
        return;
    }
    m_text->setMarkdown(lessonMarkdown(m_lessons[index].id, m_language));
    fitFormulas();
}

namespace {

// A wrapped formula must not end in a line of one short term ("· V" alone under
// "Attention(Q, K, V) = softmax(Q · Kᵀ / √d_k)"): the spaces among the last words of each line
// of a code block, up to 6 characters of them, become no-break spaces, so that they go to the
// next line with the word before them.
void keepShortEndTogether(QTextCursor &cursor, const QTextBlock &block)
{
    const QString text = block.text();
    qsizetype end = text.size();
    while (end > 0 && text.at(end - 1).isSpace())
        --end;
    QList<qsizetype> spaces;
    for (qsizetype i = end - 1; i > 0 && end - i <= 6; --i) {
        if (text.at(i) == QLatin1Char(' '))
            spaces << i;
    }
    for (const qsizetype at : std::as_const(spaces)) {
        cursor.setPosition(block.position() + int(at));
        cursor.setPosition(block.position() + int(at) + 1, QTextCursor::KeepAnchor);
        cursor.insertText(QString(QChar(0x00a0)));
    }
}

} // namespace

void LessonsPanel::fitFormulas()
{
    // Markdown code blocks (the formulas) come in the system's fixed font at its own size and
    // never wrap: in a narrow dock they ran off the right edge, and in presentation mode they
    // stayed small. They take the text's size here, and a line too long wraps with its
    // continuation indented, so that every formula can be read whole.
    const qreal size = 0.9 * QFontInfo(m_text->font()).pointSizeF(); // fixed glyphs are wider
    const qreal indent = QFontMetricsF(m_text->font()).horizontalAdvance(QStringLiteral("MM"));
    QTextDocument *document = m_text->document();
    QTextCursor cursor(document);
    cursor.beginEditBlock();
    // In presentation mode the body is already large: a heading a little larger still, not
    // Markdown's double size (which left three words a line for the title).
    const qreal body = QFontInfo(m_text->font()).pixelSize();
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        QTextBlockFormat blockFormat = block.blockFormat();
        if (m_presenting && blockFormat.headingLevel() > 0) {
            QTextCharFormat heading;
            heading.setProperty(QTextFormat::FontSizeAdjustment, 0);
            heading.setProperty(QTextFormat::FontPixelSize, int(body * (blockFormat.headingLevel() == 1 ? 1.3 : 1.15)));
            cursor.setPosition(block.position());
            cursor.setPosition(block.position() + block.length() - 1, QTextCursor::KeepAnchor);
            cursor.mergeCharFormat(heading);
        }
        if (blockFormat.nonBreakableLines()) {
            blockFormat.setNonBreakableLines(false);
            blockFormat.setLeftMargin(blockFormat.leftMargin() + indent);
            blockFormat.setTextIndent(-indent);
            cursor.setPosition(block.position());
            cursor.setBlockFormat(blockFormat);
            keepShortEndTogether(cursor, block);
        }
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().fontFixedPitch())
                continue;
            QTextCharFormat format;
            format.setFontPointSize(size);
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.mergeCharFormat(format);
        }
    }
    cursor.endEditBlock();
}

} // namespace posenc
