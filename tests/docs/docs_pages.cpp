// The documentation's generated blocks and links, kept true by the build.
//
//   docs_pages --root DIR --cli PATH --write [PAGE...]   regenerate every generated block
//   docs_pages --root DIR --cli PATH --check [PAGE...]   fail on the first stale line of a page
//   docs_pages --root DIR --links [PAGE...]              fail on a link that does not resolve
//
// PAGEs are relative to --root; without them: README.md and every docs/*.md. A generated block is
//
//   <!-- generated: clusterplan-cli ARGS -->            the output in a ```text fence, after "$
//   clusterplan-cli ARGS"
//   <!-- generated markdown: clusterplan-cli ARGS -->   the output as it is (a command printing Markdown)
//   ...
//   <!-- end generated -->
//
// and runs in --root, so that ARGS name files of the source tree. Transcripts of timings are not
// generated blocks: they say when and on what they were measured.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kBegin = "<!-- generated";
constexpr std::string_view kEnd = "<!-- end generated -->";
constexpr std::string_view kProgram = "clusterplan-cli";

struct Options {
    fs::path root;
    std::string cli;
    std::string mode;  // write, check, links
    std::vector<std::string> pages;
};

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

std::optional<std::string> readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream all;
    all << in.rdbuf();
    return all.str();
}

// Written beside the page and renamed over it, so that a failed write never leaves half a page.
bool writeFileAtomically(const fs::path& path, const std::string& text) {
    const fs::path temporary = path.string() + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!(out << text) || !out.flush())
            return false;
    }
    std::error_code error;
    fs::rename(temporary, path, error);
    return !error;
}

std::string shellQuoted(const std::string& word) {
    std::string quoted = "'";
    for (char ch : word)
        quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    return quoted + "'";
}

// The command's standard output, or nothing when it could not run or exited with an error.
std::optional<std::string> run(const Options& o, const std::string& args, std::string& why) {
    const std::string command =
        "cd " + shellQuoted(o.root.string()) + " && " + shellQuoted(o.cli) + " " + args + " 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) {
        why = "cannot start the command";
        return std::nullopt;
    }
    std::string output;
    std::array<char, 4096> buffer{};
    for (std::size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0;)
        output.append(buffer.data(), n);
    const int status = pclose(pipe);
    if (status != 0) {
        why = "the command exited with status " + std::to_string(WEXITSTATUS(status));
        return std::nullopt;
    }
    return output;
}

struct Marker {
    bool markdown = false;
    std::string args;  // after "clusterplan-cli "
};

// "<!-- generated: clusterplan-cli ARGS -->" or "<!-- generated markdown: clusterplan-cli ARGS -->".
std::optional<Marker> parseMarker(const std::string& line, std::string& why) {
    if (line.rfind(kBegin, 0) != 0)
        return std::nullopt;
    Marker m;
    std::string rest = line.substr(kBegin.size());
    if (rest.rfind(" markdown:", 0) == 0) {
        m.markdown = true;
        rest = rest.substr(10);
    } else if (rest.rfind(":", 0) == 0) {
        rest = rest.substr(1);
    } else {
        why = "expected '<!-- generated: ' or '<!-- generated markdown: '";
        return Marker{true, ""};
    }
    const auto close = rest.rfind("-->");
    const std::string command = close == std::string::npos ? "" : rest.substr(0, close);
    const auto start = command.find_first_not_of(' ');
    const auto end = command.find_last_not_of(' ');
    const std::string trimmed = start == std::string::npos ? "" : command.substr(start, end - start + 1);
    if (trimmed.rfind(std::string(kProgram) + " ", 0) != 0) {
        why = "the marker must end with '-->' and name a clusterplan-cli command";
        return Marker{true, ""};
    }
    m.args = trimmed.substr(kProgram.size() + 1);
    return m;
}

struct Page {
    std::string name;
    std::vector<std::string> lines;
};

// The page with every generated block made anew; an error names the page, the line and the reason.
std::optional<std::vector<std::string>> regenerate(const Options& o, const Page& page, std::string& error) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < page.lines.size(); ++i) {
        const std::string& line = page.lines[i];
        std::string why;
        const auto marker = parseMarker(line, why);
        out.push_back(line);
        if (!marker)
            continue;
        const std::string where = page.name + ":" + std::to_string(i + 1) + ": ";
        if (!why.empty()) {
            error = where + why;
            return std::nullopt;
        }
        std::size_t end = i + 1;
        while (end < page.lines.size() && page.lines[end] != kEnd)
            ++end;
        if (end == page.lines.size()) {
            error = where + "no '" + std::string(kEnd) + "' after this generated block";
            return std::nullopt;
        }
        const auto output = run(o, marker->args, why);
        if (!output) {
            error = where + "'" + std::string(kProgram) + " " + marker->args + "': " + why;
            return std::nullopt;
        }
        if (!marker->markdown)
            out.insert(out.end(), {"```text", "$ " + std::string(kProgram) + " " + marker->args});
        for (const std::string& generated : splitLines(*output))
            out.push_back(generated);
        if (!marker->markdown)
            out.push_back("```");
        out.push_back(std::string(kEnd));
        i = end;
    }
    return out;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines)
        text += line + "\n";
    return text;
}

