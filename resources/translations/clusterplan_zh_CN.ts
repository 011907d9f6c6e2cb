<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>DataSources</name>
    <message>
        <source>, as of %1</source>
        <translation>，截至 %1</translation>
    </message>
    <message>
        <source>GPU catalog</source>
        <translation>GPU 目录</translation>
    </message>
    <message>
        <source>Fabrics</source>
        <translation>网络互联</translation>
    </message>
    <message>
        <source>Model presets</source>
        <translation>模型预设</translation>
    </message>
    <message>
        <source>Price books</source>
        <translation>价格手册</translation>
    </message>
    <message>
        <source>Calibration runs</source>
        <translation>校准训练记录</translation>
    </message>
    <message>
        <source>Calibration runs: published sources</source>
        <translation>校准训练记录：公开来源</translation>
    </message>
    <message numerus="yes">
        <source>(%n run(s))</source>
        <translation><numerusform>（%n 次训练）</numerusform></translation>
    </message>
</context>
<context>
    <name>EngineTerms</name>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>TP comm (exposed)</source>
        <translation>TP 通信（未重叠）</translation>
    </message>
    <message>
        <source>CP comm (exposed)</source>
        <translation>CP 通信（未重叠）</translation>
    </message>
    <message>
        <source>EP comm (exposed)</source>
        <translation>EP 通信（未重叠）</translation>
    </message>
    <message>
        <source>PP comm</source>
        <translation>PP 通信</translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>bubble</source>
        <translation>气泡</translation>
    </message>
    <message>
        <source>DP comm (exposed)</source>
        <translation>DP 通信（未重叠）</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
</context>
<context>
    <name>FormHelpers</name>
    <message>
        <source>Range: %1 to %2</source>
        <translation>范围：%1 至 %2</translation>
    </message>
    <message>
        <source>Range: %1 to %2 %3</source>
        <translation>范围：%1 至 %2 %3</translation>
    </message>
    <message>
        <source> (%1 = %2)</source>
        <translation>（%1 = %2）</translation>
    </message>
    <message>
        <source>A choice from the list</source>
        <translation>从列表中选择</translation>
    </message>
    <message>
        <source>On or off</source>
        <translation>开或关</translation>
    </message>
    <message>
        <source>Scenario key: %1</source>
        <translation>方案文件键：%1</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
</context>
<context>
    <name>PlanSummary</name>
    <message>
        <source>micro-batch %1</source>
        <translation>微批次 %1</translation>
    </message>
    <message>
        <source>VPP %1</source>
        <translation>VPP %1</translation>
    </message>
    <message>
        <source>ZeRO %1</source>
        <translation>ZeRO %1</translation>
    </message>
    <message>
        <source>recompute %1</source>
        <translation>重计算 %1</translation>
    </message>
    <message>
        <source>sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>weights %1</source>
        <translation>权重 %1</translation>
    </message>
    <message>
        <source>gradients %1</source>
        <translation>梯度 %1</translation>
    </message>
    <message>
        <source>optimizer %1</source>
        <translation>优化器 %1</translation>
    </message>
    <message>
        <source>activations %1</source>
        <translation>激活 %1</translation>
    </message>
    <message>
        <source>other %1</source>
        <translation>其他 %1</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>NCCL buffers</source>
        <translation>NCCL 缓冲区</translation>
    </message>
    <message>
        <source>cuBLAS workspace</source>
        <translation>cuBLAS 工作区</translation>
    </message>
    <message>
        <source>ZeRO-3 gather</source>
        <translation>ZeRO-3 参数聚合</translation>
    </message>
    <message>
        <source>fragmentation</source>
        <translation>显存碎片</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>%1 (%2 to %3, profile %4)</source>
        <translation>%1（%2 至 %3，效率档案 %4）</translation>
    </message>
    <message>
        <source>%1 %2 %</source>
        <translation>%1 %2%</translation>
    </message>
    <message>
        <source>Step parts</source>
        <translation>单步构成</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>%1 tokens/s (%2 per GPU), %3 TFLOP/s per GPU, MFU %4 %</source>
        <translation>%1 tokens/s（每卡 %2），每卡 %3 TFLOP/s，MFU %4%</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <source>%1 days, %2 GPU-hours</source>
        <translation>%1 天，%2 GPU·小时</translation>
    </message>
    <message>
        <source>none (one sequence does not fit)</source>
        <translation>无（单条序列也放不下）</translation>
    </message>
    <message numerus="yes">
        <source>%n sequence(s)</source>
        <translation>
            <numerusform>%n 条序列</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>fits (%1 of %2)</source>
        <translation>放得下（%1 / %2）</translation>
    </message>
    <message>
        <source>does NOT fit (needs %1 of %2)</source>
        <translation>放不下（需要 %1，可用 %2）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 台服务器</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 %3 (%4 %2 %5 GPUs)</source>
        <translation>%1 %2 %3（%4 %2 每台 %5 卡）</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>%1 total, %2 active</source>
        <translation>总计 %1，激活 %2</translation>
    </message>
    <message>
        <source>FLOPs / token</source>
        <translation>每 token 浮点运算</translation>
    </message>
    <message>
        <source>%1 (model), %2 (hardware, with recompute)</source>
        <translation>%1（模型），%2（硬件，含重计算）</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>Micro-batches / step</source>
        <translation>每步微批次数</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>%1 of %2 (pipeline stage %3)</source>
        <translation>%1 / %2（流水线第 %3 段）</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>构成</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Largest micro-batch that fits</source>
        <translation>放得下的最大微批次</translation>
    </message>
    <message>
        <source>Layout search</source>
        <translation>布局搜索</translation>
    </message>
    <message>
        <source>%1 layouts evaluated. %2&lt;br&gt;%3</source>
        <translation>共评估 %1 种布局。%2&lt;br&gt;%3</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
