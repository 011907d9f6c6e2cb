<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CostInputName</name>
    <message>
        <source>server price</source>
        <translation>服务器价格</translation>
    </message>
    <message>
        <source>rent price</source>
        <translation>租用价格</translation>
    </message>
    <message>
        <source>utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>power price</source>
        <translation>电价</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>colo per kW</source>
        <translation>托管费/kW</translation>
    </message>
    <message>
        <source>colo per cabinet</source>
        <translation>机柜托管费</translation>
    </message>
    <message>
        <source>server power</source>
        <translation>服务器功率</translation>
    </message>
    <message>
        <source>staff cost</source>
        <translation>人员成本</translation>
    </message>
    <message>
        <source>upkeep in warranty</source>
        <translation>保内维护</translation>
    </message>
    <message>
        <source>upkeep after warranty</source>
        <translation>保外维护</translation>
    </message>
    <message>
        <source>insurance</source>
        <translation>保险</translation>
    </message>
    <message>
        <source>resale value</source>
        <translation>残值</translation>
    </message>
    <message>
        <source>installation</source>
        <translation>安装费</translation>
    </message>
    <message>
        <source>switch price</source>
        <translation>交换机价格</translation>
    </message>
    <message>
        <source>optics</source>
        <translation>光模块</translation>
    </message>
    <message>
        <source>storage per TB</source>
        <translation>存储/TB</translation>
    </message>
    <message>
        <source>bulk storage per TB</source>
        <translation>大容量存储/TB</translation>
    </message>
    <message>
        <source>discount rate</source>
        <translation>折现率</translation>
    </message>
    <message>
        <source>loan rate</source>
        <translation>贷款利率</translation>
    </message>