// --- links -------------------------------------------------------------------------------------

// The code point at `i` of UTF-8 text, advancing `i`.
char32_t nextCodePoint(const std::string& s, std::size_t& i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(k < s.size() ? s[k] : 0); };
    const unsigned char c = byte(i);
    if (c < 0x80) {
        i += 1;
        return c;
    }
    const int length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    char32_t cp = c & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F);
    for (int k = 1; k < length; ++k)
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    i += length;
    return cp;
}

// Punctuation and symbols that GitHub drops from a heading's anchor: it keeps letters, marks,
// numbers, '_', '-' and spaces (github-slugger, the algorithm of github.com's Markdown renderer).
bool droppedFromAnchor(char32_t cp) {
    if (cp < 0x80)
        return !(std::isalnum(static_cast<int>(cp)) || cp == '_' || cp == '-' || cp == ' ');
    const std::array<std::pair<char32_t, char32_t>, 10> symbols{{{0x00A1, 0x00BF},
                                                                 {0x00D7, 0x00D7},
                                                                 {0x00F7, 0x00F7},
                                                                 {0x2000, 0x206F},
                                                                 {0x20A0, 0x20CF},
                                                                 {0x2190, 0x245F},
                                                                 {0x2500, 0x2BFF},
                                                                 {0x3000, 0x3004},
                                                                 {0x3008, 0x303F},
                                                                 {0xFF00, 0xFF0F}}};
    return std::any_of(symbols.begin(), symbols.end(),
                       [&](const auto& r) { return cp >= r.first && cp <= r.second; }) ||
           (cp >= 0xFF1A && cp <= 0xFF20) || (cp >= 0xFF3B && cp <= 0xFF40) || (cp >= 0xFF5B && cp <= 0xFF65);
}

std::string anchorOf(const std::string& heading) {
    std::string anchor;
    for (std::size_t i = 0; i < heading.size();) {
        const std::size_t start = i;
        const char32_t cp = nextCodePoint(heading, i);
        if (droppedFromAnchor(cp))
            continue;
        if (cp == ' ')
            anchor += '-';
        else if (cp < 0x80)
            anchor += static_cast<char>(std::tolower(static_cast<int>(cp)));
        else
            anchor += heading.substr(start, i - start);
    }
    return anchor;
}

// The anchors of a Markdown page's headings, outside fenced code, numbered as GitHub numbers
// repeated headings ("-1", "-2").
std::set<std::string> anchorsOf(const std::vector<std::string>& lines) {
    std::set<std::string> anchors;
    std::map<std::string, int> seen;
    bool fenced = false;
    for (const std::string& line : lines) {
        if (line.rfind("```", 0) == 0)
            fenced = !fenced;
        if (fenced || line.rfind("#", 0) != 0)
            continue;
        const auto text = line.find_first_not_of('#');
        if (text == std::string::npos || line[text] != ' ')
            continue;
        std::string heading = line.substr(text + 1);
        heading.erase(std::remove(heading.begin(), heading.end(), '`'), heading.end());
        heading.erase(std::remove(heading.begin(), heading.end(), '*'), heading.end());
        const std::string base = anchorOf(heading);
        const int n = seen[base]++;
        anchors.insert(n == 0 ? base : base + "-" + std::to_string(n));
    }
    return anchors;
}

struct Link {
    std::size_t line;
    std::string target;
};

// Inline links and images, "[text](target)" and "![alt](target)", outside fenced and inline code.
std::vector<Link> linksOf(const std::vector<std::string>& lines) {
    std::vector<Link> links;
    bool fenced = false;
    for (std::size_t n = 0; n < lines.size(); ++n) {
        const std::string& line = lines[n];
        if (line.rfind("```", 0) == 0)
            fenced = !fenced;
        if (fenced)
            continue;
        bool code = false;
        for (std::size_t i = 0; i + 1 < line.size(); ++i) {
            if (line[i] == '`')
                code = !code;
            if (code || line[i] != ']' || line[i + 1] != '(')
                continue;
            const auto close = line.find(')', i + 2);
            if (close == std::string::npos)
                continue;
            std::string target = line.substr(i + 2, close - i - 2);
            if (const auto space = target.find(' '); space != std::string::npos)
                target = target.substr(0, space);  // a title after the address
            links.push_back({n + 1, target});
        }
    }
    return links;
}