</context>
<context>
    <name>Prompter</name>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>The scenario has unsaved changes. Save them first?</source>
        <translation>方案有未保存的修改。先保存吗？</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>不保存</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Recover unsaved work</source>
        <translation>恢复未保存的工作</translation>
    </message>
    <message>
        <source>ClusterPlan was closed without saving the scenario. Recover it?</source>
        <translation>ClusterPlan 上次关闭时方案尚未保存。要恢复吗？</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开方案</translation>
    </message>
    <message>
        <source>Save scenario as</source>
        <translation>方案另存为</translation>
    </message>
</context>
<context>
    <name>ScenarioFiles</name>
    <message>
        <source>ClusterPlan scenarios (*.clusterplan.json *.json);;All files (*)</source>
        <translation>ClusterPlan 方案 (*.clusterplan.json *.json);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>ScenarioHistory</name>
    <message>
        <source>input change</source>
        <translation>输入修改</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::AboutDialog</name>
    <message>
        <source>About ClusterPlan</source>
        <translation>关于 ClusterPlan</translation>
    </message>
    <message>
        <source>About</source>
        <translation>关于</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>Data sources</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <source>&lt;h2&gt;ClusterPlan %1&lt;/h2&gt;&lt;p&gt;Plans distributed training of large language models: memory per GPU, parallel layouts, step time, scaling and rent-vs-buy cost, with every number's source.&lt;/p&gt;&lt;p&gt;Licence: MIT (see the Licence tab). Copyright © ClusterPlan developers.&lt;/p&gt;&lt;p&gt;&lt;a href="%2"&gt;%2&lt;/a&gt;&lt;/p&gt;&lt;p&gt;Built with Qt %3, running on Qt %4.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;ClusterPlan %1&lt;/h2&gt;&lt;p&gt;规划大语言模型的分布式训练：每卡显存、并行布局、单步时间、扩展性以及租用 vs 购买的成本，每个数字都注明来源。&lt;/p&gt;&lt;p&gt;许可证：MIT（见“许可证”页）。版权所有 © ClusterPlan 开发者。&lt;/p&gt;&lt;p&gt;&lt;a href="%2"&gt;%2&lt;/a&gt;&lt;/p&gt;&lt;p&gt;基于 Qt %3 构建，运行于 Qt %4。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::ClusterPanel</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每台服务器 GPU 数</translation>
    </message>
    <message>
        <source>GPUs in one server (one NVLink/NVSwitch domain)</source>
        <translation>一台服务器内的 GPU 数（同一个 NVLink/NVSwitch 域）</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>服务器台数</translation>
    </message>
    <message>
        <source>Servers, connected by the inter-node fabric</source>
        <translation>服务器数量，由节点间网络互联</translation>
    </message>
    <message>
        <source>Total GPUs</source>
        <translation>GPU 总数</translation>
    </message>
    <message>
        <source>GPU datasheets in the built-in catalog (resources/catalog.json) or your catalog.json</source>
        <translation>内置目录（resources/catalog.json）或您的 catalog.json 中的 GPU 规格书数据</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::CostChartView</name>
    <message>
        <source>the price book has no price for this GPU</source>
        <translation>价格手册中没有这款 GPU 的价格</translation>
    </message>
    <message>
        <source>months from purchase</source>
        <translation>自购买起的月数</translation>
    </message>
    <message>
        <source>cost (%1)</source>
        <translation>成本（%1）</translation>
    </message>
    <message>
        <source>Cumulative cost over %1 months in %2: rent %3 vs buy %4 (%5 net of resale)&lt;br&gt;%6</source>
        <translation>%1 个月累计成本（%2）：租用 %3 vs 购买 %4（扣除残值 %5）&lt;br&gt;%6</translation>
    </message>
    <message>
        <source>Rent (accrued)</source>
        <translation>租用（按月计提）</translation>
    </message>
    <message>
        <source>Buy (gross cash)</source>
        <translation>购买（现金支出）</translation>
    </message>
    <message>
        <source>Buy, net of resale</source>
        <translation>购买，扣除残值</translation>
    </message>
    <message>
        <source>break-even month %1</source>
        <translation>盈亏平衡月：第 %1 个月</translation>
    </message>
    <message>
        <source>buying pays back in month %1 (month %2 net of resale)</source>
        <translation>购买在第 %1 个月回本（扣除残值为第 %2 个月）</translation>
    </message>
    <message>
        <source>buying pays back in month %1</source>
        <translation>购买在第 %1 个月回本</translation>
    </message>
    <message>
        <source>break-even month %1 (net of resale)</source>
        <translation>盈亏平衡月：第 %1 个月（扣除残值）</translation>
    </message>
    <message>
        <source>buying pays back in month %1 net of resale</source>
        <translation>扣除残值后，购买在第 %1 个月回本</translation>
    </message>
    <message>
        <source>buying pays back only in month %1, after the horizon</source>
        <translation>购买要到第 %1 个月才回本，超出对比期</translation>
    </message>
    <message>
        <source>buying does not pay back within %1 months</source>
        <translation>购买在 %1 个月内无法回本</translation>
    </message>
    <message>
        <source>No cost: %1</source>
        <translation>无法计算成本：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Month %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;第 %1 个月&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::CostPanel</name>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Price book</source>
        <translation>价格手册</translation>
    </message>
    <message>
        <source>Where purchase and rent prices, power and staff costs come from</source>
        <translation>采购价、租金、电费和人力成本的来源</translation>
    </message>
    <message>
        <source>Rent offer</source>
        <translation>租用报价</translation>
    </message>
    <message>
        <source>The rental quote compared with buying; the list holds the book's offers for the cluster's GPU</source>
        <translation>与购买对比的租用报价；列表为价格手册中针对该集群 GPU 的报价</translation>
    </message>
    <message>
        <source>Report currency</source>
        <translation>报告币种</translation>
    </message>
    <message>
        <source>Currency of the cost chart and report; prices are converted from the book's currency at the exchange rate</source>
        <translation>成本图表和报告使用的币种；价格按汇率从价格手册的币种换算</translation>
    </message>
    <message>
        <source>Price book's</source>
        <translation>价格手册币种</translation>
    </message>
    <message>
        <source>CNY (¥)</source>
        <translation>人民币（¥）</translation>
    </message>
    <message>
        <source>USD ($)</source>
        <translation>美元（$）</translation>
    </message>
    <message>
        <source>CNY per USD</source>
        <translation>美元兑人民币汇率</translation>
    </message>
    <message>
        <source>Exchange rate used to convert between CNY and USD</source>
        <translation>人民币与美元互换所用的汇率</translation>
    </message>
    <message>
        <source>Horizon</source>
        <translation>对比期</translation>
    </message>
    <message>
        <source>Months compared: the cost chart runs from month 0 to this month</source>
        <translation>对比的月数：成本图从第 0 个月画到该月</translation>
    </message>
    <message>
        <source> months</source>
        <translation> 个月</translation>
    </message>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>Share of wall-clock hours the cluster does useful work</source>
        <translation>集群做有效工作的时间占总时间的比例</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Book default</source>
        <translation>手册默认</translation>
    </message>
    <message>
        <source>Use the price book's annual discount rate</source>
        <translation>使用价格手册的年折现率</translation>
    </message>
    <message>
        <source>Annual rate for present values (cost of capital)</source>
        <translation>计算现值用的年利率（资金成本）</translation>
    </message>
    <message>
        <source> % / year</source>
        <translation> % / 年</translation>
    </message>
    <message>
        <source>Discount rate</source>
        <translation>折现率</translation>
    </message>
    <message>
        <source>%1 (not found)</source>
        <translation>%1（未找到）</translation>
    </message>
    <message>
        <source>Default: %1</source>
        <translation>默认：%1</translation>
    </message>
    <message>
        <source>Book default for this GPU: %1</source>
        <translation>手册中该 GPU 的默认报价：%1</translation>
    </message>
    <message>
        <source>Book default (none for this GPU)</source>
        <translation>手册默认（该 GPU 无报价）</translation>
    </message>
    <message>
        <source>The price book has no rent offer for this GPU</source>
        <translation>价格手册中没有该 GPU 的租用报价</translation>
    </message>
    <message>
        <source>%1 (does not rent this GPU)</source>
        <translation>%1（不出租该 GPU）</translation>
    </message>
    <message>
        <source>%1 (not in this book)</source>
        <translation>%1（不在该手册中）</translation>
    </message>
    <message>
        <source>Custom quote: %1</source>
        <translation>自定义报价：%1</translation>
    </message>
    <message>
        <source>The scenario file's own rent quote (cost.custom_rent)</source>
        <translation>方案文件自带的租用报价（cost.custom_rent）</translation>
    </message>
    <message>
        <source>Price book's (%1)</source>
        <translation>价格手册币种（%1）</translation>
    </message>
    <message>
        <source>the chosen price book (each entry names its source and date), unless set here</source>
        <translation>所选价格手册（每项都注明来源和日期），除非在此另行设置</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::DocumentActions</name>
    <message>
        <source>Cannot open scenario</source>
        <translation>无法打开方案</translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation>无法保存方案</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::InputsPanel</name>
    <message>
        <source>The results show the last valid plan.</source>
        <translation>结果区显示的是上一个有效方案。</translation>
    </message>
    <message>
        <source>There is no valid plan to show yet.</source>
        <translation>还没有可显示的有效方案。</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::LayoutPanel</name>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Splits every layer's matrices; must divide the heads</source>
        <translation>切分每层的矩阵；须整除注意力头数</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Pipeline stages; layers are split between them</source>
        <translation>流水线段数；各层分配到各段</translation>
    </message>
    <message>
        <source>Data parallel (DP)</source>
        <translation>数据并行（DP）</translation>
    </message>
    <message>
        <source>Model replicas; auto = the remaining GPUs, GPUs / (TP·PP·CP)</source>
        <translation>模型副本数；自动 = 剩余 GPU，即 GPU 数 / (TP·PP·CP)</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>Splits each sequence between GPUs</source>
        <translation>把每条序列切分到多张 GPU</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>Splits the routed experts of MoE layers</source>
        <translation>切分 MoE 层的路由专家</translation>
    </message>
    <message>
        <source>Virtual stages (VPP)</source>
        <translation>虚拟流水线段（VPP）</translation>
    </message>
    <message>
        <source>Model chunks per GPU (interleaved 1F1B schedule)</source>
        <translation>每张 GPU 上的模型块数（交错 1F1B 调度）</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Sequences per micro-batch</source>
        <translation>每个微批次的序列数</translation>
    </message>
    <message>
        <source>Parallel layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>auto (the rest)</source>
        <translation>自动（其余 GPU）</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Sharding across data-parallel ranks: 1 optimizer states, 2 + gradients, 3 + parameters (FSDP full shard)</source>
        <translation>在数据并行各卡间分片：1 分片优化器状态，2 再加梯度，3 再加参数（FSDP 完全分片）</translation>
    </message>
    <message>
        <source>0 (DDP)</source>
        <translation>0（DDP）</translation>
    </message>
    <message>
        <source>1</source>
        <translation>1</translation>
    </message>
    <message>
        <source>2</source>
        <translation>2</translation>
    </message>
    <message>
        <source>3 (FSDP)</source>
        <translation>3（FSDP）</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Activation recomputation (checkpointing)</source>
        <translation>激活重计算（检查点）</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Shards norm and dropout activations across the TP group</source>
        <translation>在 TP 组内分片 norm 和 dropout 的激活</translation>
    </message>
    <message>
        <source> (searched)</source>
        <translation>（已搜索）</translation>
    </message>
    <message>
        <source>searched by ClusterPlan when the scenario file leaves the key out, else your choice</source>
        <translation>方案文件未给出该键时由 ClusterPlan 搜索，否则按您的设置</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::LayoutScatterView</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;micro-batch %2, ZeRO-%3&lt;br&gt;%4 per GPU, %5 tokens/s, step %6 s</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;微批次 %2，ZeRO-%3&lt;br&gt;每卡 %4，%5 tokens/s，单步 %6 秒</translation>
    </message>
    <message>
        <source>&lt;br&gt;does not fit: %1</source>
        <translation>&lt;br&gt;放不下：%1</translation>
    </message>
    <message>
        <source>peak GiB per GPU</source>
        <translation>每卡峰值显存（GiB）</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <source>&lt;p align='center'&gt;&lt;b&gt;No layout search&lt;/b&gt;&lt;/p&gt;&lt;p align='center'&gt;Every layout key is set in this scenario. Open a scenario whose &lt;tt&gt;"layout"&lt;/tt&gt; leaves keys out (or has none) and ClusterPlan searches them: the layouts it ranks appear here, memory against throughput, with the Pareto front.&lt;/p&gt;</source>
        <translation>&lt;p align='center'&gt;&lt;b&gt;没有布局搜索&lt;/b&gt;&lt;/p&gt;&lt;p align='center'&gt;本方案的并行布局各项均已指定。打开一个 &lt;tt&gt;"layout"&lt;/tt&gt; 留空部分（或全部）键的方案，ClusterPlan 就会搜索它们：排名靠前的布局按显存对吞吐量显示在这里，并标出帕累托前沿。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Searched layouts</source>
        <translation>搜索到的布局</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>chosen: %1</source>
        <translation>选中：%1</translation>
    </message>
    <message>
        <source>Searched layouts: %1 evaluated, best %2 shown</source>
        <translation>搜索到的布局：共评估 %1 种，显示最佳 %2 种</translation>
    </message>
    <message>
        <source>HBM %1</source>
        <translation>显存 %1</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::MainWindow</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>No valid plan yet: correct the input marked in red.</source>
        <translation>还没有有效方案：请修正红框标出的输入。</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation>打开方案(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save scenario</source>
        <translation>保存方案(&amp;S)</translation>
    </message>
    <message>
        <source>Save scenario &amp;as…</source>
        <translation>方案另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>default scenario</source>
        <translation>默认方案</translation>
    </message>
    <message>
        <source>ClusterPlan — %1[*]</source>
        <translation>ClusterPlan — %1[*]</translation>
    </message>
    <message>
        <source>Plan evaluated in %1 ms at %2</source>
        <translation>方案计算用时 %1 毫秒（%2）</translation>
    </message>
    <message>
        <source>Autosaved %1%2</source>
        <translation>自动保存于 %1%2</translation>
    </message>
    <message>
        <source>, from %1</source>
        <translation>，原文件 %1</translation>
    </message>
    <message>
        <source>Cannot recover the scenario</source>
        <translation>无法恢复方案</translation>
    </message>
    <message>
        <source>&amp;New scenario</source>
        <translation>新建方案(&amp;N)</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>No recent scenarios</source>
        <translation>没有最近打开的方案</translation>
    </message>
    <message>
        <source>&amp;Clear list</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About ClusterPlan</source>
        <translation>关于 ClusterPlan(&amp;A)</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::MemoryBarsView</name>
    <message>
        <source>GiB per GPU</source>
        <translation>每卡显存（GiB）</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>HBM capacity %1</source>
        <translation>显存容量 %1</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::MemoryChartView</name>
    <message>
        <source>stage %1 of %2 (most loaded)</source>
        <translation>第 %1 / %2 段（负载最重）</translation>
    </message>
    <message>
        <source>single pipeline stage</source>
        <translation>单个流水线段</translation>
    </message>
    <message>
        <source>Per-GPU memory, %1&lt;br&gt;&lt;b&gt;%2&lt;/b&gt;</source>
        <translation>每卡显存，%1&lt;br&gt;&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>第 %1 段</translation>
    </message>
    <message>
        <source>Every GPU</source>
        <translation>每张 GPU</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::ModelPanel</name>
    <message>
        <source>Layers (L)</source>
        <translation>层数（L）</translation>
    </message>
    <message>
        <source>Hidden size (h)</source>
        <translation>隐藏维度（h）</translation>
    </message>
    <message>
        <source>Attention heads (a)</source>
        <translation>注意力头数（a）</translation>
    </message>
    <message>
        <source>KV heads (g)</source>
        <translation>KV 头数（g）</translation>
    </message>
    <message>
        <source>Key/value heads: equal to heads for MHA, fewer for GQA, 1 for MQA</source>
        <translation>键/值头数：MHA 等于注意力头数，GQA 更少，MQA 为 1</translation>
    </message>
    <message>
        <source>Head dim (d_h)</source>
        <translation>头维度（d_h）</translation>
    </message>
    <message>
        <source>FFN size (f)</source>
        <translation>FFN 维度（f）</translation>
    </message>
    <message>
        <source>Vocabulary (V)</source>
        <translation>词表大小（V）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Published model configuration; edited fields are kept on top of it</source>
        <translation>公开发布的模型配置；修改过的字段在其基础上保留</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>MLP</translation>
    </message>
    <message>
        <source>SwiGLU (gated, 3 matrices)</source>
        <translation>SwiGLU（门控，3 个矩阵）</translation>
    </message>
    <message>
        <source>GeLU (2 matrices)</source>
        <translation>GeLU（2 个矩阵）</translation>
    </message>
    <message>
        <source>Custom model</source>
        <translation>自定义模型</translation>
    </message>
    <message>
        <source> (edited)</source>
        <translation>（已修改）</translation>
    </message>
    <message>
        <source>the preset's published configuration (model card or paper); a field you edit replaces it</source>
        <translation>预设的公开配置（模型卡或论文）；您修改的字段会替换它</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::MoeMlaRows</name>
    <message>
        <source>Mixture of experts</source>
        <translation>混合专家（MoE）</translation>
    </message>
    <message>
        <source>Routed expert MLPs instead of one dense MLP (Mixtral, DeepSeek, Qwen-MoE)</source>
        <translation>用路由专家 MLP 代替单个稠密 MLP（Mixtral、DeepSeek、Qwen-MoE）</translation>
    </message>
    <message>
        <source>Routed experts (E)</source>
        <translation>路由专家数（E）</translation>
    </message>
    <message>
        <source>Experts per token (k)</source>
        <translation>每个 token 激活专家数（k）</translation>
    </message>
    <message>
        <source>Expert FFN size (f_e)</source>
        <translation>专家 FFN 维度（f_e）</translation>
    </message>
    <message>
        <source>Shared experts (E_s)</source>
        <translation>共享专家数（E_s）</translation>
    </message>
    <message>
        <source>Experts every token goes through (DeepSeek)</source>
        <translation>每个 token 都会经过的专家（DeepSeek）</translation>
    </message>
    <message>
        <source>Shared expert FFN size (f_s)</source>
        <translation>共享专家 FFN 维度（f_s）</translation>
    </message>
    <message>
        <source>Leading dense layers</source>
        <translation>前置稠密层数</translation>
    </message>
    <message>
        <source>First layers that keep a dense MLP</source>
        <translation>保留稠密 MLP 的前几层</translation>
    </message>
    <message>
        <source>Latent attention (MLA)</source>
        <translation>多头潜在注意力（MLA）</translation>
    </message>
    <message>
        <source>Multi-head latent attention: keys and values from a low-rank latent (DeepSeek-V2/V3, arXiv:2405.04434)</source>
        <translation>多头潜在注意力：键和值由低秩潜在向量生成（DeepSeek-V2/V3，arXiv:2405.04434）</translation>
    </message>
    <message>
        <source>Query rank (r_q)</source>
        <translation>查询低秩维度（r_q）</translation>
    </message>
    <message>
        <source>0 = queries projected directly from the hidden state</source>
        <translation>0 = 查询直接由隐藏状态投影</translation>
    </message>
    <message>
        <source>Key/value rank (r_kv)</source>
        <translation>键值低秩维度（r_kv）</translation>
    </message>
    <message>
        <source>Query/key head dim</source>
        <translation>查询/键头维度</translation>
    </message>
    <message>
        <source>Per-head query/key dimension without rotary embedding</source>
        <translation>不含旋转位置编码的每头查询/键维度</translation>
    </message>
    <message>
        <source>Rotary head dim</source>
        <translation>旋转编码头维度</translation>
    </message>
    <message>
        <source>Value head dim</source>
        <translation>值头维度</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::StepTimeChartView</name>
    <message>
        <source>under 0.1 %</source>
        <translation>不到 0.1%</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Step time %1 s (%2–%3 s), MFU %4 %</source>
        <translation>单步时间 %1 秒（%2–%3 秒），MFU %4%</translation>
    </message>
    <message>
        <source>%1: %2 s (%3)</source>
        <translation>%1：%2 秒（%3）</translation>
    </message>
    <message>
        <source>%1 %2 s</source>
        <translation>%1 %2 秒</translation>
    </message>
    <message>
        <source>band %1–%2 s</source>
        <translation>区间 %1–%2 秒</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::TrainingPanel</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Training number format; bf16/fp16/fp8 are mixed precision with fp32 master weights</source>
        <translation>训练数值格式；bf16/fp16/fp8 为混合精度，保留 fp32 主权重</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>adamw: 2 fp32 moments; adam8bit: 8-bit moments; sgd: momentum only</source>
        <translation>adamw：2 个 fp32 动量；adam8bit：8 位动量；sgd：仅动量</translation>
    </message>
    <message>
        <source>Gradient dtype</source>
        <translation>梯度数据类型</translation>
    </message>
    <message>
        <source>param: gradients in the weights' format; fp32: fp32 main gradients</source>
        <translation>param：梯度与权重格式相同；fp32：fp32 主梯度</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Tokens per sequence</source>
        <translation>每条序列的 token 数</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>Sequences per optimizer step</source>
        <translation>每个优化器步的序列数</translation>
    </message>
    <message>
        <source>Software stack</source>
        <translation>训练框架</translation>
    </message>
    <message>
        <source>Training framework: selects the efficiency profile calibrated on that stack's published runs</source>
        <translation>训练框架：选用按该框架公开训练记录校准的效率档案</translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>Attention scores are not stored for backward</source>
        <translation>反向传播不保存注意力分数</translation>
    </message>
    <message>
        <source>your training setup; efficiency profiles calibrated on published runs</source>
        <translation>您的训练设置；效率档案按公开训练记录校准</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::ZeroComparisonChartView</name>
    <message>
        <source>ZeRO-0 (DDP)</source>
        <translation>ZeRO-0（DDP）</translation>
    </message>
    <message>
        <source>ZeRO-1</source>
        <translation>ZeRO-1</translation>
    </message>
    <message>
        <source>ZeRO-2</source>
        <translation>ZeRO-2</translation>
    </message>
    <message>
        <source>ZeRO-3/FSDP</source>
        <translation>ZeRO-3/FSDP</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;(current)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;（当前）</translation>
    </message>
    <message>
        <source>Per-GPU memory by ZeRO stage (same layout, sharded over DP×CP = %1 GPUs)</source>
        <translation>各 ZeRO 阶段的每卡显存（布局相同，在 DP×CP = %1 张卡上分片）</translation>
    </message>
    <message>
        <source>Per-GPU memory by ZeRO stage (same layout, DP = %1)</source>
        <translation>各 ZeRO 阶段的每卡显存（布局相同，DP = %1）</translation>
    </message>
</context>
</TS>
