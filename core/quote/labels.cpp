#include "core/quote/labels.h"

#include <array>

namespace clusterplan::quote {

namespace {

struct Entry {
    std::string_view key;
    std::string_view en;
    std::string_view zh;
};

// Conventions of a Chinese quote (报价单; docs/quotes.md): 报价单编号, 报价明细, 不含税金额,
// 税额, 价税合计, 大写, 有效期, 签字盖章.
constexpr std::array kLabels{
    Entry{"title", "Quotation", "报价单"},
    Entry{"quote_number", "Quote number", "报价单编号"},
    Entry{"revision", "Revision", "版本"},
    Entry{"date", "Date", "报价日期"},
    Entry{"valid_until", "Valid until", "有效期至"},
    Entry{"validity", "Validity", "报价有效期"},
    Entry{"valid_days", "This quote is valid for {} days.", "本报价单有效期 {} 天。"},
    Entry{"customer", "Customer", "客户"},
    Entry{"contact", "Contact", "联系人"},
    Entry{"prepared_by", "Prepared by", "报价人"},
    Entry{"company", "Company", "公司"},
    Entry{"draft", "draft", "草稿"},
    Entry{"verdict", "Verdict", "结论"},
    Entry{"cluster", "Cluster", "集群"},
    Entry{"model", "Model", "模型"},
    Entry{"layout", "Recommended layout", "推荐并行方案"},
    Entry{"memory_fit", "Memory per GPU", "每卡显存"},
    Entry{"fits", "fits, headroom {}", "可容纳，余量 {}"},
    Entry{"does_not_fit", "does not fit: {}", "放不下：{}"},
    Entry{"tokens_per_second", "Throughput", "吞吐"},
    Entry{"training_method", "Training method", "训练方法"},
    Entry{"method_lora", "LoRA, rank {}, alpha {}, on {}", "LoRA，秩 {}，alpha {}，作用于 {}"},
    Entry{"method_qlora", "QLoRA (base weights in 4-bit NF4), rank {}, alpha {}, on {}",
          "QLoRA（基座权重 4 位 NF4），秩 {}，alpha {}，作用于 {}"},
    Entry{"lora_dropout", ", dropout {}", "，丢弃率（dropout）{}"},
    Entry{"method_frozen", "full fine-tuning, first {} layers frozen", "全参数微调，冻结前 {} 层"},
    Entry{"trainable_params", "Trainable parameters", "可训练参数"},
    Entry{"cpu_offload", "CPU offload", "CPU 卸载"},
    Entry{"offload_optimizer", "optimizer states and update on the CPU; host memory {} of {} per server, {}",
          "优化器状态与更新在 CPU 上；每台服务器主机内存 {} / {}，{}"},
    Entry{"offload_params", "optimizer states and parameters in host memory; {} of {} per server, {}",
          "优化器状态与参数放在主机内存；每台服务器 {} / {}，{}"},
    Entry{"host_fits", "fits", "放得下"},
    Entry{"host_does_not_fit", "does NOT fit", "放不下"},
    Entry{"mfu", "MFU", "MFU（模型算力利用率）"},
    Entry{"train_days", "Days to train", "训练天数"},
    Entry{"run_cost_rent", "Cost of the run, renting", "本次训练成本（租用）"},
    Entry{"run_cost_buy", "Cost of the run, owning", "本次训练成本（自建）"},
    Entry{"rent_total", "Renting over {} months", "租用 {} 个月合计"},
    Entry{"buy_total", "Buying over {} months (cash)", "自建 {} 个月合计（现金）"},
    Entry{"buy_net_total", "Buying, net of resale", "自建（扣除残值）"},
    Entry{"breakeven", "Break-even month", "盈亏平衡月"},
    Entry{"breakeven_month", "month {}", "第 {} 个月"},
    Entry{"breakeven_never", "never within {} months", "{} 个月内不回本"},
    Entry{"cheaper_rent", "Renting costs less over the horizon.", "在测算期内租用更省钱。"},
    Entry{"cheaper_buy", "Buying costs less over the horizon (net of resale).",
          "在测算期内自建更省钱（扣除残值）。"},
    Entry{"line_items", "Line items", "报价明细"},
    Entry{"option_rent", "Option A: rent", "方案一：租用"},
    Entry{"option_buy", "Option B: buy", "方案二：自建（采购）"},
    Entry{"col_no", "No.", "序号"},
    Entry{"col_item", "Item", "品名/服务"},
    Entry{"col_spec", "Configuration", "规格型号/配置"},
    Entry{"col_qty", "Qty", "数量"},
    Entry{"col_unit", "Unit", "单位"},
    Entry{"col_unit_price", "Unit price", "单价"},
    Entry{"col_discount", "Discount", "折扣"},
    Entry{"col_list_amount", "List amount", "原价金额"},
    Entry{"col_amount", "Amount excl. tax", "不含税金额"},
    Entry{"col_vat_rate", "VAT rate", "税率"},
    Entry{"col_tax", "VAT", "税额"},
    Entry{"col_gross", "Amount incl. tax", "价税合计"},
    Entry{"subtotal", "Subtotal", "小计"},
    Entry{"list_total", "List total", "原价合计"},
    Entry{"total_excl", "Total excl. tax", "不含税合计"},
    Entry{"total_tax", "VAT total", "税额合计"},
    Entry{"total_incl", "Total incl. tax", "价税合计"},
    Entry{"total_uppercase", "Total in words", "价税合计（大写）"},
    Entry{"amounts_excl_tax", "Amounts excl. tax (VAT shown separately).", "金额为不含税价，税额单列。"},
    Entry{"amounts_incl_tax", "Amounts incl. tax.", "金额含税。"},
    Entry{"deposit_memo", "Refundable deposit (not in the total): {}", "押金（可退，不计入合计）：{}"},
    Entry{"seal", "Signature and company seal", "签字盖章"},
    Entry{"memory", "Memory per GPU", "每卡显存构成"},
    Entry{"layouts", "Top layouts", "候选并行方案"},
    Entry{"explanation", "Why this layout", "方案说明"},
    Entry{"step_time", "Step-time breakdown", "单步时间构成"},
    Entry{"scaling", "Scaling", "扩展性"},
    Entry{"scaling_intro",
          "Best layout at each GPU count up to this cluster, global batch fixed (as clusterplan-cli scale).",
          "在本集群规模以内，每个 GPU 数取最优并行方案，全局批量不变（同 clusterplan-cli scale）。"},
    Entry{"scaling_gpus", "GPUs", "GPU 数"},
    Entry{"mem_weights", "Weights", "权重"},
    Entry{"mem_gradients", "Gradients", "梯度"},
    Entry{"mem_optimizer", "Optimizer states", "优化器状态"},
    Entry{"mem_activations", "Activations", "激活值"},
    Entry{"mem_other", "Other", "其他"},
    Entry{"mem_total", "Total", "合计"},
    Entry{"mem_capacity", "GPU memory", "显存容量"},
    Entry{"col_recompute", "recompute", "重计算"},
    Entry{"col_step_s", "step s", "单步（秒）"},
    Entry{"col_input", "Input", "输入项"},
    Entry{"col_low", "Low", "低值"},
    Entry{"col_high", "High", "高值"},
    Entry{"col_delta_low", "Δ low", "低值差额"},
    Entry{"col_delta_high", "Δ high", "高值差额"},
    Entry{"col_key", "Key", "项目"},
    Entry{"col_value", "Value", "数值"},
    Entry{"col_source", "Source", "来源"},
    Entry{"col_as_of", "As of", "日期"},
    Entry{"scaling_tokens_per_s", "tokens/s", "吞吐（tokens/s）"},
    Entry{"scaling_efficiency", "Scaling efficiency", "扩展效率"},
    Entry{"cost_over_time", "Cost over time", "累计成本"},
    Entry{"yearly", "Cost by year", "逐年成本"},
    Entry{"sensitivity", "Sensitivity", "敏感性分析"},
    Entry{"assumptions", "Assumptions", "假设与说明"},
    Entry{"prices", "Prices and their sources", "价格及来源"},
    Entry{"accuracy", "Accuracy of the engine", "模型精度"},
    Entry{"disclaimer", "This is an estimate, not a binding offer. Taxes as configured; prices change.",
          "本文件为估算，不构成有约束力的要约。税率按设置计算；价格可能变动。"},
    Entry{"page", "Page {} of {}", "第 {} 页 / 共 {} 页"},
    Entry{"year_n", "Year {}", "第 {} 年"},
    Entry{"month", "Month", "月"},
    Entry{"rent", "Rent", "租用"},
    Entry{"buy", "Buy", "自建"},
    Entry{"buy_net", "Buy, net of resale", "自建（扣除残值）"},
    Entry{"notes", "Notes", "备注"},
    Entry{"group_rental", "Rental", "租赁费用"},
    Entry{"group_hardware", "Hardware", "硬件采购"},
    Entry{"group_installation", "Installation", "安装集成"},
    Entry{"group_operations", "Operating costs", "运营成本"},
    Entry{"group_financing", "Financing", "融资"},
    Entry{"item_rent", "GPU rental", "GPU 算力租用"},
    Entry{"item_setup", "One-time setup fee", "一次性开通费"},
    Entry{"item_rent_adjust", "Credits, volume discount, price drift, support and add-ons",
          "复购减免、量大折扣、价格变动、支持及附加服务"},
    Entry{"item_servers", "GPU servers", "GPU 服务器"},
    Entry{"item_switches", "Network switches", "网络交换机"},
    Entry{"item_optics", "Optics and cables", "光模块及线缆"},
    Entry{"item_frontend", "Front-end and management network", "前端及管理网络"},
    Entry{"item_storage", "Storage", "存储"},
    Entry{"item_other_hw", "Other hardware", "其他硬件"},
    Entry{"item_installation", "Installation, integration, shipping", "安装、集成及运输"},
    Entry{"item_energy", "Electricity", "电费"},
    Entry{"item_colo", "Colocation", "机柜托管"},
    Entry{"item_staff", "Operations staff", "运维人员"},
    Entry{"item_maintenance", "Maintenance", "维保"},
    Entry{"item_insurance", "Insurance and property tax", "保险及财产税"},
    Entry{"item_software", "Software licences", "软件许可"},
    Entry{"item_other_opex", "Other operating costs", "其他运营费用"},
    Entry{"item_loan", "Loan payments minus the amount borrowed", "贷款还款减借款本金"},
    Entry{"unit_server_month", "server-month", "台·月"},
    Entry{"unit_gpu_month", "GPU-month", "卡·月"},
    Entry{"unit_slice_month", "slice-month", "切片·月"},
    Entry{"unit_gpu_hour", "GPU-hour", "卡·时"},
    Entry{"unit_server", "server", "台"},
    Entry{"unit_switch", "switch", "台"},
    Entry{"unit_port_tier", "port-tier", "端口·层"},
    Entry{"unit_node", "node", "节点"},
    Entry{"unit_tb", "TB", "TB"},
    Entry{"unit_lot", "lot", "项"},
    Entry{"unit_year", "year", "年"},
    Entry{"term", "term {}", "合同期 {}"},
    Entry{"prepaid", "prepaid", "预付"},
    Entry{"price_source", "source {}, as of {}", "来源：{}，日期：{}"},
    Entry{"price_source_undated", "source {}", "来源：{}"},
    Entry{
        "accuracy_cv",
        "Step time, cross-validated: mean absolute error {} over {} published runs, each predicted by "
        "profiles fitted without its source; {} of them inside the plan's band",
        "单步时间（交叉验证）：{} 平均绝对误差，共 {} 个公开训练记录，每个记录由未使用其来源拟合的参数预测；"
        "其中 {} 落在计划给出的区间内"},
    Entry{"accuracy_in_sample",
          "(in-sample, on the runs the profiles were fitted to: {}; not a guide to a new run)",
          "（样本内，即用于拟合的同一批记录：{}；不代表新任务的误差）"},
    Entry{"tax_basis",
          "VAT per line: goods, equipment lease and repair 13 %, installation and basic telecom 9 %, "
          "IT and cloud services 6 % (财政部 税务总局 海关总署公告 2019 年第 39 号; 财税〔2016〕36 号), "
          "as configured.",
          "增值税按行计算：货物、有形动产租赁及修理修配 13%，安装及基础电信 9%，信息技术及云服务 6%（财政部 "
          "税务总局 "
          "海关总署公告 2019 年第 39 号；财税〔2016〕36 号），以设置为准。"},
    Entry{"small_scale", "Small-scale taxpayer: {} on every taxable line.",
          "小规模纳税人：应税项目统一按 {} 征收。"},
    Entry{"prices_excl_vat", "Price-book amounts are taken as excluding VAT.", "价格库金额视为不含税价。"},
    Entry{"currency_note", "Amounts in {}.", "金额单位：{}。"},
    Entry{"fits_short", "fits", "可容纳"},
    Entry{"no_fit_short", "does not fit", "放不下"},
    Entry{"offload_short", "offload", "卸载"},
    Entry{"offload_none_short", "none", "无"},
    Entry{"offload_optimizer_short", "optimizer", "优化器"},
    Entry{"offload_params_short", "optimizer + params", "优化器和参数"},
    Entry{"none", "none", "无"},
};

}  // namespace

bool parseLang(std::string_view text, Lang& out) {
    if (text == "en" || text == "en_US" || text == "en_GB") {
        out = Lang::En;
        return true;
    }
    if (text == "zh_CN" || text == "zh") {
        out = Lang::Zh;
        return true;
    }
    return false;
}

const char* langCode(Lang lang) {
    return lang == Lang::Zh ? "zh_CN" : "en";
}

std::string label(Lang lang, std::string_view key) {
    for (const Entry& e : kLabels)
        if (e.key == key)
            return std::string(lang == Lang::Zh ? e.zh : e.en);
    return "[[" + std::string(key) + "]]";
}

Bilingual bilingual(std::string_view key) {
    return {label(Lang::En, key), label(Lang::Zh, key)};
}

std::string label(Lang lang, std::string_view key, std::initializer_list<std::string_view> args) {
    const std::string pattern = label(lang, key);
    std::string out;
    auto arg = args.begin();
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern.compare(i, 2, "{}") == 0 && arg != args.end()) {
            out += *arg++;
            ++i;
        } else {
            out += pattern[i];
        }
    }
    return out;
}

Bilingual bilingual(std::string_view key, std::initializer_list<std::string_view> args) {
    return {label(Lang::En, key, args), label(Lang::Zh, key, args)};
}

}  // namespace clusterplan::quote
