#pragma once
// Where the engine's numbers come from, as HTML for the About dialog: the `source` (and `as_of`)
// of every GPU, fabric and model preset of the catalog as loaded (user files included), of every
// price book, and the publications behind the calibration runs.
#include <QString>

namespace clusterplan {
class Catalog;
}

namespace clusterplan::ui {

QString dataSourcesHtml(const Catalog& catalog);

}  // namespace clusterplan::ui
