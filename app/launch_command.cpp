#include "launch_command.h"

#include <filesystem>
#include <iostream>

#include "cli_commands.h"
#include "cli_errors.h"
#include "command_inputs.h"
#include "core/catalog/catalog_loading.h"
#include "core/io/scenario_json.h"
#include "core/launch/launch_config.h"
#include "core/launch/messages_launch.h"
#include "core/util/atomic_file.h"

namespace clusterplan::cli {

namespace {

int bad(const std::string& message) {
    std::cerr
        << "clusterplan-cli: launch: " << message
        << "\nUsage: clusterplan-cli launch FILE --framework megatron|nemo|torchtitan|deepspeed [--out DIR] "
           "[--lang zh_CN|en] [--catalog FILE]... [--pricebook FILE]... [--profiles FILE]...\n";
    return kBadInput;
}

// The files into DIR (created when missing), each written atomically; shell scripts executable.
std::optional<Error> writeFiles(const LaunchConfig& config, const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        return Error{dir, ec.message()};
    for (const LaunchFile& file : config.files) {
        const std::string path = (std::filesystem::path(dir) / file.name).string();
        if (auto written = writeFileAtomically(path, file.text); !written)
            return written.error();
        if (file.executable)
            std::filesystem::permissions(path,
                                         std::filesystem::perms::owner_exec |
                                             std::filesystem::perms::group_exec |
                                             std::filesystem::perms::others_exec,
                                         std::filesystem::perm_options::add, ec);
    }
    return std::nullopt;
}

}  // namespace

int launchCommand(const std::vector<std::string>& args) {
    std::string file, frameworkText, out, langText = "en";
    CatalogFiles files;
    for (std::size_t i = 1; i < args.size(); ++i)
        if (args[i] == "--help" || args[i] == "-h") {
            std::cout << "Usage:\n" << kLaunchUsage;
            return kOk;
        }
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool takesValue = a == "--framework" || a == "--out" || a == "--lang" || a == "--catalog" ||
                                a == "--pricebook" || a == "--profiles";
        if (takesValue && i + 1 >= args.size())
            return bad(a + " needs a value");
        if (a == "--framework")
            frameworkText = args[++i];
        else if (a == "--out")
            out = args[++i];
        else if (a == "--lang")
            langText = args[++i];
        else if (a == "--catalog")
            files.catalogs.push_back(args[++i]);
        else if (a == "--pricebook")
            files.priceBooks.push_back(args[++i]);
        else if (a == "--profiles")
            files.profiles.push_back(args[++i]);
        else if (a.rfind("--", 0) == 0)
            return bad("unknown option '" + a + "'");
        else if (file.empty())
            file = a;
        else
            return bad("unexpected argument '" + a + "'");
    }
    Lang lang = Lang::En;
    if (!parseLang(langText, lang))
        return bad("--lang is '" + langText + "', allowed: en, zh_CN");
    if (file.empty())
        return bad("launch needs a scenario FILE");
    const auto framework = parseFramework(frameworkText);
    if (frameworkText.empty() || !framework || !launchTarget(*framework))
        return bad("--framework is '" + frameworkText + "', allowed: megatron, nemo, torchtitan, deepspeed");
    const auto inputs = loadCommandInputs(files, file);
    if (!inputs)
        return kBadInput;
    auto config = launchConfigForScenario(inputs->scenario, inputs->loaded.catalog, *framework);
    if (!config) {
        printError(config.error(), lang, file + ": ");
        return kBadInput;
    }
    for (const Message& note : config->notes)
        std::cerr << "clusterplan-cli: warning: " << messageText(note, lang) << "\n";
    const LaunchTarget& target = config->target;
    const std::string version = std::string(target.product) + " " + std::string(target.tag);
    if (out.empty()) {
        for (const LaunchFile& f : config->files)
            std::cout << "==> " << f.name << " <==\n" << f.text << "\n";
        return kOk;
    }
    if (auto failed = writeFiles(config.value(), out)) {
        printError(*failed, lang);
        return kBadInput;
    }
    std::string names;
    for (const LaunchFile& f : config->files)
        names += (names.empty() ? "" : ", ") + f.name;
    std::cout << messageText(makeMessage(msg::kLaunchWritten, {version, out, names}), lang) << "\n";
    return kOk;
}

}  // namespace clusterplan::cli