</context>
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
        <translation>
            <numerusform>（%n 次训练）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EngineTerms</name>
    <message>
        <source>all-to-all</source>
        <comment>MoE token dispatcher</comment>
        <translation>全对全（all-to-all）</translation>
    </message>
    <message>
        <source>all-gather</source>
        <comment>MoE token dispatcher</comment>
        <translation>全收集（all-gather）</translation>
    </message>
    <message>
        <source>DeepEP</source>
        <comment>MoE token dispatcher</comment>
        <translation>DeepEP</translation>
    </message>
    <message>
        <source>HybridEP</source>
        <comment>MoE token dispatcher</comment>
        <translation>HybridEP</translation>
    </message>
    <message>
        <source>none</source>
        <comment>EP overlap: the all-to-all is not hidden</comment>
        <translation>不重叠</translation>
    </message>
    <message>
        <source>1F1B A2A overlap</source>
        <comment>EP overlap</comment>
        <translation>1F1B 通信重叠</translation>
    </message>
    <message>
        <source>DualPipe</source>
        <comment>EP overlap</comment>
        <translation>DualPipe 双向流水线</translation>
    </message>
    <message>
        <source>dropless</source>
        <comment>MoE routing: learned, every token kept</comment>
        <translation>无丢弃</translation>
    </message>
    <message>
        <source>forced balance</source>
        <comment>MoE routing</comment>
        <translation>强制均衡</translation>
    </message>
    <message>
        <source>token drop</source>
        <comment>MoE routing: capacity factor 1</comment>
        <translation>按容量丢弃 token</translation>
    </message>
    <message>
        <source>full</source>
        <comment>training method: every weight trains</comment>
        <translation>全参数</translation>
    </message>
    <message>
        <source>LoRA</source>
        <comment>training method</comment>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <comment>training method</comment>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>MoE router and permutation</source>
        <translation>MoE 路由与 token 重排</translation>
    </message>
    <message>
        <source>routing</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>expert load imbalance</source>
        <translation>专家负载不均衡</translation>
    </message>
    <message>
        <source>imbalance</source>
        <translation>不均衡</translation>
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
        <source>offload PCIe (exposed)</source>
        <translation>卸载 PCIe 传输（未重叠）</translation>
    </message>
    <message>
        <source>offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>comm/compute contention</source>
        <translation>通信与计算争用</translation>
    </message>
    <message>
        <source>contention</source>
        <translation>争用</translation>
    </message>
    <message>
        <source>synchronisation (slowest GPU)</source>
        <translation>同步（等待最慢的 GPU）</translation>
    </message>
    <message>
        <source>sync</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>host launch (GPU waits for the CPU)</source>
        <translation>主机发射（GPU 等待 CPU 下发内核）</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
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
    <message>
        <source>data loading (waiting)</source>
        <translation>数据加载（等待）</translation>
    </message>
    <message>
        <source>data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>optimizer and parameters</source>
        <translation>优化器和参数</translation>
    </message>
    <message>
        <source>none</source>
        <comment>CPU offload: nothing is offloaded</comment>
        <translation>不卸载</translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation>8 位 Adam</translation>
    </message>
    <message>
        <source>same as the weights</source>
        <translation>与参数相同</translation>
    </message>
    <message>
        <source>%1, fitted to the measured runs</source>
        <translation>%1，按实测运行拟合</translation>
    </message>
    <message>
        <source>generic (no stack of its own)</source>
        <translation>通用（无专属框架的档案）</translation>
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
        <source>expert TP %1</source>
        <translation>专家张量并行 %1</translation>
    </message>
    <message>
        <source>all-gather dispatch</source>
        <translation>全收集（all-gather）分发</translation>
    </message>
    <message>
        <source>DeepEP dispatch</source>
        <translation>DeepEP 分发</translation>
    </message>
    <message>
        <source>HybridEP dispatch</source>
        <translation>HybridEP 分发</translation>
    </message>
    <message>
        <source>1F1B EP overlap</source>
        <translation>1F1B 专家并行通信重叠</translation>
    </message>
    <message>
        <source>DualPipe</source>
        <translation>DualPipe 双向流水线</translation>
    </message>
    <message>
        <source>norms and up-projections recomputed</source>
        <translation>重计算归一化与上投影</translation>
    </message>
    <message>
        <source>FP8 activations</source>
        <translation>FP8 激活存储</translation>
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
        <source>none (one sequence does not fit)</source>
        <translation>无（单条序列也放不下）</translation>
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
    <message>
        <source>: %1 M trainable (%2 %)</source>
        <translation>：可训练参数 %1 M（%2%）</translation>
    </message>
    <message>
        <source>; CPU offload %1, host %2 of %3 per GPU</source>
        <translation>；CPU 卸载 %1，主机内存每卡 %2 / %3</translation>
    </message>
    <message>
        <source>does NOT fit in host memory (offload needs %1 of %2 per GPU)</source>
        <translation>主机内存放不下（卸载每卡需要 %1，可用 %2）</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>微调方式</translation>
    </message>
    <message>
        <source>%1 days steady-state %2 %3 days budgeted (goodput %4 %), %5 GPU-hours</source>
        <translation>稳态 %1 天 %2 预算 %3 天（有效训练占比 %4 %），%5 GPU·小时</translation>
    </message>
    <message>
        <source>Interruptions</source>
        <translation>中断</translation>
    </message>
    <message>
        <source>%1 expected (one every %2 h), checkpoint of %3 GB every %4 h</source>
        <translation>预计 %1 次（每 %2 小时一次），每 %4 小时写一次 %3 GB 检查点</translation>
    </message>
    <message>
        <source>per server: GPUs need %1, workers prepare %2, storage reads %3 samples/s</source>
        <translation>每台服务器：GPU 需要 %1，加载进程可准备 %2，存储可读取 %3 样本/秒</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b2182b&apos;&gt;&lt;b&gt;binds&lt;/b&gt;&lt;/span&gt; (%1), GPUs at %2 %; %3</source>
        <translation>&lt;span style=&apos;color:#b2182b&apos;&gt;&lt;b&gt;供给不足&lt;/b&gt;&lt;/span&gt;（%1），GPU 利用率 %2 %；%3</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>keeps up (%1%2 the need); %3</source>
        <translation>跟得上（需求的 %1%2）；%3</translation>
    </message>
    <message>
        <source>Data feed</source>
        <translation>数据供给</translation>
    </message>
    <message>
        <source>CPU offload %1</source>
        <translation>CPU 卸载%1</translation>
    </message>
    <message>
        <source>%1 + CPU offload %2</source>
        <translation>%1 + CPU 卸载%2</translation>
    </message>
    <message>
        <source>%1 of %2 (the most loaded pipeline stage, %3 of %4)</source>
        <translation>%1 / %2（负载最重的流水线段：第 %3 段，共 %4 段）</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>1 sequence</source>
        <translation>1 条序列</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 条序列</translation>
    </message>
    <message>
        <source>1 node</source>
        <translation>1 台服务器</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 台服务器</translation>
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
        <source>Revise a decided quote</source>
        <translation>修改已有结果的报价</translation>
    </message>
    <message>
        <source>This quote is already accepted or lost. Record a new revision of it? The new revision is a draft.</source>
        <translation>此报价已成交或未成交。要为其记入新版本吗？新版本为草稿。</translation>
    </message>
    <message>
        <source>Record a new revision</source>
        <translation>记入新版本</translation>
    </message>
    <message>
        <source>Stale prices</source>
        <translation>价格已过时</translation>
    </message>
    <message>
        <source>This quote is priced on a price book past its stale limit. Export it anyway?</source>
        <translation>此报价单所用的价格已过时。仍要导出吗？</translation>
    </message>
    <message>
        <source>Export anyway</source>
        <translation>仍然导出</translation>
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
        <source>&lt;h2&gt;ClusterPlan %1&lt;/h2&gt;&lt;p&gt;Plans distributed training of large language models: memory per GPU, parallel layouts, step time, scaling and rent-vs-buy cost, with every number&apos;s source.&lt;/p&gt;&lt;p&gt;Licence: MIT (see the Licence tab). Copyright © ClusterPlan developers.&lt;/p&gt;&lt;p&gt;&lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt;&lt;/p&gt;&lt;p&gt;Built with Qt %3, running on Qt %4.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;ClusterPlan %1&lt;/h2&gt;&lt;p&gt;规划大语言模型的分布式训练：每卡显存、并行布局、单步时间、扩展性以及租用 vs 购买的成本，每个数字都注明来源。&lt;/p&gt;&lt;p&gt;许可证：MIT（见“许可证”页）。版权所有 © ClusterPlan 开发者。&lt;/p&gt;&lt;p&gt;&lt;a href=&quot;%2&quot;&gt;%2&lt;/a&gt;&lt;/p&gt;&lt;p&gt;基于 Qt %3 构建，运行于 Qt %4。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::ArticleDialog</name>
    <message>
        <source>The article, checked</source>
        <translation>核对原文论断</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>章节</translation>
    </message>
    <message>
        <source>Claim about</source>
        <translation>论断对象</translation>
    </message>
    <message>
        <source>Article</source>
        <translation>原文</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Open this example</source>
        <translation>打开此示例</translation>
    </message>
    <message>
        <source>The article&apos;s examples cannot be checked: %1</source>
        <translation>无法核对文章的示例：%1</translation>
    </message>
    <message>
        <source>The seed article&apos;s claims, each an example scenario evaluated by the engine: %1 claims, %2 agree, %3 differ, %4 without a basis in the engine. Pick one to read why, and open its example to show the numbers.</source>
        <translation>原文中的每条论断都做成了一个示例场景，由引擎计算：共 %1 条，%2 条相符，%3 条不符，%4 条引擎无依据判断。选中一条可查看原因，打开其示例即可展示具体数字。</translation>
    </message>
    <message>
        <source>Article:</source>
        <translation>原文：</translation>
    </message>
    <message>
        <source>Engine:</source>
        <translation>引擎：</translation>
    </message>
    <message>
        <source>Verdict:</source>
        <translation>结论：</translation>
    </message>
    <message>
        <source>Tested:</source>
        <translation>测试方案：</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::ClaimPanel</name>
    <message>
        <source>The article says</source>
        <translation>文章原话</translation>
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
    <message>
        <source>Training data</source>
        <translation>训练数据</translation>
    </message>
    <message>
        <source>How each sample is read and prepared on the CPU</source>
        <translation>每个样本如何读取并在 CPU 上预处理</translation>
    </message>
    <message>
        <source>pre-tokenized text</source>
        <translation>预先分词的文本</translation>
    </message>
    <message>
        <source>raw text, tokenized on the fly</source>
        <translation>原始文本，在线分词</translation>
    </message>
    <message>
        <source>images, decoded and augmented</source>
        <translation>图像，解码并增强</translation>
    </message>
    <message>
        <source>Loader workers per GPU</source>
        <translation>每 GPU 数据加载进程数</translation>
    </message>
    <message>
        <source>DataLoader num_workers of each training process</source>
        <translation>每个训练进程的 DataLoader num_workers</translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation>默认（%1）</translation>
    </message>
    <message>
        <source>CPU cores per node</source>
        <translation>每节点 CPU 核数</translation>
    </message>
    <message>
        <source>Physical cores of one server, all sockets</source>
        <translation>一台服务器所有插槽的物理核心数</translation>
    </message>
    <message>
        <source>NVMe drives per node</source>
        <translation>每节点 NVMe 盘数</translation>
    </message>
    <message>
        <source>Local drives the training data is read from</source>
        <translation>读取训练数据的本地盘</translation>
    </message>
    <message>
        <source>Network file system</source>
        <translation>网络文件系统</translation>
    </message>
    <message>
        <source>Read bandwidth of a shared file system for the whole cluster; replaces the local drives</source>
        <translation>整个集群共享文件系统的读带宽；设置后取代本地盘</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source>none (local drives)</source>
        <translation>无（使用本地盘）</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::CostChartView</name>
    <message>
        <source>Cumulative cost over %1 months in %2: rent %3&lt;br&gt;%4</source>
        <translation>%1 个月累计成本（%2）：租用 %3&lt;br&gt;%4</translation>
    </message>
    <message>
        <source>Cumulative cost over %1 months in %2: buy %3 (%4 net of resale)&lt;br&gt;%5</source>
        <translation>%1 个月累计成本（%2）：购买 %3（扣除残值 %4）&lt;br&gt;%5</translation>
    </message>
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
        <translation>%1 个月累计成本（%2）：租用 %3，购买 %4（扣除残值 %5）&lt;br&gt;%6</translation>
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
    <name>clusterplan::ui::CostDetailsView</name>
    <message>
        <source>&lt;b&gt;Training run&lt;/b&gt; (%1 GPU-hours, %2 tokens): &lt;b&gt;%3&lt;/b&gt; rented; no purchase offer</source>
        <translation>&lt;b&gt;训练任务&lt;/b&gt;（%1 GPU·小时，%2 token）：租用 &lt;b&gt;%3&lt;/b&gt;；无购买报价</translation>
    </message>
    <message>
        <source>&lt;b&gt;Training run&lt;/b&gt; (%1 GPU-hours, %2 tokens): &lt;b&gt;%3&lt;/b&gt; owned; no rental offer</source>
        <translation>&lt;b&gt;训练任务&lt;/b&gt;（%1 GPU·小时，%2 token）：自有 &lt;b&gt;%3&lt;/b&gt;；无租用报价</translation>
    </message>
    <message>
        <source>Excl. VAT. Rented: the bill on the term &quot;%1&quot;.</source>
        <translation>不含增值税。租用：按“%1”期限计费。</translation>
    </message>
    <message>
        <source>Excl. VAT. Owned: the run's share of %1 months of owning at %2 % utilisation.</source>
        <translation>不含增值税。自有：按 %2 % 利用率分摊 %1 个月自有成本中本次训练的份额。</translation>
    </message>
    <message>
        <source>No sensitivity: %1</source>
        <translation>无敏感性分析：%1</translation>
    </message>
    <message>
        <source>No sensitivity: there is no cost to vary (why: above)</source>
        <translation>无敏感性分析：没有可变动的成本（原因见上方）</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>PV rent</source>
        <translation>租用现值</translation>
    </message>
    <message>
        <source>PV buy</source>
        <translation>购买现值</translation>
    </message>
    <message>
        <source>No cost: %1</source>
        <translation>无法计算成本：%1</translation>
    </message>
    <message>
        <source>the price book cannot price this GPU</source>
        <translation>价格手册无法为该 GPU 定价</translation>
    </message>
    <message>
        <source>&lt;b&gt;Training run&lt;/b&gt; (%1 GPU-hours, %2 tokens): &lt;b&gt;%3&lt;/b&gt; rented, &lt;b&gt;%4&lt;/b&gt; owned</source>
        <translation>&lt;b&gt;训练任务&lt;/b&gt;（%1 GPU·小时，%2 token）：租用 &lt;b&gt;%3&lt;/b&gt;，自有 &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Training run&lt;/b&gt;: no cost per useful GPU-hour (utilisation 0)</source>
        <translation>&lt;b&gt;训练任务&lt;/b&gt;：无法计算每有效 GPU·小时成本（利用率为 0）</translation>
    </message>
    <message>
        <source>Excl. VAT. Rented: the bill on the term &quot;%1&quot;. Owned: the run&apos;s share of %2 months of owning at %3 % utilisation.</source>
        <translation>均不含税。租用：按“%1”合同期计费。自有：按 %2 个月、%3% 利用率摊销的本次训练份额。</translation>
    </message>
    <message>
        <source>Bought for this run alone, owning costs %1 (purchase and the running costs of a %2-month run, less the resale value then).</source>
        <translation>仅为本次训练自建需 %1（购置与 %2 个月运营费用，扣除届时残值）。</translation>
    </message>
    <message>
        <source>input lowered</source>
        <translation>输入调低</translation>
    </message>
    <message>
        <source>input raised</source>
        <translation>输入调高</translation>
    </message>
    <message>
        <source>%1 = %2 (base %3): owning advantage %4 (%5%6)</source>
        <translation>%1 = %2（基准 %3）：自有优势 %4（%5%6）</translation>
    </message>
    <message>
        <source>Sensitivity of rent − own net cost at month %1 (positive favours buying; base %2)</source>
        <translation>第 %1 个月“租用 − 自有净成本”的敏感性（正值有利于购买；基准 %2）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>year</source>
        <translation>年（月）</translation>
    </message>
    <message>
        <source>rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>buy</source>
        <translation>购买</translation>
    </message>
    <message>
        <source>buy net</source>
        <translation>购买净额</translation>
    </message>
    <message>
        <source>year (month at its end)</source>
        <translation>年（该年最后一个月）</translation>
    </message>
    <message>
        <source>rent accrued so far</source>
        <translation>截至该月累计计提的租金</translation>
    </message>
    <message>
        <source>buying: cash paid so far (gross)</source>
        <translation>购买：截至该月的现金支出（总额）</translation>
    </message>
    <message>
        <source>buying net of the servers&apos; resale value</source>
        <translation>购买，扣除服务器残值后的净额</translation>
    </message>
    <message>
        <source>rent in today&apos;s money (discounted at the discount rate)</source>
        <translation>租用成本的现值（按折现率折现）</translation>
    </message>
    <message>
        <source>buying in today&apos;s money (discounted at the discount rate)</source>
        <translation>购买成本的现值（按折现率折现）</translation>
    </message>
    <message>
        <source>change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source> · per million tokens %1 rented, %2 owned</source>
        <translation> · 每百万 token：租用 %1，自有 %2</translation>
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
        <source>The rental quote compared with buying; the list holds the book&apos;s offers for the cluster&apos;s GPU</source>
        <translation>与购买对比的租用报价；列表为价格手册中针对该集群 GPU 的报价</translation>
    </message>
    <message>
        <source>Report currency</source>
        <translation>报告币种</translation>
    </message>
    <message>
        <source>Currency of the cost chart and report; prices are converted from the book&apos;s currency at the exchange rate</source>
        <translation>成本图表和报告使用的币种；价格按汇率从价格手册的币种换算</translation>
    </message>
    <message>
        <source>Price book&apos;s</source>
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
        <source>Use the price book&apos;s annual discount rate</source>
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
        <source>The scenario file&apos;s own rent quote (cost.custom_rent)</source>
        <translation>方案文件自带的租用报价（cost.custom_rent）</translation>
    </message>
    <message>
        <source>Price book&apos;s (%1)</source>
        <translation>价格手册币种（%1）</translation>
    </message>
    <message>
        <source>the chosen price book (each entry names its source and date), unless set here</source>
        <translation>所选价格手册（每项都注明来源和日期），除非在此另行设置</translation>
    </message>
    <message>
        <source>Prices as of %1, %2 days old: stale after %3 days. Import a current price list (File ▸ Import price list) before sending a quote on them.</source>
        <translation>价格截至 %1，已有 %2 天：超过 %3 天即过时。发送基于这些价格的报价前，请导入最新价格表（文件 ▸ 导入价格表）。</translation>
    </message>
    <message>
        <source>Prices as of %1 (%2 days old; stale after %3 days).</source>
        <translation>价格截至 %1（已有 %2 天；超过 %3 天即过时）。</translation>
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
    <name>clusterplan::ui::ExplorerChartView</name>
    <message>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
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
        <source>recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>选中</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>No layout search: every layout key is fixed in this scenario</source>
        <translation>没有布局搜索：本方案的并行布局各项均已固定</translation>
    </message>
    <message>
        <source>peak memory per GPU (GiB)</source>
        <translation>每卡峰值显存（GiB）</translation>
    </message>
    <message>
        <source>cost per million tokens, rented (%1)</source>
        <translation>每百万 token 成本，租用（%1）</translation>
    </message>
    <message>
        <source>days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>&lt;b&gt;#%1 %2&lt;/b&gt;&lt;br&gt;micro-batch %3, ZeRO-%4, recompute %5&lt;br&gt;%6 per GPU · %7 tokens/s · step %8 s&lt;br&gt;MFU %9 % · %10 days</source>
        <translation>&lt;b&gt;#%1 %2&lt;/b&gt;&lt;br&gt;微批次 %3，ZeRO-%4，重计算 %5&lt;br&gt;每卡 %6 · %7 tokens/s · 单步 %8 秒&lt;br&gt;MFU %9% · %10 天</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 %2 per million tokens (rented)</source>
        <translation>&lt;br&gt;每百万 token %1 %2（租用）</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;does not fit:&lt;/b&gt; %1</source>
        <translation>&lt;br&gt;&lt;b&gt;放不下：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;br&gt;CPU offload: %1</source>
        <translation>&lt;br&gt;CPU 卸载：%1</translation>
    </message>
    <message>
        <source>%1 layouts evaluated</source>
        <translation>共评估 %1 种布局</translation>
    </message>
    <message>
        <source>drag to zoom, right-click to zoom out</source>
        <translation>拖动可放大，右键缩小</translation>
    </message>
    <message>
        <source>layouts above %1 GiB per GPU, off the right edge: %2</source>
        <translation>每 GPU 超过 %1 GiB、在右边界外的布局：%2 个</translation>
    </message>
    <message>
        <source>%1 of %2 layouts shown</source>
        <translation>显示 %2 个布局中的 %1 个</translation>
    </message>
    <message>
        <source>zoomed in: right-click or Reset zoom to zoom out</source>
        <translation>已放大：右键单击或点“重置缩放”以缩小</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::LogImport</name>
    <message>
        <source>Import measured run from a &amp;log…</source>
        <translation>从日志导入实测运行(&amp;L)…</translation>
    </message>
    <message>
        <source>%1 cannot be opened</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Import measured run from a log</source>
        <translation>从日志导入实测运行</translation>
    </message>
    <message>
        <source>Training logs (*.log *.txt *.out);;All files (*)</source>
        <translation>训练日志 (*.log *.txt *.out);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Measured run not imported</source>
        <translation>未导入实测运行</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::LaunchActions</name>
    <message>
        <source>&amp;Launch configuration</source>
        <translation>启动配置(&amp;L)</translation>
    </message>
    <message>
        <source>For %1 %2…</source>
        <translation>用于 %1 %2…</translation>
    </message>
    <message>
        <source>Exports %1</source>
        <translation>导出%1</translation>
    </message>
    <message>
        <source>the layout selected in the Explorer (%1)</source>
        <translation>布局探索中选中的布局（%1）</translation>
    </message>
    <message>
        <source>the planned layout (%1)</source>
        <translation>方案的布局（%1）</translation>
    </message>
    <message>
        <source>the planned layout</source>
        <translation>方案的布局</translation>
    </message>
    <message>
        <source>Write the launch configuration of %1 into</source>
        <translation>将%1的启动配置写入</translation>
    </message>
    <message>
        <source>Launch configuration not written</source>
        <translation>未写入启动配置</translation>
    </message>
    <message>
        <source>Launch configuration written</source>
        <translation>已写入启动配置</translation>
    </message>
    <message>
        <source>Wrote the %1 launch configuration of %2 to %3</source>
        <translation>已将%2的 %1 启动配置写入 %3</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::ExportActions</name>
    <message>
        <source>The price book &quot;%1&quot; is dated %2, %3 days ago; its prices are stale after %4 days. Import a current price list (File ▸ Import price list) to quote on current prices.</source>
        <translation>价格手册“%1”的价格截至 %2，已有 %3 天；超过 %4 天即过时。请先导入最新价格表（文件 ▸ 导入价格表），再按当前价格报价。</translation>
    </message>
    <message>
        <source>&amp;Quote details…</source>
        <translation>报价单详情(&amp;Q)…</translation>
    </message>
    <message>
        <source>&amp;PDF quote…</source>
        <translation>PDF 报价单(&amp;P)…</translation>
    </message>
    <message>
        <source>Print pre&amp;view…</source>
        <translation>打印预览(&amp;V)…</translation>
    </message>
    <message>
        <source>&amp;Excel workbook…</source>
        <translation>Excel 工作簿(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;CSV tables…</source>
        <translation>CSV 表格(&amp;C)…</translation>
    </message>
    <message>
        <source>Chart &amp;images…</source>
        <translation>图表图片(&amp;I)…</translation>
    </message>
    <message>
        <source>There is no plan to export yet.</source>
        <translation>还没有可导出的方案。</translation>
    </message>
    <message>
        <source>Cannot export %1</source>
        <translation>无法导出%1</translation>
    </message>
    <message>
        <source>Saved the %1 to %2</source>
        <translation>已将%1保存到 %2</translation>
    </message>
    <message>
        <source>Logo not found</source>
        <translation>找不到徽标</translation>
    </message>
    <message>
        <source>%1 does not exist; the quote is written without a logo.</source>
        <translation>%1 不存在；报价单将不带徽标输出。</translation>
    </message>
    <message>
        <source>Export PDF quote</source>
        <translation>导出 PDF 报价单</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <source>Export Excel workbook</source>
        <translation>导出 Excel 工作簿</translation>
    </message>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <source>workbook</source>
        <translation>工作簿</translation>
    </message>
    <message>
        <source>Export CSV tables into</source>
        <translation>将 CSV 表格导出到</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>Export chart images into</source>
        <translation>将图表图片导出到</translation>
    </message>
    <message>
        <source>images</source>
        <translation>图片</translation>
    </message>
    <message>
        <source>Preparing the PDF quote: scaling study…</source>
        <translation>正在准备 PDF 报价单：扩展性研究…</translation>
    </message>
    <message>
        <source>Preparing the workbook…</source>
        <translation>正在准备 Excel 工作簿…</translation>
    </message>
    <message>
        <source>Preparing the CSV tables: validation…</source>
        <translation>正在准备 CSV 表格：精度验证…</translation>
    </message>
    <message>
        <source>Preparing the chart images: scaling study…</source>
        <translation>正在准备图表图片：扩展性研究…</translation>
    </message>
    <message>
        <source>Preparing the print preview: scaling study…</source>
        <translation>正在准备打印预览：扩展性研究…</translation>
    </message>
    <message>
        <source>Nothing was exported.</source>
        <translation>未导出任何文件。</translation>
    </message>
    <message>
        <source>Not available: the plan does not fit in memory, so it is not quoted (a quote would price a run that cannot start). The verdict card offers plans that fit.</source>
        <translation>不可用：该方案显存放不下，因此不予报价（报价会为一个无法启动的训练计价）。结论卡片给出了能放下的方案。</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::FeedChartView</name>
    <message>
        <source>needed by the GPUs</source>
        <translation>GPU 所需</translation>
    </message>
    <message>
        <source>available</source>
        <translation>可提供</translation>
    </message>
    <message>
        <source>CPU workers</source>
        <translation>CPU 加载进程</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>samples/s per server</source>
        <translation>每台服务器 样本/秒</translation>
    </message>
    <message>
        <source>Data feed binds (%1): GPUs at %2 %</source>
        <translation>数据供给成为瓶颈（%1）：GPU 利用率 %2 %</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Data feed keeps up: %1× the need</source>
        <translation>数据供给跟得上：需求的 %1 倍</translation>
    </message>
    <message>
        <source>Per server: the GPUs need %1 samples/s; the loader workers prepare %2 and storage reads %3.</source>
        <translation>每台服务器：GPU 需要 %1 样本/秒；加载进程可准备 %2，存储可读取 %3。</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::FineTuningFields</name>
    <message>
        <source>Method</source>
        <translation>微调方式</translation>
    </message>
    <message>
        <source>full: every weight trains; lora: frozen 16-bit base + low-rank adapters; qlora: frozen base in 4-bit NF4 + adapters</source>
        <translation>full：训练全部权重；lora：冻结 16 位基座 + 低秩适配器；qlora：冻结的 4 位 NF4 基座 + 适配器</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>r: adapter width; r·(d_in + d_out) parameters per adapted matrix</source>
        <translation>r：适配器宽度；每个适配矩阵 r·(d_in + d_out) 个参数</translation>
    </message>
    <message>
        <source>LoRA alpha</source>
        <translation>LoRA alpha</translation>
    </message>
    <message>
        <source>Scale α/r of the adapter output (no effect on memory or time)</source>
        <translation>适配器输出的缩放系数 α/r（不影响显存和时间）</translation>
    </message>
    <message>
        <source>Linear layers that get adapters (PEFT target_modules); all = every linear layer</source>
        <translation>挂载适配器的线性层（PEFT target_modules）；all = 所有线性层</translation>
    </message>
    <message>
        <source>LoRA targets</source>
        <translation>LoRA 目标层</translation>
    </message>
    <message>
        <source>Train embeddings</source>
        <translation>训练嵌入层</translation>
    </message>
    <message>
        <source>Also train the input embedding and the output head</source>
        <translation>同时训练输入嵌入层和输出头</translation>
    </message>
    <message>
        <source>Frozen layers</source>
        <translation>冻结层数</translation>
    </message>
    <message>
        <source>Full fine-tune: the first N layers and the embedding do not train</source>
        <translation>全参数微调：前 N 层和嵌入层不参与训练</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>How the amount of training data is given</source>
        <translation>训练数据量的给定方式</translation>
    </message>
    <message>
        <source>pre-training (tokens)</source>
        <translation>预训练（token 数）</translation>
    </message>
    <message>
        <source>fine-tuning (dataset × epochs)</source>
        <translation>微调（数据集 × 轮数）</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <source>Tokens to train on, in billions</source>
        <translation>训练的 token 数，单位为十亿（B）</translation>
    </message>
    <message>
        <source> B</source>
        <translation> B</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本数</translation>
    </message>
    <message>
        <source>Examples in the data set</source>
        <translation>数据集中的样本数</translation>
    </message>
    <message>
        <source>Tokens per sample</source>
        <translation>每样本 token 数</translation>
    </message>
    <message>
        <source>Mean tokens per example (prompt + answer)</source>
        <translation>每个样本的平均 token 数（提示 + 回答）</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>轮数（epoch）</translation>
    </message>
    <message>
        <source>Passes over the data set</source>
        <translation>遍历数据集的次数</translation>
    </message>
    <message>
        <source>LoRA dropout</source>
        <translation>LoRA 丢弃率（dropout）</translation>
    </message>
    <message>
        <source>Dropout on the adapters&apos; input (PEFT lora_dropout, default 0; QLoRA used 0.05–0.1). Above 0 every adapter keeps a mask and a dropped copy of its input for backward</source>
        <translation>适配器输入上的丢弃率（PEFT 的 lora_dropout，默认 0；QLoRA 论文用 0.05–0.1）。大于 0 时每个适配器为反向传播多保存一个掩码和一份丢弃后的输入副本</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::InputsPanel</name>
    <message>
        <source>The field keeps its value before the edit.</source>
        <translation>该字段保留编辑前的值。</translation>
    </message>
    <message>
        <source>The results show the last valid plan.</source>
        <translation>结果区显示的是上一个有效方案。</translation>
    </message>
    <message>
        <source>There is no valid plan to show yet.</source>
        <translation>还没有可显示的有效方案。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>key path: reason</comment>
        <extracomment>An input error: the field&apos;s name, then the reason (&quot;TP: is 5, must divide ...&quot;).
----------
A number typed outside its field&apos;s range: the field&apos;s name, then the reason with the range.</extracomment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::LimitedSpinBox</name>
    <message>
        <source>%1 is outside the allowed range %2–%3</source>
        <translation>%1 不在允许范围 %2–%3</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::LayoutExplorerTab</name>
    <message>
        <source>memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>cost per million tokens</source>
        <translation>每百万 token 成本</translation>
    </message>
    <message>
        <source>days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>filter: tp=8 zero=1 recompute=full dispatcher=deepep, or any text</source>
        <translation>筛选：tp=8 zero=1 recompute=full dispatcher=deepep，或任意文本</translation>
    </message>
    <message>
        <source>%1 of %2 shown</source>
        <translation>显示 %1 / %2</translation>
    </message>
    <message>
        <source>fits only</source>
        <translation>仅显示放得下的</translation>
    </message>
    <message>
        <source>Use this layout</source>
        <translation>采用此布局</translation>
    </message>
    <message>
        <source>Pins every layout key of the selected layout in the scenario</source>
        <translation>将所选布局的各项参数固定到方案中</translation>
    </message>
    <message>
        <source>x axis:</source>
        <translation>x 轴：</translation>
    </message>
    <message>
        <source>Search: keys the search chooses (unticked keys keep the value shown in the Layout inputs)</source>
        <translation>搜索：由搜索决定的参数（未勾选的参数保持“并行布局”输入中显示的值）</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
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
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>TP across servers</source>
        <translation>TP 跨服务器</translation>
    </message>
    <message>
        <source>Let TP groups span servers (slow over the scale-out network; clusterplan-cli search --allow-cross-node-tp)</source>
        <translation>允许 TP 组跨服务器（经横向扩展网络较慢；clusterplan-cli search --allow-cross-node-tp）</translation>
    </message>
    <message>
        <source>Largest micro-batch (sequences) the search tries</source>
        <translation>搜索尝试的最大微批次（序列数）</translation>
    </message>
    <message>
        <source>max micro-batch</source>
        <translation>最大微批次</translation>
    </message>
    <message>
        <source>Search: keys the search chooses</source>
        <translation>搜索：由搜索决定的参数</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Back to the axes that show every layout the filter keeps</source>
        <translation>回到显示筛选所留全部布局的坐标轴</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::LayoutPanel</name>
    <message>
        <source>Expert TP</source>
        <translation>专家张量并行</translation>
    </message>
    <message>
        <source>Tensor parallel size of the expert layers (Megatron-Core --expert-tensor-parallel-size); the experts fold over the same GPUs as the attention: expert TP × EP × expert DP = TP × CP × DP</source>
        <translation>专家层的张量并行规模（Megatron-Core --expert-tensor-parallel-size）；专家层与注意力层折叠在同一批 GPU 上：专家 TP × EP × 专家 DP = TP × CP × DP</translation>
    </message>
    <message>
        <source>auto (= TP)</source>
        <translation>自动（= TP）</translation>
    </message>
    <message>
        <source>Recompute norms and up-projections</source>
        <translation>重计算归一化与上投影</translation>
    </message>
    <message>
        <source>RMSNorm outputs and MLA up-projections recomputed in the backward instead of stored (DeepSeek-V3 technical report, arXiv:2412.19437 §3.3)</source>
        <translation>RMSNorm 输出与 MLA 上投影在反向时重计算，而不保存（DeepSeek-V3 技术报告，arXiv:2412.19437 §3.3）</translation>
    </message>
    <message>
        <source>FP8 activation storage</source>
        <translation>FP8 激活存储</translation>
    </message>
    <message>
        <source>Inputs of the linear layers after attention and of the experts&apos; SwiGLU cached in FP8 (DeepSeek-V3 technical report, arXiv:2412.19437 §3.3)</source>
        <translation>注意力之后的线性层与专家 SwiGLU 的输入以 FP8 缓存（DeepSeek-V3 技术报告，arXiv:2412.19437 §3.3）</translation>
    </message>
    <message>
        <source>search chooses</source>
        <translation>由搜索选择</translation>
    </message>
    <message>
        <source>search chooses (%1)</source>
        <translation>由搜索选择（%1）</translation>
    </message>
    <message>
        <source>Token dispatcher</source>
        <translation>token 分发器</translation>
    </message>
    <message>
        <source>How MoE tokens reach their experts&apos; GPUs: all-to-all, all-gather over the expert group, or DeepEP / HybridEP (a token crosses the network once per server, then NVLink)</source>
        <translation>MoE 的 token 如何到达其专家所在的 GPU：全对全（all-to-all）、在专家组内全收集（all-gather），或 DeepEP / HybridEP（token 每台服务器只跨网络一次，再经 NVLink 转发）</translation>
    </message>
    <message>
        <source>EP overlap</source>
        <translation>专家并行通信重叠</translation>
    </message>
    <message>
        <source>What hides the expert-parallel all-to-all: nothing, one micro-batch&apos;s dispatch beside another&apos;s compute (1F1B), or DeepSeek&apos;s DualPipe (two copies of the parameters)</source>
        <translation>用什么隐藏专家并行的全对全通信：不隐藏；一个微批次的分发与另一个微批次的计算并行（1F1B）；或 DeepSeek 的 DualPipe（参数存两份）</translation>
    </message>
    <message>
        <source>Routing</source>
        <translation>路由方式</translation>
    </message>
    <message>
        <source>forced balance: every expert gets as many tokens (as published benchmarks run); dropless: learned routing, the busiest expert sets the pace; token drop: capacity factor 1, inputs padded to capacity</source>
        <translation>强制均衡：每个专家分到同样多的 token（公开基准测试的跑法）；无丢弃：学习到的路由，最忙的专家决定速度；按容量丢弃 token：容量因子为 1，输入填充到容量</translation>
    </message>
    <message>
        <source>Balancing-loss coefficient</source>
        <translation>负载均衡损失系数</translation>
    </message>
    <message>
        <source>The router&apos;s load-balancing loss coefficient under dropless routing (Megatron-Core --moe-aux-loss-coeff); larger means less wait for the busiest expert rank</source>
        <translation>无丢弃路由下路由器的负载均衡损失系数（Megatron-Core --moe-aux-loss-coeff）；越大，等待最忙专家所在 rank 的时间越短</translation>
    </message>
    <message>
        <source>your choice; 0.001 when the scenario file leaves it out, the coefficient of Megatron-MoE-ModelZoo&apos;s Qwen3-235B-A22B configuration</source>
        <translation>由您设定；场景文件未给出时取 0.001，即 Megatron-MoE-ModelZoo 中 Qwen3-235B-A22B 配置的系数</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Splits every layer&apos;s matrices; must divide the heads</source>
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
    <message>
        <source>auto (only if nothing fits)</source>
        <translation>自动（仅在都放不下时）</translation>
    </message>
    <message>
        <source>CPU offload</source>
        <translation>CPU 卸载</translation>
    </message>
    <message>
        <source>optimizer: ZeRO-Offload (optimizer states and step on the CPU); optimizer and parameters: parameters in host memory too (ZeRO-Infinity)</source>
        <translation>优化器：ZeRO-Offload（优化器状态和更新步在 CPU 上）；优化器和参数：参数也放在主机内存（ZeRO-Infinity）</translation>
    </message>
    <message>
        <source>Host memory</source>
        <translation>主机内存</translation>
    </message>
    <message>
        <source>DDR memory per server, used by CPU offload</source>
        <translation>每台服务器的 DDR 内存，供 CPU 卸载使用</translation>
    </message>
    <message>
        <source> GiB per server</source>
        <translation> GiB/台服务器</translation>
    </message>
    <message>
        <source>auto (price book / catalog)</source>
        <translation>自动（价格手册 / GPU 目录）</translation>
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
        <source>&lt;p align=&apos;center&apos;&gt;&lt;b&gt;No layout search&lt;/b&gt;&lt;/p&gt;&lt;p align=&apos;center&apos;&gt;Every layout key is set in this scenario. Open a scenario whose &lt;tt&gt;&quot;layout&quot;&lt;/tt&gt; leaves keys out (or has none) and ClusterPlan searches them: the layouts it ranks appear here, memory against throughput, with the Pareto front.&lt;/p&gt;</source>
        <translation>&lt;p align=&apos;center&apos;&gt;&lt;b&gt;没有布局搜索&lt;/b&gt;&lt;/p&gt;&lt;p align=&apos;center&apos;&gt;本方案的并行布局各项均已指定。打开一个 &lt;tt&gt;&quot;layout&quot;&lt;/tt&gt; 留空部分（或全部）键的方案，ClusterPlan 就会搜索它们：排名靠前的布局按显存对吞吐量显示在这里，并标出帕累托前沿。&lt;/p&gt;</translation>
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
    <message>
        <source>&lt;br&gt;CPU offload: %1</source>
        <translation>&lt;br&gt;CPU 卸载：%1</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::LayoutTableModel</name>
    <message>
        <source>dispatcher</source>
        <translation>分发器</translation>
    </message>
    <message>
        <source>EP overlap</source>
        <translation>EP 重叠</translation>
    </message>
    <message>
        <source>routing</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
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
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>GiB/GPU</source>
        <translation>GiB/卡</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <source>step s</source>
        <translation>单步（秒）</translation>
    </message>
    <message>
        <source>MFU %</source>
        <translation>MFU %</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>cost/M tokens</source>
        <translation>成本/百万 token</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>why not</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>offload</source>
        <translation>CPU 卸载</translation>
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
        <source>Q&amp;uote book…</source>
        <translation>报价簿(&amp;U)…</translation>
    </message>
    <message>
        <source>The a&amp;rticle, checked…</source>
        <translation>核对原文论断(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;About ClusterPlan</source>
        <translation>关于 ClusterPlan(&amp;A)</translation>
    </message>
    <message>
        <source>Explorer</source>
        <translation>布局探索</translation>
    </message>
    <message>
        <source>Phases</source>
        <translation>分阶段</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展性</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Measured runs</source>
        <translation>实测运行</translation>
    </message>
    <message>
        <source>No new plan: %1 is not valid (marked in red)</source>
        <translation>未生成新方案：%1 无效（已标红）</translation>
    </message>
    <message>
        <source>Evaluating…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Import price &amp;list…</source>
        <translation>导入价格表(&amp;L)…</translation>
    </message>
    <message>
        <source>Price book saved to %1: the window now prices with it</source>
        <translation>价格手册已保存到 %1：窗口现按它计价</translation>
    </message>
    <message>
        <source>Price book</source>
        <translation>价格手册</translation>
    </message>
    <message>
        <source>The catalog cannot be read again; the window keeps its prices: %1</source>
        <translation>无法重新读取目录，窗口沿用原价格：%1</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>方案比较</translation>
    </message>
    <message>
        <source>ClusterPlan — %1 rev. %2 — %3[*]</source>
        <translation>ClusterPlan — %1 第 %2 版 — %3[*]</translation>
    </message>
    <message>
        <source>Quote %1, rev. %2</source>
        <translation>报价 %1，第 %2 版</translation>
    </message>
    <message>
        <source>The next export is recorded in the quote book as quote %1, revision %2</source>
        <translation>下一次导出将作为报价 %1 第 %2 版记入报价簿</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::MeasuredRunsDelegate</name>
    <message>
        <source>default</source>
        <translation>默认</translation>
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
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::MeasuredRunsModel</name>
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
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>the rest</source>
        <translation>其余</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>scenario&apos;s</source>
        <translation>同方案</translation>
    </message>
    <message>
        <source>Scenario key: measured[%1].%2</source>
        <translation>方案键：measured[%1].%2</translation>
    </message>
    <message>
        <source>Scenario key: measured[].%1</source>
        <translation>方案键：measured[].%1</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
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
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Seq. parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>服务器台数</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <source>Step s</source>
        <translation>单步秒数</translation>
    </message>
    <message>
        <source>Peak GiB</source>
        <translation>峰值 GiB</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>measured[%1].%2: &apos;%3&apos; is not %4</source>
        <translation>measured[%1].%2：“%3”不是%4</translation>
    </message>
    <message>
        <source>one of none, selective, full</source>
        <translation>none、selective、full 之一</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>a whole number (leave it empty for the stack&apos;s default)</source>
        <translation>整数（留空则取框架默认值）</translation>
    </message>
    <message>
        <source>a node count (it is required)</source>
        <translation>服务器台数（必填）</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::MeasuredRunsTab</name>
    <message>
        <source>GEMM efficiency</source>
        <translation>GEMM 效率</translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation>TP 通信重叠</translation>
    </message>
    <message>
        <source>DP overlap</source>
        <translation>DP 通信重叠</translation>
    </message>
    <message>
        <source>Runs you measured on this cluster, one a row: the layout (an empty cell takes the stack&apos;s default), the nodes used, and either the whole job&apos;s tokens/s or the step time in seconds. The engine fits its GEMM efficiency and its TP and DP overlaps to them, within bounds and with the built-in profile as the prior; every prediction in this window then uses the fitted profile.</source>
        <translation>您在本集群上实测的训练，每行一次：并行布局（留空的格子取框架默认值）、所用服务器台数，以及整个作业的 tokens/s 或单步秒数（二选一）。引擎据此在界限内拟合 GEMM 效率以及 TP、DP 通信重叠，以内置效率档案为先验；之后本窗口的每项预测都使用拟合后的效率档案。</translation>
    </message>
    <message>
        <source>Add run</source>
        <translation>添加实测</translation>
    </message>
    <message>
        <source>A new run with the scenario&apos;s layout and node count; type what you measured.</source>
        <translation>新增一次实测，布局和服务器台数取自方案；请填入您测得的数值。</translation>
    </message>
    <message>
        <source>Remove run</source>
        <translation>删除实测</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Built-in</source>
        <translation>内置</translation>
    </message>
    <message>
        <source>Fitted</source>
        <translation>拟合</translation>
    </message>
    <message>
        <source>Bounds</source>
        <translation>界限</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>Error: predicted over measured tokens/s, minus one.</source>
        <translation>误差：预测 tokens/s 除以实测 tokens/s，再减一。</translation>
    </message>
    <message>
        <source>No plan yet.</source>
        <translation>还没有方案。</translation>
    </message>
    <message>
        <source>%1: %2
The fit below is the last valid plan&apos;s.</source>
        <translation>%1：%2
下方的拟合结果来自上一个有效方案。</translation>
    </message>
    <message>
        <source>No measured runs: every prediction uses the built-in profile &apos;%1&apos;. Add the runs you measured to calibrate it to your cluster.</source>
        <translation>没有实测记录：所有预测都使用内置效率档案“%1”。添加您测得的训练，即可按您的集群校准。</translation>
    </message>
    <message>
        <source>this plan&apos;s step %1 s to %2 s</source>
        <translation>本方案单步 %1 秒至 %2 秒</translation>
    </message>
    <message>
        <source>Band: one run leaves no residual to learn from, so the built-in band of &apos;%1&apos; is kept: %2.</source>
        <translation>误差区间：只有一次实测，没有残差可用，因此保留“%1”的内置区间：%2。</translation>
    </message>
    <message>
        <source>Band from the residuals of the measured runs (their range widened by their rms, at least ±%1 %): true/predicted step %2 to %3; %4.</source>
        <translation>误差区间来自实测记录的残差（残差范围再按其均方根放宽，至少 ±%1 %）：真实/预测单步 %2 至 %3；%4。</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>; assumed: </source>
        <translation>；假定（由搜索选定）：</translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>微批次 %1</translation>
    </message>
    <message>
        <source>recompute %1</source>
        <translation>重计算 %1</translation>
    </message>
    <message>
        <source>sequence parallel on</source>
        <translation>序列并行开</translation>
    </message>
    <message>
        <source>sequence parallel off</source>
        <translation>序列并行关</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>&lt;b&gt;Calibrated&lt;/b&gt;: every prediction in this window (the plan, the search, the scaling study and the band) uses the profile &apos;%1&apos;, fitted to the measured runs above (%2). Mean throughput error %3 % with the built-in profile, %4 % with the fitted one.</source>
        <translation>&lt;b&gt;已校准&lt;/b&gt;：本窗口的每项预测（方案、布局搜索、扩展性研究和误差区间）都使用效率档案“%1”，它由上方的实测记录（%2 次）拟合而来。平均吞吐误差：内置档案 %3 %，拟合后 %4 %。</translation>
    </message>
    <message>
        <source>Measured
step s</source>
        <translation>实测
单步秒数</translation>
    </message>
    <message>
        <source>Measured
tokens/s</source>
        <translation>实测
tokens/s</translation>
    </message>
    <message>
        <source>Predicted step s
built-in</source>
        <translation>预测单步秒数
内置</translation>
    </message>
    <message>
        <source>Predicted step s
fitted</source>
        <translation>预测单步秒数
拟合</translation>
    </message>
    <message>
        <source>Error
built-in</source>
        <translation>误差
内置</translation>
    </message>
    <message>
        <source>Error
fitted</source>
        <translation>误差
拟合</translation>
    </message>
    <message>
        <source>Peak GiB
measured</source>
        <translation>峰值 GiB
实测</translation>
    </message>
    <message>
        <source>Peak GiB
predicted</source>
        <translation>峰值 GiB
预测</translation>
    </message>
    <message>
        <source>Run %1, %2</source>
        <translation>第 %1 次运行，%2</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>第 %1 次运行</translation>
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
    <message>
        <source>host: %1 of %2 per GPU (%3)</source>
        <translation>主机内存：每卡 %1 / %2（%3）</translation>
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
        <source>Host memory (offload)</source>
        <translation>主机内存（卸载）</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>选中</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>+ CPU offload</source>
        <translation>+ CPU 卸载</translation>
    </message>
    <message>
        <source>layout %1</source>
        <translation>布局 %1</translation>
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
        <source>the preset&apos;s published configuration (model card or paper); a field you edit replaces it</source>
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
    <name>clusterplan::ui::OptionsTab</name>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>no deadline</source>
        <translation>无截止期限</translation>
    </message>
    <message>
        <source>Days within which training.tokens must be done (clusterplan-cli options --deadline)</source>
        <translation>须在多少天内训练完 training.tokens（clusterplan-cli options --deadline）</translation>
    </message>
    <message>
        <source>no budget</source>
        <translation>无预算</translation>
    </message>
    <message>
        <source>The most the job may cost, in the scenario&apos;s currency (clusterplan-cli options --budget)</source>
        <translation>这项训练最多可花的费用，以场景的币种计（clusterplan-cli options --budget）</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Every priced GPU type at the smallest cluster that fits and the smallest that meets the deadline, under each rent offer and its purchase</source>
        <translation>每种有价格的 GPU 型号，取能放下的最小集群和满足期限的最小集群，分别按每个租赁报价和采购计价</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open this option</source>
        <translation>打开此方案</translation>
    </message>
    <message>
        <source>Makes the selected option the scenario (Edit &gt; Undo puts the scenario back)</source>
        <translation>把选中的方案设为当前场景（编辑 &gt; 撤销可恢复原场景）</translation>
    </message>
    <message>
        <source>%v of %m GPU types</source>
        <translation>%v / %m 种 GPU</translation>
    </message>
    <message>
        <source>deadline</source>
        <translation>截止期限</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>Days against cost: every option</source>
        <translation>天数与费用：所有方案</translation>
    </message>
    <message numerus="yes">
        <source>Days against cost: %n option(s) slower than %1 days are in the table only</source>
        <translation>
            <numerusform>天数与费用：另有 %n 个方案超过 %1 天，仅列在表中</numerusform>
        </translation>
    </message>
    <message>
        <source>days to train (budgeted)</source>
        <translation>训练天数（含中断）</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>buy</source>
        <translation>购买</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>how</source>
        <translation>方式</translation>
    </message>
    <message>
        <source>offer</source>
        <translation>报价</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>per M tokens</source>
        <translation>每百万 token</translation>
    </message>
    <message>
        <source>MFU %</source>
        <translation>MFU %</translation>
    </message>
    <message>
        <source>kW</source>
        <translation>千瓦</translation>
    </message>
    <message>
        <source>profile</source>
        <translation>性能配置</translation>
    </message>
    <message>
        <source>layout</source>
        <translation>并行方案</translation>
    </message>
    <message>
        <source>note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>The inputs changed since this comparison: press Compare to update it.</source>
        <translation>输入在这次比较之后已更改：请按“比较”更新。</translation>
    </message>
    <message>
        <source>computing: a layout search per GPU type and cluster size…</source>
        <translation>计算中：每种 GPU 型号和集群规模各做一次并行方案搜索……</translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>正在取消……</translation>
    </message>
    <message>
        <source>Cancelled: the table shows the last comparison.</source>
        <translation>已取消：表中显示的是上一次比较。</translation>
    </message>
    <message>
        <source>cost (%1)</source>
        <translation>费用（%1）</translation>
    </message>
    <message>
        <source>%1 (recommended)</source>
        <translation>%1（推荐）</translation>
    </message>
    <message>
        <source>%1 (on the front)</source>
        <translation>%1（前沿）</translation>
    </message>
    <message>
        <source>%1 (borrowed)</source>
        <translation>%1（借用）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 × %2&lt;/b&gt; (%3)&lt;br&gt;%4&lt;br&gt;%5 days, %6&lt;br&gt;%7</source>
        <translation>&lt;b&gt;%1 × %2&lt;/b&gt;（%3）&lt;br&gt;%4&lt;br&gt;%5 天，%6&lt;br&gt;%7</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Add to the PDF quote</source>
        <translation>加入 PDF 报价</translation>
    </message>
    <message>
        <source>Export &gt; PDF quote then adds the page &quot;Options compared&quot;: the quoted cluster beside up to two options ticked in the table (none ticked: the recommendation and the next faster option)</source>
        <translation>之后“导出 &gt; PDF 报价”会加上“方案比较”一页：所报集群与表中勾选的至多两个方案并列（未勾选时：推荐方案和下一个更快的方案）</translation>
    </message>
    <message>
        <source>Nothing compared yet. Press Compare to price this job on every GPU type with a price: for each, the smallest cluster that fits and the smallest that meets the deadline, under each rent offer and its purchase, drawn as days against cost. It runs in the background and can be cancelled.</source>
        <translation>尚未比较。按“比较”为这项训练在每种有价格的 GPU 型号上计价：每种取能放下的最小集群和满足期限的最小集群，按每个租赁报价及其购买计价，画成天数对费用。在后台运行，可以取消。</translation>
    </message>
    <message>
        <source>Deadline and budget are optional; amounts are in the scenario&apos;s currency.</source>
        <translation>期限和预算可不填；金额以场景的币种计。</translation>
    </message>
    <message numerus="yes">
        <source>%n option(s) on %1 GPU types, %2 priced</source>
        <translation>
            <numerusform>%1 种 GPU 型号上共 %n 个方案，%2 个已计价</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n GPU type(s) without an option</source>
        <translation>
            <numerusform>；%n 种 GPU 型号没有可选方案</numerusform>
        </translation>
    </message>
    <message>
        <source>; amounts in %1 excluding VAT.</source>
        <translation>；金额单位 %1，不含增值税。</translation>
    </message>
    <message>
        <source>Beside the recommendation</source>
        <translation>推荐之外</translation>
    </message>
    <message>
        <source>GPU types without an option</source>
        <translation>没有可选方案的 GPU 型号</translation>
    </message>
    <message>
        <source>How the options are priced and timed</source>
        <translation>各方案如何计价和计时</translation>
    </message>
    <message>
        <source>Tick up to two options for the quote&apos;s options page</source>
        <translation>为报价的方案比较页勾选至多两个方案</translation>
    </message>
    <message>
        <source>The quote&apos;s options page takes two alternatives: untick one first.</source>
        <translation>报价的方案比较页最多放两个备选方案：请先取消勾选一个。</translation>
    </message>
    <message>
        <source>days band</source>
        <translation>天数区间</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <source>purchase</source>
        <translation>购买价</translation>
    </message>
    <message>
        <source>owned, net</source>
        <translation>持有成本（净）</translation>
    </message>
    <message>
        <source>What owning the cluster costs over the cost horizon, net of its resale value</source>
        <translation>在成本期内持有该集群的费用，扣除残值</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::PhasesTab</name>
    <message>
        <source>as stated by %1</source>
        <translation>依据：%1</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Months</source>
        <translation>月份</translation>
    </message>
    <message>
        <source>Runs on</source>
        <translation>运行于</translation>
    </message>
    <message>
        <source>Rent or buy</source>
        <translation>租用或购买</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Tokens (billions)</source>
        <translation>tokens（十亿）</translation>
    </message>
    <message>
        <source>Training days</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Cumulative cost</source>
        <translation>累计成本</translation>
    </message>
    <message>
        <source>Contract</source>
        <translation>合同</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Cost per million tokens</source>
        <translation>每百万 tokens 成本</translation>
    </message>
    <message>
        <source>Cumulative tokens</source>
        <translation>累计 tokens</translation>
    </message>
    <message>
        <source>Phased plan</source>
        <translation>分阶段方案</translation>
    </message>
    <message>
        <source>Rent the final cluster from month 0</source>
        <translation>从第 0 月起租用最终集群</translation>
    </message>
    <message>
        <source>Buy the final cluster at month 0</source>
        <translation>第 0 月购买最终集群</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>月</translation>
    </message>
    <message>
        <source>This scenario has no phases. Add a &quot;phases&quot; list to the scenario file (a slice, then a server, then a cluster) to compare growing step by step with renting or buying the final cluster from the start.</source>
        <translation>此场景没有分阶段计划。在场景文件中加入 &quot;phases&quot; 列表（先 GPU 切片，再单台服务器，再集群），即可比较逐步扩展与一开始就租用或购买最终集群。</translation>
    </message>
    <message>
        <source>The phases cannot be planned: %1</source>
        <translation>无法计算分阶段计划：%1</translation>
    </message>
    <message>
        <source>buy</source>
        <translation>购买</translation>
    </message>
    <message>
        <source>rent: %1</source>
        <translation>租用：%1</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>not priced</source>
        <translation>未定价</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>1 phase</source>
        <translation>1 个阶段</translation>
    </message>
    <message>
        <source>%1 phases</source>
        <translation>%1 个阶段</translation>
    </message>
    <message>
        <source>%1 over %2 months at %3 % utilisation: the phased plan costs %4.</source>
        <translation>%1，共 %2 个月，利用率 %3 %：分阶段方案成本 %4。</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>%1 of one %2</source>
        <translation>一张 %2 的 %1</translation>
    </message>
    <message>
        <source>%1 × %2 (%3)</source>
        <translation>%1 × %2（%3）</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::PriceListDialog</name>
    <message>
        <source>Import a price list</source>
        <translation>导入价格表</translation>
    </message>
    <message>
        <source>the vendor&apos;s CSV file</source>
        <translation>供应商的 CSV 文件</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>detect</source>
        <translation>自动识别</translation>
    </message>
    <message>
        <source>The window and clusterplan-cli read this book at start, over the built-in ones</source>
        <translation>窗口和 clusterplan-cli 启动时读取此价格手册，覆盖内置价格手册</translation>
    </message>
    <message>
        <source>Price list (CSV)</source>
        <translation>价格表（CSV）</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Price book to update</source>
        <translation>要更新的价格手册</translation>
    </message>
    <message>
        <source>What changes (nothing is written before Save):</source>
        <translation>将发生的变更（点击“保存”前不写入任何内容）：</translation>
    </message>
    <message>
        <source>Price list</source>
        <translation>价格表</translation>
    </message>
    <message>
        <source>Price lists (*.csv *.txt);;All files (*)</source>
        <translation>价格表 (*.csv *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Price book</source>
        <translation>价格手册</translation>
    </message>
    <message>
        <source>Price books (*.json)</source>
        <translation>价格手册 (*.json)</translation>
    </message>
    <message>
        <source>Updates this book.</source>
        <translation>更新此价格手册。</translation>
    </message>
    <message>
        <source>This file does not exist yet, and the scenario&apos;s price book &quot;%1&quot; is not a built-in one to start from: choose an existing book file.</source>
        <translation>此文件尚不存在，且方案所用的价格手册“%1”不是内置价格手册，无法以其为起点：请选择一个已有的价格手册文件。</translation>
    </message>
    <message>
        <source>A new file: it starts as a copy of the built-in book &quot;%1&quot; the scenario uses, and replaces it.</source>
        <translation>新文件：以方案所用的内置价格手册“%1”的副本为起点，并取代它。</translation>
    </message>
    <message>
        <source>Choose the vendor&apos;s price list (CSV: kind, id, price, … one price per row).</source>
        <translation>请选择供应商的价格表（CSV：类型、编号、单价……每行一个价格）。</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::QuoteDialog</name>
    <message>
        <source>Quote details</source>
        <translation>报价单详情</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>客户</translation>
    </message>
    <message>
        <source>Contact</source>
        <translation>联系人</translation>
    </message>
    <message>
        <source>Prepared by</source>
        <translation>编制人</translation>
    </message>
    <message>
        <source>Company</source>
        <translation>公司</translation>
    </message>
    <message>
        <source>Logo</source>
        <translation>徽标</translation>
    </message>
    <message>
        <source>Quote number</source>
        <translation>报价单编号</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Valid for</source>
        <translation>有效期</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>VAT (增值税)</source>
        <translation>增值税</translation>
    </message>
    <message>
        <source>IT / cloud service</source>
        <translation>信息技术 / 云服务</translation>
    </message>
    <message>
        <source>Equipment lease</source>
        <translation>设备租赁</translation>
    </message>
    <message>
        <source>GPU rental is taxed as</source>
        <translation>GPU 租用的计税类别</translation>
    </message>
    <message>
        <source>Goods (hardware, electricity)</source>
        <translation>货物（硬件、电力）</translation>
    </message>
    <message>
        <source>Repair and maintenance</source>
        <translation>修理修配</translation>
    </message>
    <message>
        <source>IT / cloud services, IDC</source>
        <translation>信息技术 / 云服务、IDC</translation>
    </message>
    <message>
        <source>Basic telecom, bandwidth</source>
        <translation>基础电信、带宽</translation>
    </message>
    <message>
        <source>Installation</source>
        <translation>安装服务</translation>
    </message>
    <message>
        <source>Small-scale taxpayer (one rate on every taxable line: 1 % to 2027-12-31, then 3 %)</source>
        <translation>小规模纳税人（应税项目统一征收率：2027年12月31日前 1%，其后 3%）</translation>
    </message>
    <message>
        <source>English quote shows amounts including tax</source>
        <translation>英文报价单显示含税金额</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.svg)</source>
        <translation>图片 (*.png *.jpg *.jpeg *.svg)</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::QuotesDialog</name>
    <message>
        <source>Quote book</source>
        <translation>报价簿</translation>
    </message>
    <message>
        <source>customer (part of the name)</source>
        <translation>客户（名称的一部分）</translation>
    </message>
    <message>
        <source>every status</source>
        <translation>全部状态</translation>
    </message>
    <message>
        <source>draft</source>
        <translation>草稿</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>已发送</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>已成交</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>未成交</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>active</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>expiring in 7 days</source>
        <translation>7 天内到期</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Rev.</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>客户</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Valid until</source>
        <translation>有效期至</translation>
    </message>
    <message>
        <source>Rent incl. VAT</source>
        <translation>租用（含税）</translation>
    </message>
    <message>
        <source>Buy incl. VAT</source>
        <translation>购买（含税）</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Open this revision&apos;s scenario as it was quoted</source>
        <translation>按报价时的样子打开此版本的方案</translation>
    </message>
    <message>
        <source>Revise</source>
        <translation>修订</translation>
    </message>
    <message>
        <source>Open it as the next revision of the same number</source>
        <translation>以同一编号的下一版本打开</translation>
    </message>
    <message>
        <source>Duplicate for another customer…</source>
        <translation>复制给其他客户…</translation>
    </message>
    <message>
        <source>Mark as</source>
        <translation>标记为</translation>
    </message>
    <message>
        <source>Duplicate for another customer</source>
        <translation>复制给其他客户</translation>
    </message>
    <message>
        <source>Customer:</source>
        <translation>客户：</translation>
    </message>
    <message>
        <source>The quote book cannot be opened: %1</source>
        <translation>无法打开报价簿：%1</translation>
    </message>
    <message>
        <source>Quote book: %1</source>
        <translation>报价簿：%1</translation>
    </message>
    <message>
        <source>%1: %2 active, %3 expiring within 7 days, %4 expired, %5 accepted; %6 priced on an old price book</source>
        <translation>%1：有效 %2 份，7 天内到期 %3 份，已过期 %4 份，已成交 %5 份；%6 份所用的价格手册已过时</translation>
    </message>
    <message>
        <source>1 quote</source>
        <translation>共 1 份报价</translation>
    </message>
    <message>
        <source>%1 quotes</source>
        <translation>共 %1 份报价</translation>
    </message>
    <message>
        <source>Another book…</source>
        <translation>其他报价簿…</translation>
    </message>
    <message>
        <source>Open or start a quote book in another local file (SQLite: not on a network drive, where its locking does not work)</source>
        <translation>打开或新建另一个本地文件中的报价簿（SQLite：不要放在网络驱动器上，那里它的文件锁不起作用）</translation>
    </message>
    <message>
        <source>Quote books (*.sqlite);;All files (*)</source>
        <translation>报价簿 (*.sqlite);;所有文件 (*)</translation>
    </message>
    <message>
        <source>any date</source>
        <translation>任意日期</translation>
    </message>
    <message>
        <source>Quotes dated on or after this day</source>
        <translation>此日期当天或之后的报价</translation>
    </message>
    <message>
        <source>any amount</source>
        <translation>任意金额</translation>
    </message>
    <message>
        <source>Quotes whose rent or buy total incl. VAT is at least this much, in the quote&apos;s currency</source>
        <translation>租用或采购的含税合计不低于此金额的报价（按报价本身的币种）</translation>
    </message>
    <message>
        <source>from</source>
        <translation>起始日期</translation>
    </message>
    <message>
        <source>amount at least</source>
        <translation>金额不低于</translation>
    </message>
    <message>
        <source>Every revision</source>
        <translation>所有修订版</translation>
    </message>
    <message>
        <source>List every revision of each quote, not only its last; the earlier ones are greyed. The counts above still count quotes.</source>
        <translation>列出每份报价的所有修订版，而不只是最新一版；较早的版本显示为灰色。上方的统计仍按报价份数计算。</translation>
    </message>
    <message>
        <source>Superseded by /%1 (%2/%1). This revision&apos;s own status: %3.</source>
        <translation>已被第 %1 版（%2/%1）取代。此版本自身的状态：%3。</translation>
    </message>
    <message>
        <source>A superseded revision keeps the status it had: mark the quote on its last revision, %1/%2</source>
        <translation>已被取代的版本保留原有状态：请在报价的最新版本 %1/%2 上标记状态</translation>
    </message>
    <message>
        <source>Not marked: %1/%2 is superseded by /%3, and a quote&apos;s status is its last revision&apos;s. Select %1/%3 to mark the quote.</source>
        <translation>未标记：%1/%2 已被第 %3 版取代，报价的状态以其最新版本为准。请选择 %1/%3 来标记该报价。</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::ScalingDaysChartView</name>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>GPUs (log2)</source>
        <translation>GPU 数（对数）</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>deadline</source>
        <translation>截止期限</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::ScalingTab</name>
    <message>
        <source>cluster size</source>
        <translation>集群规模</translation>
    </message>
    <message>
        <source>Largest GPU count tried (clusterplan-cli scale --max-gpus); 0: the cluster&apos;s</source>
        <translation>尝试的最大 GPU 数（clusterplan-cli scale --max-gpus）；0：使用集群的 GPU 数</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>no deadline</source>
        <translation>无截止期限</translation>
    </message>
    <message>
        <source>Days within which training.tokens must be done (clusterplan-cli scale --days)</source>
        <translation>须在多少天内训练完 training.tokens（clusterplan-cli scale --days）</translation>
    </message>
    <message>
        <source>GPUs up to</source>
        <translation>GPU 数上限</translation>
    </message>
    <message>
        <source>deadline</source>
        <translation>截止期限</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>服务器台数</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <source>per GPU</source>
        <translation>每卡</translation>
    </message>
    <message>
        <source>scaling eff. %</source>
        <translation>扩展效率 %</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>best layout</source>
        <translation>最佳布局</translation>
    </message>
    <message>
        <source>comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>step s</source>
        <translation>单步（秒）</translation>
    </message>
    <message>
        <source>computing: one layout search per GPU count…</source>
        <translation>计算中：对每个 GPU 数各做一次布局搜索…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Minimum GPUs&lt;/b&gt; on which the model trains at all (counts tried): %1</source>
        <translation>&lt;b&gt;最少 GPU 数&lt;/b&gt;，模型至少能训练起来（在尝试过的数量中）：%1</translation>
    </message>
    <message>
        <source>none up to the largest count tried</source>
        <translation>直到尝试的最大数量都不行</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;GPUs that finish the training tokens within %1 days:&lt;/b&gt; %2</source>
        <translation>&lt;br&gt;&lt;b&gt;能在 %1 天内训练完全部 token 的 GPU 数：&lt;/b&gt;%2</translation>
    </message>
    <message>
        <source>none of the counts tried</source>
        <translation>尝试过的数量都不行</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 GPUs&lt;/b&gt; (%2 nodes)&lt;br&gt;%3 tokens/s (%4 per GPU)&lt;br&gt;scaling efficiency %5 %&lt;br&gt;%6 days to train&lt;br&gt;%7</source>
        <translation>&lt;b&gt;%1 张 GPU&lt;/b&gt;（%2 台服务器）&lt;br&gt;%3 tokens/s（每卡 %4）&lt;br&gt;扩展效率 %5%&lt;br&gt;训练 %6 天&lt;br&gt;%7</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::ScalingThroughputChartView</name>
    <message>
        <source>Throughput and scaling efficiency</source>
        <translation>吞吐量与扩展效率</translation>
    </message>
    <message>
        <source>GPUs (log2)</source>
        <translation>GPU 数（对数）</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <source>ideal (linear)</source>
        <translation>理想（线性）</translation>
    </message>
    <message>
        <source>scaling efficiency</source>
        <translation>扩展效率</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::StepTimeChartView</name>
    <message>
        <source>under 0.1 %</source>
        <translation>不到 0.1%</translation>
    </message>
    <message>
        <source>Step time %1 s (%2–%3 s), MFU %4 %</source>
        <translation>单步时间 %1 秒（%2–%3 秒），MFU %4%</translation>
    </message>
    <message>
        <source>%1 %2 s</source>
        <translation>%1 %2 秒</translation>
    </message>
    <message>
        <source>band %1–%2 s</source>
        <translation>区间 %1–%2 秒</translation>
    </message>
    <message>
        <source>s</source>
        <comment>unit of the step-time axis: seconds</comment>
        <translation>秒</translation>
    </message>
    <message>
        <source>selected %1</source>
        <translation>选中 %1</translation>
    </message>
    <message>
        <source>baseline %1</source>
        <translation>基线 %1</translation>
    </message>
    <message>
        <source>current %1</source>
        <translation>当前 %1</translation>
    </message>
    <message>
        <source>%1 (%2): %3 s (%4)</source>
        <translation>%1（%2）：%3 秒（%4）</translation>
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
        <source>Training number format; BF16/FP16/FP8 are mixed precision with FP32 master weights</source>
        <translation>训练数值格式；BF16/FP16/FP8 为混合精度，保留 FP32 主权重</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>AdamW: two FP32 moments; 8-bit Adam: 8-bit moments; SGD: momentum only</source>
        <translation>AdamW：2 个 FP32 动量；8 位 Adam：8 位动量；SGD：仅动量</translation>
    </message>
    <message>
        <source>Gradient dtype</source>
        <translation>梯度数据类型</translation>
    </message>
    <message>
        <source>same as the weights: gradients in the weights&apos; format; FP32: FP32 main gradients</source>
        <translation>与参数相同：梯度与权重格式相同；FP32：FP32 主梯度</translation>
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
        <source>Training framework: selects the efficiency profile calibrated on that stack&apos;s published runs; a stack without calibrated runs, or another stack, is timed with the nearest stack&apos;s profile and gets the widest band</source>
        <translation>训练框架：选用按该框架公开训练记录校准的效率档案；没有校准记录的框架或其他框架按最接近框架的档案计时，并给出最宽的区间</translation>
    </message>
    <message>
        <source>another stack</source>
        <translation>其他框架</translation>
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
    <message>
        <source>stack default</source>
        <translation>框架默认</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>DP overlap</source>
        <translation>DP 通信重叠</translation>
    </message>
    <message>
        <source>Gradient reduction during the backward (Megatron-Core --overlap-grad-reduce, PyTorch DDP/FSDP); off: after it, as Megatron-LM 2021-22 ran. Stack default: on</source>
        <translation>梯度归约与反向传播同时进行（Megatron-Core --overlap-grad-reduce、PyTorch DDP/FSDP）；关：在反向传播之后进行，即 Megatron-LM 2021–22 的做法。框架默认：开</translation>
    </message>
    <message>
        <source>TP overlap</source>
        <translation>TP 通信重叠</translation>
    </message>
    <message>
        <source>TP gathers and reduce-scatters hidden behind the GEMMs in chunks (Transformer Engine userbuffers, --tp-comm-overlap); needs sequence parallelism. Stack default: on for NeMo</source>
        <translation>TP 的 all-gather 和 reduce-scatter 分块隐藏在 GEMM 之后（Transformer Engine userbuffers，--tp-comm-overlap）；需要序列并行。框架默认：NeMo 为开</translation>
    </message>
    <message>
        <source>stack default (%1)</source>
        <translation>框架默认（%1）</translation>
    </message>
    <message>
        <source>current</source>
        <translation>当前版本</translation>
    </message>
    <message>
        <source>Transformer Engine 1.x (2024)</source>
        <translation>TE 1.x（2024 年）</translation>
    </message>
    <message>
        <source>Transformer Engine 2.x (2025 on)</source>
        <translation>TE 2.x（2025 年起）</translation>
    </message>
    <message>
        <source>DeepSpeed v0.3 (2021)</source>
        <translation>DeepSpeed 0.3 版（2021 年）</translation>
    </message>
    <message>
        <source>Stack release</source>
        <translation>框架版本</translation>
    </message>
    <message>
        <source>The stack&apos;s release where its kernels differ by release: Transformer Engine 2.x runs attention about 1.5 times faster on H100 than the 1.x of NeMo&apos;s 2024 containers; DeepSpeed v0.3 gathers ZeRO-3 weights one blocking call per tensor. Current: today&apos;s release</source>
        <translation>框架版本（其内核随版本而不同时）：在 H100 上，Transformer Engine（TE）2.x 的注意力比 NeMo 2024 年容器中的 1.x 快约 1.5 倍；DeepSpeed v0.3 对每个张量发起一次阻塞调用来收集 ZeRO-3 权重。当前：今天的版本</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::VerdictCard</name>
    <message>
        <source>no purchase offer</source>
        <translation>无购买报价</translation>
    </message>
    <message>
        <source>no rental offer</source>
        <translation>无租用报价</translation>
    </message>
    <message>
        <source>rented; %1</source>
        <translation>租用；%1</translation>
    </message>
    <message>
        <source>owned; %1</source>
        <translation>自有；%1</translation>
    </message>
    <message>
        <source>rent over %1 months; %2</source>
        <translation>%1 个月租金；%2</translation>
    </message>
    <message>
        <source>purchase; %1</source>
        <translation>购买；%1</translation>
    </message>
    <message>
        <source>own net %1 over %2 months</source>
        <translation>%2 个月自有净成本 %1</translation>
    </message>
    <message>
        <source>break-even: %1</source>
        <translation>回本：%1</translation>
    </message>
    <message>
        <source>%1%2 % vs baseline</source>
        <translation>较基线 %1%2%</translation>
    </message>
    <message>
        <source>%1 GiB (%2 %) %3</source>
        <translation>%1 GiB（%2%）%3</translation>
    </message>
    <message>
        <source>headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>over</source>
        <translation>超出</translation>
    </message>
    <message>
        <source>memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>recommended layout</source>
        <translation>推荐布局</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>run cost, rented</source>
        <translation>训练成本（租用）</translation>
    </message>
    <message>
        <source>rent vs buy</source>
        <translation>租用 vs 购买</translation>
    </message>
    <message>
        <source>break-even</source>
        <translation>盈亏平衡</translation>
    </message>
    <message>
        <source>Pin as baseline</source>
        <translation>设为基线</translation>
    </message>
    <message>
        <source>Keep this plan; every view then shows it beside the current one</source>
        <translation>保留此方案；之后各视图都会将其与当前方案并列显示</translation>
    </message>
    <message>
        <source>Clear baseline</source>
        <translation>清除基线</translation>
    </message>
    <message>
        <source>FITS</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>DOES NOT FIT</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>baseline: %1</source>
        <translation>基线：%1</translation>
    </message>
    <message>
        <source>micro-batch %1, ZeRO-%2</source>
        <translation>微批次 %1，ZeRO-%2</translation>
    </message>
    <message>
        <source>tokens/s on %1 GPUs</source>
        <translation>tokens/s（%1 张 GPU）</translation>
    </message>
    <message>
        <source>%1 pts vs baseline</source>
        <translation>较基线 %1 个百分点</translation>
    </message>
    <message>
        <source>%1 on %2 × %3 (%4) · step %5 s · %6 per GPU of %7 · %8</source>
        <translation>%1，%2 × %3（%4）· 单步 %5 秒 · 每卡 %6 / %7 · %8</translation>
    </message>
    <message>
        <source>%1 layouts searched</source>
        <translation>已搜索 %1 种布局</translation>
    </message>
    <message>
        <source>layout fixed in the scenario</source>
        <translation>布局已在方案中固定</translation>
    </message>
    <message>
        <source>Last valid plan: the input marked in red is not valid, so these figures are not yet those of the inputs on screen.</source>
        <translation>上一个有效方案：标红的输入无效，以下数字尚不对应当前界面上的输入。</translation>
    </message>
    <message>
        <source>no price</source>
        <translation>无价格</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>run cost: %1</source>
        <translation>训练成本：%1</translation>
    </message>
    <message>
        <source>rented; %1 owned</source>
        <translation>租用；自有 %1</translation>
    </message>
    <message>
        <source>%1 rented, excl. VAT, on the term &quot;%2&quot;</source>
        <translation>租用 %1（不含税，“%2”合同期）</translation>
    </message>
    <message>
        <source>%1 owned, excl. VAT: the run&apos;s share of %2 months of owning at %3 % utilisation</source>
        <translation>自有 %1（不含税）：按 %2 个月、%3% 利用率摊销的本次训练份额</translation>
    </message>
    <message>
        <source>; bought for this run alone, owning costs %1 (purchase and the running costs of a %2-month run, less the resale value then)</source>
        <translation>；仅为本次训练自建需 %1（购置与 %2 个月运营费用，扣除届时残值）</translation>
    </message>
    <message>
        <source>over %1 months, excl. VAT: rent %2 on the term &quot;%3&quot; · owning %4 net of resale</source>
        <translation>%1 个月内，不含税：租用 %2（“%3”合同期）· 自有扣除残值 %4</translation>
    </message>
    <message>
        <source>rented</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>BUY</source>
        <translation>购买</translation>
    </message>
    <message>
        <source>RENT</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>saves %1 over %2 months</source>
        <translation>%2 个月内节省 %1</translation>
    </message>
    <message>
        <source>rent %1 · own net %2</source>
        <translation>租用 %1 · 自有净成本 %2</translation>
    </message>
    <message>
        <source>month %1</source>
        <translation>第 %1 个月</translation>
    </message>
    <message>
        <source>never</source>
        <translation>永不</translation>
    </message>
    <message>
        <source>buying pays back (gross)</source>
        <translation>购买回本（现金支出）</translation>
    </message>
    <message>
        <source>within %1 months</source>
        <translation>%1 个月内</translation>
    </message>
    <message>
        <source>baseline: month %1</source>
        <translation>基线：第 %1 个月</translation>
    </message>
    <message>
        <source>Times are estimates. Independent check (%1): on %2 published runs never used to build the engine, %3 % off on average; %4 % inside the band.</source>
        <translation>时间为估算值。独立核查（%1）：在 %2 个从未用于构建本引擎的公开训练记录上，平均偏差 %3 %；%4 % 落在区间内。</translation>
    </message>
    <message>
        <source>Grouped cross-validation (%1): on %2 calibration runs, each stack family predicted without its own runs, %3 % off on average; %4 % inside the band (median ±%5 %).</source>
        <translation>分组交叉验证（%1）：在 %2 个校准训练记录上，每个训练框架均在未用其自身记录拟合的情况下预测，平均偏差 %3 %；%4 % 落在区间内（区间中位宽度 ±%5 %）。</translation>
    </message>
    <message>
        <source>days budgeted</source>
        <translation>预算训练天数</translation>
    </message>
    <message>
        <source>%1 days steady-state</source>
        <translation>稳态 %1 天</translation>
    </message>
    <message>
        <source>TP×PP×DP×CP×EP, %1</source>
        <translation>TP×PP×DP×CP×EP，%1</translation>
    </message>
    <message>
        <source>days budgeted for %1 tokens</source>
        <translation>训练 %1 token 的预算天数</translation>
    </message>
    <message>
        <source>Calibrated on this cluster (measured runs: %1): throughput error %2 % with the built-in profile, %3 % fitted; every time here uses the fitted profile.</source>
        <translation>已按本集群校准（实测 %1 次）：吞吐误差内置档案 %2 %，拟合后 %3 %；此处所有时间均使用拟合后的效率档案。</translation>
    </message>
    <message>
        <source>%1, &lt;b&gt;CPU offload: %2&lt;/b&gt;</source>
        <translation>%1，&lt;b&gt;CPU 卸载：%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>if it fit: %1</source>
        <translation>假如能放下：%1</translation>
    </message>
</context>
<context>
    <name>clusterplan::ui::WouldFitBar</name>
    <message>
        <source>Nearest layout</source>
        <translation>最接近的并行方案</translation>
    </message>
    <message>
        <source>Smallest cluster</source>
        <translation>最小集群</translation>
    </message>
    <message>
        <source>Cheapest option</source>
        <translation>最便宜的方案</translation>
    </message>
    <message>
        <source>Does not fit: finding what would…</source>
        <translation>放不下：正在寻找能放下的方案……</translation>
    </message>
    <message>
        <source>Does not fit. What would fit:</source>
        <translation>放不下。能放下的方案：</translation>
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
