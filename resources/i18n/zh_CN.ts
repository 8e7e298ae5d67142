<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
    <context>
        <name>Accessibility</name>
        <message>
            <location filename="../../pi_desktop/ui/a11y.py" line="59" />
            <source>Apply what this dialog shows and close it</source>
            <translation>应用此对话框中的内容并关闭</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/a11y.py" line="60" />
            <source>Close this dialog without changing anything</source>
            <translation>不做任何更改，关闭此对话框</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/a11y.py" line="61" />
            <source>Close this window</source>
            <translation>关闭此窗口</translation>
        </message>
    </context>
    <context>
        <name>Agent</name>
        <message>
            <location filename="../../pi_desktop/agent/agent.py" line="319" />
            <source>the first message lies below the compaction floor; fork instead</source>
            <translation>第一条消息位于压缩下限之下；请改为分叉</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/agent.py" line="393" />
            <source>The session could not be saved: %1</source>
            <translation>会话无法保存：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/agent.py" line="374" />
            <source>Stopped after %1 model calls without a final answer (the step limit). Everything so far is saved; send a message to let it continue.</source>
            <translation>已调用模型 %1 次仍没有最终回答，已停止（达到步数上限）。到目前为止的内容都已保存；发送一条消息即可让它继续。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/agent.py" line="399" />
            <source>Internal error: %1: %2</source>
            <translation>内部错误：%1：%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/agent.py" line="151" />
            <source>Summary: %1</source>
            <translation>总结：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/context_steps.py" line="151" />
            <source>The compaction could not be saved: %1</source>
            <translation>压缩结果无法保存：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/context_steps.py" line="141" />
            <source>Compaction failed: %1</source>
            <translation>压缩失败：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/context_steps.py" line="158" />
            <source>Nothing was compacted: %1</source>
            <translation>没有压缩任何内容：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/context_steps.py" line="160" />
            <source>Nothing was compacted.</source>
            <translation>没有压缩任何内容。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/model_window.py" line="36" />
            <source>The model's context window is %1 tokens (the provider said so), smaller than the context budget of %2. This session now uses a budget of %3 tokens so requests fit; raise the model's context size to use more.</source>
            <translation>模型的上下文窗口为 %1 个 token（服务商如此告知），小于上下文预算 %2。此会话现在使用 %3 个 token 的预算，以便请求能够放下；若要使用更多，请调大模型的上下文大小。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/provider_steps.py" line="31" />
            <source>This model or server does not seem to support tool calls: it named the tools in its answers but never called one. For llama.cpp's server try `--jinja` (or llama-cpp-python's `--chat_format chatml-function-calling`); for Ollama choose a model with tool support.</source>
            <translation>此模型或服务器似乎不支持工具调用：它在回答中提到了工具，却从未调用过。llama.cpp 的服务器请尝试 `--jinja`（或 llama-cpp-python 的 `--chat_format chatml-function-calling`）；Ollama 请选择支持工具的模型。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/provider_steps.py" line="107" />
            <source>The server's context window is %1 tokens (%2), smaller than the context budget of %3. This session now uses a budget of %4 tokens so requests fit.</source>
            <translation>服务器的上下文窗口为 %1 个 token（%2），小于 %3 的上下文预算。本会话现改用 %4 个 token 的预算，以便请求能够容纳。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/schema_budget.py" line="34" />
            <source>The tool definitions alone take %1 tokens, and the context budget of %2 tokens compacts at %3: nothing is left for the conversation. Raise the context budget (to %4 tokens or more) or turn tools off.</source>
            <translation>仅工具定义就占用 %1 个 token，而 %2 个 token 的上下文预算在 %3 时就会压缩：对话已没有任何空间。请调大上下文预算（至 %4 个 token 或更多），或关闭工具。</translation>
        </message>
    </context>
    <context>
        <name>AgentFactories</name>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="35" />
            <source>You are a helpful assistant in pi-desktop. You can use the workspace tools to read, search and (with the user's approval) change files. Be concise and precise.</source>
            <translation>你是 pi-desktop 中的得力助手。你可以使用工作区工具读取、搜索文件，并在用户批准后修改文件。回答要简洁、准确。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="40" />
            <source>Offline provider: a deterministic demo model, no network. Choose a real model in Settings (Ctrl+,).</source>
            <translation>离线服务：一个确定性的演示模型，不联网。可在设置（Ctrl+,）中选择真实模型。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="67" />
            <source>Offline provider (no network)</source>
            <translation>离线服务（无网络）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="74" />
            <source>Offline demo (no network)</source>
            <translation>离线演示（无网络）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="75" />
            <source>Qwen (DashScope, compatible mode)</source>
            <translation>通义千问（DashScope 兼容模式）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="76" />
            <source>Custom OpenAI-compatible server</source>
            <translation>自定义 OpenAI 兼容服务器</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="129" />
            <source>%1 — using the offline provider until then.</source>
            <translation>%1 — 在此之前使用离线服务。</translation>
        </message>
    </context>
    <context>
        <name>Approval</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="143" />
            <source>⚠ This request contains characters that are invisible or reorder the text around them (%1). They are shown as ⟦U+…⟧ and marked; what runs is exactly what is shown. Commands rarely need them: deny unless you expected this.</source>
            <translation>⚠ 此请求包含不可见或会打乱周围文字顺序的字符（%1）。它们以 ⟦U+…⟧ 的形式显示并已标出；实际运行的内容与显示的完全一致。命令很少需要这类字符：除非你预料到，否则请拒绝。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="61" />
            <source>Allow %1?</source>
            <translation>允许 %1 吗？</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="68" />
            <source>&lt;b&gt;%1&lt;/b&gt; wants to: %2</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; 想要：%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="81" />
            <source>Details of the request</source>
            <translation>请求详情</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="83" />
            <source>What the tool would do, exactly as it would run, read-only.</source>
            <translation>工具将要执行的操作，与实际运行的完全一致（只读）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="95" />
            <source>Allow %1 for the rest of this session</source>
            <translation>本会话接下来都允许 %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="98" />
            <source>Later requests of this tool in this session run without asking</source>
            <translation>本会话中此工具之后的请求将直接运行，不再询问</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="103" />
            <source>Allow</source>
            <translation>允许</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="106" />
            <source>Deny</source>
            <translation>拒绝</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="110" />
            <source>Deny all until the answer ends</source>
            <translation>在回答结束前全部拒绝</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="114" />
            <source>Deny this and every other change the model asks for until the current answer is finished; the model is told each one was denied.</source>
            <translation>拒绝此项以及本次回答结束前模型请求的所有其他更改；每次拒绝都会告知模型。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="126" />
            <source>Run this request now</source>
            <translation>立即执行此请求</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="127" />
            <source>Refuse it; the model is told it was denied</source>
            <translation>拒绝此请求；模型会被告知已被拒绝</translation>
        </message>
    </context>
    <context>
        <name>BranchSummaries</name>
        <message>
            <location filename="../../pi_desktop/ui/tree/branch_summaries.py" line="65" />
            <source>Summarizing the branch you left…</source>
            <translation>正在总结你离开的分支…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/branch_summaries.py" line="95" />
            <source>Noted what the branch you left explored (a side node in the tree; it is sent as context while the conversation passes there — remove it from its menu).</source>
            <translation>已记下你离开的分支探索了什么（树中的一个旁支节点；对话经过该处时会作为上下文发送 — 可在其菜单中移除）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/branch_summaries.py" line="90" />
            <source>The branch summary failed: %1</source>
            <translation>分支总结失败：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/branch_summaries.py" line="113" />
            <source>Could not remove the branch summary: %1</source>
            <translation>无法移除分支总结：%1</translation>
        </message>
    </context>
    <context>
        <name>Breakdown</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="71" />
            <source>%1 %</source>
            <translation>%1%</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="117" />
            <source>%Ln message(s) in the view</source>
            <translation>
                <numerusform>视图中有 %Ln 条消息</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="54" />
            <source>System prompt</source>
            <translation>系统提示词</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="55" />
            <source>Tool schemas</source>
            <translation>工具定义</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="56" />
            <source>Summary</source>
            <translation>总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="57" />
            <source>Pinned messages</source>
            <translation>固定的消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="58" />
            <source>Conversation messages</source>
            <translation>对话消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="59" />
            <source>Reasoning (sent back with tool calls)</source>
            <translation>推理内容（随工具调用回传）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="60" />
            <source>Tool results (verbatim)</source>
            <translation>工具结果（原文）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="61" />
            <source>Tool results (placeholdered)</source>
            <translation>工具结果（占位符）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="62" />
            <source>Tool results (offloaded markers)</source>
            <translation>工具结果（转存标记）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="63" />
            <source>Framing (list brackets, separators, snip marker)</source>
            <translation>结构开销（列表括号、分隔符、剪除标记）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="77" />
            <source>Total: %1 tokens — the figure on the budget bar.</source>
            <translation>合计：%1 Token — 即预算条上显示的数字。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="118" />
            <source>nothing left out</source>
            <translation>没有遗漏任何内容</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="97" />
            <source>%1 tokens from here</source>
            <translation>距此还有 %1 Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="99" />
            <source>reached: the next request summarizes first</source>
            <translation>已达到：下一次请求会先进行总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="101" />
            <source>Compaction threshold: %1 tokens (%2).</source>
            <translation>压缩阈值：%1 Token（%2）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="104" />
            <source>No budget: context management is off and the whole history is sent.</source>
            <translation>无预算：上下文管理已关闭，将发送全部历史。</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="108" />
            <source>%Ln message(s) summarized</source>
            <translation>
                <numerusform>%Ln 条消息已总结</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="110" />
            <source>%Ln message(s) snipped</source>
            <translation>
                <numerusform>%Ln 条消息已剪除</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="113" />
            <source>%Ln tool result(s) placeholdered</source>
            <translation>
                <numerusform>%Ln 条工具结果已替换为占位符</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="116" />
            <source>%Ln tool result(s) offloaded to files</source>
            <translation>
                <numerusform>%Ln 条工具结果已转存到文件</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="189" />
            <source>Context breakdown</source>
            <translation>上下文明细</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="201" />
            <source>Where the next request's tokens go</source>
            <translation>下一次请求的 Token 去向</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="203" />
            <source>One row per part of the request: its tokens and share of the budget.</source>
            <translation>请求的每个组成部分占一行：其 Token 数及占预算的比例。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="216" />
            <source>Refresh</source>
            <translation>刷新</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="217" />
            <source>Count the next request again</source>
            <translation>重新统计下一次请求</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="82" />
            <source>Free: %1 of %2 tokens (%3).</source>
            <translation>剩余：%2 Token 中的 %1（%3）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="92" />
            <source>Over the budget of %1 tokens by %2.</source>
            <translation>超出 %1 Token 的预算 %2。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="195" />
            <source>Category</source>
            <translation>类别</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="196" />
            <source>Tokens</source>
            <translation>Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="197" />
            <source>Share of budget</source>
            <translation>占预算比例</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="198" />
            <source>Messages</source>
            <translation>消息数</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="223" />
            <source>Where the next request's tokens go:</source>
            <translation>下一次请求的 Token 去向：</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="251" />
            <source>Total (the bar's estimate)</source>
            <translation>合计（预算条的估算）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="254" />
            <source>Free</source>
            <translation>剩余</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="255" />
            <source>Compaction threshold</source>
            <translation>压缩阈值</translation>
        </message>
    </context>
    <context>
        <name>BudgetBar</name>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="62" />
            <source>%1 / %2 tokens (%3 %)</source>
            <translation>%1 / %2 Token（%3%）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="99" />
            <source>Older turns are summarized when it passes %1 % (%2 tokens).</source>
            <translation>超过 %1%（%2 Token）时，较早的轮次将被总结。</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/budget/bar.py" line="129" />
            <source>%Ln summary(ies) so far</source>
            <translation>
                <numerusform>目前已有 %Ln 次总结</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="136" />
            <source>%1 % of the context used · %2</source>
            <translation>上下文已用 %1% · %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="60" />
            <source>%1 tokens · no limit</source>
            <translation>%1 Token · 无上限</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="93" />
            <source>Past %1 % (%2 tokens): older turns will be summarized before your next message.</source>
            <translation>已超过 %1%（%2 Token）：发送下一条消息前，较早的轮次将被总结。</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/budget/bar.py" line="109" />
            <source>view %1 of %Ln message(s)</source>
            <translation>
                <numerusform>视图包含 %Ln 条消息中的 %1 条</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="128" />
            <source>no summary yet</source>
            <translation>尚无总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="135" />
            <source>%1 tokens in the context · no limit set</source>
            <translation>上下文中有 %1 Token · 未设上限</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="369" />
            <source>%1 on this branch</source>
            <translation>本分支 %1 次</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="383" />
            <source>Click for the breakdown of where the tokens go.</source>
            <translation>点击查看 Token 的去向明细。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="384" />
            <source>Details</source>
            <translation>详情</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="111" />
            <source>%1 offloaded to disk</source>
            <translation>%1 条已转存到磁盘</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="113" />
            <source>%1 snipped</source>
            <translation>%1 条已剪除</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="115" />
            <source>%1 placeholdered</source>
            <translation>%1 条已替换为占位符</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="117" />
            <source>summarized now</source>
            <translation>本次已总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="121" />
            <source>summary failed: %1</source>
            <translation>总结失败：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="177" />
            <source>Token budget</source>
            <translation>Token 预算</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="119" />
            <source>summary cache used</source>
            <translation>使用了总结缓存</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="313" />
            <source>Context management is off: everything is sent every time.</source>
            <translation>上下文管理已关闭：每次都会发送全部内容。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="317" />
            <source>Offline provider: the counts are this app's own estimates.</source>
            <translation>离线服务：这些数字是本应用自己的估算。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="321" />
            <source>Includes about %1 tokens of the answer being written.</source>
            <translation>其中约 %1 Token 来自正在生成的回答。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="328" />
            <source>Estimate</source>
            <translation>估算</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="328" />
            <source>%1 tokens</source>
            <translation>%1 Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="357" />
            <source>Tokens per character</source>
            <translation>每字符 Token 数</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="363" />
            <source>Last request</source>
            <translation>上次请求</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="372" />
            <source>(last %1 → %2)</source>
            <translation>（最近一次 %1 → %2）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="373" />
            <source>Compactions</source>
            <translation>压缩次数</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="389" />
            <source>Enter opens the breakdown of where the tokens go.</source>
            <translation>按 Enter 查看 Token 的去向明细。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="476" />
            <location filename="../../pi_desktop/ui/budget/bar.py" line="377" />
            <source>offline</source>
            <translation>离线</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="336" />
            <location filename="../../pi_desktop/ui/budget/bar.py" line="353" />
            <source>Budget</source>
            <translation>预算</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="337" />
            <source>%1 tokens (%2 % used)</source>
            <translation>%1 Token（已用 %2%）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="347" />
            <source>Compaction at</source>
            <translation>压缩阈值</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="348" />
            <source>%1 % = %2 tokens</source>
            <translation>%1% = %2 Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="353" />
            <source>none — context management is off</source>
            <translation>无 — 上下文管理已关闭</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="358" />
            <source>not yet</source>
            <translation>尚无</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="364" />
            <source>%1 tokens by the provider's count</source>
            <translation>按服务方统计为 %1 Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="375" />
            <source>Layers</source>
            <translation>各层处理</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="377" />
            <source>Provider</source>
            <translation>服务</translation>
        </message>
    </context>
    <context>
        <name>CompactDialog</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/input_box.py" line="53" />
            <source>Compact now</source>
            <translation>立即压缩</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/input_box.py" line="56" />
            <source>Summarize the conversation so far. Optional &amp;focus:</source>
            <translation>总结到目前为止的对话。可选的侧重点(&amp;F)：</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/input_box.py" line="62" />
            <source>e.g. keep the API design decisions in detail</source>
            <translation>例如：详细保留 API 设计方面的决定</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/input_box.py" line="65" />
            <source>What the summary should keep in detail (optional).</source>
            <translation>总结中需要详细保留的内容（可选）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/input_box.py" line="71" />
            <source>Compact</source>
            <translation>压缩</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/input_box.py" line="73" />
            <source>Summarize the older turns now</source>
            <translation>立即总结较早的轮次</translation>
        </message>
    </context>
    <context>
        <name>Connect</name>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="65" />
            <source>The server's context window is %1 tokens (%2), smaller than the budget of %3: the app will use %4.</source>
            <translation>服务器的上下文窗口为 %1 个 token（%2），小于 %3 的预算：应用将使用 %4。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="141" />
            <source>Connected: %1 answered in %2 s.</source>
            <translation>已连接：%1 在 %2 秒内作答。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="143" />
            <source>Connected: %1 replied (no text, only thinking) in %2 s.</source>
            <translation>已连接：%1 在 %2 秒内回复（没有正文，只有思考）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="148" />
            <source>%1 Context window: %2 tokens (its default; the model does not set one).</source>
            <translation>%1 上下文窗口：%2 个 token（服务器默认值；该模型未设置）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="162" />
            <source>The key was refused (401). Check the API key for this provider.</source>
            <translation>密钥被拒绝（401）。请检查此服务商的 API 密钥。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="166" />
            <source>The key is not allowed to use this (403): check the key's permissions or plan.</source>
            <translation>此密钥无权使用该功能（403）：请检查密钥的权限或套餐。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="184" />
            <source>Not found (404) at %1: check the base URL (it usually ends in /v1) and the model name.</source>
            <translation>在 %1 未找到（404）：请检查基础 URL（通常以 /v1 结尾）和模型名称。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="191" />
            <source>The server is rate limiting or the account has no quota left (429).</source>
            <translation>服务器正在限流，或账户已无剩余额度（429）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="195" />
            <source>The connection failed: %1</source>
            <translation>连接失败：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="106" />
            <source>The offline demo needs no connection.</source>
            <translation>离线演示无需连接。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="155" />
            <source>%1 Context window: %2 tokens.</source>
            <translation>%1 上下文窗口：%2 个 token。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="177" />
            <source>The server has no model named %1 (404). It offers: %2</source>
            <translation>服务器上没有名为 %1 的模型（404）。可用的有：%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="183" />
            <source>the default URL</source>
            <translation>默认 URL</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="123" />
            <source>Connected (the server answered, but said the tiny test prompt is over its context window — check its settings).</source>
            <translation>已连接（服务器有回应，但称这条很短的测试提示超出了它的上下文窗口——请检查其设置）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="133" />
            <source>No answer within %1 s.</source>
            <translation>%1 秒内没有回应。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/presets.py" line="187" />
            <source>%1 needs an API key: enter it here.</source>
            <translation>%1 需要 API 密钥：请在此输入。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/presets.py" line="181" />
            <source>%1 needs an API key: enter it here or set %2.</source>
            <translation>%1 需要 API 密钥：请在此输入，或设置 %2。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/provider_steps.py" line="238" />
            <source>Ollama truncates silently at %1, and the context budget is %2 tokens: the start of long conversations would be cut without a word. Raise num_ctx (a Modelfile `PARAMETER num_ctx 32768`, or OLLAMA_CONTEXT_LENGTH for `ollama serve`) or lower the budget in Settings.</source>
            <translation>Ollama 会在%1处静默截断，而上下文预算为 %2 个 token：长对话的开头会被悄无声息地截掉。请调高 num_ctx（Modelfile 中的 `PARAMETER num_ctx 32768`，或为 `ollama serve` 设置 OLLAMA_CONTEXT_LENGTH），或在设置中降低预算。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/provider_steps.py" line="231" />
            <source>its default context size (num_ctx, %1 tokens on most machines)</source>
            <translation>其默认上下文大小（num_ctx，多数机器上为 %1 个 token）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/provider_steps.py" line="237" />
            <source>this model's context size (num_ctx %1 tokens)</source>
            <translation>该模型的上下文大小（num_ctx %1 个 token）</translation>
        </message>
    </context>
    <context>
        <name>Connection</name>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="177" />
            <source>%Ln model(s) on the server: type to search, or pick one.</source>
            <translation>
                <numerusform>服务器上有 %Ln 个模型：输入以搜索，或直接选择一个。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="94" />
            <source>Fetch models</source>
            <translation>获取模型列表</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="96" />
            <source>Ask the server which models it offers (GET /models)</source>
            <translation>向服务器查询可用的模型（GET /models）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="99" />
            <source>Test connection</source>
            <translation>测试连接</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="101" />
            <source>Send one tiny request with these settings and say how it went</source>
            <translation>用这些设置发送一个很小的请求，并报告结果</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="159" />
            <source>Asking the server for its models…</source>
            <translation>正在向服务器查询模型…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="174" />
            <source>The server lists no models; type the name instead.</source>
            <translation>服务器未列出任何模型；请直接输入名称。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="200" />
            <source>Testing the connection…</source>
            <translation>正在测试连接…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="212" />
            <source>Connected.</source>
            <translation>连接成功。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="212" />
            <source>The test failed.</source>
            <translation>测试失败。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="252" />
            <source>What you pay per million tokens for this model, in dollars. Leave 0 for no
price: the app shows money only for models you entered a price for.</source>
            <translation>此模型每百万 Token 的价格（美元）。填 0 表示不设价格：
只有填写了价格的模型才会显示费用。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="268" />
            <source>Dollars per million input tokens (—: no price)</source>
            <translation>每百万输入 Token 的美元价格（—：不设价格）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="269" />
            <source>Dollars per million cached input tokens (—: no price; the input price applies)</source>
            <translation>每百万缓存输入 Token 的美元价格（—：不设价格，按输入价格计）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="273" />
            <source>Dollars per million output tokens (—: no price)</source>
            <translation>每百万输出 Token 的美元价格（—：不设价格）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="277" />
            <source>Price per million input tokens</source>
            <translation>每百万输入 Token 价格</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="278" />
            <source>Price per million cached input tokens</source>
            <translation>每百万缓存输入 Token 价格</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="279" />
            <source>Price per million output tokens</source>
            <translation>每百万输出 Token 价格</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="169" />
            <source>Could not fetch the models: %1</source>
            <translation>无法获取模型列表：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="241" />
            <source>in</source>
            <comment>input tokens</comment>
            <translation>输入</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="242" />
            <source>cached</source>
            <comment>cached input tokens</comment>
            <translation>缓存</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="243" />
            <source>out</source>
            <comment>output tokens</comment>
            <translation>输出</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="210" />
            <source>The test failed: %1</source>
            <translation>测试失败：%1</translation>
        </message>
    </context>
    <context>
        <name>Context</name>
        <message>
            <location filename="../../pi_desktop/context/compaction.py" line="134" />
            <source>nothing outside the kept tail to summarize</source>
            <translation>保留的末尾之外没有可总结的内容</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/compaction.py" line="203" />
            <source>a summary would not help (%1 → %2 tokens, still over the threshold)</source>
            <translation>总结也无济于事（%1 → %2 个 token，仍超过阈值）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/errors.py" line="40" />
            <source>This message is about %1 tokens; the context budget allows about %2 for the conversation (budget %3). Shorten it, or save it as a file in the workspace and ask for it to be read in parts.</source>
            <translation>这条消息约 %1 个 token；上下文预算只允许对话使用约 %2 个（预算 %3）。请缩短它，或把它保存为工作区中的文件，再让模型分段读取。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/errors.py" line="30" />
            <source>This message is about %1 tokens; the context budget allows about %2 for the conversation, of which the system prompt takes about %4 (budget %3). Shorten it, or save it as a file in the workspace and ask for it to be read in parts.</source>
            <translation>这条消息约 %1 个 token；上下文预算只允许对话使用约 %2 个，其中系统提示约占 %4 个（预算 %3）。请缩短它，或把它保存为工作区中的文件，再让模型分段读取。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/normalize.py" line="407" />
            <source>the summarizer returned an empty summary</source>
            <translation>总结器返回了空的总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/normalize.py" line="409" />
            <source>the summarizer refused (its answer opens as a refusal)</source>
            <translation>总结器拒绝了（其回答以拒绝开头）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/normalize.py" line="413" />
            <location filename="../../pi_desktop/context/normalize.py" line="418" />
            <source>the summarizer continued the conversation instead of summarizing it</source>
            <translation>总结器接着对话说了下去，而没有总结它</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/normalize.py" line="422" />
            <source>the summarizer wrote code instead of a summary</source>
            <translation>总结器写了代码而不是总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/pins.py" line="35" />
            <source>Cannot pin: pinned messages would take %1 tokens, over the cap of %2 tokens (%3 of the %4-token view limit). Unpin another message, or raise the context budget.</source>
            <translation>无法固定：固定的消息将占用 %1 个 token，超过 %2 个 token 的上限（%4 个 token 视图上限的 %3）。请取消固定另一条消息，或调大上下文预算。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="153" />
            <source>a message cannot fit the summarizer budget</source>
            <translation>有一条消息放不进总结器的预算</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="186" />
            <source>the previous summary alone exceeds the summarizer budget</source>
            <translation>仅上一份总结就超出了总结器的预算</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="254" />
            <source>the summary cannot be held to its size (%1 tokens even trimmed, allowance %2)</source>
            <translation>总结无法控制在其大小之内（裁剪后仍有 %1 个 token，限额 %2）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="294" />
            <source>%1, and again after a repair request</source>
            <translation>%1，修复请求之后依然如此</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="356" />
            <source>nothing to summarize</source>
            <translation>没有可总结的内容</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="271" />
            <source>the summarizer failed (%1)</source>
            <translation>总结器失败（%1）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="288" />
            <source>%1; the repair request failed (%2)</source>
            <translation>%1；修复请求失败（%2）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="368" />
            <source>the same summarizer input failed before; it was not sent again</source>
            <translation>相同的总结器输入之前失败过；未再次发送</translation>
        </message>
        <message>
            <source>a summary would not help (%1 → %2 tokens, still over the threshold): nothing was compacted</source>
            <translation type="obsolete">总结也无济于事（%1 → %2 个 token，仍超过阈值）：未压缩任何内容</translation>
        </message>
    </context>
    <context>
        <name>Controller</name>
        <message>
            <location filename="../../pi_desktop/ui/controller.py" line="220" />
            <source>Internal error: %1: %2</source>
            <translation>内部错误：%1：%2</translation>
        </message>
    </context>
    <context>
        <name>Conversation</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="65" />
            <source>Conversation</source>
            <translation>对话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="67" />
            <source>The messages of this session; Ctrl+F finds text, Page Up and Page Down scroll.</source>
            <translation>此会话的消息；Ctrl+F 查找文字，Page Up 和 Page Down 翻页。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="84" />
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="215" />
            <source>Type a message below — Enter sends.

The bar above the input shows how full the model's context is; when it passes the mark, older turns are summarized. The tree on the right shows every message: click one to go back to it.</source>
            <translation>在下方输入消息 — 按 Enter 发送。

输入框上方的预算条显示模型的上下文用了多少；超过标记后，较早的轮次会被总结。右侧的树显示每一条消息：点击其中一条即可回到那里。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="222" />
            <source>Opening %1…</source>
            <translation>正在打开 %1…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="340" />
            <source>thinking…</source>
            <translation>思考中…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="366" />
            <source>Stopped.</source>
            <translation>已停止。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="289" />
            <source>message %1: %2</source>
            <translation>消息 %1：%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="291" />
            <source>new message: %1</source>
            <translation>新消息：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="529" />
            <source>Some saved data could not be shown and was skipped:</source>
            <translation>部分已保存的数据无法显示，已跳过：</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="532" />
            <source>… and %1 more</source>
            <translation>… 另有 %1 条</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="177" />
            <source>Retry</source>
            <translation>重试</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/history_gaps.py" line="34" />
            <source>This conversation has a gap: %1. The session file is unchanged.</source>
            <translation>此对话有缺口：%1。会话文件未被修改。</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/chat/history_gaps.py" line="18" />
            <source>%Ln tool call(s) never got a result (the run was interrupted); the model is sent "%1" in its place</source>
            <translation>
                <numerusform>%Ln 次工具调用没有得到结果（运行被中断）；发送给模型的是“%1”</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/chat/history_gaps.py" line="28" />
            <source>%Ln tool result(s) answer no call and are left out of what the model is sent</source>
            <translation>
                <numerusform>%Ln 条工具结果没有对应的调用，不会发送给模型</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/history_gaps.py" line="37" />
            <source>; </source>
            <translation>；</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/path_items.py" line="85" />
            <source>tool_calls is %1, not a list</source>
            <translation>tool_calls 是 %1，而不是列表</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/path_items.py" line="91" />
            <source>tool call %1 is %2, not an object</source>
            <translation>工具调用 %1 是 %2，而不是对象</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/path_items.py" line="99" />
            <source>tool call %1: function is %2</source>
            <translation>工具调用 %1：function 是 %2</translation>
        </message>
    </context>
    <context>
        <name>EditResend</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="140" />
            <source>Edit and resend: puts this message in the box; sending makes a new branch from before it (the old branch stays in the tree)</source>
            <translation>编辑并重新发送：把这条消息放进输入框；发送后会从它之前开出一个新分支（旧分支保留在树中）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="141" />
            <source>Edit and resend</source>
            <translation>编辑并重新发送</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="184" />
            <source>Editing “%1”. Send makes a new branch from before it; the old branch stays in the tree.</source>
            <translation>正在编辑“%1”。发送后会从它之前开出一个新分支；旧分支保留在树中。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="249" />
            <source>This question has no answer on this branch. Answer it again, or type what to ask instead: that goes on a new branch, and this question stays in the tree.</source>
            <translation>这个问题在本分支上还没有回答。可以重新回答它，或者输入你想改问的内容：新问题会放在一个新分支上，这个问题仍保留在树中。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="299" />
            <source>Stopped before sending: your message was not sent and is back in the input.</source>
            <translation>发送前已停止：你的消息没有发送，已放回输入框。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="344" />
            <source>the message before it was summarized</source>
            <translation>它之前的消息已被总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="160" />
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="133" />
            <source>✎ editing</source>
            <translation>✎ 编辑中</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="194" />
            <source>Cancel edit</source>
            <translation>取消编辑</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="258" />
            <source>Answer again</source>
            <translation>重新回答</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="261" />
            <source>Edit</source>
            <translation>编辑</translation>
        </message>
    </context>
    <context>
        <name>Errors</name>
        <message>
            <location filename="../../pi_desktop/agent/context_steps.py" line="334" />
            <source>%1 — and the conversation could not be compacted to fit. Lower the context budget in the settings or start a new session.</source>
            <translation>%1——而且对话无法压缩到足以容纳。请在设置中降低上下文预算，或开始一个新会话。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="125" />
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="415" />
            <source>is Ollama running (`ollama serve`)?</source>
            <translation>Ollama 是否在运行（`ollama serve`）？</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="416" />
            <source>is LM Studio's server started (Developer tab, or `lms server start`)?</source>
            <translation>LM Studio 的服务器是否已启动（“开发者”标签页，或 `lms server start`）？</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="419" />
            <source>is llama.cpp's server running (`llama-server -m model.gguf`)?</source>
            <translation>llama.cpp 的服务器是否在运行（`llama-server -m model.gguf`）？</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="420" />
            <source>is the server running (vLLM: `vllm serve MODEL`; llama-cpp-python: `python -m llama_cpp.server`)?</source>
            <translation>服务器是否在运行（vLLM：`vllm serve MODEL`；llama-cpp-python：`python -m llama_cpp.server`）？</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="452" />
            <source>Nothing is listening at %1 — %2</source>
            <translation>%1 上没有任何服务在监听——%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="264" />
            <location filename="../../pi_desktop/agent/errors.py" line="404" />
            <source>: %1</source>
            <translation>：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="320" />
            <source>authentication failed (HTTP 401): check the API key</source>
            <translation>身份验证失败（HTTP 401）：请检查 API 密钥</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="331" />
            <source>%1%2</source>
            <translation>%1%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="451" />
            <source>Nothing is listening at %1.</source>
            <translation>%1 上没有任何服务在监听。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="322" />
            <source>access denied (HTTP 403): the key may lack access to this model</source>
            <translation>拒绝访问（HTTP 403）：该密钥可能无权使用此模型</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="407" />
            <source>unexpected error (%1)%2</source>
            <translation>意外错误（%1）%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="279" />
            <source>the request is too long for the model's context window%1</source>
            <translation>请求超出了模型的上下文窗口%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="307" />
            <source>the stream was interrupted by an error%1</source>
            <translation>流式输出因错误中断%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="314" />
            <source>server error (HTTP %1)%2</source>
            <translation>服务器错误（HTTP %1）%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="324" />
            <source>not found (HTTP 404): check the model name and the base URL (OpenAI-compatible servers usually end in /v1)</source>
            <translation>未找到（HTTP 404）：请检查模型名称和基础 URL（兼容 OpenAI 的服务器通常以 /v1 结尾）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="330" />
            <source>the request was rejected (HTTP %1)</source>
            <translation>请求被拒绝（HTTP %1）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="352" />
            <source>the request timed out</source>
            <translation>请求超时</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="366" />
            <location filename="../../pi_desktop/agent/errors.py" line="394" />
            <source>the connection dropped mid-stream%1</source>
            <translation>连接在输出过程中断开%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="368" />
            <source>could not connect%1</source>
            <translation>无法连接%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="389" />
            <source>the stream timed out</source>
            <translation>流式输出超时</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="396" />
            <source>the connection failed%1</source>
            <translation>连接失败%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="440" />
            <source>the server's address</source>
            <translation>服务器地址</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="290" />
            <source>rate limited (HTTP 429)%1</source>
            <translation>已被限流（HTTP 429）%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="293" />
            <source>the server reported a temporary error%1</source>
            <translation>服务器报告了临时错误%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="302" />
            <source>error in the response%1</source>
            <translation>响应中有错误%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/openai_llm.py" line="457" />
            <source>the response stalled — no progress for %1 s (keep-alives do not count)</source>
            <translation>响应停滞——%1 秒没有进展（保活信号不算）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/openai_llm.py" line="480" />
            <source>the stream sent a malformed chunk (%1)</source>
            <translation>流式输出发来了格式错误的数据块（%1）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/openai_llm.py" line="328" />
            <source>the stream ended before the response was complete</source>
            <translation>响应尚未完整，流式输出就结束了</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/openai_llm.py" line="445" />
            <source>no complete response within %1 s (the response deadline in Settings); the stream was stopped</source>
            <translation>%1 秒内没有完整的响应（设置中的响应时限）；已停止流式输出</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/openai_llm.py" line="274" />
            <source>rate limited — the server asked to wait %1 s more before the next request</source>
            <translation>已被限流——服务器要求在下一次请求前再等待 %1 秒</translation>
        </message>
    </context>
    <context>
        <name>Export</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="29" />
            <source>Markdown</source>
            <translation>Markdown</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="30" />
            <source>HTML page</source>
            <translation>HTML 网页</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="31" />
            <source>Raw JSONL</source>
            <translation>原始 JSONL</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="38" />
            <source>Markdown (*.md)</source>
            <translation>Markdown (*.md)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="39" />
            <source>HTML page (*.html)</source>
            <translation>HTML 网页 (*.html)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="40" />
            <source>Session lines (*.jsonl)</source>
            <translation>会话记录 (*.jsonl)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="100" />
            <source>Export the current branch as %1</source>
            <translation>将当前分支导出为 %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="119" />
            <source>Export failed: %1</source>
            <translation>导出失败：%1</translation>
        </message>
    </context>
    <context>
        <name>FileViewer</name>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="62" />
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="59" />
            <source>%Ln byte(s)</source>
            <translation>
                <numerusform>%Ln 字节</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="113" />
            <source>Open containing folder</source>
            <translation>打开所在文件夹</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="115" />
            <source>Show the folder of this file in the file manager</source>
            <translation>在文件管理器中显示此文件所在的文件夹</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="118" />
            <source>Copy path</source>
            <translation>复制路径</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="119" />
            <source>Copy the file's path to the clipboard</source>
            <translation>将文件路径复制到剪贴板</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="124" />
            <source>Wrap lines</source>
            <translation>自动换行</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="125" />
            <source>Break long lines at the window's edge</source>
            <translation>在窗口边缘折断过长的行</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="129" />
            <source>Tool result</source>
            <translation>工具结果</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="131" />
            <source>The saved output of a tool, read-only; Ctrl+F finds text in it.</source>
            <translation>保存下来的工具输出（只读）；按 Ctrl+F 可在其中查找。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="146" />
            <source>Find (Enter: next, Shift+Enter: previous)</source>
            <translation>查找（Enter：下一个，Shift+Enter：上一个）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="148" />
            <source>Find</source>
            <translation>查找</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="150" />
            <source>Text to find; Enter goes to the next match, Shift+Enter back.</source>
            <translation>要查找的文字；Enter 跳到下一个匹配，Shift+Enter 返回上一个。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="159" />
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="160" />
            <source>Previous match</source>
            <translation>上一个匹配</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="164" />
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="165" />
            <source>Next match</source>
            <translation>下一个匹配</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="275" />
            <source>%1 — showing the first %2 characters (%3)</source>
            <translation>%1 — 显示前 %2 个字符（%3）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="283" />
            <source>%1 characters · %2</source>
            <translation>%1 个字符 · %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="325" />
            <source>loading %1</source>
            <translation>正在加载 %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="99" />
            <source>Tool result — %1</source>
            <translation>工具结果 — %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="286" />
            <source>%Ln line(s)</source>
            <translation>
                <numerusform>%Ln 行</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="301" />
            <source>The tool capped its output: this file holds %1 it read (its last line says where to go on).</source>
            <translation>工具截断了输出：此文件保存了它所读取内容中的%1（最后一行说明了从哪里继续）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="401" />
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="155" />
            <source>no match</source>
            <translation>无匹配</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="233" />
            <source>Cannot open %1: %2</source>
            <translation>无法打开 %1：%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="311" />
            <source>The tool read part of a file: this holds its lines %1-%2 of %3 (the last line says where to go on).</source>
            <translation>工具只读取了文件的一部分：这里是共 %3 行中的第 %1-%2 行（最后一行说明了从哪里继续）。</translation>
        </message>
    </context>
    <context>
        <name>FindBar</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="36" />
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="37" />
            <source>Find in this conversation</source>
            <translation>在此对话中查找</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="39" />
            <source>Enter goes to the next match, Shift+Enter to the previous, Esc closes.</source>
            <translation>Enter 跳到下一个匹配，Shift+Enter 跳到上一个，Esc 关闭。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="50" />
            <source>Previous match (Shift+Enter)</source>
            <translation>上一个匹配（Shift+Enter）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="51" />
            <source>Next match (Enter)</source>
            <translation>下一个匹配（Enter）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="52" />
            <source>Close (Esc)</source>
            <translation>关闭（Esc）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="53" />
            <source>Previous match</source>
            <translation>上一个匹配</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="54" />
            <source>Next match</source>
            <translation>下一个匹配</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="55" />
            <source>Close the find bar</source>
            <translation>关闭查找栏</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="47" />
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="106" />
            <source>No matches</source>
            <translation>无匹配</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="110" />
            <source>%1 of %2</source>
            <translation>第 %1 / %2 个</translation>
        </message>
    </context>
    <context>
        <name>Header</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="40" />
            <location filename="../../pi_desktop/ui/chat/header.py" line="39" />
            <source>Sessions</source>
            <translation>会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="41" />
            <source>Show or hide the list of sessions (the window is too narrow for both)</source>
            <translation>显示或隐藏会话列表（窗口太窄，无法同时显示）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="44" />
            <location filename="../../pi_desktop/ui/chat/header.py" line="77" />
            <source>New session</source>
            <translation>新会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="53" />
            <source>Session tree</source>
            <translation>会话树</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="54" />
            <source>Show or hide the session tree (the window is too narrow for both)</source>
            <translation>显示或隐藏会话树（窗口太窄，无法同时显示）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="85" />
            <source>System prompt</source>
            <translation>系统提示词</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="52" />
            <source>Tree</source>
            <translation>树</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="92" />
            <source>This session has no system prompt (click to give it one)</source>
            <translation>此会话没有系统提示词（点击添加）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="84" />
            <source>No system prompt</source>
            <translation>无系统提示词</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="90" />
            <source>System prompt (click to view or change it):</source>
            <translation>系统提示词（点击查看或修改）：</translation>
        </message>
    </context>
    <context>
        <name>Labels</name>
        <message>
            <location filename="../../pi_desktop/ui/i18n.py" line="237" />
            <source>%1 of %2 characters</source>
            <translation>%2 个字符中的 %1 个</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/i18n.py" line="236" />
            <source>the first %1 of %2 characters</source>
            <translation>%2 个字符中的前 %1 个</translation>
        </message>
    </context>
    <context>
        <name>LongText</name>
        <message>
            <location filename="../../pi_desktop/ui/text/long_text.py" line="82" />
            <source>Copy all</source>
            <translation>全部复制</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/long_text.py" line="83" />
            <source>Copy the whole message to the clipboard</source>
            <translation>将整条消息复制到剪贴板</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/long_text.py" line="85" />
            <source>Close</source>
            <translation>关闭</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/long_text.py" line="86" />
            <source>Close this window</source>
            <translation>关闭此窗口</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/long_text.py" line="73" />
            <source>Whole message</source>
            <translation>完整消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/long_text.py" line="126" />
            <source>Loading… %1 of %2 characters</source>
            <translation>正在加载… %2 个字符中的 %1 个</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="../../pi_desktop/ui/developer.py" line="34" />
            <source>&amp;Developer</source>
            <translation>开发者(&amp;D)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs_host.py" line="144" />
            <source>Edited summary saved; the next request uses it.</source>
            <translation>编辑后的总结已保存；下一次请求将使用它。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs_host.py" line="133" />
            <source>Wait for the answer to finish, then save the edit.</source>
            <translation>请等回答结束后再保存编辑。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs_host.py" line="230" />
            <source>Tools</source>
            <translation>工具</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs_host.py" line="256" />
            <source>Wait for the answer to finish to change the prompt.</source>
            <translation>请等回答结束后再更改提示词。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs_host.py" line="139" />
            <source>Not saved: %1.</source>
            <translation>未保存：%1。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs_host.py" line="189" />
            <source>Exported to %1</source>
            <translation>已导出到 %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="119" />
            <source>Offline (no network)</source>
            <translation>离线（无网络）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="180" />
            <source>Message — Enter sends, Shift+Enter for a new line</source>
            <translation>输入消息 — Enter 发送，Shift+Enter 换行</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="182" />
            <source>Message</source>
            <translation>消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="184" />
            <source>Your next message. Enter sends it, Shift+Enter starts a new line.</source>
            <translation>你要发送的下一条消息。Enter 发送，Shift+Enter 换行。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="187" />
            <location filename="../../pi_desktop/ui/main_window.py" line="305" />
            <location filename="../../pi_desktop/ui/run_presenter.py" line="165" />
            <source>Send</source>
            <translation>发送</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="189" />
            <source>Sends the message, or stops the answer while one is written.</source>
            <translation>发送消息；回答生成期间则用于停止回答。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="269" />
            <source>&lt;b&gt;● Offline&lt;/b&gt; — demo model, no network</source>
            <translation>&lt;b&gt;● 离线&lt;/b&gt; — 演示模型，无网络</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="294" />
            <source>&amp;New session</source>
            <translation>新建会话(&amp;N)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="296" />
            <source>&amp;Open session…</source>
            <translation>打开会话(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="299" />
            <source>&amp;Settings…</source>
            <translation>设置(&amp;S)…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="301" />
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="303" />
            <source>&amp;Compact now…</source>
            <translation>立即压缩(&amp;C)…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="306" />
            <location filename="../../pi_desktop/ui/run_presenter.py" line="165" />
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="308" />
            <source>&amp;Pin / unpin message</source>
            <translation>固定 / 取消固定消息(&amp;P)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="310" />
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="313" />
            <source>&amp;Export current branch</source>
            <translation>导出当前分支(&amp;E)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="326" />
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="331" />
            <source>&amp;Search sessions</source>
            <translation>搜索会话(&amp;S)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="334" />
            <source>Next &amp;pane</source>
            <translation>下一个区域(&amp;P)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="337" />
            <source>Previous pa&amp;ne</source>
            <translation>上一个区域(&amp;N)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="347" />
            <source>%1 is not a zoom level; ignored</source>
            <translation>%1 不是有效的缩放级别，已忽略</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="349" />
            <source>&amp;Conversation</source>
            <translation>对话(&amp;C)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="353" />
            <source>&amp;Fidelity probe (provider check)…</source>
            <translation>保真度探测（检查服务）(&amp;F)…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="716" />
            <source>%1 — pi-desktop</source>
            <translation>%1 — pi-desktop</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="726" />
            <source>%1 · workspace %2</source>
            <translation>%1 · 工作区 %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="942" />
            <source>System prompt changed; your next message uses it.</source>
            <translation>系统提示词已更改；你的下一条消息将使用它。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="316" />
            <source>%1…</source>
            <translation>%1…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="469" />
            <source>window/splitter is not a saved layout; ignored</source>
            <translation>window/splitter 不是有效的已保存布局；已忽略</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="715" />
            <source>New session</source>
            <translation>新会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="876" />
            <source>Settings saved; they apply when this answer ends.</source>
            <translation>设置已保存；将在本次回答结束后生效。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="882" />
            <source>The API key was not saved: %1.</source>
            <translation>API 密钥未保存：%1。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="463" />
            <source>window/geometry is not a saved geometry; ignored</source>
            <translation>window/geometry 不是有效的已保存窗口尺寸；已忽略</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="732" />
            <source>Workspace: %1</source>
            <translation>工作区：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="780" />
            <source>Your message is still in the box.</source>
            <translation>你的消息仍保留在输入框中。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="938" />
            <source>The system prompt was not changed: %1</source>
            <translation>系统提示词未更改：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="954" />
            <source>Stopping the run before closing…</source>
            <translation>正在停止运行，然后关闭…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="599" />
            <source>Some lines of this session file could not be read and were skipped:</source>
            <translation>此会话文件中有些行无法读取，已跳过：</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="609" />
            <source>Some saved settings could not be used; the defaults apply:</source>
            <translation>部分已保存的设置无法使用，已改用默认值：</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="777" />
            <source>This session is open read-only.</source>
            <translation>此会话以只读方式打开。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/refusals.py" line="31" />
            <source>Dismiss</source>
            <translation>关闭</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="329" />
            <source>The model's summary failed (%1). The conversation was compacted with an extractive summary built without a model instead: your newest messages verbatim, the files and the tool calls. The full history stays in the session.</source>
            <translation>模型的总结失败了（%1）。已改用不依赖模型的抽取式总结来压缩对话：原样保留你最新的消息、涉及的文件和工具调用。完整历史仍保存在会话中。</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/run_presenter.py" line="243" />
            <source>Compacted %Ln message(s): %1 → %2 tokens</source>
            <translation>
                <numerusform>已压缩 %Ln 条消息：%1 → %2 Token</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="323" />
            <source>The model's first answer was not a summary (%1); one repair request got a proper summary. The full history stays in the session.</source>
            <translation>模型的第一次回答不是总结（%1）；再请求修正一次后得到了合格的总结。完整历史仍保存在会话中。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="180" />
            <source>Sent. The answer is being written.</source>
            <translation>已发送，正在生成回答。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="225" />
            <source>Compacting the conversation…</source>
            <translation>正在压缩对话…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="227" />
            <source>Context is full: summarizing…</source>
            <translation>上下文已满：正在总结…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="279" />
            <source>Provider busy (%1); retry %2 in %3 s</source>
            <translation>服务繁忙（%1）；%3 秒后进行第 %2 次重试</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="305" />
            <source>%1 Your message was not sent and is still in the input box.</source>
            <translation>%1 你的消息未发送，仍保留在输入框中。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="315" />
            <source>The answer failed: %1</source>
            <translation>回答失败：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="139" />
            <source>Stopping…</source>
            <translation>正在停止…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="167" />
            <source>Stop the answer (Esc)</source>
            <translation>停止回答（Esc）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="167" />
            <source>Send (Enter)</source>
            <translation>发送（Enter）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="201" />
            <source>Answer: %1</source>
            <translation>回答：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="295" />
            <source>The answer was stopped.</source>
            <translation>回答已停止。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="297" />
            <source>The answer is complete.</source>
            <translation>回答已完成。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="261" />
            <source>Wait for the run to finish, then try again.</source>
            <translation>请等运行结束后再试。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="268" />
            <source>Try the model's summary again</source>
            <translation>再试一次模型总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/session_tree.py" line="145" />
            <source>%1 (fork)</source>
            <translation>%1（分叉）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/session_tree.py" line="127" />
            <source>Can't go back there in this session: that message lies below the compaction floor, and its history was summarized — continuing from it would leave a gap the summary does not cover. Fork a new session from that point instead.</source>
            <translation>在此会话中无法回到那里：该消息位于压缩底线之下，其历史已被总结 — 从那里继续会留下总结未覆盖的空缺。请改为从该处分叉出一个新会话。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/session_tree.py" line="135" />
            <source>Fork to new session from here</source>
            <translation>从此处分叉为新会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/session_tree.py" line="148" />
            <source>Opened the fork in a new session.</source>
            <translation>已在新会话中打开分叉。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/session_tree.py" line="145" />
            <source>Session</source>
            <translation>会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/usage_status.py" line="73" />
            <source>Session: %1</source>
            <translation>本会话：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/zoom.py" line="105" />
            <source>Zoom &amp;in</source>
            <translation>放大(&amp;I)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/zoom.py" line="106" />
            <source>Zoom &amp;out</source>
            <translation>缩小(&amp;O)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/zoom.py" line="107" />
            <source>&amp;Actual size</source>
            <translation>实际大小(&amp;A)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/zoom.py" line="121" />
            <source>Zoom %1 %</source>
            <translation>缩放 %1 %</translation>
        </message>
        <message>
            <source>&amp;Fidelity probe…</source>
            <translation type="obsolete">保真度探测(&amp;F)…</translation>
        </message>
        <message>
            <source>&amp;Tools</source>
            <translation type="obsolete">工具(&amp;T)</translation>
        </message>
    </context>
    <context>
        <name>Markdown</name>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_html.py" line="69" />
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_html.py" line="68" />
            <source>Scroll</source>
            <translation>滚动</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_html.py" line="68" />
            <source>Wrap</source>
            <translation>换行</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="85" />
            <source>Message text</source>
            <translation>消息内容</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="87" />
            <source>The text of one message, read-only; its links ask before they open.</source>
            <translation>一条消息的内容（只读）；其中的链接在打开前会先询问。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="295" />
            <source>Receiving a long answer: %1 characters so far; too long for markdown, it shows as plain text (Show all once it has ended).</source>
            <translation>正在接收一个很长的回答：目前 %1 个字符；太长无法按 Markdown 排版，以纯文本显示（结束后可点“显示全部”）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="303" />
            <source>Showing the first %1 of %2 characters as plain text (too long to lay out as markdown).</source>
            <translation>以纯文本显示 %2 个字符中的前 %1 个（太长，无法按 Markdown 排版）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="323" />
            <source>Whole message</source>
            <translation>完整消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="311" />
            <source>Show all</source>
            <translation>显示全部</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="312" />
            <source>Copy all</source>
            <translation>全部复制</translation>
        </message>
    </context>
    <context>
        <name>McpApproval</name>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="77" />
            <source>Servers describe their own tools; this is not verified.</source>
            <translation>工具说明由服务器自己提供，未经核实。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="44" />
            <source>Allow an MCP tool?</source>
            <translation>允许运行 MCP 工具吗？</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="51" />
            <source>The MCP server &lt;b&gt;%1&lt;/b&gt; wants to run its tool &lt;b&gt;%2&lt;/b&gt;%3.</source>
            <translation>MCP 服务器 &lt;b&gt;%1&lt;/b&gt; 想要运行它的工具 &lt;b&gt;%2&lt;/b&gt;%3。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="73" />
            <source>The server says this tool is: %1.</source>
            <translation>服务器称此工具：%1。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="75" />
            <source>The server says nothing about what this tool changes.</source>
            <translation>服务器没有说明此工具会修改什么。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="81" />
            <source>&amp;Arguments:</source>
            <translation>参数(&amp;A)：</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="85" />
            <source>Arguments</source>
            <translation>参数</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="87" />
            <source>The arguments the model gave the tool, read-only.</source>
            <translation>模型传给此工具的参数（只读）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="94" />
            <source>⚠ The call contains characters that show as nothing or reorder the text around them, written out as ⟦U+…⟧: %1.</source>
            <translation>⚠ 此调用包含不可见或会打乱周围文字顺序的字符，已写成 ⟦U+…⟧ 的形式：%1。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="112" />
            <source>Allow &amp;once</source>
            <translation>允许一次(&amp;O)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="114" />
            <source>Allow this tool for this &amp;session</source>
            <translation>本会话中允许此工具(&amp;S)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="116" />
            <source>&amp;Always allow this tool</source>
            <translation>始终允许此工具(&amp;A)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="120" />
            <source>&amp;Deny</source>
            <translation>拒绝(&amp;D)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="123" />
            <source>Deny a&amp;ll until this answer ends</source>
            <translation>在本次回答结束前全部拒绝(&amp;L)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="137" />
            <source>Run this call now; the next one asks again</source>
            <translation>立即执行这次调用；下次仍会询问</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="140" />
            <source>Calls of this tool run without asking until the session ends</source>
            <translation>在会话结束前，调用此工具不再询问</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="142" />
            <source>Calls of this tool never ask again</source>
            <translation>以后调用此工具都不再询问</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="143" />
            <source>Refuse this call; the model is told</source>
            <translation>拒绝这次调用；模型会被告知</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="146" />
            <source>Refuse this and every call until the current answer ends</source>
            <translation>拒绝这次以及本次回答结束前的所有调用</translation>
        </message>
    </context>
    <context>
        <name>McpPage</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="44" />
            <source>● connected</source>
            <translation>● 已连接</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="45" />
            <source>◌ starting…</source>
            <translation>◌ 正在启动…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="46" />
            <source>✕ failed</source>
            <translation>✕ 失败</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="47" />
            <source>○ not started</source>
            <translation>○ 未启动</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="48" />
            <source>off</source>
            <translation>已关闭</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="66" />
            <source>Add MCP servers from JSON</source>
            <translation>从 JSON 添加 MCP 服务器</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="69" />
            <source>Paste a {"mcpServers": …} block, as the server's README shows it.</source>
            <translation>粘贴一段 {"mcpServers": …} 配置，与服务器 README 中给出的一致。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="75" />
            <source>MCP servers JSON</source>
            <translation>MCP 服务器 JSON</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="77" />
            <source>A {"mcpServers": …} block to add to the servers.</source>
            <translation>要添加到服务器列表中的 {"mcpServers": …} 配置。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="115" />
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="118" />
            <source>Output of %1</source>
            <translation>%1 的输出</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="120" />
            <source>What the server wrote to its error output, read-only.</source>
            <translation>服务器写入错误输出的内容（只读）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="142" />
            <source>MCP servers add tools from other programs. Each tool asks before it runs, whatever the workspace approval setting, until you allow it.</source>
            <translation>MCP 服务器可以提供来自其他程序的工具。无论工作区的审批设置如何，每个工具在运行前都会先征求你的同意，直到你允许它为止。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="162" />
            <source>&amp;Start servers</source>
            <translation>启动服务器(&amp;S)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="163" />
            <source>When the MCP servers are started.</source>
            <translation>MCP 服务器何时启动。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="165" />
            <source>Don't ask for tools the server marks read-only</source>
            <translation>服务器标为只读的工具不再询问</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="168" />
            <source>The server declares this itself; pi-desktop cannot check it.</source>
            <translation>这是服务器自己声明的，pi-desktop 无法核实。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="180" />
            <source>MCP servers and their tools</source>
            <translation>MCP 服务器及其工具</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="182" />
            <source>Space switches a server on or off; a tool's third column always allows it.</source>
            <translation>空格键开启或关闭服务器；勾选工具的第三列表示始终允许。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="200" />
            <source>&amp;Import file…</source>
            <translation>导入文件(&amp;I)…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="201" />
            <source>&amp;Paste JSON…</source>
            <translation>粘贴 JSON(&amp;P)…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="202" />
            <source>Re&amp;start</source>
            <translation>重新启动(&amp;S)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="203" />
            <source>Show &amp;output</source>
            <translation>查看输出(&amp;O)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="204" />
            <source>&amp;Remove</source>
            <translation>移除(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="206" />
            <source>Add the servers of a Claude Desktop config file</source>
            <translation>添加 Claude Desktop 配置文件中的服务器</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="208" />
            <source>Add servers from a pasted JSON block</source>
            <translation>从粘贴的 JSON 配置添加服务器</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="209" />
            <source>Stop and start the selected server</source>
            <translation>停止并重新启动所选服务器</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="210" />
            <source>What the selected server wrote to its output</source>
            <translation>所选服务器输出的内容</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="211" />
            <source>Remove the selected server from the list</source>
            <translation>从列表中移除所选服务器</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="311" />
            <source>Failed: %1</source>
            <translation>失败：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="373" />
            <source>Import MCP servers</source>
            <translation>导入 MCP 服务器</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="375" />
            <source>JSON (*.json);;All files (*)</source>
            <translation>JSON (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="104" />
            <source>Not added: the block lists no servers.</source>
            <translation>未添加：这段配置中没有任何服务器。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="117" />
            <source>(nothing yet)</source>
            <translation>（暂无内容）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="178" />
            <source>Server / tool</source>
            <translation>服务器 / 工具</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="178" />
            <source>State</source>
            <translation>状态</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="178" />
            <source>Always allow</source>
            <translation>始终允许</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="278" />
            <source>This run uses %1 (--mcp-config): changes here last until the app closes and are not saved.</source>
            <translation>本次运行使用 %1（--mcp-config）：这里的更改仅在应用关闭前有效，不会保存。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="287" />
            <source>No MCP servers yet: import a config file or paste JSON.</source>
            <translation>还没有 MCP 服务器：请导入配置文件或粘贴 JSON。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="328" />
            <source>%1 of its tools are not offered: the model takes at most %2 tools in all (switch other servers off to make room).</source>
            <translation>它有 %1 个工具未提供给模型：模型总共最多接受 %2 个工具（关闭其他服务器即可腾出名额）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="100" />
            <source>Not added: %1</source>
            <translation>未添加：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="245" />
            <source>Switch the server on or off</source>
            <translation>开启或关闭此服务器</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="314" />
            <source>%Ln tool(s) offered to the model.</source>
            <translation>
                <numerusform>已向模型提供 %Ln 个工具。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="385" />
            <source>Not imported: %1</source>
            <translation>未导入：%1</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="317" />
            <source>%Ln tool(s) known from its last run; it starts at the first call.</source>
            <translation>
                <numerusform>上次运行时已知 %Ln 个工具；首次调用时启动。</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>McpRuntime</name>
        <message>
            <location filename="../../pi_desktop/ui/mcp_runtime.py" line="47" />
            <source>When the app starts</source>
            <translation>应用启动时</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_runtime.py" line="48" />
            <source>At the first call of one of its tools</source>
            <translation>首次调用其某个工具时</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_runtime.py" line="118" />
            <source>%1: no such file</source>
            <translation>%1：文件不存在</translation>
        </message>
    </context>
    <context>
        <name>MessageCard</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/code_block.py" line="77" />
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="62" />
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/code_block.py" line="78" />
            <source>Copy this code block to the clipboard</source>
            <translation>将此代码块复制到剪贴板</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/code_block.py" line="104" />
            <location filename="../../pi_desktop/ui/chat/code_block.py" line="110" />
            <source>code</source>
            <translation>代码</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/code_block.py" line="107" />
            <source>%1 · showing part of %2 characters; Copy copies all of it</source>
            <translation>%1 · 仅显示 %2 个字符中的一部分；“复制”会复制全部内容</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/copied.py" line="45" />
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="113" />
            <source>Copied</source>
            <translation>已复制</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="309" />
            <source>You</source>
            <translation>你</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="310" />
            <source>Assistant</source>
            <translation>助手</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="311" />
            <source>System</source>
            <translation>系统</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="62" />
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="119" />
            <source>Copy this message</source>
            <translation>复制此消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="64" />
            <source>Pin</source>
            <translation>固定</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="64" />
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="265" />
            <source>Pin: keep this message verbatim in every request (Ctrl+P)</source>
            <translation>固定：在每次请求中原样保留此消息（Ctrl+P）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="177" />
            <source>⚑ pinned</source>
            <translation>⚑ 已固定</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="180" />
            <source>Pinned: sent verbatim in every request, never summarized</source>
            <translation>已固定：每次请求都原样发送，永不被总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="273" />
            <source>You stopped this answer; it is kept as it was.</source>
            <translation>你停止了这个回答；它按停止时的样子保留。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="70" />
            <source>Edit</source>
            <translation>编辑</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="71" />
            <source>Edit this message and send it again</source>
            <translation>编辑此消息并重新发送</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="265" />
            <source>Unpin: let the context layers shorten or summarize it again (Ctrl+P)</source>
            <translation>取消固定：允许上下文各层再次缩短或总结它（Ctrl+P）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="191" />
            <source>Code copied</source>
            <translation>代码已复制</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="194" />
            <source>Message copied</source>
            <translation>消息已复制</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="45" />
            <source>compacted on request</source>
            <translation>按要求压缩了</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="45" />
            <source>compacted</source>
            <translation>已压缩</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="48" />
            <source>edited by you ·</source>
            <translation>由你编辑 ·</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="82" />
            <source>view summary</source>
            <translation>查看总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="84" />
            <source>Open the summary history at this compaction</source>
            <translation>在总结历史中打开这次压缩</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="50" />
            <source>You edited this summary; the next requests carry your text. The original stays in the summary history.</source>
            <translation>你编辑了这份摘要；之后的请求会带上你的文本。原摘要仍保留在摘要历史中。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="69" />
            <source>%1 → %2 tokens</source>
            <translation>%1 → %2 Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="57" />
            <source>(extractive)</source>
            <translation>（抽取式）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="59" />
            <source>Extractive summary: the model's summary failed, so this one was built without a model (your newest messages verbatim, the files, the tool calls).</source>
            <translation>抽取式总结：模型总结失败，因此这份总结未使用模型生成（原样保留你最新的消息、涉及的文件和工具调用）。</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="67" />
            <source>%Ln message(s)</source>
            <translation>
                <numerusform>%Ln 条消息</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="68" />
            <source>A tool call: Space shows or hides its arguments and result.</source>
            <translation>一次工具调用：按空格键显示或隐藏它的参数和结果。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="86" />
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="90" />
            <source>Result</source>
            <translation>结果</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="162" />
            <source>running…</source>
            <translation>运行中…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="84" />
            <source>Arguments</source>
            <translation>参数</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="136" />
            <source>… (%1 more characters)</source>
            <translation>…（还有 %1 个字符）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="147" />
            <source>%1 the tool read</source>
            <translation>工具读取内容的%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="149" />
            <source>%1 characters</source>
            <translation>%1 个字符</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="152" />
            <source>Open the saved result ↗  (%1: %2)</source>
            <translation>打开保存的结果 ↗（%1：%2）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="155" />
            <source>Saved to %1 to keep the context small</source>
            <translation>已保存到 %1，以免占用上下文</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="170" />
            <source>%1 chars</source>
            <translation>%1 个字符</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="173" />
            <source>saved to file</source>
            <translation>已保存到文件</translation>
        </message>
    </context>
    <context>
        <name>Pins</name>
        <message>
            <location filename="../../pi_desktop/ui/tree/pins.py" line="81" />
            <source>Pinned the message.</source>
            <translation>已固定该消息。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/pins.py" line="81" />
            <source>Unpinned the message.</source>
            <translation>已取消固定该消息。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/pins.py" line="70" />
            <source>Could not pin: %1</source>
            <translation>无法固定：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/pins.py" line="72" />
            <source>Could not unpin: %1</source>
            <translation>无法取消固定：%1</translation>
        </message>
    </context>
    <context>
        <name>Probe</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="47" />
            <source>Fidelity probe</source>
            <translation>保真度探测</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="49" />
            <source>Running the scripted conversation…</source>
            <translation>正在运行预设的对话脚本…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="53" />
            <source>Close</source>
            <translation>关闭</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="80" />
            <source>Some runs failed: a failed run is reported below, not scored.</source>
            <translation>部分运行失败：失败的运行列在下方，不计分。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="82" />
            <source>What survived compaction, per probe kind (exact match for codewords and paths, keyword overlap for the rest):</source>
            <translation>按探测类型列出压缩后仍保留的信息（暗号和路径要求完全匹配，其余按关键词重合度计）：</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="76" />
            <source>The probe failed: %1: %2</source>
            <translation>探测失败：%1：%2</translation>
        </message>
    </context>
    <context>
        <name>SafeText</name>
        <message>
            <location filename="../../pi_desktop/ui/text/safe_text.py" line="309" />
            <source>Open link?</source>
            <translation>打开链接吗？</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/safe_text.py" line="310" />
            <source>Open this address in your web browser?</source>
            <translation>在网页浏览器中打开这个地址吗？</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/safe_text.py" line="320" />
            <source>Link not opened</source>
            <translation>链接未打开</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/safe_text.py" line="321" />
            <source>Only web links (http, https) open from here. This link was not opened:</source>
            <translation>这里只能打开网页链接（http、https）。此链接未打开：</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/safe_text.py" line="328" />
            <source>Copy link</source>
            <translation>复制链接</translation>
        </message>
    </context>
    <context>
        <name>SendQueue</name>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="48" />
            <source>Queued message</source>
            <translation>排队的消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="51" />
            <source>Queued — sent when the answer ends:</source>
            <translation>已排队 — 回答结束后发送：</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="57" />
            <source>Edit</source>
            <translation>编辑</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="58" />
            <source>Take the queued message back into the box</source>
            <translation>把排队的消息取回输入框</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="61" />
            <source>Do not send the queued message</source>
            <translation>不发送排队的消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="62" />
            <source>Cancel the queued message</source>
            <translation>取消排队的消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="122" />
            <source>Queued. It is sent when the answer ends.</source>
            <translation>已排队，回答结束后发送。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="137" />
            <source>The queued message was dropped.</source>
            <translation>已丢弃排队的消息。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="145" />
            <source>Enter queues your message; it is sent when the answer ends</source>
            <translation>按 Enter 将消息排队，回答结束后发送</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="154" />
            <source>The answer did not finish: your queued message is back in the box.</source>
            <translation>回答没有完成：排队的消息已放回输入框。</translation>
        </message>
    </context>
    <context>
        <name>Session</name>
        <message>
            <location filename="../../pi_desktop/session/entries.py" line="272" />
            <source>invalid entry (%1: %2)</source>
            <translation>无效条目（%1：%2）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/entries.py" line="323" />
            <source>field %1 is invalid; dropped</source>
            <translation>字段 %1 无效；已丢弃</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/journal.py" line="193" />
            <location filename="../../pi_desktop/session/session.py" line="515" />
            <source>Session %1 is closed.</source>
            <translation>会话 %1 已关闭。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/journal.py" line="161" />
            <source>Session %1 is already open for writing in this window; close it there first or open it read-only.</source>
            <translation>会话 %1 已在此窗口中以可写方式打开；请先在那里关闭它，或以只读方式打开。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/journal.py" line="209" />
            <source>Could not save to session %1: %2. Nothing was recorded; free some space and try again.</source>
            <translation>无法保存到会话 %1：%2。没有记录任何内容；请释放一些空间后重试。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/journal.py" line="174" />
            <source>Session %1 is open in another pi-desktop process; close it there first or open it read-only.</source>
            <translation>会话 %1 已在另一个 pi-desktop 进程中打开；请先在那里关闭它，或以只读方式打开。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/library.py" line="240" />
            <source>%1: ignored the invalid entry for %2</source>
            <translation>%1：已忽略 %2 的无效条目</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/loading.py" line="96" />
            <source>no session header at the start of the file; using the file name as id</source>
            <translation>文件开头没有会话头；以文件名作为 id</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/loading.py" line="40" />
            <source>incomplete last line (interrupted write)</source>
            <translation>最后一行不完整（写入中断）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/loading.py" line="50" />
            <location filename="../../pi_desktop/session/loading.py" line="54" />
            <location filename="../../pi_desktop/session/state.py" line="351" />
            <source>line %1: %2</source>
            <translation>第 %1 行：%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/loading.py" line="42" />
            <location filename="../../pi_desktop/session/loading.py" line="46" />
            <source>line %1: %2; skipped</source>
            <translation>第 %1 行：%2；已跳过</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/search_index.py" line="259" />
            <source>the search index was unreadable (%1); rebuilt from the sessions</source>
            <translation>搜索索引无法读取（%1）；已根据会话重建</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/search_index.py" line="318" />
            <source>the search index had another format; rebuilt</source>
            <translation>搜索索引的格式不同；已重建</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/search_index.py" line="324" />
            <source>the search index was unreadable (%1); rebuilt</source>
            <translation>搜索索引无法读取（%1）；已重建</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/session.py" line="162" />
            <source>This session was written by a newer pi-desktop (session format %1; this version reads format %2 and older). It is open read-only: update pi-desktop to continue it.</source>
            <translation>此会话由更新版本的 pi-desktop 写入（会话格式 %1；此版本可读取格式 %2 及更早版本）。它以只读方式打开：请更新 pi-desktop 后再继续。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/session.py" line="171" />
            <source>%1 does not start with a pi-desktop session header, so it may not be a session file at all. It is open read-only and nothing will be written to it; to continue, fork it (“Fork to new session from here” in the tree's menu).</source>
            <translation>%1 的开头不是 pi-desktop 会话头，可能根本不是会话文件。它以只读方式打开，不会向其写入任何内容；要继续，请分叉它（会话树菜单中的“从此处分叉为新会话”）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/session.py" line="285" />
            <source>a new first message would start below the compaction floor %1; fork a new session instead</source>
            <translation>新的第一条消息将始于压缩下限 %1 之下；请改为分叉出新会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/session.py" line="512" />
            <source>Session %1 was opened read-only.</source>
            <translation>会话 %1 是以只读方式打开的。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="268" />
            <source>entry %1 lies inside the compacted region (before the compaction floor %2); its history was summarized, so continuing from there would leave a gap that neither the summary nor the path covers. Use 'Fork to new session' to continue from that point in a new session.</source>
            <translation>条目 %1 位于已压缩的区域内（在压缩下限 %2 之前）；它的历史已被总结，从那里继续会留下一段总结和路径都覆盖不到的空缺。请使用“分叉到新会话”，在新会话中从该处继续。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="357" />
            <source>compaction %1 hangs off unknown message %2</source>
            <translation>压缩 %1 挂在未知消息 %2 之下</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="361" />
            <source>compaction %1 would move the floor backwards</source>
            <translation>压缩 %1 会让下限后退</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="120" />
            <location filename="../../pi_desktop/session/state.py" line="150" />
            <source>duplicate entry id %1</source>
            <translation>重复的条目 id %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="257" />
            <source>no entry %1 in this session</source>
            <translation>此会话中没有条目 %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="259" />
            <source>entry %1 is a %2; only messages are rewind targets</source>
            <translation>条目 %1 是 %2；只有消息可以作为回退目标</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="118" />
            <source>a second session header</source>
            <translation>第二个会话头</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="123" />
            <source>message %1 has unknown parent %2</source>
            <translation>消息 %1 的父级 %2 未知</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="134" />
            <source>%1 of %2: not a message of this session</source>
            <translation>%2 的 %1：不是此会话中的消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="143" />
            <source>branch summary %1 hangs off unknown message %2</source>
            <translation>分支总结 %1 挂在未知消息 %2 之下</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="154" />
            <source>no branch summary %1 to remove</source>
            <translation>没有可移除的分支总结 %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="87" />
            <source>message %1 has unknown parent %2 (a lost line?); attached to %3</source>
            <translation>消息 %1 的父级 %2 未知（丢失了一行？）；已挂到 %3 之下</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="95" />
            <source>message %1 has unknown parent %2 (a lost line?); attached to the root</source>
            <translation>消息 %1 的父级 %2 未知（丢失了一行？）；已挂到根之下</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="110" />
            <source>%1; skipped</source>
            <translation>%1；已跳过</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/summary_edit.py" line="27" />
            <source>no compaction %1 in this session</source>
            <translation>此会话中没有压缩 %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/summary_edit.py" line="29" />
            <source>an empty summary would leave the model without the earlier conversation</source>
            <translation>空的总结会让模型失去之前的对话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/summary_edit.py" line="34" />
            <source>only the summary in use can be edited (the latest one on the current branch); this one was replaced by a later compaction</source>
            <translation>只能编辑正在使用的总结（当前分支上最新的那份）；这一份已被之后的压缩取代</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/summary_edit.py" line="40" />
            <source>the summary is unchanged</source>
            <translation>总结没有改动</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/validate.py" line="41" />
            <source>%1 malformed tool call(s) in metadata.tool_calls dropped</source>
            <translation>已丢弃 metadata.tool_calls 中 %1 个格式错误的工具调用</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/validate.py" line="22" />
            <source>metadata.tool_calls is a %1, not a list; dropped</source>
            <translation>metadata.tool_calls 是 %1，而不是列表；已丢弃</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/validate.py" line="73" />
            <source>metadata.offloaded is malformed; dropped</source>
            <translation>metadata.offloaded 格式错误；已丢弃</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/validate.py" line="70" />
            <source>metadata.%1 is not text; dropped</source>
            <translation>metadata.%1 不是文本；已丢弃</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/validate.py" line="77" />
            <source>metadata.%1 is not true/false; dropped</source>
            <translation>metadata.%1 不是 true/false；已丢弃</translation>
        </message>
    </context>
    <context>
        <name>Sessions</name>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="65" />
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="75" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="153" />
            <source>Sessions</source>
            <translation>会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="77" />
            <source>The saved sessions, newest first. Enter opens the selected one.</source>
            <translation>已保存的会话，最新的在前。按 Enter 打开所选会话。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="90" />
            <source>New session</source>
            <translation>新建会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="91" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="89" />
            <source>Open</source>
            <translation>打开</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="92" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="91" />
            <source>Rename</source>
            <translation>重命名</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="93" />
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="165" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="94" />
            <source>Delete</source>
            <translation>删除</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="94" />
            <source>Close</source>
            <translation>关闭</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="96" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="151" />
            <source>Start a new session (Ctrl+N)</source>
            <translation>开始一个新会话（Ctrl+N）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="97" />
            <source>Open the selected session (Enter)</source>
            <translation>打开所选会话（Enter）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="98" />
            <source>Give the selected session a title (F2)</source>
            <translation>为所选会话设置标题（F2）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="99" />
            <source>Move the selected session to the trash</source>
            <translation>将所选会话移到回收站</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="100" />
            <source>Close this window</source>
            <translation>关闭此窗口</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="222" />
            <source>Moved to the trash.</source>
            <translation>已移到回收站。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="73" />
            <source>Title</source>
            <translation>标题</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="73" />
            <source>Updated</source>
            <translation>更新时间</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="73" />
            <source>Messages</source>
            <translation>消息数</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="139" />
            <source>The session index had %Ln invalid entry(ies); those sessions were read again from their files.</source>
            <translation>
                <numerusform>会话索引中有 %Ln 个无效条目；这些会话已重新从文件读取。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="208" />
            <source>This session is open in the window; open another one first.</source>
            <translation>此会话正在窗口中打开；请先打开另一个会话。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="213" />
            <source>Click again to delete</source>
            <translation>再次点击以删除</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="214" />
            <source>Deleted sessions go to the trash (kept 30 days).</source>
            <translation>删除的会话会移到回收站（保留 30 天）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="192" />
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="361" />
            <source>Could not rename: %1</source>
            <translation>无法重命名：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="219" />
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="502" />
            <source>Could not delete: %1</source>
            <translation>无法删除：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="53" />
            <source>Cannot open %1: %2</source>
            <translation>无法打开 %1：%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="27" />
            <source>Cannot open %1: you have no permission to read it. Check the file's permissions (or its folder's) and try again.</source>
            <translation>无法打开 %1：你没有读取权限。请检查该文件（或其所在文件夹）的权限后重试。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="34" />
            <source>Cannot open %1: the file is gone (moved or deleted since it was listed).</source>
            <translation>无法打开 %1：文件已不存在（列出后被移动或删除）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="40" />
            <source>Cannot open %1: it is a folder, not a session file.</source>
            <translation>无法打开 %1：它是文件夹，不是会话文件。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="42" />
            <source>Cannot open %1: %2.</source>
            <translation>无法打开 %1：%2。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="44" />
            <source>Cannot open %1: its name or content is not valid text.</source>
            <translation>无法打开 %1：其名称或内容不是有效的文本。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="46" />
            <source>Cannot open %1 from the library: its name is not one pi-desktop gives sessions (letters, digits, - and _ only). Open it with File → Open session, or rename the file.</source>
            <translation>无法从会话库打开 %1：它的名称不符合 pi-desktop 的会话命名规则（只能包含字母、数字、- 和 _）。请通过“文件 → 打开会话”打开，或重命名该文件。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/reveal.py" line="75" />
            <source>Showing the message that matched “%1”.</source>
            <translation>正在显示匹配“%1”的消息。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/reveal.py" line="77" />
            <source>Showing the message.</source>
            <translation>正在显示该消息。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="140" />
            <source>Filter sessions</source>
            <translation>筛选会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="142" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="143" />
            <source>Search sessions</source>
            <translation>搜索会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="145" />
            <source>Search titles and the text of every message (↓ moves into the list, Enter opens)</source>
            <translation>搜索标题和所有消息的文字（↓ 进入列表，Enter 打开）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="150" />
            <source>New</source>
            <translation>新建</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="155" />
            <source>Newest first. Enter opens the session, F2 renames it, Delete moves it to the trash.</source>
            <translation>最新的在前。Enter 打开会话，F2 重命名，Delete 移到回收站。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="172" />
            <source>Undo</source>
            <translation>撤销</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="173" />
            <source>Bring the deleted session back</source>
            <translation>恢复刚删除的会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="180" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="303" />
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="120" />
            <source>Trash</source>
            <translation>回收站</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="183" />
            <source>Deleted sessions: restore them within 30 days</source>
            <translation>已删除的会话：30 天内可以恢复</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="303" />
            <source>Trash (%1)</source>
            <translation>回收站（%1）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="325" />
            <source>No session matches “%1” yet: the search is still reading the sessions.</source>
            <translation>暂时没有匹配“%1”的会话：搜索仍在读取会话。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="332" />
            <source>No session matches “%1”.</source>
            <translation>没有匹配“%1”的会话。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="335" />
            <source>The search is still reading the sessions: more may match.</source>
            <translation>搜索仍在读取会话：可能还有更多匹配。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="339" />
            <source>Found in many messages: the newest are shown. Add a word.</source>
            <translation>匹配的消息很多：只显示最新的。请再加一个关键词。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="130" />
            <source>Sessions &amp;sidebar</source>
            <translation>会话侧栏(&amp;S)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="136" />
            <source>&amp;Rename session</source>
            <translation>重命名会话(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="255" />
            <source>this session</source>
            <translation>此会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="257" />
            <source>An answer is streaming in “%1”. Stop it (Esc) before switching sessions.</source>
            <translation>“%1”中正在生成回答。切换会话前请先停止（Esc）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="263" />
            <source>Stop the answer (Esc) before switching.</source>
            <translation>切换前请先停止回答（Esc）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="286" />
            <source>Opening “%1”…</source>
            <translation>正在打开“%1”…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="324" />
            <source>Message search: %1</source>
            <translation>消息搜索：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="389" />
            <source>Deleted “%1”.</source>
            <translation>已删除“%1”。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="495" />
            <source>Restored “%1”.</source>
            <translation>已恢复“%1”。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="191" />
            <source>Stayed on this session to answer.</source>
            <translation>已留在本会话中回答。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="332" />
            <source>Message search is unavailable (titles still match): %1</source>
            <translation>消息搜索不可用（仍可匹配标题）：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="379" />
            <source>Still switching sessions: a moment.</source>
            <translation>仍在切换会话，请稍候。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="454" />
            <source>“%1” was not deleted: %2</source>
            <translation>“%1”未删除：%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="467" />
            <source>The trash could not be cleaned up: %1</source>
            <translation>无法清理回收站：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="486" />
            <source>Could not restore: %1</source>
            <translation>无法恢复：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="509" />
            <source>Could not empty the trash: %1</source>
            <translation>无法清空回收站：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_delegate.py" line="103" />
            <location filename="../../pi_desktop/ui/sessions/sidebar_model.py" line="137" />
            <source>opening…</source>
            <translation>正在打开…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_delegate.py" line="105" />
            <source>answering…</source>
            <translation>正在回答…</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/sessions/sidebar_delegate.py" line="107" />
            <location filename="../../pi_desktop/ui/sessions/sidebar_model.py" line="133" />
            <source>%Ln message(s)</source>
            <translation>
                <numerusform>%Ln 条消息</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_model.py" line="135" />
            <source>an answer is streaming</source>
            <translation>正在生成回答</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/sessions/sidebar_model.py" line="140" />
            <source>%Ln matching message(s) · Enter opens the newest</source>
            <translation>
                <numerusform>%Ln 条匹配的消息 · Enter 打开最新的一条</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="54" />
            <source>deleted %1 · %2</source>
            <translation>删除于 %1 · %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="51" />
            <source>less than a day left</source>
            <translation>剩余不到一天</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="53" />
            <source>%Ln day(s) left</source>
            <translation>
                <numerusform>剩余 %Ln 天</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="117" />
            <source>← Sessions</source>
            <translation>← 会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="119" />
            <source>Back to the sessions (Esc)</source>
            <translation>返回会话列表（Esc）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="130" />
            <source>Deleted sessions stay here for 30 days.</source>
            <translation>已删除的会话会在这里保留 30 天。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="132" />
            <source>The trash is empty.</source>
            <translation>回收站是空的。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="134" />
            <source>Restore</source>
            <translation>恢复</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="135" />
            <source>Delete forever</source>
            <translation>永久删除</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="136" />
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="217" />
            <source>Empty trash</source>
            <translation>清空回收站</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="137" />
            <source>Put the selected session back in the list</source>
            <translation>将所选会话放回列表</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="138" />
            <source>Delete the selected session for good</source>
            <translation>永久删除所选会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="139" />
            <source>Delete every session in the trash for good</source>
            <translation>永久删除回收站中的所有会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="99" />
            <source>Restore it, or it is removed on %1.</source>
            <translation>请恢复它，否则将于 %1 被删除。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="209" />
            <source>Click again to delete %1 for good</source>
            <translation>再次点击以永久删除 %1 个会话</translation>
        </message>
    </context>
    <context>
        <name>Settings</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/percent.py" line="21" />
            <source>%1 %</source>
            <translation>%1 %</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="94" />
            <source>Settings</source>
            <translation>设置</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="110" />
            <source>Who answers: a cloud service, a local server or the offline demo</source>
            <translation>由谁来回答：云端服务、本地服务器或离线演示</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="112" />
            <source>Provider</source>
            <translation>服务</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="115" />
            <source>The model's name as the provider spells it</source>
            <translation>模型名称，与服务方的写法一致</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="116" />
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="119" />
            <source>The address of the provider's OpenAI-compatible API</source>
            <translation>服务方 OpenAI 兼容接口的地址</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="121" />
            <source>Base URL</source>
            <translation>接口地址</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="130" />
            <source>The provider's API key; it is never shown and never written into the settings</source>
            <translation>服务方的 API 密钥；它不会被显示，也不会写入设置文件</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="135" />
            <source>&amp;Forget stored key</source>
            <translation>清除已存密钥(&amp;F)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="136" />
            <source>Remove the key stored for this provider</source>
            <translation>删除为此服务保存的密钥</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="140" />
            <source>API key</source>
            <translation>API 密钥</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="159" />
            <source>Price per 1M tokens</source>
            <translation>每百万 Token 价格</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="169" />
            <source>Thinking models reason before they answer (shown in a Thinking block). Off: faster
and cheaper answers on providers that can switch it (DeepSeek, Qwen, OpenRouter).</source>
            <translation>思考型模型会先推理再回答（显示在“思考”区块中）。关闭后，在支持切换的服务上
（DeepSeek、通义千问、OpenRouter）回答更快、更便宜。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="182" />
            <source>How long the model may think, where the provider takes it</source>
            <translation>模型可以思考多久（仅限支持该选项的服务）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="186" />
            <source>&amp;effort</source>
            <translation>思考强度(&amp;E)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="191" />
            <source>Thinking</source>
            <translation>思考</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="199" />
            <source>A cheaper model that writes the summaries (empty: the chat model)</source>
            <translation>用来撰写总结的较便宜的模型（留空：使用对话模型）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="201" />
            <source>same as the chat model</source>
            <translation>与对话模型相同</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="202" />
            <source>Summarizer model</source>
            <translation>总结模型</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="207" />
            <source> tokens</source>
            <translation> Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="212" />
            <source>The most tokens one request may carry; the budget bar counts up to it</source>
            <translation>一次请求最多可携带的 Token 数；预算条以它为上限</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="218" />
            <source>tokens</source>
            <translation>Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="221" />
            <source>Context budget</source>
            <translation>上下文预算</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="226" />
            <source>The share of the budget at which older turns are summarized</source>
            <translation>达到预算的这一比例时，较早的轮次会被总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="232" />
            <source>of the budget</source>
            <translation>（占预算的比例）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="235" />
            <source>Compact at</source>
            <translation>压缩阈值</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="240" />
            <source>automatic</source>
            <translation>自动</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="244" />
            <source>How many of the newest tokens a summary always leaves verbatim. Automatic: a quarter of the budget, less under a small one, so a summary leaves room for a few more turns</source>
            <translation>总结时始终原样保留的最新内容的 Token 数。自动：预算的四分之一；预算很小时更少，使总结后仍有余地容纳几轮对话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="250" />
            <source>tokens (half the budget)</source>
            <translation>Token（预算的一半）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="254" />
            <source>Keep recent</source>
            <translation>保留最近</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="257" />
            <source>Offline demo speed</source>
            <translation>离线演示速度</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="262" />
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="278" />
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="266" />
            <source>The longest a whole response may take.</source>
            <translation>一次完整回答允许的最长时间。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="271" />
            <source>s</source>
            <translation>秒</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="274" />
            <source>Response deadline</source>
            <translation>回答时限</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="283" />
            <source>A stream with no new text for this long is retried (keep-alives do not count).</source>
            <translation>流式输出超过这么久没有新文字就会重试（保活消息不计）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="295" />
            <source>s (at most the response deadline)</source>
            <translation>秒（不超过回答时限）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="298" />
            <source>Stall timeout</source>
            <translation>停滞超时</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="306" />
            <source>When the conversation grows past the message limit, older messages leave the
context. The limit follows the context budget (about one message per 64 tokens,
at least 50), so a summary runs when the window needs one; the seed's fixed 50
messages can be chosen instead. Summarized, their content stays known to the
model (one summary call each time); dropped, the model forgets them.</source>
            <translation>对话超过消息数上限后，较早的消息会移出上下文。上限随上下文预算变化
（大约每 64 Token 一条消息，至少 50 条），因此只在窗口需要时才进行总结；
也可以改用原始设计固定的 50 条。选择总结，模型仍会知道它们的内容
（每次调用一次总结）；选择丢弃，模型会遗忘它们。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="315" />
            <source>Older messages</source>
            <translation>较早的消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="316" />
            <source>Summarize a branch I leave by rewinding</source>
            <translation>回退离开某个分支时，为其生成总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="318" />
            <source>On: going back leaves a short note of what the abandoned branch did, sent as
context while the conversation passes that point (one summarizer call).
Remove a note from the tree's context menu.</source>
            <translation>开启后：回退时会为被放弃的分支留下一段简短说明，
对话经过该处时作为上下文发送（调用一次总结模型）。
可在树的右键菜单中移除说明。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="333" />
            <source>Workspace</source>
            <translation>工作区</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="336" />
            <source>Show web images in messages (fetched from their site)</source>
            <translation>在消息中显示网络图片（从其网站加载）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="339" />
            <source>Off: images are never fetched (a model can use them to track you).
Local files are never shown, whatever this says.</source>
            <translation>关闭时：从不加载图片（模型可能借此追踪你）。
无论此项如何设置，都不会显示本地文件。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="353" />
            <source>What happens when the model wants to write a file or run a command</source>
            <translation>模型想要写文件或运行命令时如何处理</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="355" />
            <source>Tool approval</source>
            <translation>工具审批</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="356" />
            <source>Let the model run shell commands</source>
            <translation>允许模型运行 Shell 命令</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="359" />
            <source>Off: the model cannot run programs; on: each command still asks first.</source>
            <translation>关闭：模型不能运行程序；开启：每条命令仍会先征求同意。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="366" />
            <source>Language</source>
            <translation>语言</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="371" />
            <source>Settings pages</source>
            <translation>设置页面</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="373" />
            <source>Ctrl+Tab moves to the next page of the settings.</source>
            <translation>按 Ctrl+Tab 切换到设置的下一页。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="378" />
            <source>General</source>
            <translation>常规</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="541" />
            <source>The stored key will be forgotten.</source>
            <translation>已保存的密钥将被清除。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="252" />
            <source>0 (automatic)</source>
            <translation>0（自动）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="437" />
            <source>%1 OK again saves without one (the offline demo answers until then).</source>
            <translation>%1 再次点击“确定”将在没有密钥的情况下保存（在此之前由离线演示回答）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="525" />
            <source>The offline provider needs no key and makes no network calls.</source>
            <translation>离线服务不需要密钥，也不会访问网络。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="531" />
            <source>A key is stored in the system keyring.</source>
            <translation>系统密钥环中已保存密钥。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="532" />
            <source>A key is stored in a local file.</source>
            <translation>本地文件中已保存密钥。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="533" />
            <source>Using the key from the environment (%1).</source>
            <translation>正在使用环境变量中的密钥（%1）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="538" />
            <source>No key stored.</source>
            <translation>未保存密钥。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="545" />
            <source>New keys are saved in the %1.</source>
            <translation>新密钥将保存在%1中。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="548" />
            <source>•••••••• (type to replace)</source>
            <translation>••••••••（输入以替换）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="550" />
            <source>paste your key</source>
            <translation>粘贴你的密钥</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="509" />
            <source>model name</source>
            <translation>模型名称</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="58" />
            <source>Given with --workspace for this run. Change it here to use another folder.</source>
            <translation>由本次运行的 --workspace 参数指定。可在此更改为其他文件夹。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="62" />
            <source>This session's folder (none is set in Settings).</source>
            <translation>此会话自己的文件夹（设置中未指定）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="63" />
            <source>The folder the app was started in (none is set). Choose one to keep it.</source>
            <translation>应用启动时所在的文件夹（未指定）。选择一个文件夹即可保留。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="123" />
            <source>%1 – %2</source>
            <translation>%1 – %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="139" />
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="128" />
            <source>Enter a number: %1.</source>
            <translation>请输入一个数字：%1。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="158" />
            <source>system keyring (%1)</source>
            <translation>系统密钥环（%1）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="160" />
            <source>local file readable only by you: %1</source>
            <translation>仅你本人可读的本地文件：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="170" />
            <source>Summarize them before they leave the context (recommended)</source>
            <translation>移出上下文前先总结（推荐）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="171" />
            <source>Drop them without a summary (no extra calls; the model forgets them)</source>
            <translation>直接丢弃、不总结（不产生额外调用；模型会遗忘它们）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="174" />
            <source>Summarize them past a fixed 50 messages (the seed's limit)</source>
            <translation>超过固定的 50 条消息后总结（原始设计的上限）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="177" />
            <source>Drop them past a fixed 50 messages (the seed's L1)</source>
            <translation>超过固定的 50 条消息后丢弃（原始设计的 L1）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="183" />
            <source>As the provider does</source>
            <translation>跟随服务默认</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="184" />
            <source>On</source>
            <translation>开启</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="185" />
            <source>Off</source>
            <translation>关闭</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="191" />
            <source>default</source>
            <comment>reasoning effort</comment>
            <translation>默认</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="192" />
            <source>low</source>
            <comment>reasoning effort</comment>
            <translation>低</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="193" />
            <source>medium</source>
            <comment>reasoning effort</comment>
            <translation>中</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="194" />
            <source>high</source>
            <comment>reasoning effort</comment>
            <translation>高</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="200" />
            <source>Ask before every write or command</source>
            <translation>每次写入或执行命令前询问</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="201" />
            <source>Approve automatically</source>
            <translation>自动批准</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="202" />
            <source>Deny all writes and commands</source>
            <translation>拒绝所有写入和命令</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="283" />
            <source> characters/s</source>
            <translation> 字符/秒</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="284" />
            <source>instant</source>
            <translation>即时</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="291" />
            <source>characters/s</source>
            <translation>字符/秒</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="296" />
            <source>How fast the offline demo streams its answers, so Stop (Esc) can be tried.</source>
            <translation>离线演示输出回答的速度，方便试用“停止”（Esc）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="132" />
            <source>At least %1.</source>
            <translation>至少 %1。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="134" />
            <source>At most %1.</source>
            <translation>最多 %1。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="216" />
            <source>The only folder the tools may read and write</source>
            <translation>工具唯一可以读写的文件夹</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="217" />
            <source>the folder the tools may read and write</source>
            <translation>工具可以读写的文件夹</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="218" />
            <source>&amp;Browse…</source>
            <translation>浏览(&amp;B)…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="219" />
            <source>Choose the workspace folder</source>
            <translation>选择工作区文件夹</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="246" />
            <source>Workspace folder</source>
            <translation>工作区文件夹</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="263" />
            <source>System language (%1)</source>
            <translation>跟随系统（%1）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="267" />
            <source>The language of the interface</source>
            <translation>界面语言</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="269" />
            <source>A new language applies when pi-desktop restarts.</source>
            <translation>新的语言将在 pi-desktop 重启后生效。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="293" />
            <source>0 (instant)</source>
            <translation>0（即时）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/settings.py" line="174" />
            <source>settings: %1 = %2 is not usable; default kept</source>
            <translation>设置：%1 = %2 不可用；保留默认值</translation>
        </message>
        <message>
            <source>When the conversation grows past the message limit, older messages leave the
context. Summarized, their content stays known to the model (one summary call
every dozen turns or so); dropped, the model forgets them (no extra call).</source>
            <translation type="obsolete">对话超过消息数上限后，较早的消息会移出上下文。
选择总结，模型仍会知道它们的内容（大约每十几轮调用一次总结）；
选择丢弃，模型会遗忘它们（不产生额外调用）。</translation>
        </message>
    </context>
    <context>
        <name>Steering</name>
        <message>
            <source>Summarizing the branch you left…</source>
            <translation type="obsolete">正在总结你离开的分支…</translation>
        </message>
        <message>
            <source>Noted what the branch you left explored (a side node in the tree; it is sent as context while the conversation passes there — remove it from its menu).</source>
            <translation type="obsolete">已记下你离开的分支探索了什么（树中的一个旁支节点；对话经过该处时会作为上下文发送 — 可在其菜单中移除）。</translation>
        </message>
        <message>
            <source>Pinned the message.</source>
            <translation type="obsolete">已固定该消息。</translation>
        </message>
        <message>
            <source>Unpinned the message.</source>
            <translation type="obsolete">已取消固定该消息。</translation>
        </message>
        <message>
            <source>Could not pin: %1</source>
            <translation type="obsolete">无法固定：%1</translation>
        </message>
        <message>
            <source>Could not unpin: %1</source>
            <translation type="obsolete">无法取消固定：%1</translation>
        </message>
        <message>
            <source>The branch summary failed: %1</source>
            <translation type="obsolete">分支总结失败：%1</translation>
        </message>
        <message>
            <source>Could not remove the branch summary: %1</source>
            <translation type="obsolete">无法移除分支总结：%1</translation>
        </message>
    </context>
    <context>
        <name>SummaryHistory</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="18" />
            <source>automatic (threshold reached)</source>
            <translation>自动（达到阈值）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="19" />
            <source>manual (Compact now)</source>
            <translation>手动（立即压缩）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="20" />
            <source>edited by you</source>
            <translation>由你编辑</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="85" />
            <source>messages 1–%1 (the same as the summary it replaces)</source>
            <translation>第 1–%1 条消息（与它取代的总结相同）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="141" />
            <source>no model call (your edit)</source>
            <translation>未调用模型（你的编辑）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="153" />
            <source>%1 tokens</source>
            <translation>%1 Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="155" />
            <source>usage not reported</source>
            <translation>未报告用量</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="74" />
            <source>no messages (only the system prompt)</source>
            <translation>没有消息（只有系统提示词）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="77" />
            <source>messages 1–%1; new in this summary: %2–%3 (%4)</source>
            <translation>第 1–%1 条消息；本次总结新增：第 %2–%3 条（%4 条）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="145" />
            <source>prompt</source>
            <translation>提示</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="146" />
            <source>completion</source>
            <translation>生成</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="159" />
            <source>in %1 calls</source>
            <translation>共调用 %1 次</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="164" />
            <source>(no price known)</source>
            <translation>（价格未知）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="61" />
            <source>(extractive)</source>
            <translation>（抽取式）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="67" />
            <source>in use</source>
            <translation>使用中</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="55" />
            <source>automatic</source>
            <translation>自动</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="56" />
            <source>manual</source>
            <translation>手动</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="57" />
            <source>edited</source>
            <translation>已编辑</translation>
        </message>
    </context>
    <context>
        <name>SummaryViewer</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="105" />
            <source>%1:</source>
            <translation>%1：</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="93" />
            <source>Kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="94" />
            <source>Tokens</source>
            <translation>Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="95" />
            <source>Summarized</source>
            <translation>已总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="96" />
            <source>Covered</source>
            <translation>覆盖范围</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="97" />
            <source>Kept tail</source>
            <translation>保留的结尾</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="98" />
            <source>Summary model</source>
            <translation>总结模型</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="99" />
            <source>Summary usage</source>
            <translation>总结用量</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="100" />
            <source>When</source>
            <translation>时间</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="101" />
            <source>Focus</source>
            <translation>侧重点</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="102" />
            <source>Cost</source>
            <translation>花费</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="103" />
            <source>Covers</source>
            <translation>涵盖</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="110" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="119" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="180" />
            <source>not reported</source>
            <translation>未报告</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="168" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="178" />
            <source>%Ln message(s)</source>
            <translation>
                <numerusform>%Ln 条消息</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="173" />
            <source>%Ln message(s) (system + history before the kept tail)</source>
            <translation>
                <numerusform>%Ln 条消息（系统提示词 + 保留结尾之前的历史）</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="198" />
            <source>none (written by you)</source>
            <translation>无（由你撰写）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="199" />
            <source>none (no model call)</source>
            <translation>无（未调用模型）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="113" />
            <source>prompt</source>
            <translation>提示</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="114" />
            <source>completion</source>
            <translation>生成</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="153" />
            <source>%1 after</source>
            <translation>压缩后 %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="155" />
            <source>not recorded</source>
            <translation>未记录</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="187" />
            <source>extractive summary (built without a model)</source>
            <translation>抽取式总结（未使用模型生成）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="190" />
            <source>none: the model's summary failed (%1 was asked)</source>
            <translation>无：模型总结失败（请求的是 %1）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="192" />
            <source>none: the model's summary failed</source>
            <translation>无：模型总结失败</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="197" />
            <source>the next request before → with the edit</source>
            <translation>下一次请求：编辑前 → 编辑后</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="227" />
            <source>Compaction summary</source>
            <translation>压缩总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="235" />
            <source>Summary history</source>
            <translation>总结历史</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="237" />
            <source>Every summary of this branch, oldest first; arrows choose one.</source>
            <translation>本分支的所有总结，从最早的开始；用方向键选择。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="252" />
            <source>Select in tree</source>
            <translation>在树中选中</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="254" />
            <source>Select the messages this summary newly covered</source>
            <translation>选中这次总结新涵盖的消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="260" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="331" />
            <source>Summary</source>
            <translation>总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="262" />
            <source>The summary the next requests carry, read-only.</source>
            <translation>之后的请求所携带的总结（只读）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="283" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="332" />
            <source>Changes</source>
            <translation>变更</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="285" />
            <source>The lines added (+) and removed (−) against the summary before.</source>
            <translation>与上一次总结相比新增（+）和删除（−）的行。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="296" />
            <source>Edit the summary</source>
            <translation>编辑总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="298" />
            <source>The summary in use; saving it makes a new compaction.</source>
            <translation>正在使用的总结；保存后会生成一次新的压缩。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="300" />
            <source>Save edited summary</source>
            <translation>保存编辑后的总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="302" />
            <source>Save the edit as a new compaction; the next request uses it</source>
            <translation>将编辑保存为一次新的压缩；下一次请求将使用它</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="327" />
            <source>Summary views</source>
            <translation>总结视图</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="329" />
            <source>The summary, its changes against the one before, and its editor.</source>
            <translation>总结本身、它与上一次总结相比的变更，以及编辑器。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="333" />
            <source>Edit</source>
            <translation>编辑</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="337" />
            <source>Copy summary</source>
            <translation>复制总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="339" />
            <source>Copy the summary as the model receives it</source>
            <translation>按模型收到的原样复制总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="438" />
            <source>Read files (%1)</source>
            <translation>读取的文件（%1）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="440" />
            <source>Modified files (%1)</source>
            <translation>修改的文件（%1）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="442" />
            <source>Read files</source>
            <translation>读取的文件</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="443" />
            <source>Modified files</source>
            <translation>修改的文件</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="445" />
            <source>The files the summarized messages read.</source>
            <translation>被总结的消息读取过的文件。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="448" />
            <source>The files the summarized messages changed.</source>
            <translation>被总结的消息修改过的文件。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="505" />
            <source>… %1 more lines</source>
            <translation>… 还有 %1 行</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="85" />
            <source>- (none reported)</source>
            <translation>- （未提及）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="195" />
            <source>repaired (the model's second answer)</source>
            <translation>已修正（模型的第二次回答）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="312" />
            <source>Your edit is saved as a new compaction (the original stays in the history); the next request sends it instead.</source>
            <translation>你的编辑会保存为一次新的压缩（原总结仍保留在历史中）；下一次请求将改为发送它。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="457" />
            <source>Only the summary in use (the newest on this branch) can be edited.</source>
            <translation>只能编辑正在使用的总结（本分支上最新的一条）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="472" />
            <source>Too large to compare here; Copy summary copies the text.</source>
            <translation>内容太大，无法在此比较；“复制总结”可复制全文。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="481" />
            <source>The first summary on this branch: every line is new.</source>
            <translation>本分支的第一次总结：每一行都是新的。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="485" />
            <source>Against summary #%1: %2 added, %3 removed.</source>
            <translation>与第 %1 次总结相比：新增 %2，删除 %3。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="538" />
            <source>(none)</source>
            <translation>（无）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="425" />
            <source>… %1 more characters; Copy summary copies all of it.</source>
            <translation>… 还有 %1 个字符；“复制总结”可复制全部内容。</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="489" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="490" />
            <source>%Ln line(s)</source>
            <translation>
                <numerusform>%Ln 行</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="434" />
            <source>The summary is empty.</source>
            <translation>总结为空。</translation>
        </message>
    </context>
    <context>
        <name>SystemPrompt</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="59" />
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="72" />
            <source>System prompt</source>
            <translation>系统提示词</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="63" />
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="73" />
            <source>Every request of this session starts with these instructions. A change applies from your next message on; what was already sent stays as it was, and the tree marks the change.</source>
            <translation>此会话的每次请求都以这些指令开头。更改从你的下一条消息开始生效；已经发送的内容保持不变，树中会标出更改的位置。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="70" />
            <source>No system prompt: the model gets only the conversation.</source>
            <translation>无系统提示词：模型只会收到对话内容。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="78" />
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="84" />
            <source>Saved prompts</source>
            <translation>已保存的提示词</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="86" />
            <source>Choosing one puts its text in the box above.</source>
            <translation>选择一个后，其内容会填入上方的文本框。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="91" />
            <source>Delete</source>
            <translation>删除</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="93" />
            <source>Forget the chosen saved prompt (sessions keep their copy)</source>
            <translation>删除所选的已保存提示词（各会话保留自己的副本）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="102" />
            <source>a name, e.g. Code reviewer</source>
            <translation>名称，例如：代码审查员</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="103" />
            <source>Name of the saved prompt</source>
            <translation>已保存提示词的名称</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="105" />
            <source>The name the text above is saved under.</source>
            <translation>保存上方文本时使用的名称。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="108" />
            <source>Save the text above as</source>
            <translation>将上方文本另存为</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="110" />
            <source>Keep the text above as a saved prompt under the name beside</source>
            <translation>以旁边的名称将上方文本保存为提示词</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="117" />
            <source>New sessions start with the chosen saved prompt</source>
            <translation>新会话使用所选的已保存提示词</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="121" />
            <source>Sessions created from now on start with the prompt chosen above</source>
            <translation>从现在起新建的会话将使用上方所选的提示词</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="197" />
            <source>Loaded “%1”. OK uses it for this session.</source>
            <translation>已载入“%1”。点击“确定”即可在此会话中使用。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="215" />
            <source>Saved as “%1”.</source>
            <translation>已保存为“%1”。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="227" />
            <source>Deleted “%1”.</source>
            <translation>已删除“%1”。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="135" />
            <source>Use for this session</source>
            <translation>用于此会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="135" />
            <source>OK</source>
            <translation>确定</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="167" />
            <source>%1  (default)</source>
            <translation>%1（默认）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="202" />
            <source>Give the prompt a name first.</source>
            <translation>请先为提示词命名。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="206" />
            <source>An empty prompt is not worth saving.</source>
            <translation>空的提示词无需保存。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="240" />
            <source>New sessions start with “%1”.</source>
            <translation>新会话将使用“%1”。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="242" />
            <source>New sessions use the built-in prompt.</source>
            <translation>新会话将使用内置提示词。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="211" />
            <source>Not saved: %1</source>
            <translation>未保存：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="224" />
            <source>Not deleted: %1</source>
            <translation>未删除：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="236" />
            <source>Not changed: %1</source>
            <translation>未更改：%1</translation>
        </message>
    </context>
    <context>
        <name>Thinking</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="40" />
            <source>%1 min %2 s</source>
            <translation>%1 分 %2 秒</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="45" />
            <source>%Ln character(s)</source>
            <translation>
                <numerusform>%Ln 个字符</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="51" />
            <source>Thinking · %1</source>
            <translation>思考 · %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="39" />
            <source>%1 s</source>
            <translation>%1 秒</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="50" />
            <source>Thought for %1 · %2</source>
            <translation>思考了 %1 · %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="48" />
            <source>Thinking… · %1</source>
            <translation>思考中… · %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="79" />
            <source>The model's reasoning before it answered (click to read it)</source>
            <translation>模型回答前的推理过程（点击阅读）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="85" />
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="86" />
            <source>Copy the whole reasoning to the clipboard</source>
            <translation>将完整的推理过程复制到剪贴板</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="202" />
            <source>Copied</source>
            <translation>已复制</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="193" />
            <source>… (%1 more characters; Copy copies all of it)</source>
            <translation>…（还有 %1 个字符；“复制”会复制全部内容）</translation>
        </message>
    </context>
    <context>
        <name>Tree</name>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/layout.py" line="273" />
            <source>branch · %Ln message(s) — %1</source>
            <translation>
                <numerusform>分支 · %Ln 条消息 — %1</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/painter.py" line="36" />
            <source>▲ compaction floor</source>
            <translation>▲ 压缩底线</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/painter.py" line="109" />
            <source>No messages yet</source>
            <translation>还没有消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="84" />
            <source>Navigation paused while the agent is running or compacting.</source>
            <translation>智能体运行或压缩期间暂停导航。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="285" />
            <source>%1 on path</source>
            <translation>当前路径 %1 条</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/panel.py" line="285" />
            <source>%Ln node(s)</source>
            <translation>
                <numerusform>%Ln 个节点</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="277" />
            <source>Drawing the tree of %1 entries…</source>
            <translation>正在绘制树（%1 个条目）…</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/panel.py" line="287" />
            <source>%Ln compaction(s)</source>
            <translation>
                <numerusform>%Ln 次压缩</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="290" />
            <source>%1 not in view</source>
            <translation>%1 条不在视图中</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="291" />
            <source>Empty session</source>
            <translation>空会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="311" />
            <source>user</source>
            <translation>用户</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="312" />
            <source>assistant</source>
            <translation>助手</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="313" />
            <source>tool</source>
            <translation>工具</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="314" />
            <source>system</source>
            <translation>系统</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="315" />
            <source>system prompt</source>
            <translation>系统提示词</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="316" />
            <source>compaction</source>
            <translation>压缩</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="317" />
            <source>branch summary</source>
            <translation>分支总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="90" />
            <source>thought %1 characters</source>
            <translation>思考了 %1 个字符</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="92" />
            <source>(empty)</source>
            <translation>（空）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="346" />
            <source>(manual)</source>
            <translation>（手动）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="352" />
            <source>%1 summarizer calls</source>
            <translation>调用总结模型 %1 次</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="391" />
            <source>explored on another branch · %Ln message(s)</source>
            <translation>
                <numerusform>在另一分支上探索过 · %Ln 条消息</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="497" />
            <source>pinned: stays verbatim in every view</source>
            <translation>已固定：在每个视图中原样保留</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="500" />
            <source>Thinking (%1 characters): %2</source>
            <translation>思考（%1 个字符）：%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="410" />
            <source>system prompt: %1</source>
            <translation>系统提示词：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="410" />
            <source>system prompt removed</source>
            <translation>已移除系统提示词</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="511" />
            <source>Results:</source>
            <translation>结果：</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="514" />
            <source>No result yet.</source>
            <translation>尚无结果。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="495" />
            <source>(stopped)</source>
            <translation>（已停止）</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="367" />
            <source>summary edited · %Ln message(s)</source>
            <translation>
                <numerusform>摘要已编辑 · %Ln 条消息</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="369" />
            <source>compacted (extractive) %Ln message(s)</source>
            <translation>
                <numerusform>已压缩（抽取式）%Ln 条消息</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="371" />
            <source>compacted %Ln message(s)</source>
            <translation>
                <numerusform>已压缩 %Ln 条消息</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="68" />
            <source>Session tree</source>
            <translation>会话树</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="70" />
            <source>The messages of this session as a tree. Arrows move, Enter rewinds to a message or opens a summary, the Menu key shows its actions.</source>
            <translation>以树形显示此会话的消息。方向键移动，Enter 回退到某条消息或打开总结，菜单键显示可用操作。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="425" />
            <source>Copy text</source>
            <translation>复制文本</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="386" />
            <source>Expand branch</source>
            <translation>展开分支</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="391" />
            <source>Remove branch summary</source>
            <translation>移除分支总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="427" />
            <source>Collapse branch</source>
            <translation>折叠分支</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/view.py" line="519" />
            <source>Collapsed branch of %Ln message(s).</source>
            <translation>
                <numerusform>已折叠的分支，共 %Ln 条消息。</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="526" />
            <source>The system prompt changed here; later requests carry it.</source>
            <translation>系统提示词在此处更改；之后的请求都会带上它。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="542" />
            <source>Not sent to the model verbatim (summarized or snipped).</source>
            <translation>未原样发送给模型（已总结或剪除）。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="544" />
            <source>Navigation is paused while the agent is busy.</source>
            <translation>智能体忙碌时暂停导航。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="520" />
            <source>Click to expand.</source>
            <translation>点击展开。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="528" />
            <source>Double-click to view the summary.</source>
            <translation>双击查看总结。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="398" />
            <source>View summary</source>
            <translation>查看总结</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="401" />
            <source>Rewind here</source>
            <translation>回退到此处</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="415" />
            <source>Fork to new session from here</source>
            <translation>从此处分叉为新会话</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="531" />
            <source>Sealed: below the compaction floor. Rewinding here is not possible; fork to a new session to continue from this point.</source>
            <translation>已封存：位于压缩底线之下。无法回退到此处；请分叉为新会话，从这里继续。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="404" />
            <source>Rewind here (sealed by compaction)</source>
            <translation>回退到此处（已被压缩封存）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="408" />
            <source>Edit and resend…</source>
            <translation>编辑并重新发送…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="420" />
            <source>Unpin message</source>
            <translation>取消固定消息</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="422" />
            <source>Pin message (keep verbatim)</source>
            <translation>固定消息（原样保留）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="538" />
            <source>Current position.</source>
            <translation>当前位置。</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="411" />
            <source>Edit and resend (sealed by compaction)</source>
            <translation>编辑并重新发送（已被压缩封存）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="540" />
            <source>Click to rewind here.</source>
            <translation>点击回退到此处。</translation>
        </message>
        <message>
            <source>(edited)</source>
            <translation type="obsolete">（已编辑）</translation>
        </message>
        <message>
            <source>Double-click (or Enter) to view the summary.</source>
            <translation type="obsolete">双击查看总结。</translation>
        </message>
        <message>
            <source>Click (or Enter) to rewind here.</source>
            <translation type="obsolete">点击回退到此处。</translation>
        </message>
    </context>
    <context>
        <name>Usage</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="194" />
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="138" />
            <source>%1 in</source>
            <translation>输入 %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="198" />
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="139" />
            <source>%1 out</source>
            <translation>输出 %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="207" />
            <source>This session's token usage, as the providers counted it (every branch)</source>
            <translation>本会话的 Token 用量，按服务方的统计（包括所有分支）</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="208" />
            <source>Chat: %Ln answer(s)</source>
            <translation>
                <numerusform>对话：%Ln 次回答</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="196" />
            <source>%1 cached</source>
            <translation>缓存命中 %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="211" />
            <source>prompts %1 tokens, answers %2 tokens</source>
            <translation>提示 %1 Token，回答 %2 Token</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="228" />
            <source>Summaries: %Ln summarizer call(s)</source>
            <translation>
                <numerusform>总结：调用总结模型 %Ln 次</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="239" />
            <source>Cost at your prices: %1</source>
            <translation>按你设置的价格计算的费用：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="144" />
            <source>%1 to first token</source>
            <translation>首个 Token 用时 %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="147" />
            <source>%1 tokens/s</source>
            <translation>%1 Token/秒</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="157" />
            <source>Model: %1</source>
            <translation>模型：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="159" />
            <source>Prompt: %1 tokens</source>
            <translation>提示：%1 Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="167" />
            <source>Answer: %1 tokens</source>
            <translation>回答：%1 Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="171" />
            <source>The provider reported no token usage</source>
            <translation>服务方没有报告 Token 用量</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="175" />
            <source>Time to first token: %1 s</source>
            <translation>首个 Token 用时：%1 秒</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="179" />
            <source>Whole response: %1 s</source>
            <translation>完整回答用时：%1 秒</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="183" />
            <source>Speed: %1 tokens/s</source>
            <translation>速度：%1 Token/秒</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="185" />
            <source>Cost at your price: %1</source>
            <translation>按你设置的价格计算的费用：%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="214" />
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="169" />
            <source>of which thinking: %1 tokens</source>
            <translation>其中思考：%1 Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="218" />
            <source>cache hits: %1 prompt tokens (%2 of the prompts whose provider said)</source>
            <translation>缓存命中：%1 个提示 Token（占报告了缓存的提示的 %2）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="226" />
            <source>cache hits: the provider did not say</source>
            <translation>缓存命中：服务方未说明</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="231" />
            <source>prompts %1 tokens, summaries %2 tokens</source>
            <translation>提示 %1 Token，总结 %2 Token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="134" />
            <source>(%1 cached)</source>
            <translation>（缓存命中 %1）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="141" />
            <source>(%1 thinking)</source>
            <translation>（思考 %1）</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="166" />
            <source>Cache: the provider did not say</source>
            <translation>缓存：服务方未说明</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="163" />
            <source>Served from the provider's cache: %1 tokens</source>
            <translation>来自服务方缓存：%1 Token</translation>
        </message>
    </context>
    <context>
        <name>Wiring</name>
        <message>
            <source>You are a helpful assistant in pi-desktop. You can use the workspace tools to read, search and (with the user's approval) change files. Be concise and precise.</source>
            <translation type="obsolete">你是 pi-desktop 中的得力助手。你可以使用工作区工具读取、搜索文件，并在用户批准后修改文件。回答要简洁、准确。</translation>
        </message>
        <message>
            <source>Offline provider: a deterministic demo model, no network. Choose a real model in Settings (Ctrl+,).</source>
            <translation type="obsolete">离线服务：一个确定性的演示模型，不联网。可在设置（Ctrl+,）中选择真实模型。</translation>
        </message>
        <message>
            <source>Offline provider (no network)</source>
            <translation type="obsolete">离线服务（无网络）</translation>
        </message>
        <message>
            <source>Offline demo (no network)</source>
            <translation type="obsolete">离线演示（无网络）</translation>
        </message>
        <message>
            <source>Qwen (DashScope, compatible mode)</source>
            <translation type="obsolete">通义千问（DashScope 兼容模式）</translation>
        </message>
        <message>
            <source>Custom OpenAI-compatible server</source>
            <translation type="obsolete">自定义 OpenAI 兼容服务器</translation>
        </message>
        <message>
            <source>%1 — using the offline provider until then.</source>
            <translation type="obsolete">%1 — 在此之前使用离线服务。</translation>
        </message>
    </context>
</TS>
