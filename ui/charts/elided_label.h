#pragma once
// ElidedLabel: a label that gives way to its neighbours instead of widening the window. It asks
// for its whole text's width (sizeHint) but accepts a few characters (minimumSizeHint); narrower
// than its text, each line ends in "…" and the tooltip holds the whole text, so nothing is lost
// and nothing is clipped. Rich text (a coloured "FITS", a bold "CPU offload") is shown as given
// while it fits, and as plain elided text when it does not.
#include <QLabel>

namespace clusterplan::ui {

class ElidedLabel : public QLabel {
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    // The text as given (plain or rich, one line or several), whatever is shown.
    void setFullText(const QString& text);
    [[nodiscard]] const QString& fullText() const { return m_full; }
    // A tooltip of the label's own, shown when the text is not elided (and after the whole text
    // when it is).
    void setOwnToolTip(const QString& toolTip);
    // Shows at most `lines` lines and is always that many lines high (0: every line of the text),
    // so that a line more or less does not move what is below; the lines left out are in the
    // tooltip with the whole text.
    void setShownLines(int lines);
    // True while some line is shown cut to "…" or left out.
    [[nodiscard]] bool isElided() const { return m_elided; }

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    [[nodiscard]] QStringList plainLines() const;
    [[nodiscard]] int textWidth() const;
    void updateShown();

    QString m_full;
    QString m_ownToolTip;
    bool m_elided = false;
    int m_shownLines = 0;
};

}  // namespace clusterplan::ui