std::string decodedPercent(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

int checkLinks(const Options& o, const std::vector<Page>& pages) {
    int broken = 0;
    for (const Page& page : pages) {
        for (const Link& link : linksOf(page.lines)) {
            const std::string& t = link.target;
            if (t.rfind("http://", 0) == 0 || t.rfind("https://", 0) == 0 || t.rfind("mailto:", 0) == 0)
                continue;  // outside the repository: not checked offline
            const auto hash = t.find('#');
            const std::string file = decodedPercent(t.substr(0, hash));
            const std::string fragment = hash == std::string::npos ? "" : decodedPercent(t.substr(hash + 1));
            const fs::path target =
                file.empty() ? o.root / page.name
                             : (o.root / fs::path(page.name).parent_path() / file).lexically_normal();
            const std::string where = page.name + ":" + std::to_string(link.line) + ": '" + t + "' ";
            if (!fs::exists(target)) {
                std::cerr << where << "names " << fs::relative(target, o.root).string()
                          << ", which does not exist\n";
                ++broken;
                continue;
            }
            if (fragment.empty() || target.extension() != ".md")
                continue;
            const auto text = readFile(target);
            const auto anchors = anchorsOf(splitLines(text.value_or("")));
            if (!anchors.count(fragment)) {
                std::cerr << where << "names the heading '#" << fragment << "', which "
                          << fs::relative(target, o.root).string() << " does not have\n";
                ++broken;
            }
        }
    }
    if (broken)
        std::cerr << broken << " broken link(s)\n";
    return broken ? 1 : 0;
}

// --- pages -------------------------------------------------------------------------------------

std::optional<Options> parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--root" && i + 1 < argc)
            o.root = argv[++i];
        else if (a == "--cli" && i + 1 < argc)
            o.cli = argv[++i];
        else if (a == "--write" || a == "--check" || a == "--links")
            o.mode = a.substr(2);
        else if (a.rfind("--", 0) != 0)
            o.pages.push_back(a);
        else
            return std::nullopt;
    }
    if (o.root.empty() || o.mode.empty() || (o.mode != "links" && o.cli.empty()))
        return std::nullopt;
    return o;
}

std::vector<std::string> defaultPages(const fs::path& root) {
    std::vector<std::string> pages{"README.md"};
    for (const auto& entry : fs::directory_iterator(root / "docs"))
        if (entry.path().extension() == ".md")
            pages.push_back("docs/" + entry.path().filename().string());
    std::sort(pages.begin() + 1, pages.end());
    return pages;
}

// The first line where the committed page and the regenerated one part.
void reportStale(const Page& page, const std::vector<std::string>& fresh) {
    std::size_t i = 0;
    while (i < page.lines.size() && i < fresh.size() && page.lines[i] == fresh[i])
        ++i;
    std::cerr << page.name << ":" << i + 1 << ": stale: the committed line differs from what "
              << "`cmake --build BUILD --target docs` makes\n"
              << "  committed: " << (i < page.lines.size() ? page.lines[i] : "(end of page)") << "\n"
              << "  generated: " << (i < fresh.size() ? fresh[i] : "(end of page)") << "\n";
}

}  // namespace

int main(int argc, char** argv) {
    const auto options = parse(argc, argv);
    if (!options) {
        std::cerr << "usage: docs_pages --root DIR (--cli PATH (--write|--check) | --links) [PAGE...]\n";
        return 2;
    }
    const Options& o = *options;
    std::vector<Page> pages;
    for (const std::string& name : o.pages.empty() ? defaultPages(o.root) : o.pages) {
        const auto text = readFile(o.root / name);
        if (!text) {
            std::cerr << name << ": cannot be read\n";
            return 2;
        }
        pages.push_back({name, splitLines(*text)});
    }
    if (o.mode == "links")
        return checkLinks(o, pages);
    int stale = 0;
    for (const Page& page : pages) {
        std::string error;
        const auto fresh = regenerate(o, page, error);
        if (!fresh) {
            std::cerr << error << "\n";
            return 2;
        }
        if (*fresh == page.lines)
            continue;
        if (o.mode == "check") {
            reportStale(page, *fresh);
            ++stale;
        } else if (!writeFileAtomically(o.root / page.name, joined(*fresh))) {
            std::cerr << page.name << ": cannot be written\n";
            return 2;
        } else {
            std::cout << "regenerated " << page.name << "\n";
        }
    }
    return stale ? 1 : 0;
}
