#pragma once
// The engine's sentences (core/util/message.h: plan notes, the search's explanation and rule of
// thumb) in the window's language. core/ cannot call tr(); it gives an id and arguments, and here
// the catalog's English template is translated (context "EngineMessage", the .ts file) and filled
// in with the same arguments by the engine's own fillTemplate(). In English this gives exactly the
// text the CLI prints.
#include <QString>
#include <QStringList>
#include <vector>

#include "util/message.h"

namespace clusterplan::ui {

QString engineText(const Message& message);
// Sentences, then clauses joined by a translated "; " and closed by a translated "." (；and 。).
QString engineText(const Paragraph& paragraph);
QStringList engineTexts(const std::vector<Message>& messages);

}  // namespace clusterplan::ui
