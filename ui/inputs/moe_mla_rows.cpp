#include "ui/inputs/moe_mla_rows.h"

#include "ui/inputs/form_helpers.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QSpinBox>

namespace clusterplan::ui {

namespace {

// Where a block starts when switched on. MoE: Mixtral 8x7B (arXiv:2401.04088 Table 1: 8 experts,
// top-2, expert FFN = the dense FFN size). MLA: DeepSeek-V3 (arXiv:2412.19437 §4.2: q rank 1536,
// kv rank 512, 128 + 64 query/key head dims, 128 value head dim).
MoeSpec startingMoe(const ModelSpec& model) {
    MoeSpec moe;
    moe.experts = 8;
    moe.topK = 2;
    moe.expertFfnHidden = model.ffnHidden;
    return moe;
}

MlaSpec startingMla() {
    return MlaSpec{1536, 512, 128, 64, 128};
}

}  // namespace

MoeMlaRows::MoeMlaRows(QFormLayout* form, FieldRegistry& fields, ModelEdit edit, QObject* parent)
    : QObject(parent), m_edit(std::move(edit)) {
    addMoeRows(form, fields);
    addMlaRows(form, fields);
}

void MoeMlaRows::addMoeRows(QFormLayout* form, FieldRegistry& fields) {
    m_moeOn = addCheckBox(form, fields,
                          {QStringLiteral("model.moe"), QStringLiteral("moeOn"), tr("Mixture of experts"),
                           tr("Routed expert MLPs instead of one dense MLP (Mixtral, DeepSeek, Qwen-MoE)")});
    connect(m_moeOn, &QCheckBox::toggled, this, [this](bool on) {
        m_edit([on](ModelSpec& m) {
            m.moe = on ? std::optional(m.moe.value_or(startingMoe(m))) : std::nullopt;
        });
    });
    const std::vector<BoundIntField<MoeSpec>> specs{
        {{QStringLiteral("model.moe.experts"), QStringLiteral("moeExperts"), tr("Routed experts (E)"), {}},
         &MoeSpec::experts},
        {{QStringLiteral("model.moe.top_k"), QStringLiteral("moeTopK"), tr("Experts per token (k)"), {}},
         &MoeSpec::topK},
        {{QStringLiteral("model.moe.expert_ffn_hidden"),
          QStringLiteral("moeExpertFfn"),
          tr("Expert FFN size (f_e)"),
          {}},
         &MoeSpec::expertFfnHidden},
        {{QStringLiteral("model.moe.shared_experts"), QStringLiteral("moeSharedExperts"),
          tr("Shared experts (E_s)"), tr("Experts every token goes through (DeepSeek)")},
         &MoeSpec::sharedExperts},
        {{QStringLiteral("model.moe.shared_expert_ffn_hidden"),
          QStringLiteral("moeSharedFfn"),
          tr("Shared expert FFN size (f_s)"),
          {}},
         &MoeSpec::sharedExpertFfnHidden},
        {{QStringLiteral("model.moe.dense_layers"), QStringLiteral("moeDenseLayers"),
          tr("Leading dense layers"), tr("First layers that keep a dense MLP")},
         &MoeSpec::denseLayers},
    };
    m_moe = addRows(form, fields, specs, &ModelSpec::moe);
}

void MoeMlaRows::addMlaRows(QFormLayout* form, FieldRegistry& fields) {
    m_mlaOn = addCheckBox(form, fields,
                          {QStringLiteral("model.mla"), QStringLiteral("mlaOn"), tr("Latent attention (MLA)"),
                           tr("Multi-head latent attention: keys and values from a low-rank latent "
                              "(DeepSeek-V2/V3, arXiv:2405.04434)")});
    connect(m_mlaOn, &QCheckBox::toggled, this, [this](bool on) {
        m_edit(
            [on](ModelSpec& m) { m.mla = on ? std::optional(m.mla.value_or(startingMla())) : std::nullopt; });
    });
    const std::vector<BoundIntField<MlaSpec>> specs{
        {{QStringLiteral("model.mla.q_lora_rank"), QStringLiteral("mlaQRank"), tr("Query rank (r_q)"),
          tr("0 = queries projected directly from the hidden state")},
         &MlaSpec::qLoraRank},
        {{QStringLiteral("model.mla.kv_lora_rank"),
          QStringLiteral("mlaKvRank"),
          tr("Key/value rank (r_kv)"),
          {}},
         &MlaSpec::kvLoraRank},
        {{QStringLiteral("model.mla.qk_nope_head_dim"), QStringLiteral("mlaNopeDim"),
          tr("Query/key head dim"), tr("Per-head query/key dimension without rotary embedding")},
         &MlaSpec::qkNopeHeadDim},
        {{QStringLiteral("model.mla.qk_rope_head_dim"),
          QStringLiteral("mlaRopeDim"),
          tr("Rotary head dim"),
          {}},
         &MlaSpec::qkRopeHeadDim},
        {{QStringLiteral("model.mla.v_head_dim"), QStringLiteral("mlaValueDim"), tr("Value head dim"), {}},
         &MlaSpec::vHeadDim},
    };
    m_mla = addRows(form, fields, specs, &ModelSpec::mla);
}

template <typename Spec>
std::vector<MoeMlaRows::Row<Spec>> MoeMlaRows::addRows(QFormLayout* form, FieldRegistry& fields,
                                                       const std::vector<BoundIntField<Spec>>& specs,
                                                       std::optional<Spec> ModelSpec::*block) {
    std::vector<Row<Spec>> rows;
    for (const auto& spec : specs) {
        QSpinBox* box = addLimitedSpinBox(form, fields, spec.info);
        connect(box, &QSpinBox::valueChanged, this, [this, block, member = spec.member](int value) {
            m_edit([&](ModelSpec& m) {
                if (auto& part = m.*block)
                    (*part).*member = value;
            });
        });
        rows.push_back({box, spec.member});
    }
    return rows;
}

void MoeMlaRows::load(const ModelSpec& model) {
    loadCheckBox(m_moeOn, model.moe.has_value());
    const MoeSpec moe = model.moe.value_or(startingMoe(model));
    for (const auto& row : m_moe) {
        loadSpinBox(row.box, moe.*row.member);
        row.box->setEnabled(model.moe.has_value());
    }
    loadCheckBox(m_mlaOn, model.mla.has_value());
    const MlaSpec mla = model.mla.value_or(startingMla());
    for (const auto& row : m_mla) {
        loadSpinBox(row.box, mla.*row.member);
        row.box->setEnabled(model.mla.has_value());
    }
}

}  // namespace clusterplan::ui
