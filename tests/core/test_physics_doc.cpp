// docs/physics.md as a reference: sections numbered in order, and every cited section exists.
#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const std::string kSection = "\xC2\xA7";  // the section sign, UTF-8
const std::string kEnDash = "\xE2\x80\x93";

std::string read_text(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// Reads "N" or "N.M" at text[i]; returns "" when no digit is there. A dot ends the
// number unless a digit follows it (a citation at the end of a sentence).
std::string read_number(const std::string& text, std::size_t& i) {
    std::string n;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
        n += text[i++];
    if (!n.empty() && i + 1 < text.size() && text[i] == '.' &&
        std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
        n += text[i++];
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
            n += text[i++];
    }
    return n;
}

// The section numbers docs/physics.md defines: "## N. Title" and "### N.M Title".
struct Headings {
    std::vector<int> major;                  // in document order
    std::vector<std::pair<int, int>> minor;  // in document order
    std::set<std::string> all;               // "N" and "N.M"
};

Headings physics_headings(const std::string& doc) {
    Headings h;
    for (const std::string& line : split_lines(doc)) {
        if (line.rfind("## ", 0) == 0) {
            std::size_t i = 3;
            const std::string n = read_number(line, i);
            if (!n.empty() && n.find('.') == std::string::npos && i < line.size() &&
                line[i] == '.') {
                h.major.push_back(std::stoi(n));
                h.all.insert(n);
            }
        } else if (line.rfind("### ", 0) == 0) {
            std::size_t i = 4;
            const std::string n = read_number(line, i);
            const std::size_t dot = n.find('.');
            if (dot != std::string::npos && i < line.size() && line[i] == ' ') {
                h.minor.emplace_back(std::stoi(n.substr(0, dot)), std::stoi(n.substr(dot + 1)));
                h.all.insert(n);
            }
        }
    }
    return h;
}

// Every section number cited in `text` as "§N", "§N.M" or a range "§A–B".
std::vector<std::pair<int, std::string>> citations(const std::string& text) {
    std::vector<std::pair<int, std::string>> out;
    int line = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') ++line;
        if (text.compare(i, kSection.size(), kSection) != 0) continue;
        std::size_t j = i + kSection.size();
        const std::string first = read_number(text, j);
        if (first.empty()) continue;
        out.emplace_back(line, first);
        std::size_t k = j;
        if (text.compare(k, kEnDash.size(), kEnDash) == 0)
            k += kEnDash.size();
        else if (k < text.size() && text[k] == '-')
            ++k;
        else
            continue;
        const std::string last = read_number(text, k);
        if (!last.empty()) out.emplace_back(line, last);
    }
    return out;
}

bool cites_from(const fs::path& p) {
    static const std::set<std::string> kText = {".cpp",   ".hpp", ".h",  ".md",  ".txt",
                                                ".cmake", ".sh",  ".py", ".json"};
    return kText.count(p.extension().string()) > 0 || p.parent_path().filename() == "scripts";
}

}  // namespace

TEST_CASE("docs/physics.md numbers its sections 1, 2, 3 in order", "[docs]") {
    const Headings h =
        physics_headings(read_text(fs::path(SKIDPAD_SOURCE_DIR) / "docs/physics.md"));
    REQUIRE(h.major.size() >= 10);
    for (std::size_t k = 0; k < h.major.size(); ++k) {
        INFO("section heading number " << k + 1);
        CHECK(h.major[k] == static_cast<int>(k) + 1);
    }
    // Subsections N.1, N.2, ... follow their section, each numbered one past the last.
    int last_major = 0, last_minor = 0;
    for (const auto& [major, minor] : h.minor) {
        INFO("subsection " << major << "." << minor);
        CHECK(h.all.count(std::to_string(major)) == 1);
        if (major != last_major) last_minor = 0;
        CHECK(major >= last_major);
        CHECK(minor == last_minor + 1);
        last_major = major;
        last_minor = minor;
    }
}

TEST_CASE("every docs/physics.md section cited in the sources and docs exists", "[docs]") {
    const fs::path root = SKIDPAD_SOURCE_DIR;
    const Headings h = physics_headings(read_text(root / "docs/physics.md"));
    REQUIRE(!h.all.empty());
    std::vector<fs::path> files = {root / "README.md"};
    for (const char* dir : {"src", "include", "tests", "bench", "scripts", "docs"}) {
        if (!fs::is_directory(root / dir)) continue;
        for (const auto& e : fs::recursive_directory_iterator(root / dir))
            if (e.is_regular_file() && cites_from(e.path())) files.push_back(e.path());
    }
    std::size_t cited = 0;
    for (const fs::path& f : files) {
        for (const auto& [line, number] : citations(read_text(f))) {
            ++cited;
            INFO(fs::relative(f, root).string() << ":" << line << " cites section " << number);
            CHECK(h.all.count(number) == 1);
        }
    }
    // The sources do cite the document (a scan that found nothing would pass anything).
    CHECK(cited >= 100);
}
