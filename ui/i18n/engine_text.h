#pragma once
// The engine's sentences (core/util/message.h: plan notes, the search's explanation and rule of
// thumb) in the window's language, by the engine's own messageText(): the same catalog and Chinese
// (resources/i18n/zh_CN.json) as the CLI's quote and workbook. In English this gives exactly the
// text the CLI prints.
#include <QString>
#include <QStringList>
#include <vector>

#include "core/util/message.h"
#include "core/util/result.h"

namespace clusterplan::ui {

QString engineText(const Message& message);
// Sentences, then clauses joined by a translated "; " and closed by a translated "." (；and 。).
QString engineText(const Paragraph& paragraph);
QStringList engineTexts(const std::vector<Message>& messages);
// An input error's reason ("is 5, must divide the attention heads (32)") in the window's language;
// an error made without a catalog id shows its English message.
QString engineText(const Error& error);
// The same with its place first ("layout.tp: ..."), for dialogs and notes.
QString engineErrorLine(const Error& error);

}  // namespace clusterplan::ui
