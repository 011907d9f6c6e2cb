#include "launch_command.h"

#include <iostream>

#include "cli_commands.h"
#include "cli_errors.h"
#include "command_inputs.h"
#include "core/catalog/catalog_loading.h"
#include "core/io/scenario_json.h"
#include "core/launch/launch_config.h"
#include "core/launch/messages_launch.h"

namespace clusterplan::cli {

namespace {

int bad(const std::string& message) {
    std::cerr
        << "clusterplan-cli: launch: " << message
        << "\nUsage: clusterplan-cli launch FILE --framework megatron|nemo|torchtitan|deepspeed [--out DIR] "
           "[--lang zh_CN|en] [--catalog FILE]... [--pricebook FILE]... [--profiles FILE]...\n";
    return kBadInput;
}

}  // namespace

int launchCommand(const std::vector<std::string>& args) {
    for (std::size_t i = 1; i < args.size(); ++i)
        if (args[i] == "--help" || args[i] == "-h") {
            std::cout << "Usage:\n" << kLaunchUsage;
            return kOk;
        }
    std::string frameworkText, out;
    CommonOptions common;
    const std::string error = parseCommandLine(args, {"--framework", "--out"}, {}, common,
                                               [&](const std::string& a, const std::string& v) {
                                                   (a == "--framework" ? frameworkText : out) = v;
                                                   return std::string();
                                               });
    if (!error.empty())
        return bad(error);
    if (common.file.empty())
        return bad("launch needs a scenario FILE");
    const auto framework = parseFramework(frameworkText);
    if (frameworkText.empty() || !framework || !launchTarget(*framework))
        return bad("--framework is '" + frameworkText + "', allowed: megatron, nemo, torchtitan, deepspeed");
    const auto inputs = loadCommandInputs(common.files, common.file);
    if (!inputs)
        return kBadInput;
    auto config = launchConfigForScenario(inputs->scenario, inputs->loaded.catalog, *framework);
    if (!config) {
        printError(config.error(), common.lang, common.file + ": ");
        return kBadInput;
    }
    for (const Message& note : config->notes)
        std::cerr << "clusterplan-cli: warning: " << messageText(note, common.lang) << "\n";
    const LaunchTarget& target = config->target;
    const std::string version = std::string(target.product) + " " + std::string(target.tag);
    if (out.empty()) {
        for (const LaunchFile& f : config->files)
            std::cout << "==> " << f.name << " <==\n" << f.text << "\n";
        return kOk;
    }
    if (auto failed = writeLaunchFiles(config.value(), out)) {
        printError(*failed, common.lang);
        return kBadInput;
    }
    std::string names;
    for (const LaunchFile& f : config->files)
        names += (names.empty() ? "" : ", ") + f.name;
    std::cout << messageText(makeMessage(msg::kLaunchWritten, {version, out, names}), common.lang) << "\n";
    return kOk;
}

}  // namespace clusterplan::cli
