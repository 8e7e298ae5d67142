<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
    <context>
        <name>Accessibility</name>
        <message>
            <location filename="../../pi_desktop/ui/a11y.py" line="59" />
            <source>Apply what this dialog shows and close it</source>
            <translation>Apply what this dialog shows and close it</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/a11y.py" line="60" />
            <source>Close this dialog without changing anything</source>
            <translation>Close this dialog without changing anything</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/a11y.py" line="61" />
            <source>Close this window</source>
            <translation>Close this window</translation>
        </message>
    </context>
    <context>
        <name>Agent</name>
        <message>
            <location filename="../../pi_desktop/agent/agent.py" line="319" />
            <source>the first message lies below the compaction floor; fork instead</source>
            <translation>the first message lies below the compaction floor; fork instead</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/agent.py" line="393" />
            <source>The session could not be saved: %1</source>
            <translation>The session could not be saved: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/agent.py" line="374" />
            <source>Stopped after %1 model calls without a final answer (the step limit). Everything so far is saved; send a message to let it continue.</source>
            <translation>Stopped after %1 model calls without a final answer (the step limit). Everything so far is saved; send a message to let it continue.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/agent.py" line="399" />
            <source>Internal error: %1: %2</source>
            <translation>Internal error: %1: %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/agent.py" line="151" />
            <source>Summary: %1</source>
            <translation>Summary: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/context_steps.py" line="151" />
            <source>The compaction could not be saved: %1</source>
            <translation>The compaction could not be saved: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/context_steps.py" line="141" />
            <source>Compaction failed: %1</source>
            <translation>Compaction failed: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/context_steps.py" line="158" />
            <source>Nothing was compacted: %1</source>
            <translation>Nothing was compacted: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/context_steps.py" line="160" />
            <source>Nothing was compacted.</source>
            <translation>Nothing was compacted.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/model_window.py" line="36" />
            <source>The model's context window is %1 tokens (the provider said so), smaller than the context budget of %2. This session now uses a budget of %3 tokens so requests fit; raise the model's context size to use more.</source>
            <translation>The model's context window is %1 tokens (the provider said so), smaller than the context budget of %2. This session now uses a budget of %3 tokens so requests fit; raise the model's context size to use more.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/provider_steps.py" line="31" />
            <source>This model or server does not seem to support tool calls: it named the tools in its answers but never called one. For llama.cpp's server try `--jinja` (or llama-cpp-python's `--chat_format chatml-function-calling`); for Ollama choose a model with tool support.</source>
            <translation>This model or server does not seem to support tool calls: it named the tools in its answers but never called one. For llama.cpp's server try `--jinja` (or llama-cpp-python's `--chat_format chatml-function-calling`); for Ollama choose a model with tool support.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/provider_steps.py" line="107" />
            <source>The server's context window is %1 tokens (%2), smaller than the context budget of %3. This session now uses a budget of %4 tokens so requests fit.</source>
            <translation>The server's context window is %1 tokens (%2), smaller than the context budget of %3. This session now uses a budget of %4 tokens so requests fit.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/schema_budget.py" line="34" />
            <source>The tool definitions alone take %1 tokens, and the context budget of %2 tokens compacts at %3: nothing is left for the conversation. Raise the context budget (to %4 tokens or more) or turn tools off.</source>
            <translation>The tool definitions alone take %1 tokens, and the context budget of %2 tokens compacts at %3: nothing is left for the conversation. Raise the context budget (to %4 tokens or more) or turn tools off.</translation>
        </message>
    </context>
    <context>
        <name>AgentFactories</name>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="35" />
            <source>You are a helpful assistant in pi-desktop. You can use the workspace tools to read, search and (with the user's approval) change files. Be concise and precise.</source>
            <translation>You are a helpful assistant in pi-desktop. You can use the workspace tools to read, search and (with the user's approval) change files. Be concise and precise.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="40" />
            <source>Offline provider: a deterministic demo model, no network. Choose a real model in Settings (Ctrl+,).</source>
            <translation>Offline provider: a deterministic demo model, no network. Choose a real model in Settings (Ctrl+,).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="67" />
            <source>Offline provider (no network)</source>
            <translation>Offline provider (no network)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="74" />
            <source>Offline demo (no network)</source>
            <translation>Offline demo (no network)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="75" />
            <source>Qwen (DashScope, compatible mode)</source>
            <translation>Qwen (DashScope, compatible mode)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="76" />
            <source>Custom OpenAI-compatible server</source>
            <translation>Custom OpenAI-compatible server</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/agent_factories.py" line="129" />
            <source>%1 — using the offline provider until then.</source>
            <translation>%1 — using the offline provider until then.</translation>
        </message>
    </context>
    <context>
        <name>Approval</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="143" />
            <source>⚠ This request contains characters that are invisible or reorder the text around them (%1). They are shown as ⟦U+…⟧ and marked; what runs is exactly what is shown. Commands rarely need them: deny unless you expected this.</source>
            <translation>⚠ This request contains characters that are invisible or reorder the text around them (%1). They are shown as ⟦U+…⟧ and marked; what runs is exactly what is shown. Commands rarely need them: deny unless you expected this.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="61" />
            <source>Allow %1?</source>
            <translation>Allow %1?</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="68" />
            <source>&lt;b&gt;%1&lt;/b&gt; wants to: %2</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; wants to: %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="81" />
            <source>Details of the request</source>
            <translation>Details of the request</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="83" />
            <source>What the tool would do, exactly as it would run, read-only.</source>
            <translation>What the tool would do, exactly as it would run, read-only.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="95" />
            <source>Allow %1 for the rest of this session</source>
            <translation>Allow %1 for the rest of this session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="98" />
            <source>Later requests of this tool in this session run without asking</source>
            <translation>Later requests of this tool in this session run without asking</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="103" />
            <source>Allow</source>
            <translation>Allow</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="106" />
            <source>Deny</source>
            <translation>Deny</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="110" />
            <source>Deny all until the answer ends</source>
            <translation>Deny all until the answer ends</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="114" />
            <source>Deny this and every other change the model asks for until the current answer is finished; the model is told each one was denied.</source>
            <translation>Deny this and every other change the model asks for until the current answer is finished; the model is told each one was denied.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="126" />
            <source>Run this request now</source>
            <translation>Run this request now</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="127" />
            <source>Refuse it; the model is told it was denied</source>
            <translation>Refuse it; the model is told it was denied</translation>
        </message>
    </context>
    <context>
        <name>BranchSummaries</name>
        <message>
            <location filename="../../pi_desktop/ui/tree/branch_summaries.py" line="65" />
            <source>Summarizing the branch you left…</source>
            <translation>Summarizing the branch you left…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/branch_summaries.py" line="95" />
            <source>Noted what the branch you left explored (a side node in the tree; it is sent as context while the conversation passes there — remove it from its menu).</source>
            <translation>Noted what the branch you left explored (a side node in the tree; it is sent as context while the conversation passes there — remove it from its menu).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/branch_summaries.py" line="90" />
            <source>The branch summary failed: %1</source>
            <translation>The branch summary failed: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/branch_summaries.py" line="113" />
            <source>Could not remove the branch summary: %1</source>
            <translation>Could not remove the branch summary: %1</translation>
        </message>
    </context>
    <context>
        <name>Breakdown</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="71" />
            <source>%1 %</source>
            <translation>%1 %</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="117" />
            <source>%Ln message(s) in the view</source>
            <translation>
                <numerusform>%Ln message in the view</numerusform>
                <numerusform>%Ln messages in the view</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="54" />
            <source>System prompt</source>
            <translation>System prompt</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="55" />
            <source>Tool schemas</source>
            <translation>Tool schemas</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="56" />
            <source>Summary</source>
            <translation>Summary</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="57" />
            <source>Pinned messages</source>
            <translation>Pinned messages</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="58" />
            <source>Conversation messages</source>
            <translation>Conversation messages</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="59" />
            <source>Reasoning (sent back with tool calls)</source>
            <translation>Reasoning (sent back with tool calls)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="60" />
            <source>Tool results (verbatim)</source>
            <translation>Tool results (verbatim)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="61" />
            <source>Tool results (placeholdered)</source>
            <translation>Tool results (placeholdered)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="62" />
            <source>Tool results (offloaded markers)</source>
            <translation>Tool results (offloaded markers)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="63" />
            <source>Framing (list brackets, separators, snip marker)</source>
            <translation>Framing (list brackets, separators, snip marker)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="77" />
            <source>Total: %1 tokens — the figure on the budget bar.</source>
            <translation>Total: %1 tokens — the figure on the budget bar.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="118" />
            <source>nothing left out</source>
            <translation>nothing left out</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="97" />
            <source>%1 tokens from here</source>
            <translation>%1 tokens from here</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="99" />
            <source>reached: the next request summarizes first</source>
            <translation>reached: the next request summarizes first</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="101" />
            <source>Compaction threshold: %1 tokens (%2).</source>
            <translation>Compaction threshold: %1 tokens (%2).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="104" />
            <source>No budget: context management is off and the whole history is sent.</source>
            <translation>No budget: context management is off and the whole history is sent.</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="108" />
            <source>%Ln message(s) summarized</source>
            <translation>
                <numerusform>%Ln message summarized</numerusform>
                <numerusform>%Ln messages summarized</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="110" />
            <source>%Ln message(s) snipped</source>
            <translation>
                <numerusform>%Ln message snipped</numerusform>
                <numerusform>%Ln messages snipped</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="113" />
            <source>%Ln tool result(s) placeholdered</source>
            <translation>
                <numerusform>%Ln tool result placeholdered</numerusform>
                <numerusform>%Ln tool results placeholdered</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="116" />
            <source>%Ln tool result(s) offloaded to files</source>
            <translation>
                <numerusform>%Ln tool result offloaded to files</numerusform>
                <numerusform>%Ln tool results offloaded to files</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="189" />
            <source>Context breakdown</source>
            <translation>Context breakdown</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="201" />
            <source>Where the next request's tokens go</source>
            <translation>Where the next request's tokens go</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="203" />
            <source>One row per part of the request: its tokens and share of the budget.</source>
            <translation>One row per part of the request: its tokens and share of the budget.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="216" />
            <source>Refresh</source>
            <translation>Refresh</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="217" />
            <source>Count the next request again</source>
            <translation>Count the next request again</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="82" />
            <source>Free: %1 of %2 tokens (%3).</source>
            <translation>Free: %1 of %2 tokens (%3).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="92" />
            <source>Over the budget of %1 tokens by %2.</source>
            <translation>Over the budget of %1 tokens by %2.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="195" />
            <source>Category</source>
            <translation>Category</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="196" />
            <source>Tokens</source>
            <translation>Tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="197" />
            <source>Share of budget</source>
            <translation>Share of budget</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="198" />
            <source>Messages</source>
            <translation>Messages</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="223" />
            <source>Where the next request's tokens go:</source>
            <translation>Where the next request's tokens go:</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="251" />
            <source>Total (the bar's estimate)</source>
            <translation>Total (the bar's estimate)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="254" />
            <source>Free</source>
            <translation>Free</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="255" />
            <source>Compaction threshold</source>
            <translation>Compaction threshold</translation>
        </message>
    </context>
    <context>
        <name>BudgetBar</name>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="62" />
            <source>%1 / %2 tokens (%3 %)</source>
            <translation>%1 / %2 tokens (%3 %)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="99" />
            <source>Older turns are summarized when it passes %1 % (%2 tokens).</source>
            <translation>Older turns are summarized when it passes %1 % (%2 tokens).</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/budget/bar.py" line="129" />
            <source>%Ln summary(ies) so far</source>
            <translation>
                <numerusform>%Ln summary so far</numerusform>
                <numerusform>%Ln summaries so far</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="136" />
            <source>%1 % of the context used · %2</source>
            <translation>%1 % of the context used · %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="60" />
            <source>%1 tokens · no limit</source>
            <translation>%1 tokens · no limit</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="93" />
            <source>Past %1 % (%2 tokens): older turns will be summarized before your next message.</source>
            <translation>Past %1 % (%2 tokens): older turns will be summarized before your next message.</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/budget/bar.py" line="109" />
            <source>view %1 of %Ln message(s)</source>
            <translation>
                <numerusform>view %1 of %Ln message</numerusform>
                <numerusform>view %1 of %Ln messages</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="128" />
            <source>no summary yet</source>
            <translation>no summary yet</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="135" />
            <source>%1 tokens in the context · no limit set</source>
            <translation>%1 tokens in the context · no limit set</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="369" />
            <source>%1 on this branch</source>
            <translation>%1 on this branch</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="383" />
            <source>Click for the breakdown of where the tokens go.</source>
            <translation>Click for the breakdown of where the tokens go.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="384" />
            <source>Details</source>
            <translation>Details</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="111" />
            <source>%1 offloaded to disk</source>
            <translation>%1 offloaded to disk</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="113" />
            <source>%1 snipped</source>
            <translation>%1 snipped</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="115" />
            <source>%1 placeholdered</source>
            <translation>%1 placeholdered</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="117" />
            <source>summarized now</source>
            <translation>summarized now</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="121" />
            <source>summary failed: %1</source>
            <translation>summary failed: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="177" />
            <source>Token budget</source>
            <translation>Token budget</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="119" />
            <source>summary cache used</source>
            <translation>summary cache used</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="313" />
            <source>Context management is off: everything is sent every time.</source>
            <translation>Context management is off: everything is sent every time.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="317" />
            <source>Offline provider: the counts are this app's own estimates.</source>
            <translation>Offline provider: the counts are this app's own estimates.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="321" />
            <source>Includes about %1 tokens of the answer being written.</source>
            <translation>Includes about %1 tokens of the answer being written.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="328" />
            <source>Estimate</source>
            <translation>Estimate</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="328" />
            <source>%1 tokens</source>
            <translation>%1 tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="357" />
            <source>Tokens per character</source>
            <translation>Tokens per character</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="363" />
            <source>Last request</source>
            <translation>Last request</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="372" />
            <source>(last %1 → %2)</source>
            <translation>(last %1 → %2)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="373" />
            <source>Compactions</source>
            <translation>Compactions</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="389" />
            <source>Enter opens the breakdown of where the tokens go.</source>
            <translation>Enter opens the breakdown of where the tokens go.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="476" />
            <location filename="../../pi_desktop/ui/budget/bar.py" line="377" />
            <source>offline</source>
            <translation>offline</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="336" />
            <location filename="../../pi_desktop/ui/budget/bar.py" line="353" />
            <source>Budget</source>
            <translation>Budget</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="337" />
            <source>%1 tokens (%2 % used)</source>
            <translation>%1 tokens (%2 % used)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="347" />
            <source>Compaction at</source>
            <translation>Compaction at</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="348" />
            <source>%1 % = %2 tokens</source>
            <translation>%1 % = %2 tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="353" />
            <source>none — context management is off</source>
            <translation>none — context management is off</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="358" />
            <source>not yet</source>
            <translation>not yet</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="364" />
            <source>%1 tokens by the provider's count</source>
            <translation>%1 tokens by the provider's count</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="375" />
            <source>Layers</source>
            <translation>Layers</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="377" />
            <source>Provider</source>
            <translation>Provider</translation>
        </message>
        <message numerus="yes">
            <source>%n summary(ies) so far</source>
            <translation type="obsolete">
                <numerusform>%n summary so far</numerusform>
                <numerusform>%n summaries so far</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>view %1 of %n message(s)</source>
            <translation type="obsolete">
                <numerusform>view %1 of %n message</numerusform>
                <numerusform>view %1 of %n messages</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>CompactDialog</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/input_box.py" line="53" />
            <source>Compact now</source>
            <translation>Compact now</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/input_box.py" line="56" />
            <source>Summarize the conversation so far. Optional &amp;focus:</source>
            <translation>Summarize the conversation so far. Optional &amp;focus:</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/input_box.py" line="62" />
            <source>e.g. keep the API design decisions in detail</source>
            <translation>e.g. keep the API design decisions in detail</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/input_box.py" line="65" />
            <source>What the summary should keep in detail (optional).</source>
            <translation>What the summary should keep in detail (optional).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/input_box.py" line="71" />
            <source>Compact</source>
            <translation>Compact</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/input_box.py" line="73" />
            <source>Summarize the older turns now</source>
            <translation>Summarize the older turns now</translation>
        </message>
    </context>
    <context>
        <name>Connect</name>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="65" />
            <source>The server's context window is %1 tokens (%2), smaller than the budget of %3: the app will use %4.</source>
            <translation>The server's context window is %1 tokens (%2), smaller than the budget of %3: the app will use %4.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="141" />
            <source>Connected: %1 answered in %2 s.</source>
            <translation>Connected: %1 answered in %2 s.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="143" />
            <source>Connected: %1 replied (no text, only thinking) in %2 s.</source>
            <translation>Connected: %1 replied (no text, only thinking) in %2 s.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="148" />
            <source>%1 Context window: %2 tokens (its default; the model does not set one).</source>
            <translation>%1 Context window: %2 tokens (its default; the model does not set one).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="162" />
            <source>The key was refused (401). Check the API key for this provider.</source>
            <translation>The key was refused (401). Check the API key for this provider.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="166" />
            <source>The key is not allowed to use this (403): check the key's permissions or plan.</source>
            <translation>The key is not allowed to use this (403): check the key's permissions or plan.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="184" />
            <source>Not found (404) at %1: check the base URL (it usually ends in /v1) and the model name.</source>
            <translation>Not found (404) at %1: check the base URL (it usually ends in /v1) and the model name.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="191" />
            <source>The server is rate limiting or the account has no quota left (429).</source>
            <translation>The server is rate limiting or the account has no quota left (429).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="195" />
            <source>The connection failed: %1</source>
            <translation>The connection failed: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="106" />
            <source>The offline demo needs no connection.</source>
            <translation>The offline demo needs no connection.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="155" />
            <source>%1 Context window: %2 tokens.</source>
            <translation>%1 Context window: %2 tokens.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="177" />
            <source>The server has no model named %1 (404). It offers: %2</source>
            <translation>The server has no model named %1 (404). It offers: %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="183" />
            <source>the default URL</source>
            <translation>the default URL</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="123" />
            <source>Connected (the server answered, but said the tiny test prompt is over its context window — check its settings).</source>
            <translation>Connected (the server answered, but said the tiny test prompt is over its context window — check its settings).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/connect.py" line="133" />
            <source>No answer within %1 s.</source>
            <translation>No answer within %1 s.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/presets.py" line="187" />
            <source>%1 needs an API key: enter it here.</source>
            <translation>%1 needs an API key: enter it here.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/presets.py" line="181" />
            <source>%1 needs an API key: enter it here or set %2.</source>
            <translation>%1 needs an API key: enter it here or set %2.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/provider_steps.py" line="238" />
            <source>Ollama truncates silently at %1, and the context budget is %2 tokens: the start of long conversations would be cut without a word. Raise num_ctx (a Modelfile `PARAMETER num_ctx 32768`, or OLLAMA_CONTEXT_LENGTH for `ollama serve`) or lower the budget in Settings.</source>
            <translation>Ollama truncates silently at %1, and the context budget is %2 tokens: the start of long conversations would be cut without a word. Raise num_ctx (a Modelfile `PARAMETER num_ctx 32768`, or OLLAMA_CONTEXT_LENGTH for `ollama serve`) or lower the budget in Settings.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/provider_steps.py" line="231" />
            <source>its default context size (num_ctx, %1 tokens on most machines)</source>
            <translation>its default context size (num_ctx, %1 tokens on most machines)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/provider_steps.py" line="237" />
            <source>this model's context size (num_ctx %1 tokens)</source>
            <translation>this model's context size (num_ctx %1 tokens)</translation>
        </message>
    </context>
    <context>
        <name>Connection</name>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="177" />
            <source>%Ln model(s) on the server: type to search, or pick one.</source>
            <translation>
                <numerusform>%Ln model on the server: type to search, or pick one.</numerusform>
                <numerusform>%Ln models on the server: type to search, or pick one.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="94" />
            <source>Fetch models</source>
            <translation>Fetch models</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="96" />
            <source>Ask the server which models it offers (GET /models)</source>
            <translation>Ask the server which models it offers (GET /models)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="99" />
            <source>Test connection</source>
            <translation>Test connection</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="101" />
            <source>Send one tiny request with these settings and say how it went</source>
            <translation>Send one tiny request with these settings and say how it went</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="159" />
            <source>Asking the server for its models…</source>
            <translation>Asking the server for its models…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="174" />
            <source>The server lists no models; type the name instead.</source>
            <translation>The server lists no models; type the name instead.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="200" />
            <source>Testing the connection…</source>
            <translation>Testing the connection…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="212" />
            <source>Connected.</source>
            <translation>Connected.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="212" />
            <source>The test failed.</source>
            <translation>The test failed.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="252" />
            <source>What you pay per million tokens for this model, in dollars. Leave 0 for no
price: the app shows money only for models you entered a price for.</source>
            <translation>What you pay per million tokens for this model, in dollars. Leave 0 for no
price: the app shows money only for models you entered a price for.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="268" />
            <source>Dollars per million input tokens (—: no price)</source>
            <translation>Dollars per million input tokens (—: no price)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="269" />
            <source>Dollars per million cached input tokens (—: no price; the input price applies)</source>
            <translation>Dollars per million cached input tokens (—: no price; the input price applies)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="273" />
            <source>Dollars per million output tokens (—: no price)</source>
            <translation>Dollars per million output tokens (—: no price)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="277" />
            <source>Price per million input tokens</source>
            <translation>Price per million input tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="278" />
            <source>Price per million cached input tokens</source>
            <translation>Price per million cached input tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="279" />
            <source>Price per million output tokens</source>
            <translation>Price per million output tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="169" />
            <source>Could not fetch the models: %1</source>
            <translation>Could not fetch the models: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="241" />
            <source>in</source>
            <comment>input tokens</comment>
            <translation>in</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="242" />
            <source>cached</source>
            <comment>cached input tokens</comment>
            <translation>cached</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="243" />
            <source>out</source>
            <comment>output tokens</comment>
            <translation>out</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="210" />
            <source>The test failed: %1</source>
            <translation>The test failed: %1</translation>
        </message>
    </context>
    <context>
        <name>Context</name>
        <message>
            <location filename="../../pi_desktop/context/compaction.py" line="134" />
            <source>nothing outside the kept tail to summarize</source>
            <translation>nothing outside the kept tail to summarize</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/compaction.py" line="203" />
            <source>a summary would not help (%1 → %2 tokens, still over the threshold)</source>
            <translation>a summary would not help (%1 → %2 tokens, still over the threshold)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/errors.py" line="40" />
            <source>This message is about %1 tokens; the context budget allows about %2 for the conversation (budget %3). Shorten it, or save it as a file in the workspace and ask for it to be read in parts.</source>
            <translation>This message is about %1 tokens; the context budget allows about %2 for the conversation (budget %3). Shorten it, or save it as a file in the workspace and ask for it to be read in parts.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/errors.py" line="30" />
            <source>This message is about %1 tokens; the context budget allows about %2 for the conversation, of which the system prompt takes about %4 (budget %3). Shorten it, or save it as a file in the workspace and ask for it to be read in parts.</source>
            <translation>This message is about %1 tokens; the context budget allows about %2 for the conversation, of which the system prompt takes about %4 (budget %3). Shorten it, or save it as a file in the workspace and ask for it to be read in parts.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/normalize.py" line="407" />
            <source>the summarizer returned an empty summary</source>
            <translation>the summarizer returned an empty summary</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/normalize.py" line="409" />
            <source>the summarizer refused (its answer opens as a refusal)</source>
            <translation>the summarizer refused (its answer opens as a refusal)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/normalize.py" line="413" />
            <location filename="../../pi_desktop/context/normalize.py" line="418" />
            <source>the summarizer continued the conversation instead of summarizing it</source>
            <translation>the summarizer continued the conversation instead of summarizing it</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/normalize.py" line="422" />
            <source>the summarizer wrote code instead of a summary</source>
            <translation>the summarizer wrote code instead of a summary</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/pins.py" line="35" />
            <source>Cannot pin: pinned messages would take %1 tokens, over the cap of %2 tokens (%3 of the %4-token view limit). Unpin another message, or raise the context budget.</source>
            <translation>Cannot pin: pinned messages would take %1 tokens, over the cap of %2 tokens (%3 of the %4-token view limit). Unpin another message, or raise the context budget.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="153" />
            <source>a message cannot fit the summarizer budget</source>
            <translation>a message cannot fit the summarizer budget</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="186" />
            <source>the previous summary alone exceeds the summarizer budget</source>
            <translation>the previous summary alone exceeds the summarizer budget</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="254" />
            <source>the summary cannot be held to its size (%1 tokens even trimmed, allowance %2)</source>
            <translation>the summary cannot be held to its size (%1 tokens even trimmed, allowance %2)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="294" />
            <source>%1, and again after a repair request</source>
            <translation>%1, and again after a repair request</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="356" />
            <source>nothing to summarize</source>
            <translation>nothing to summarize</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="271" />
            <source>the summarizer failed (%1)</source>
            <translation>the summarizer failed (%1)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="288" />
            <source>%1; the repair request failed (%2)</source>
            <translation>%1; the repair request failed (%2)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/context/summarizer.py" line="368" />
            <source>the same summarizer input failed before; it was not sent again</source>
            <translation>the same summarizer input failed before; it was not sent again</translation>
        </message>
        <message>
            <source>a summary would not help (%1 → %2 tokens, still over the threshold): nothing was compacted</source>
            <translation type="obsolete">a summary would not help (%1 → %2 tokens, still over the threshold): nothing was compacted</translation>
        </message>
    </context>
    <context>
        <name>Controller</name>
        <message>
            <location filename="../../pi_desktop/ui/controller.py" line="220" />
            <source>Internal error: %1: %2</source>
            <translation>Internal error: %1: %2</translation>
        </message>
    </context>
    <context>
        <name>Conversation</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="65" />
            <source>Conversation</source>
            <translation>Conversation</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="67" />
            <source>The messages of this session; Ctrl+F finds text, Page Up and Page Down scroll.</source>
            <translation>The messages of this session; Ctrl+F finds text, Page Up and Page Down scroll.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="84" />
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="215" />
            <source>Type a message below — Enter sends.

The bar above the input shows how full the model's context is; when it passes the mark, older turns are summarized. The tree on the right shows every message: click one to go back to it.</source>
            <translation>Type a message below — Enter sends.

The bar above the input shows how full the model's context is; when it passes the mark, older turns are summarized. The tree on the right shows every message: click one to go back to it.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="222" />
            <source>Opening %1…</source>
            <translation>Opening %1…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="340" />
            <source>thinking…</source>
            <translation>thinking…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="366" />
            <source>Stopped.</source>
            <translation>Stopped.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="289" />
            <source>message %1: %2</source>
            <translation>message %1: %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="291" />
            <source>new message: %1</source>
            <translation>new message: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="529" />
            <source>Some saved data could not be shown and was skipped:</source>
            <translation>Some saved data could not be shown and was skipped:</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="532" />
            <source>… and %1 more</source>
            <translation>… and %1 more</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/conversation.py" line="177" />
            <source>Retry</source>
            <translation>Retry</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/history_gaps.py" line="34" />
            <source>This conversation has a gap: %1. The session file is unchanged.</source>
            <translation>This conversation has a gap: %1. The session file is unchanged.</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/chat/history_gaps.py" line="18" />
            <source>%Ln tool call(s) never got a result (the run was interrupted); the model is sent "%1" in its place</source>
            <translation>
                <numerusform>%Ln tool call never got a result (the run was interrupted); the model is sent "%1" in its place</numerusform>
                <numerusform>%Ln tool calls never got a result (the run was interrupted); the model is sent "%1" in its place</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/chat/history_gaps.py" line="28" />
            <source>%Ln tool result(s) answer no call and are left out of what the model is sent</source>
            <translation>
                <numerusform>%Ln tool result answers no call and is left out of what the model is sent</numerusform>
                <numerusform>%Ln tool results answer no call and are left out of what the model is sent</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/history_gaps.py" line="37" />
            <source>; </source>
            <translation>; </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/path_items.py" line="85" />
            <source>tool_calls is %1, not a list</source>
            <translation>tool_calls is %1, not a list</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/path_items.py" line="91" />
            <source>tool call %1 is %2, not an object</source>
            <translation>tool call %1 is %2, not an object</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/path_items.py" line="99" />
            <source>tool call %1: function is %2</source>
            <translation>tool call %1: function is %2</translation>
        </message>
    </context>
    <context>
        <name>EditResend</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="140" />
            <source>Edit and resend: puts this message in the box; sending makes a new branch from before it (the old branch stays in the tree)</source>
            <translation>Edit and resend: puts this message in the box; sending makes a new branch from before it (the old branch stays in the tree)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="141" />
            <source>Edit and resend</source>
            <translation>Edit and resend</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="184" />
            <source>Editing “%1”. Send makes a new branch from before it; the old branch stays in the tree.</source>
            <translation>Editing “%1”. Send makes a new branch from before it; the old branch stays in the tree.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="249" />
            <source>This question has no answer on this branch. Answer it again, or type what to ask instead: that goes on a new branch, and this question stays in the tree.</source>
            <translation>This question has no answer on this branch. Answer it again, or type what to ask instead: that goes on a new branch, and this question stays in the tree.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="299" />
            <source>Stopped before sending: your message was not sent and is back in the input.</source>
            <translation>Stopped before sending: your message was not sent and is back in the input.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="344" />
            <source>the message before it was summarized</source>
            <translation>the message before it was summarized</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="160" />
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="133" />
            <source>✎ editing</source>
            <translation>✎ editing</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="194" />
            <source>Cancel edit</source>
            <translation>Cancel edit</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="258" />
            <source>Answer again</source>
            <translation>Answer again</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/edit_resend.py" line="261" />
            <source>Edit</source>
            <translation>Edit</translation>
        </message>
    </context>
    <context>
        <name>Errors</name>
        <message>
            <location filename="../../pi_desktop/agent/context_steps.py" line="334" />
            <source>%1 — and the conversation could not be compacted to fit. Lower the context budget in the settings or start a new session.</source>
            <translation>%1 — and the conversation could not be compacted to fit. Lower the context budget in the settings or start a new session.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="125" />
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="415" />
            <source>is Ollama running (`ollama serve`)?</source>
            <translation>is Ollama running (`ollama serve`)?</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="416" />
            <source>is LM Studio's server started (Developer tab, or `lms server start`)?</source>
            <translation>is LM Studio's server started (Developer tab, or `lms server start`)?</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="419" />
            <source>is llama.cpp's server running (`llama-server -m model.gguf`)?</source>
            <translation>is llama.cpp's server running (`llama-server -m model.gguf`)?</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="420" />
            <source>is the server running (vLLM: `vllm serve MODEL`; llama-cpp-python: `python -m llama_cpp.server`)?</source>
            <translation>is the server running (vLLM: `vllm serve MODEL`; llama-cpp-python: `python -m llama_cpp.server`)?</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="452" />
            <source>Nothing is listening at %1 — %2</source>
            <translation>Nothing is listening at %1 — %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="264" />
            <location filename="../../pi_desktop/agent/errors.py" line="404" />
            <source>: %1</source>
            <translation>: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="320" />
            <source>authentication failed (HTTP 401): check the API key</source>
            <translation>authentication failed (HTTP 401): check the API key</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="331" />
            <source>%1%2</source>
            <translation>%1%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="451" />
            <source>Nothing is listening at %1.</source>
            <translation>Nothing is listening at %1.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="322" />
            <source>access denied (HTTP 403): the key may lack access to this model</source>
            <translation>access denied (HTTP 403): the key may lack access to this model</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="407" />
            <source>unexpected error (%1)%2</source>
            <translation>unexpected error (%1)%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="279" />
            <source>the request is too long for the model's context window%1</source>
            <translation>the request is too long for the model's context window%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="307" />
            <source>the stream was interrupted by an error%1</source>
            <translation>the stream was interrupted by an error%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="314" />
            <source>server error (HTTP %1)%2</source>
            <translation>server error (HTTP %1)%2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="324" />
            <source>not found (HTTP 404): check the model name and the base URL (OpenAI-compatible servers usually end in /v1)</source>
            <translation>not found (HTTP 404): check the model name and the base URL (OpenAI-compatible servers usually end in /v1)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="330" />
            <source>the request was rejected (HTTP %1)</source>
            <translation>the request was rejected (HTTP %1)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="352" />
            <source>the request timed out</source>
            <translation>the request timed out</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="366" />
            <location filename="../../pi_desktop/agent/errors.py" line="394" />
            <source>the connection dropped mid-stream%1</source>
            <translation>the connection dropped mid-stream%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="368" />
            <source>could not connect%1</source>
            <translation>could not connect%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="389" />
            <source>the stream timed out</source>
            <translation>the stream timed out</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="396" />
            <source>the connection failed%1</source>
            <translation>the connection failed%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="440" />
            <source>the server's address</source>
            <translation>the server's address</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="290" />
            <source>rate limited (HTTP 429)%1</source>
            <translation>rate limited (HTTP 429)%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="293" />
            <source>the server reported a temporary error%1</source>
            <translation>the server reported a temporary error%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/errors.py" line="302" />
            <source>error in the response%1</source>
            <translation>error in the response%1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/openai_llm.py" line="457" />
            <source>the response stalled — no progress for %1 s (keep-alives do not count)</source>
            <translation>the response stalled — no progress for %1 s (keep-alives do not count)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/openai_llm.py" line="480" />
            <source>the stream sent a malformed chunk (%1)</source>
            <translation>the stream sent a malformed chunk (%1)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/openai_llm.py" line="328" />
            <source>the stream ended before the response was complete</source>
            <translation>the stream ended before the response was complete</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/openai_llm.py" line="445" />
            <source>no complete response within %1 s (the response deadline in Settings); the stream was stopped</source>
            <translation>no complete response within %1 s (the response deadline in Settings); the stream was stopped</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/agent/openai_llm.py" line="274" />
            <source>rate limited — the server asked to wait %1 s more before the next request</source>
            <translation>rate limited — the server asked to wait %1 s more before the next request</translation>
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
            <translation>HTML page</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="31" />
            <source>Raw JSONL</source>
            <translation>Raw JSONL</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="38" />
            <source>Markdown (*.md)</source>
            <translation>Markdown (*.md)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="39" />
            <source>HTML page (*.html)</source>
            <translation>HTML page (*.html)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="40" />
            <source>Session lines (*.jsonl)</source>
            <translation>Session lines (*.jsonl)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="100" />
            <source>Export the current branch as %1</source>
            <translation>Export the current branch as %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="119" />
            <source>Export failed: %1</source>
            <translation>Export failed: %1</translation>
        </message>
    </context>
    <context>
        <name>FileViewer</name>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="62" />
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="59" />
            <source>%Ln byte(s)</source>
            <translation>
                <numerusform>%Ln byte</numerusform>
                <numerusform>%Ln bytes</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="113" />
            <source>Open containing folder</source>
            <translation>Open containing folder</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="115" />
            <source>Show the folder of this file in the file manager</source>
            <translation>Show the folder of this file in the file manager</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="118" />
            <source>Copy path</source>
            <translation>Copy path</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="119" />
            <source>Copy the file's path to the clipboard</source>
            <translation>Copy the file's path to the clipboard</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="124" />
            <source>Wrap lines</source>
            <translation>Wrap lines</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="125" />
            <source>Break long lines at the window's edge</source>
            <translation>Break long lines at the window's edge</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="129" />
            <source>Tool result</source>
            <translation>Tool result</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="131" />
            <source>The saved output of a tool, read-only; Ctrl+F finds text in it.</source>
            <translation>The saved output of a tool, read-only; Ctrl+F finds text in it.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="146" />
            <source>Find (Enter: next, Shift+Enter: previous)</source>
            <translation>Find (Enter: next, Shift+Enter: previous)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="148" />
            <source>Find</source>
            <translation>Find</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="150" />
            <source>Text to find; Enter goes to the next match, Shift+Enter back.</source>
            <translation>Text to find; Enter goes to the next match, Shift+Enter back.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="159" />
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="160" />
            <source>Previous match</source>
            <translation>Previous match</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="164" />
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="165" />
            <source>Next match</source>
            <translation>Next match</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="275" />
            <source>%1 — showing the first %2 characters (%3)</source>
            <translation>%1 — showing the first %2 characters (%3)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="283" />
            <source>%1 characters · %2</source>
            <translation>%1 characters · %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="325" />
            <source>loading %1</source>
            <translation>loading %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="99" />
            <source>Tool result — %1</source>
            <translation>Tool result — %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="286" />
            <source>%Ln line(s)</source>
            <translation>
                <numerusform>%Ln line</numerusform>
                <numerusform>%Ln lines</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="301" />
            <source>The tool capped its output: this file holds %1 it read (its last line says where to go on).</source>
            <translation>The tool capped its output: this file holds %1 it read (its last line says where to go on).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="401" />
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="155" />
            <source>no match</source>
            <translation>no match</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="233" />
            <source>Cannot open %1: %2</source>
            <translation>Cannot open %1: %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="311" />
            <source>The tool read part of a file: this holds its lines %1-%2 of %3 (the last line says where to go on).</source>
            <translation>The tool read part of a file: this holds its lines %1-%2 of %3 (the last line says where to go on).</translation>
        </message>
    </context>
    <context>
        <name>FindBar</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="36" />
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="37" />
            <source>Find in this conversation</source>
            <translation>Find in this conversation</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="39" />
            <source>Enter goes to the next match, Shift+Enter to the previous, Esc closes.</source>
            <translation>Enter goes to the next match, Shift+Enter to the previous, Esc closes.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="50" />
            <source>Previous match (Shift+Enter)</source>
            <translation>Previous match (Shift+Enter)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="51" />
            <source>Next match (Enter)</source>
            <translation>Next match (Enter)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="52" />
            <source>Close (Esc)</source>
            <translation>Close (Esc)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="53" />
            <source>Previous match</source>
            <translation>Previous match</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="54" />
            <source>Next match</source>
            <translation>Next match</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="55" />
            <source>Close the find bar</source>
            <translation>Close the find bar</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="47" />
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="106" />
            <source>No matches</source>
            <translation>No matches</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/find_bar.py" line="110" />
            <source>%1 of %2</source>
            <translation>%1 of %2</translation>
        </message>
    </context>
    <context>
        <name>Header</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="40" />
            <location filename="../../pi_desktop/ui/chat/header.py" line="39" />
            <source>Sessions</source>
            <translation>Sessions</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="41" />
            <source>Show or hide the list of sessions (the window is too narrow for both)</source>
            <translation>Show or hide the list of sessions (the window is too narrow for both)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="44" />
            <location filename="../../pi_desktop/ui/chat/header.py" line="77" />
            <source>New session</source>
            <translation>New session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="53" />
            <source>Session tree</source>
            <translation>Session tree</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="54" />
            <source>Show or hide the session tree (the window is too narrow for both)</source>
            <translation>Show or hide the session tree (the window is too narrow for both)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="85" />
            <source>System prompt</source>
            <translation>System prompt</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="52" />
            <source>Tree</source>
            <translation>Tree</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="92" />
            <source>This session has no system prompt (click to give it one)</source>
            <translation>This session has no system prompt (click to give it one)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="84" />
            <source>No system prompt</source>
            <translation>No system prompt</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/header.py" line="90" />
            <source>System prompt (click to view or change it):</source>
            <translation>System prompt (click to view or change it):</translation>
        </message>
    </context>
    <context>
        <name>Labels</name>
        <message>
            <location filename="../../pi_desktop/ui/i18n.py" line="237" />
            <source>%1 of %2 characters</source>
            <translation>%1 of %2 characters</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/i18n.py" line="236" />
            <source>the first %1 of %2 characters</source>
            <translation>the first %1 of %2 characters</translation>
        </message>
    </context>
    <context>
        <name>LongText</name>
        <message>
            <location filename="../../pi_desktop/ui/text/long_text.py" line="82" />
            <source>Copy all</source>
            <translation>Copy all</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/long_text.py" line="83" />
            <source>Copy the whole message to the clipboard</source>
            <translation>Copy the whole message to the clipboard</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/long_text.py" line="85" />
            <source>Close</source>
            <translation>Close</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/long_text.py" line="86" />
            <source>Close this window</source>
            <translation>Close this window</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/long_text.py" line="73" />
            <source>Whole message</source>
            <translation>Whole message</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/long_text.py" line="126" />
            <source>Loading… %1 of %2 characters</source>
            <translation>Loading… %1 of %2 characters</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="../../pi_desktop/ui/developer.py" line="34" />
            <source>&amp;Developer</source>
            <translation>&amp;Developer</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs_host.py" line="144" />
            <source>Edited summary saved; the next request uses it.</source>
            <translation>Edited summary saved; the next request uses it.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs_host.py" line="133" />
            <source>Wait for the answer to finish, then save the edit.</source>
            <translation>Wait for the answer to finish, then save the edit.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs_host.py" line="230" />
            <source>Tools</source>
            <translation>Tools</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs_host.py" line="256" />
            <source>Wait for the answer to finish to change the prompt.</source>
            <translation>Wait for the answer to finish to change the prompt.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs_host.py" line="139" />
            <source>Not saved: %1.</source>
            <translation>Not saved: %1.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs_host.py" line="189" />
            <source>Exported to %1</source>
            <translation>Exported to %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="119" />
            <source>Offline (no network)</source>
            <translation>Offline (no network)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="180" />
            <source>Message — Enter sends, Shift+Enter for a new line</source>
            <translation>Message — Enter sends, Shift+Enter for a new line</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="182" />
            <source>Message</source>
            <translation>Message</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="184" />
            <source>Your next message. Enter sends it, Shift+Enter starts a new line.</source>
            <translation>Your next message. Enter sends it, Shift+Enter starts a new line.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="187" />
            <location filename="../../pi_desktop/ui/main_window.py" line="305" />
            <location filename="../../pi_desktop/ui/run_presenter.py" line="165" />
            <source>Send</source>
            <translation>Send</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="189" />
            <source>Sends the message, or stops the answer while one is written.</source>
            <translation>Sends the message, or stops the answer while one is written.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="269" />
            <source>&lt;b&gt;● Offline&lt;/b&gt; — demo model, no network</source>
            <translation>&lt;b&gt;● Offline&lt;/b&gt; — demo model, no network</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="294" />
            <source>&amp;New session</source>
            <translation>&amp;New session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="296" />
            <source>&amp;Open session…</source>
            <translation>&amp;Open session…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="299" />
            <source>&amp;Settings…</source>
            <translation>&amp;Settings…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="301" />
            <source>&amp;Quit</source>
            <translation>&amp;Quit</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="303" />
            <source>&amp;Compact now…</source>
            <translation>&amp;Compact now…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="306" />
            <location filename="../../pi_desktop/ui/run_presenter.py" line="165" />
            <source>Stop</source>
            <translation>Stop</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="308" />
            <source>&amp;Pin / unpin message</source>
            <translation>&amp;Pin / unpin message</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="310" />
            <source>&amp;File</source>
            <translation>&amp;File</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="313" />
            <source>&amp;Export current branch</source>
            <translation>&amp;Export current branch</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="326" />
            <source>&amp;View</source>
            <translation>&amp;View</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="331" />
            <source>&amp;Search sessions</source>
            <translation>&amp;Search sessions</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="334" />
            <source>Next &amp;pane</source>
            <translation>Next &amp;pane</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="337" />
            <source>Previous pa&amp;ne</source>
            <translation>Previous pa&amp;ne</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="347" />
            <source>%1 is not a zoom level; ignored</source>
            <translation>%1 is not a zoom level; ignored</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="349" />
            <source>&amp;Conversation</source>
            <translation>&amp;Conversation</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="353" />
            <source>&amp;Fidelity probe (provider check)…</source>
            <translation>&amp;Fidelity probe (provider check)…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="716" />
            <source>%1 — pi-desktop</source>
            <translation>%1 — pi-desktop</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="726" />
            <source>%1 · workspace %2</source>
            <translation>%1 · workspace %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="942" />
            <source>System prompt changed; your next message uses it.</source>
            <translation>System prompt changed; your next message uses it.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="316" />
            <source>%1…</source>
            <translation>%1…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="469" />
            <source>window/splitter is not a saved layout; ignored</source>
            <translation>window/splitter is not a saved layout; ignored</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="715" />
            <source>New session</source>
            <translation>New session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="876" />
            <source>Settings saved; they apply when this answer ends.</source>
            <translation>Settings saved; they apply when this answer ends.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="882" />
            <source>The API key was not saved: %1.</source>
            <translation>The API key was not saved: %1.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="463" />
            <source>window/geometry is not a saved geometry; ignored</source>
            <translation>window/geometry is not a saved geometry; ignored</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="732" />
            <source>Workspace: %1</source>
            <translation>Workspace: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="780" />
            <source>Your message is still in the box.</source>
            <translation>Your message is still in the box.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="938" />
            <source>The system prompt was not changed: %1</source>
            <translation>The system prompt was not changed: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="954" />
            <source>Stopping the run before closing…</source>
            <translation>Stopping the run before closing…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="599" />
            <source>Some lines of this session file could not be read and were skipped:</source>
            <translation>Some lines of this session file could not be read and were skipped:</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="609" />
            <source>Some saved settings could not be used; the defaults apply:</source>
            <translation>Some saved settings could not be used; the defaults apply:</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="777" />
            <source>This session is open read-only.</source>
            <translation>This session is open read-only.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/refusals.py" line="31" />
            <source>Dismiss</source>
            <translation>Dismiss</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="329" />
            <source>The model's summary failed (%1). The conversation was compacted with an extractive summary built without a model instead: your newest messages verbatim, the files and the tool calls. The full history stays in the session.</source>
            <translation>The model's summary failed (%1). The conversation was compacted with an extractive summary built without a model instead: your newest messages verbatim, the files and the tool calls. The full history stays in the session.</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/run_presenter.py" line="243" />
            <source>Compacted %Ln message(s): %1 → %2 tokens</source>
            <translation>
                <numerusform>Compacted %Ln message: %1 → %2 tokens</numerusform>
                <numerusform>Compacted %Ln messages: %1 → %2 tokens</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="323" />
            <source>The model's first answer was not a summary (%1); one repair request got a proper summary. The full history stays in the session.</source>
            <translation>The model's first answer was not a summary (%1); one repair request got a proper summary. The full history stays in the session.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="180" />
            <source>Sent. The answer is being written.</source>
            <translation>Sent. The answer is being written.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="225" />
            <source>Compacting the conversation…</source>
            <translation>Compacting the conversation…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="227" />
            <source>Context is full: summarizing…</source>
            <translation>Context is full: summarizing…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="279" />
            <source>Provider busy (%1); retry %2 in %3 s</source>
            <translation>Provider busy (%1); retry %2 in %3 s</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="305" />
            <source>%1 Your message was not sent and is still in the input box.</source>
            <translation>%1 Your message was not sent and is still in the input box.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="315" />
            <source>The answer failed: %1</source>
            <translation>The answer failed: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="139" />
            <source>Stopping…</source>
            <translation>Stopping…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="167" />
            <source>Stop the answer (Esc)</source>
            <translation>Stop the answer (Esc)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="167" />
            <source>Send (Enter)</source>
            <translation>Send (Enter)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="201" />
            <source>Answer: %1</source>
            <translation>Answer: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="295" />
            <source>The answer was stopped.</source>
            <translation>The answer was stopped.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="297" />
            <source>The answer is complete.</source>
            <translation>The answer is complete.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="261" />
            <source>Wait for the run to finish, then try again.</source>
            <translation>Wait for the run to finish, then try again.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/run_presenter.py" line="268" />
            <source>Try the model's summary again</source>
            <translation>Try the model's summary again</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/session_tree.py" line="145" />
            <source>%1 (fork)</source>
            <translation>%1 (fork)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/session_tree.py" line="127" />
            <source>Can't go back there in this session: that message lies below the compaction floor, and its history was summarized — continuing from it would leave a gap the summary does not cover. Fork a new session from that point instead.</source>
            <translation>Can't go back there in this session: that message lies below the compaction floor, and its history was summarized — continuing from it would leave a gap the summary does not cover. Fork a new session from that point instead.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/session_tree.py" line="135" />
            <source>Fork to new session from here</source>
            <translation>Fork to new session from here</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/session_tree.py" line="148" />
            <source>Opened the fork in a new session.</source>
            <translation>Opened the fork in a new session.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/session_tree.py" line="145" />
            <source>Session</source>
            <translation>Session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/usage_status.py" line="73" />
            <source>Session: %1</source>
            <translation>Session: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/zoom.py" line="105" />
            <source>Zoom &amp;in</source>
            <translation>Zoom &amp;in</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/zoom.py" line="106" />
            <source>Zoom &amp;out</source>
            <translation>Zoom &amp;out</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/zoom.py" line="107" />
            <source>&amp;Actual size</source>
            <translation>&amp;Actual size</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/zoom.py" line="121" />
            <source>Zoom %1 %</source>
            <translation>Zoom %1 %</translation>
        </message>
        <message>
            <source>&amp;Fidelity probe…</source>
            <translation type="obsolete">&amp;Fidelity probe…</translation>
        </message>
        <message>
            <source>&amp;Tools</source>
            <translation type="obsolete">&amp;Tools</translation>
        </message>
        <message numerus="yes">
            <source>Compacted %n message(s): %1 → %2 tokens</source>
            <translation type="obsolete">
                <numerusform>Compacted %n message: %1 → %2 tokens</numerusform>
                <numerusform>Compacted %n messages: %1 → %2 tokens</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Markdown</name>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_html.py" line="69" />
            <source>Copy</source>
            <translation>Copy</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_html.py" line="68" />
            <source>Scroll</source>
            <translation>Scroll</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_html.py" line="68" />
            <source>Wrap</source>
            <translation>Wrap</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="85" />
            <source>Message text</source>
            <translation>Message text</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="87" />
            <source>The text of one message, read-only; its links ask before they open.</source>
            <translation>The text of one message, read-only; its links ask before they open.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="295" />
            <source>Receiving a long answer: %1 characters so far; too long for markdown, it shows as plain text (Show all once it has ended).</source>
            <translation>Receiving a long answer: %1 characters so far; too long for markdown, it shows as plain text (Show all once it has ended).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="303" />
            <source>Showing the first %1 of %2 characters as plain text (too long to lay out as markdown).</source>
            <translation>Showing the first %1 of %2 characters as plain text (too long to lay out as markdown).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="323" />
            <source>Whole message</source>
            <translation>Whole message</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="311" />
            <source>Show all</source>
            <translation>Show all</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/markdown_view.py" line="312" />
            <source>Copy all</source>
            <translation>Copy all</translation>
        </message>
    </context>
    <context>
        <name>McpApproval</name>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="77" />
            <source>Servers describe their own tools; this is not verified.</source>
            <translation>Servers describe their own tools; this is not verified.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="44" />
            <source>Allow an MCP tool?</source>
            <translation>Allow an MCP tool?</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="51" />
            <source>The MCP server &lt;b&gt;%1&lt;/b&gt; wants to run its tool &lt;b&gt;%2&lt;/b&gt;%3.</source>
            <translation>The MCP server &lt;b&gt;%1&lt;/b&gt; wants to run its tool &lt;b&gt;%2&lt;/b&gt;%3.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="73" />
            <source>The server says this tool is: %1.</source>
            <translation>The server says this tool is: %1.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="75" />
            <source>The server says nothing about what this tool changes.</source>
            <translation>The server says nothing about what this tool changes.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="81" />
            <source>&amp;Arguments:</source>
            <translation>&amp;Arguments:</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="85" />
            <source>Arguments</source>
            <translation>Arguments</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="87" />
            <source>The arguments the model gave the tool, read-only.</source>
            <translation>The arguments the model gave the tool, read-only.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="94" />
            <source>⚠ The call contains characters that show as nothing or reorder the text around them, written out as ⟦U+…⟧: %1.</source>
            <translation>⚠ The call contains characters that show as nothing or reorder the text around them, written out as ⟦U+…⟧: %1.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="112" />
            <source>Allow &amp;once</source>
            <translation>Allow &amp;once</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="114" />
            <source>Allow this tool for this &amp;session</source>
            <translation>Allow this tool for this &amp;session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="116" />
            <source>&amp;Always allow this tool</source>
            <translation>&amp;Always allow this tool</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="120" />
            <source>&amp;Deny</source>
            <translation>&amp;Deny</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="123" />
            <source>Deny a&amp;ll until this answer ends</source>
            <translation>Deny a&amp;ll until this answer ends</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="137" />
            <source>Run this call now; the next one asks again</source>
            <translation>Run this call now; the next one asks again</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="140" />
            <source>Calls of this tool run without asking until the session ends</source>
            <translation>Calls of this tool run without asking until the session ends</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="142" />
            <source>Calls of this tool never ask again</source>
            <translation>Calls of this tool never ask again</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="143" />
            <source>Refuse this call; the model is told</source>
            <translation>Refuse this call; the model is told</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="146" />
            <source>Refuse this and every call until the current answer ends</source>
            <translation>Refuse this and every call until the current answer ends</translation>
        </message>
    </context>
    <context>
        <name>McpPage</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="44" />
            <source>● connected</source>
            <translation>● connected</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="45" />
            <source>◌ starting…</source>
            <translation>◌ starting…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="46" />
            <source>✕ failed</source>
            <translation>✕ failed</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="47" />
            <source>○ not started</source>
            <translation>○ not started</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="48" />
            <source>off</source>
            <translation>off</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="66" />
            <source>Add MCP servers from JSON</source>
            <translation>Add MCP servers from JSON</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="69" />
            <source>Paste a {"mcpServers": …} block, as the server's README shows it.</source>
            <translation>Paste a {"mcpServers": …} block, as the server's README shows it.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="75" />
            <source>MCP servers JSON</source>
            <translation>MCP servers JSON</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="77" />
            <source>A {"mcpServers": …} block to add to the servers.</source>
            <translation>A {"mcpServers": …} block to add to the servers.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="115" />
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="118" />
            <source>Output of %1</source>
            <translation>Output of %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="120" />
            <source>What the server wrote to its error output, read-only.</source>
            <translation>What the server wrote to its error output, read-only.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="142" />
            <source>MCP servers add tools from other programs. Each tool asks before it runs, whatever the workspace approval setting, until you allow it.</source>
            <translation>MCP servers add tools from other programs. Each tool asks before it runs, whatever the workspace approval setting, until you allow it.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="162" />
            <source>&amp;Start servers</source>
            <translation>&amp;Start servers</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="163" />
            <source>When the MCP servers are started.</source>
            <translation>When the MCP servers are started.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="165" />
            <source>Don't ask for tools the server marks read-only</source>
            <translation>Don't ask for tools the server marks read-only</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="168" />
            <source>The server declares this itself; pi-desktop cannot check it.</source>
            <translation>The server declares this itself; pi-desktop cannot check it.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="180" />
            <source>MCP servers and their tools</source>
            <translation>MCP servers and their tools</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="182" />
            <source>Space switches a server on or off; a tool's third column always allows it.</source>
            <translation>Space switches a server on or off; a tool's third column always allows it.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="200" />
            <source>&amp;Import file…</source>
            <translation>&amp;Import file…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="201" />
            <source>&amp;Paste JSON…</source>
            <translation>&amp;Paste JSON…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="202" />
            <source>Re&amp;start</source>
            <translation>Re&amp;start</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="203" />
            <source>Show &amp;output</source>
            <translation>Show &amp;output</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="204" />
            <source>&amp;Remove</source>
            <translation>&amp;Remove</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="206" />
            <source>Add the servers of a Claude Desktop config file</source>
            <translation>Add the servers of a Claude Desktop config file</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="208" />
            <source>Add servers from a pasted JSON block</source>
            <translation>Add servers from a pasted JSON block</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="209" />
            <source>Stop and start the selected server</source>
            <translation>Stop and start the selected server</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="210" />
            <source>What the selected server wrote to its output</source>
            <translation>What the selected server wrote to its output</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="211" />
            <source>Remove the selected server from the list</source>
            <translation>Remove the selected server from the list</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="311" />
            <source>Failed: %1</source>
            <translation>Failed: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="373" />
            <source>Import MCP servers</source>
            <translation>Import MCP servers</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="375" />
            <source>JSON (*.json);;All files (*)</source>
            <translation>JSON (*.json);;All files (*)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="104" />
            <source>Not added: the block lists no servers.</source>
            <translation>Not added: the block lists no servers.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="117" />
            <source>(nothing yet)</source>
            <translation>(nothing yet)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="178" />
            <source>Server / tool</source>
            <translation>Server / tool</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="178" />
            <source>State</source>
            <translation>State</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="178" />
            <source>Always allow</source>
            <translation>Always allow</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="278" />
            <source>This run uses %1 (--mcp-config): changes here last until the app closes and are not saved.</source>
            <translation>This run uses %1 (--mcp-config): changes here last until the app closes and are not saved.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="287" />
            <source>No MCP servers yet: import a config file or paste JSON.</source>
            <translation>No MCP servers yet: import a config file or paste JSON.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="328" />
            <source>%1 of its tools are not offered: the model takes at most %2 tools in all (switch other servers off to make room).</source>
            <translation>%1 of its tools are not offered: the model takes at most %2 tools in all (switch other servers off to make room).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="100" />
            <source>Not added: %1</source>
            <translation>Not added: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="245" />
            <source>Switch the server on or off</source>
            <translation>Switch the server on or off</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="314" />
            <source>%Ln tool(s) offered to the model.</source>
            <translation>
                <numerusform>%Ln tool offered to the model.</numerusform>
                <numerusform>%Ln tools offered to the model.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="385" />
            <source>Not imported: %1</source>
            <translation>Not imported: %1</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="317" />
            <source>%Ln tool(s) known from its last run; it starts at the first call.</source>
            <translation>
                <numerusform>%Ln tool known from its last run; it starts at the first call.</numerusform>
                <numerusform>%Ln tools known from its last run; it starts at the first call.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n tool(s) offered to the model.</source>
            <translation type="obsolete">
                <numerusform>%n tool offered to the model.</numerusform>
                <numerusform>%n tools offered to the model.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n tool(s) known from its last run; it starts at the first call.</source>
            <translation type="obsolete">
                <numerusform>%n tool known from its last run; it starts at the first call.</numerusform>
                <numerusform>%n tools known from its last run; it starts at the first call.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>McpRuntime</name>
        <message>
            <location filename="../../pi_desktop/ui/mcp_runtime.py" line="47" />
            <source>When the app starts</source>
            <translation>When the app starts</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_runtime.py" line="48" />
            <source>At the first call of one of its tools</source>
            <translation>At the first call of one of its tools</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_runtime.py" line="118" />
            <source>%1: no such file</source>
            <translation>%1: no such file</translation>
        </message>
    </context>
    <context>
        <name>MessageCard</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/code_block.py" line="77" />
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="62" />
            <source>Copy</source>
            <translation>Copy</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/code_block.py" line="78" />
            <source>Copy this code block to the clipboard</source>
            <translation>Copy this code block to the clipboard</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/code_block.py" line="104" />
            <location filename="../../pi_desktop/ui/chat/code_block.py" line="110" />
            <source>code</source>
            <translation>code</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/code_block.py" line="107" />
            <source>%1 · showing part of %2 characters; Copy copies all of it</source>
            <translation>%1 · showing part of %2 characters; Copy copies all of it</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/copied.py" line="45" />
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="113" />
            <source>Copied</source>
            <translation>Copied</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="309" />
            <source>You</source>
            <translation>You</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="310" />
            <source>Assistant</source>
            <translation>Assistant</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="311" />
            <source>System</source>
            <translation>System</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="62" />
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="119" />
            <source>Copy this message</source>
            <translation>Copy this message</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="64" />
            <source>Pin</source>
            <translation>Pin</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="64" />
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="265" />
            <source>Pin: keep this message verbatim in every request (Ctrl+P)</source>
            <translation>Pin: keep this message verbatim in every request (Ctrl+P)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="177" />
            <source>⚑ pinned</source>
            <translation>⚑ pinned</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="180" />
            <source>Pinned: sent verbatim in every request, never summarized</source>
            <translation>Pinned: sent verbatim in every request, never summarized</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="273" />
            <source>You stopped this answer; it is kept as it was.</source>
            <translation>You stopped this answer; it is kept as it was.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="70" />
            <source>Edit</source>
            <translation>Edit</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="71" />
            <source>Edit this message and send it again</source>
            <translation>Edit this message and send it again</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="265" />
            <source>Unpin: let the context layers shorten or summarize it again (Ctrl+P)</source>
            <translation>Unpin: let the context layers shorten or summarize it again (Ctrl+P)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="191" />
            <source>Code copied</source>
            <translation>Code copied</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/message_widgets.py" line="194" />
            <source>Message copied</source>
            <translation>Message copied</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="45" />
            <source>compacted on request</source>
            <translation>compacted on request</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="45" />
            <source>compacted</source>
            <translation>compacted</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="48" />
            <source>edited by you ·</source>
            <translation>edited by you ·</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="82" />
            <source>view summary</source>
            <translation>view summary</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="84" />
            <source>Open the summary history at this compaction</source>
            <translation>Open the summary history at this compaction</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="50" />
            <source>You edited this summary; the next requests carry your text. The original stays in the summary history.</source>
            <translation>You edited this summary; the next requests carry your text. The original stays in the summary history.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="69" />
            <source>%1 → %2 tokens</source>
            <translation>%1 → %2 tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="57" />
            <source>(extractive)</source>
            <translation>(extractive)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="59" />
            <source>Extractive summary: the model's summary failed, so this one was built without a model (your newest messages verbatim, the files, the tool calls).</source>
            <translation>Extractive summary: the model's summary failed, so this one was built without a model (your newest messages verbatim, the files, the tool calls).</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/chat/row_markers.py" line="67" />
            <source>%Ln message(s)</source>
            <translation>
                <numerusform>%Ln message</numerusform>
                <numerusform>%Ln messages</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="68" />
            <source>A tool call: Space shows or hides its arguments and result.</source>
            <translation>A tool call: Space shows or hides its arguments and result.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="86" />
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="90" />
            <source>Result</source>
            <translation>Result</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="162" />
            <source>running…</source>
            <translation>running…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="84" />
            <source>Arguments</source>
            <translation>Arguments</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="136" />
            <source>… (%1 more characters)</source>
            <translation>… (%1 more characters)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="147" />
            <source>%1 the tool read</source>
            <translation>%1 the tool read</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="149" />
            <source>%1 characters</source>
            <translation>%1 characters</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="152" />
            <source>Open the saved result ↗  (%1: %2)</source>
            <translation>Open the saved result ↗  (%1: %2)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="155" />
            <source>Saved to %1 to keep the context small</source>
            <translation>Saved to %1 to keep the context small</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="170" />
            <source>%1 chars</source>
            <translation>%1 chars</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/tool_call.py" line="173" />
            <source>saved to file</source>
            <translation>saved to file</translation>
        </message>
    </context>
    <context>
        <name>Pins</name>
        <message>
            <location filename="../../pi_desktop/ui/tree/pins.py" line="81" />
            <source>Pinned the message.</source>
            <translation>Pinned the message.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/pins.py" line="81" />
            <source>Unpinned the message.</source>
            <translation>Unpinned the message.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/pins.py" line="70" />
            <source>Could not pin: %1</source>
            <translation>Could not pin: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/pins.py" line="72" />
            <source>Could not unpin: %1</source>
            <translation>Could not unpin: %1</translation>
        </message>
    </context>
    <context>
        <name>Probe</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="47" />
            <source>Fidelity probe</source>
            <translation>Fidelity probe</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="49" />
            <source>Running the scripted conversation…</source>
            <translation>Running the scripted conversation…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="53" />
            <source>Close</source>
            <translation>Close</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="80" />
            <source>Some runs failed: a failed run is reported below, not scored.</source>
            <translation>Some runs failed: a failed run is reported below, not scored.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="82" />
            <source>What survived compaction, per probe kind (exact match for codewords and paths, keyword overlap for the rest):</source>
            <translation>What survived compaction, per probe kind (exact match for codewords and paths, keyword overlap for the rest):</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="76" />
            <source>The probe failed: %1: %2</source>
            <translation>The probe failed: %1: %2</translation>
        </message>
    </context>
    <context>
        <name>SafeText</name>
        <message>
            <location filename="../../pi_desktop/ui/text/safe_text.py" line="309" />
            <source>Open link?</source>
            <translation>Open link?</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/safe_text.py" line="310" />
            <source>Open this address in your web browser?</source>
            <translation>Open this address in your web browser?</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/safe_text.py" line="320" />
            <source>Link not opened</source>
            <translation>Link not opened</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/safe_text.py" line="321" />
            <source>Only web links (http, https) open from here. This link was not opened:</source>
            <translation>Only web links (http, https) open from here. This link was not opened:</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/text/safe_text.py" line="328" />
            <source>Copy link</source>
            <translation>Copy link</translation>
        </message>
    </context>
    <context>
        <name>SendQueue</name>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="48" />
            <source>Queued message</source>
            <translation>Queued message</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="51" />
            <source>Queued — sent when the answer ends:</source>
            <translation>Queued — sent when the answer ends:</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="57" />
            <source>Edit</source>
            <translation>Edit</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="58" />
            <source>Take the queued message back into the box</source>
            <translation>Take the queued message back into the box</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="61" />
            <source>Do not send the queued message</source>
            <translation>Do not send the queued message</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="62" />
            <source>Cancel the queued message</source>
            <translation>Cancel the queued message</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="122" />
            <source>Queued. It is sent when the answer ends.</source>
            <translation>Queued. It is sent when the answer ends.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="137" />
            <source>The queued message was dropped.</source>
            <translation>The queued message was dropped.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="145" />
            <source>Enter queues your message; it is sent when the answer ends</source>
            <translation>Enter queues your message; it is sent when the answer ends</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/send_queue.py" line="154" />
            <source>The answer did not finish: your queued message is back in the box.</source>
            <translation>The answer did not finish: your queued message is back in the box.</translation>
        </message>
    </context>
    <context>
        <name>Session</name>
        <message>
            <location filename="../../pi_desktop/session/entries.py" line="272" />
            <source>invalid entry (%1: %2)</source>
            <translation>invalid entry (%1: %2)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/entries.py" line="323" />
            <source>field %1 is invalid; dropped</source>
            <translation>field %1 is invalid; dropped</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/journal.py" line="193" />
            <location filename="../../pi_desktop/session/session.py" line="515" />
            <source>Session %1 is closed.</source>
            <translation>Session %1 is closed.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/journal.py" line="161" />
            <source>Session %1 is already open for writing in this window; close it there first or open it read-only.</source>
            <translation>Session %1 is already open for writing in this window; close it there first or open it read-only.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/journal.py" line="209" />
            <source>Could not save to session %1: %2. Nothing was recorded; free some space and try again.</source>
            <translation>Could not save to session %1: %2. Nothing was recorded; free some space and try again.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/journal.py" line="174" />
            <source>Session %1 is open in another pi-desktop process; close it there first or open it read-only.</source>
            <translation>Session %1 is open in another pi-desktop process; close it there first or open it read-only.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/library.py" line="240" />
            <source>%1: ignored the invalid entry for %2</source>
            <translation>%1: ignored the invalid entry for %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/loading.py" line="96" />
            <source>no session header at the start of the file; using the file name as id</source>
            <translation>no session header at the start of the file; using the file name as id</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/loading.py" line="40" />
            <source>incomplete last line (interrupted write)</source>
            <translation>incomplete last line (interrupted write)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/loading.py" line="50" />
            <location filename="../../pi_desktop/session/loading.py" line="54" />
            <location filename="../../pi_desktop/session/state.py" line="351" />
            <source>line %1: %2</source>
            <translation>line %1: %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/loading.py" line="42" />
            <location filename="../../pi_desktop/session/loading.py" line="46" />
            <source>line %1: %2; skipped</source>
            <translation>line %1: %2; skipped</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/search_index.py" line="259" />
            <source>the search index was unreadable (%1); rebuilt from the sessions</source>
            <translation>the search index was unreadable (%1); rebuilt from the sessions</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/search_index.py" line="318" />
            <source>the search index had another format; rebuilt</source>
            <translation>the search index had another format; rebuilt</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/search_index.py" line="324" />
            <source>the search index was unreadable (%1); rebuilt</source>
            <translation>the search index was unreadable (%1); rebuilt</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/session.py" line="162" />
            <source>This session was written by a newer pi-desktop (session format %1; this version reads format %2 and older). It is open read-only: update pi-desktop to continue it.</source>
            <translation>This session was written by a newer pi-desktop (session format %1; this version reads format %2 and older). It is open read-only: update pi-desktop to continue it.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/session.py" line="171" />
            <source>%1 does not start with a pi-desktop session header, so it may not be a session file at all. It is open read-only and nothing will be written to it; to continue, fork it (“Fork to new session from here” in the tree's menu).</source>
            <translation>%1 does not start with a pi-desktop session header, so it may not be a session file at all. It is open read-only and nothing will be written to it; to continue, fork it (“Fork to new session from here” in the tree's menu).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/session.py" line="285" />
            <source>a new first message would start below the compaction floor %1; fork a new session instead</source>
            <translation>a new first message would start below the compaction floor %1; fork a new session instead</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/session.py" line="512" />
            <source>Session %1 was opened read-only.</source>
            <translation>Session %1 was opened read-only.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="268" />
            <source>entry %1 lies inside the compacted region (before the compaction floor %2); its history was summarized, so continuing from there would leave a gap that neither the summary nor the path covers. Use 'Fork to new session' to continue from that point in a new session.</source>
            <translation>entry %1 lies inside the compacted region (before the compaction floor %2); its history was summarized, so continuing from there would leave a gap that neither the summary nor the path covers. Use 'Fork to new session' to continue from that point in a new session.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="357" />
            <source>compaction %1 hangs off unknown message %2</source>
            <translation>compaction %1 hangs off unknown message %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="361" />
            <source>compaction %1 would move the floor backwards</source>
            <translation>compaction %1 would move the floor backwards</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="120" />
            <location filename="../../pi_desktop/session/state.py" line="150" />
            <source>duplicate entry id %1</source>
            <translation>duplicate entry id %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="257" />
            <source>no entry %1 in this session</source>
            <translation>no entry %1 in this session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="259" />
            <source>entry %1 is a %2; only messages are rewind targets</source>
            <translation>entry %1 is a %2; only messages are rewind targets</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="118" />
            <source>a second session header</source>
            <translation>a second session header</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="123" />
            <source>message %1 has unknown parent %2</source>
            <translation>message %1 has unknown parent %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="134" />
            <source>%1 of %2: not a message of this session</source>
            <translation>%1 of %2: not a message of this session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="143" />
            <source>branch summary %1 hangs off unknown message %2</source>
            <translation>branch summary %1 hangs off unknown message %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="154" />
            <source>no branch summary %1 to remove</source>
            <translation>no branch summary %1 to remove</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="87" />
            <source>message %1 has unknown parent %2 (a lost line?); attached to %3</source>
            <translation>message %1 has unknown parent %2 (a lost line?); attached to %3</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="95" />
            <source>message %1 has unknown parent %2 (a lost line?); attached to the root</source>
            <translation>message %1 has unknown parent %2 (a lost line?); attached to the root</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/state.py" line="110" />
            <source>%1; skipped</source>
            <translation>%1; skipped</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/summary_edit.py" line="27" />
            <source>no compaction %1 in this session</source>
            <translation>no compaction %1 in this session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/summary_edit.py" line="29" />
            <source>an empty summary would leave the model without the earlier conversation</source>
            <translation>an empty summary would leave the model without the earlier conversation</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/summary_edit.py" line="34" />
            <source>only the summary in use can be edited (the latest one on the current branch); this one was replaced by a later compaction</source>
            <translation>only the summary in use can be edited (the latest one on the current branch); this one was replaced by a later compaction</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/summary_edit.py" line="40" />
            <source>the summary is unchanged</source>
            <translation>the summary is unchanged</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/validate.py" line="41" />
            <source>%1 malformed tool call(s) in metadata.tool_calls dropped</source>
            <translation>%1 malformed tool call(s) in metadata.tool_calls dropped</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/validate.py" line="22" />
            <source>metadata.tool_calls is a %1, not a list; dropped</source>
            <translation>metadata.tool_calls is a %1, not a list; dropped</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/validate.py" line="73" />
            <source>metadata.offloaded is malformed; dropped</source>
            <translation>metadata.offloaded is malformed; dropped</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/validate.py" line="70" />
            <source>metadata.%1 is not text; dropped</source>
            <translation>metadata.%1 is not text; dropped</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/session/validate.py" line="77" />
            <source>metadata.%1 is not true/false; dropped</source>
            <translation>metadata.%1 is not true/false; dropped</translation>
        </message>
    </context>
    <context>
        <name>Sessions</name>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="65" />
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="75" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="153" />
            <source>Sessions</source>
            <translation>Sessions</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="77" />
            <source>The saved sessions, newest first. Enter opens the selected one.</source>
            <translation>The saved sessions, newest first. Enter opens the selected one.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="90" />
            <source>New session</source>
            <translation>New session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="91" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="89" />
            <source>Open</source>
            <translation>Open</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="92" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="91" />
            <source>Rename</source>
            <translation>Rename</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="93" />
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="165" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="94" />
            <source>Delete</source>
            <translation>Delete</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="94" />
            <source>Close</source>
            <translation>Close</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="96" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="151" />
            <source>Start a new session (Ctrl+N)</source>
            <translation>Start a new session (Ctrl+N)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="97" />
            <source>Open the selected session (Enter)</source>
            <translation>Open the selected session (Enter)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="98" />
            <source>Give the selected session a title (F2)</source>
            <translation>Give the selected session a title (F2)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="99" />
            <source>Move the selected session to the trash</source>
            <translation>Move the selected session to the trash</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="100" />
            <source>Close this window</source>
            <translation>Close this window</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="222" />
            <source>Moved to the trash.</source>
            <translation>Moved to the trash.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="73" />
            <source>Title</source>
            <translation>Title</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="73" />
            <source>Updated</source>
            <translation>Updated</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="73" />
            <source>Messages</source>
            <translation>Messages</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="139" />
            <source>The session index had %Ln invalid entry(ies); those sessions were read again from their files.</source>
            <translation>
                <numerusform>The session index had %Ln invalid entry; those sessions were read again from their files.</numerusform>
                <numerusform>The session index had %Ln invalid entries; those sessions were read again from their files.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="208" />
            <source>This session is open in the window; open another one first.</source>
            <translation>This session is open in the window; open another one first.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="213" />
            <source>Click again to delete</source>
            <translation>Click again to delete</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="214" />
            <source>Deleted sessions go to the trash (kept 30 days).</source>
            <translation>Deleted sessions go to the trash (kept 30 days).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="192" />
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="361" />
            <source>Could not rename: %1</source>
            <translation>Could not rename: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="219" />
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="502" />
            <source>Could not delete: %1</source>
            <translation>Could not delete: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="53" />
            <source>Cannot open %1: %2</source>
            <translation>Cannot open %1: %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="27" />
            <source>Cannot open %1: you have no permission to read it. Check the file's permissions (or its folder's) and try again.</source>
            <translation>Cannot open %1: you have no permission to read it. Check the file's permissions (or its folder's) and try again.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="34" />
            <source>Cannot open %1: the file is gone (moved or deleted since it was listed).</source>
            <translation>Cannot open %1: the file is gone (moved or deleted since it was listed).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="40" />
            <source>Cannot open %1: it is a folder, not a session file.</source>
            <translation>Cannot open %1: it is a folder, not a session file.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="42" />
            <source>Cannot open %1: %2.</source>
            <translation>Cannot open %1: %2.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="44" />
            <source>Cannot open %1: its name or content is not valid text.</source>
            <translation>Cannot open %1: its name or content is not valid text.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="46" />
            <source>Cannot open %1 from the library: its name is not one pi-desktop gives sessions (letters, digits, - and _ only). Open it with File → Open session, or rename the file.</source>
            <translation>Cannot open %1 from the library: its name is not one pi-desktop gives sessions (letters, digits, - and _ only). Open it with File → Open session, or rename the file.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/reveal.py" line="75" />
            <source>Showing the message that matched “%1”.</source>
            <translation>Showing the message that matched “%1”.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/reveal.py" line="77" />
            <source>Showing the message.</source>
            <translation>Showing the message.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="140" />
            <source>Filter sessions</source>
            <translation>Filter sessions</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="142" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="143" />
            <source>Search sessions</source>
            <translation>Search sessions</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="145" />
            <source>Search titles and the text of every message (↓ moves into the list, Enter opens)</source>
            <translation>Search titles and the text of every message (↓ moves into the list, Enter opens)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="150" />
            <source>New</source>
            <translation>New</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="155" />
            <source>Newest first. Enter opens the session, F2 renames it, Delete moves it to the trash.</source>
            <translation>Newest first. Enter opens the session, F2 renames it, Delete moves it to the trash.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="172" />
            <source>Undo</source>
            <translation>Undo</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="173" />
            <source>Bring the deleted session back</source>
            <translation>Bring the deleted session back</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="180" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="303" />
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="120" />
            <source>Trash</source>
            <translation>Trash</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="183" />
            <source>Deleted sessions: restore them within 30 days</source>
            <translation>Deleted sessions: restore them within 30 days</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="303" />
            <source>Trash (%1)</source>
            <translation>Trash (%1)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="325" />
            <source>No session matches “%1” yet: the search is still reading the sessions.</source>
            <translation>No session matches “%1” yet: the search is still reading the sessions.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="332" />
            <source>No session matches “%1”.</source>
            <translation>No session matches “%1”.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="335" />
            <source>The search is still reading the sessions: more may match.</source>
            <translation>The search is still reading the sessions: more may match.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="339" />
            <source>Found in many messages: the newest are shown. Add a word.</source>
            <translation>Found in many messages: the newest are shown. Add a word.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="130" />
            <source>Sessions &amp;sidebar</source>
            <translation>Sessions &amp;sidebar</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="136" />
            <source>&amp;Rename session</source>
            <translation>&amp;Rename session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="255" />
            <source>this session</source>
            <translation>this session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="257" />
            <source>An answer is streaming in “%1”. Stop it (Esc) before switching sessions.</source>
            <translation>An answer is streaming in “%1”. Stop it (Esc) before switching sessions.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="263" />
            <source>Stop the answer (Esc) before switching.</source>
            <translation>Stop the answer (Esc) before switching.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="286" />
            <source>Opening “%1”…</source>
            <translation>Opening “%1”…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="324" />
            <source>Message search: %1</source>
            <translation>Message search: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="389" />
            <source>Deleted “%1”.</source>
            <translation>Deleted “%1”.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="495" />
            <source>Restored “%1”.</source>
            <translation>Restored “%1”.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="191" />
            <source>Stayed on this session to answer.</source>
            <translation>Stayed on this session to answer.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="332" />
            <source>Message search is unavailable (titles still match): %1</source>
            <translation>Message search is unavailable (titles still match): %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="379" />
            <source>Still switching sessions: a moment.</source>
            <translation>Still switching sessions: a moment.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="454" />
            <source>“%1” was not deleted: %2</source>
            <translation>“%1” was not deleted: %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="467" />
            <source>The trash could not be cleaned up: %1</source>
            <translation>The trash could not be cleaned up: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="486" />
            <source>Could not restore: %1</source>
            <translation>Could not restore: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="509" />
            <source>Could not empty the trash: %1</source>
            <translation>Could not empty the trash: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_delegate.py" line="103" />
            <location filename="../../pi_desktop/ui/sessions/sidebar_model.py" line="137" />
            <source>opening…</source>
            <translation>opening…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_delegate.py" line="105" />
            <source>answering…</source>
            <translation>answering…</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/sessions/sidebar_delegate.py" line="107" />
            <location filename="../../pi_desktop/ui/sessions/sidebar_model.py" line="133" />
            <source>%Ln message(s)</source>
            <translation>
                <numerusform>%Ln message</numerusform>
                <numerusform>%Ln messages</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_model.py" line="135" />
            <source>an answer is streaming</source>
            <translation>an answer is streaming</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/sessions/sidebar_model.py" line="140" />
            <source>%Ln matching message(s) · Enter opens the newest</source>
            <translation>
                <numerusform>%Ln matching message · Enter opens the newest</numerusform>
                <numerusform>%Ln matching messages · Enter opens the newest</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="54" />
            <source>deleted %1 · %2</source>
            <translation>deleted %1 · %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="51" />
            <source>less than a day left</source>
            <translation>less than a day left</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="53" />
            <source>%Ln day(s) left</source>
            <translation>
                <numerusform>%Ln day left</numerusform>
                <numerusform>%Ln days left</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="117" />
            <source>← Sessions</source>
            <translation>← Sessions</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="119" />
            <source>Back to the sessions (Esc)</source>
            <translation>Back to the sessions (Esc)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="130" />
            <source>Deleted sessions stay here for 30 days.</source>
            <translation>Deleted sessions stay here for 30 days.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="132" />
            <source>The trash is empty.</source>
            <translation>The trash is empty.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="134" />
            <source>Restore</source>
            <translation>Restore</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="135" />
            <source>Delete forever</source>
            <translation>Delete forever</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="136" />
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="217" />
            <source>Empty trash</source>
            <translation>Empty trash</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="137" />
            <source>Put the selected session back in the list</source>
            <translation>Put the selected session back in the list</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="138" />
            <source>Delete the selected session for good</source>
            <translation>Delete the selected session for good</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="139" />
            <source>Delete every session in the trash for good</source>
            <translation>Delete every session in the trash for good</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="99" />
            <source>Restore it, or it is removed on %1.</source>
            <translation>Restore it, or it is removed on %1.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="209" />
            <source>Click again to delete %1 for good</source>
            <translation>Click again to delete %1 for good</translation>
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
            <translation>Settings</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="110" />
            <source>Who answers: a cloud service, a local server or the offline demo</source>
            <translation>Who answers: a cloud service, a local server or the offline demo</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="112" />
            <source>Provider</source>
            <translation>Provider</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="115" />
            <source>The model's name as the provider spells it</source>
            <translation>The model's name as the provider spells it</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="116" />
            <source>Model</source>
            <translation>Model</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="119" />
            <source>The address of the provider's OpenAI-compatible API</source>
            <translation>The address of the provider's OpenAI-compatible API</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="121" />
            <source>Base URL</source>
            <translation>Base URL</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="130" />
            <source>The provider's API key; it is never shown and never written into the settings</source>
            <translation>The provider's API key; it is never shown and never written into the settings</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="135" />
            <source>&amp;Forget stored key</source>
            <translation>&amp;Forget stored key</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="136" />
            <source>Remove the key stored for this provider</source>
            <translation>Remove the key stored for this provider</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="140" />
            <source>API key</source>
            <translation>API key</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="159" />
            <source>Price per 1M tokens</source>
            <translation>Price per 1M tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="169" />
            <source>Thinking models reason before they answer (shown in a Thinking block). Off: faster
and cheaper answers on providers that can switch it (DeepSeek, Qwen, OpenRouter).</source>
            <translation>Thinking models reason before they answer (shown in a Thinking block). Off: faster
and cheaper answers on providers that can switch it (DeepSeek, Qwen, OpenRouter).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="182" />
            <source>How long the model may think, where the provider takes it</source>
            <translation>How long the model may think, where the provider takes it</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="186" />
            <source>&amp;effort</source>
            <translation>&amp;effort</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="191" />
            <source>Thinking</source>
            <translation>Thinking</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="199" />
            <source>A cheaper model that writes the summaries (empty: the chat model)</source>
            <translation>A cheaper model that writes the summaries (empty: the chat model)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="201" />
            <source>same as the chat model</source>
            <translation>same as the chat model</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="202" />
            <source>Summarizer model</source>
            <translation>Summarizer model</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="207" />
            <source> tokens</source>
            <translation> tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="212" />
            <source>The most tokens one request may carry; the budget bar counts up to it</source>
            <translation>The most tokens one request may carry; the budget bar counts up to it</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="218" />
            <source>tokens</source>
            <translation>tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="221" />
            <source>Context budget</source>
            <translation>Context budget</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="226" />
            <source>The share of the budget at which older turns are summarized</source>
            <translation>The share of the budget at which older turns are summarized</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="232" />
            <source>of the budget</source>
            <translation>of the budget</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="235" />
            <source>Compact at</source>
            <translation>Compact at</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="240" />
            <source>automatic</source>
            <translation>automatic</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="244" />
            <source>How many of the newest tokens a summary always leaves verbatim. Automatic: a quarter of the budget, less under a small one, so a summary leaves room for a few more turns</source>
            <translation>How many of the newest tokens a summary always leaves verbatim. Automatic: a quarter of the budget, less under a small one, so a summary leaves room for a few more turns</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="250" />
            <source>tokens (half the budget)</source>
            <translation>tokens (half the budget)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="254" />
            <source>Keep recent</source>
            <translation>Keep recent</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="257" />
            <source>Offline demo speed</source>
            <translation>Offline demo speed</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="262" />
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="278" />
            <source> s</source>
            <translation> s</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="266" />
            <source>The longest a whole response may take.</source>
            <translation>The longest a whole response may take.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="271" />
            <source>s</source>
            <translation>s</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="274" />
            <source>Response deadline</source>
            <translation>Response deadline</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="283" />
            <source>A stream with no new text for this long is retried (keep-alives do not count).</source>
            <translation>A stream with no new text for this long is retried (keep-alives do not count).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="295" />
            <source>s (at most the response deadline)</source>
            <translation>s (at most the response deadline)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="298" />
            <source>Stall timeout</source>
            <translation>Stall timeout</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="306" />
            <source>When the conversation grows past the message limit, older messages leave the
context. The limit follows the context budget (about one message per 64 tokens,
at least 50), so a summary runs when the window needs one; the seed's fixed 50
messages can be chosen instead. Summarized, their content stays known to the
model (one summary call each time); dropped, the model forgets them.</source>
            <translation>When the conversation grows past the message limit, older messages leave the
context. The limit follows the context budget (about one message per 64 tokens,
at least 50), so a summary runs when the window needs one; the seed's fixed 50
messages can be chosen instead. Summarized, their content stays known to the
model (one summary call each time); dropped, the model forgets them.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="315" />
            <source>Older messages</source>
            <translation>Older messages</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="316" />
            <source>Summarize a branch I leave by rewinding</source>
            <translation>Summarize a branch I leave by rewinding</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="318" />
            <source>On: going back leaves a short note of what the abandoned branch did, sent as
context while the conversation passes that point (one summarizer call).
Remove a note from the tree's context menu.</source>
            <translation>On: going back leaves a short note of what the abandoned branch did, sent as
context while the conversation passes that point (one summarizer call).
Remove a note from the tree's context menu.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="333" />
            <source>Workspace</source>
            <translation>Workspace</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="336" />
            <source>Show web images in messages (fetched from their site)</source>
            <translation>Show web images in messages (fetched from their site)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="339" />
            <source>Off: images are never fetched (a model can use them to track you).
Local files are never shown, whatever this says.</source>
            <translation>Off: images are never fetched (a model can use them to track you).
Local files are never shown, whatever this says.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="353" />
            <source>What happens when the model wants to write a file or run a command</source>
            <translation>What happens when the model wants to write a file or run a command</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="355" />
            <source>Tool approval</source>
            <translation>Tool approval</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="356" />
            <source>Let the model run shell commands</source>
            <translation>Let the model run shell commands</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="359" />
            <source>Off: the model cannot run programs; on: each command still asks first.</source>
            <translation>Off: the model cannot run programs; on: each command still asks first.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="366" />
            <source>Language</source>
            <translation>Language</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="371" />
            <source>Settings pages</source>
            <translation>Settings pages</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="373" />
            <source>Ctrl+Tab moves to the next page of the settings.</source>
            <translation>Ctrl+Tab moves to the next page of the settings.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="378" />
            <source>General</source>
            <translation>General</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="541" />
            <source>The stored key will be forgotten.</source>
            <translation>The stored key will be forgotten.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="252" />
            <source>0 (automatic)</source>
            <translation>0 (automatic)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="437" />
            <source>%1 OK again saves without one (the offline demo answers until then).</source>
            <translation>%1 OK again saves without one (the offline demo answers until then).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="525" />
            <source>The offline provider needs no key and makes no network calls.</source>
            <translation>The offline provider needs no key and makes no network calls.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="531" />
            <source>A key is stored in the system keyring.</source>
            <translation>A key is stored in the system keyring.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="532" />
            <source>A key is stored in a local file.</source>
            <translation>A key is stored in a local file.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="533" />
            <source>Using the key from the environment (%1).</source>
            <translation>Using the key from the environment (%1).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="538" />
            <source>No key stored.</source>
            <translation>No key stored.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="545" />
            <source>New keys are saved in the %1.</source>
            <translation>New keys are saved in the %1.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="548" />
            <source>•••••••• (type to replace)</source>
            <translation>•••••••• (type to replace)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="550" />
            <source>paste your key</source>
            <translation>paste your key</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="509" />
            <source>model name</source>
            <translation>model name</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="58" />
            <source>Given with --workspace for this run. Change it here to use another folder.</source>
            <translation>Given with --workspace for this run. Change it here to use another folder.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="62" />
            <source>This session's folder (none is set in Settings).</source>
            <translation>This session's folder (none is set in Settings).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="63" />
            <source>The folder the app was started in (none is set). Choose one to keep it.</source>
            <translation>The folder the app was started in (none is set). Choose one to keep it.</translation>
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
            <translation>Enter a number: %1.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="158" />
            <source>system keyring (%1)</source>
            <translation>system keyring (%1)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="160" />
            <source>local file readable only by you: %1</source>
            <translation>local file readable only by you: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="170" />
            <source>Summarize them before they leave the context (recommended)</source>
            <translation>Summarize them before they leave the context (recommended)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="171" />
            <source>Drop them without a summary (no extra calls; the model forgets them)</source>
            <translation>Drop them without a summary (no extra calls; the model forgets them)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="174" />
            <source>Summarize them past a fixed 50 messages (the seed's limit)</source>
            <translation>Summarize them past a fixed 50 messages (the seed's limit)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="177" />
            <source>Drop them past a fixed 50 messages (the seed's L1)</source>
            <translation>Drop them past a fixed 50 messages (the seed's L1)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="183" />
            <source>As the provider does</source>
            <translation>As the provider does</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="184" />
            <source>On</source>
            <translation>On</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="185" />
            <source>Off</source>
            <translation>Off</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="191" />
            <source>default</source>
            <comment>reasoning effort</comment>
            <translation>default</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="192" />
            <source>low</source>
            <comment>reasoning effort</comment>
            <translation>low</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="193" />
            <source>medium</source>
            <comment>reasoning effort</comment>
            <translation>medium</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="194" />
            <source>high</source>
            <comment>reasoning effort</comment>
            <translation>high</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="200" />
            <source>Ask before every write or command</source>
            <translation>Ask before every write or command</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="201" />
            <source>Approve automatically</source>
            <translation>Approve automatically</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="202" />
            <source>Deny all writes and commands</source>
            <translation>Deny all writes and commands</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="283" />
            <source> characters/s</source>
            <translation> characters/s</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="284" />
            <source>instant</source>
            <translation>instant</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="291" />
            <source>characters/s</source>
            <translation>characters/s</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="296" />
            <source>How fast the offline demo streams its answers, so Stop (Esc) can be tried.</source>
            <translation>How fast the offline demo streams its answers, so Stop (Esc) can be tried.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="132" />
            <source>At least %1.</source>
            <translation>At least %1.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="134" />
            <source>At most %1.</source>
            <translation>At most %1.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="216" />
            <source>The only folder the tools may read and write</source>
            <translation>The only folder the tools may read and write</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="217" />
            <source>the folder the tools may read and write</source>
            <translation>the folder the tools may read and write</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="218" />
            <source>&amp;Browse…</source>
            <translation>&amp;Browse…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="219" />
            <source>Choose the workspace folder</source>
            <translation>Choose the workspace folder</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="246" />
            <source>Workspace folder</source>
            <translation>Workspace folder</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="263" />
            <source>System language (%1)</source>
            <translation>System language (%1)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="267" />
            <source>The language of the interface</source>
            <translation>The language of the interface</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="269" />
            <source>A new language applies when pi-desktop restarts.</source>
            <translation>A new language applies when pi-desktop restarts.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_fields.py" line="293" />
            <source>0 (instant)</source>
            <translation>0 (instant)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/settings.py" line="174" />
            <source>settings: %1 = %2 is not usable; default kept</source>
            <translation>settings: %1 = %2 is not usable; default kept</translation>
        </message>
        <message>
            <source>When the conversation grows past the message limit, older messages leave the
context. Summarized, their content stays known to the model (one summary call
every dozen turns or so); dropped, the model forgets them (no extra call).</source>
            <translation type="obsolete">When the conversation grows past the message limit, older messages leave the
context. Summarized, their content stays known to the model (one summary call
every dozen turns or so); dropped, the model forgets them (no extra call).</translation>
        </message>
        <message>
            <source>The provider's API key; it is kept in the system keyring, never shown</source>
            <translation type="obsolete">The provider's API key; it is kept in the system keyring, never shown</translation>
        </message>
    </context>
    <context>
        <name>Steering</name>
        <message>
            <source>Summarizing the branch you left…</source>
            <translation type="obsolete">Summarizing the branch you left…</translation>
        </message>
        <message>
            <source>Noted what the branch you left explored (a side node in the tree; it is sent as context while the conversation passes there — remove it from its menu).</source>
            <translation type="obsolete">Noted what the branch you left explored (a side node in the tree; it is sent as context while the conversation passes there — remove it from its menu).</translation>
        </message>
        <message>
            <source>Pinned the message.</source>
            <translation type="obsolete">Pinned the message.</translation>
        </message>
        <message>
            <source>Unpinned the message.</source>
            <translation type="obsolete">Unpinned the message.</translation>
        </message>
        <message>
            <source>Could not pin: %1</source>
            <translation type="obsolete">Could not pin: %1</translation>
        </message>
        <message>
            <source>Could not unpin: %1</source>
            <translation type="obsolete">Could not unpin: %1</translation>
        </message>
        <message>
            <source>The branch summary failed: %1</source>
            <translation type="obsolete">The branch summary failed: %1</translation>
        </message>
        <message>
            <source>Could not remove the branch summary: %1</source>
            <translation type="obsolete">Could not remove the branch summary: %1</translation>
        </message>
    </context>
    <context>
        <name>SummaryHistory</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="18" />
            <source>automatic (threshold reached)</source>
            <translation>automatic (threshold reached)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="19" />
            <source>manual (Compact now)</source>
            <translation>manual (Compact now)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="20" />
            <source>edited by you</source>
            <translation>edited by you</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="85" />
            <source>messages 1–%1 (the same as the summary it replaces)</source>
            <translation>messages 1–%1 (the same as the summary it replaces)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="141" />
            <source>no model call (your edit)</source>
            <translation>no model call (your edit)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="153" />
            <source>%1 tokens</source>
            <translation>%1 tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="155" />
            <source>usage not reported</source>
            <translation>usage not reported</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="74" />
            <source>no messages (only the system prompt)</source>
            <translation>no messages (only the system prompt)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="77" />
            <source>messages 1–%1; new in this summary: %2–%3 (%4)</source>
            <translation>messages 1–%1; new in this summary: %2–%3 (%4)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="145" />
            <source>prompt</source>
            <translation>prompt</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="146" />
            <source>completion</source>
            <translation>completion</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="159" />
            <source>in %1 calls</source>
            <translation>in %1 calls</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="164" />
            <source>(no price known)</source>
            <translation>(no price known)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="61" />
            <source>(extractive)</source>
            <translation>(extractive)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="67" />
            <source>in use</source>
            <translation>in use</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="55" />
            <source>automatic</source>
            <translation>automatic</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="56" />
            <source>manual</source>
            <translation>manual</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="57" />
            <source>edited</source>
            <translation>edited</translation>
        </message>
    </context>
    <context>
        <name>SummaryViewer</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="105" />
            <source>%1:</source>
            <translation>%1:</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="93" />
            <source>Kind</source>
            <translation>Kind</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="94" />
            <source>Tokens</source>
            <translation>Tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="95" />
            <source>Summarized</source>
            <translation>Summarized</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="96" />
            <source>Covered</source>
            <translation>Covered</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="97" />
            <source>Kept tail</source>
            <translation>Kept tail</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="98" />
            <source>Summary model</source>
            <translation>Summary model</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="99" />
            <source>Summary usage</source>
            <translation>Summary usage</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="100" />
            <source>When</source>
            <translation>When</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="101" />
            <source>Focus</source>
            <translation>Focus</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="102" />
            <source>Cost</source>
            <translation>Cost</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="103" />
            <source>Covers</source>
            <translation>Covers</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="110" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="119" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="180" />
            <source>not reported</source>
            <translation>not reported</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="168" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="178" />
            <source>%Ln message(s)</source>
            <translation>
                <numerusform>%Ln message</numerusform>
                <numerusform>%Ln messages</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="173" />
            <source>%Ln message(s) (system + history before the kept tail)</source>
            <translation>
                <numerusform>%Ln message (system + history before the kept tail)</numerusform>
                <numerusform>%Ln messages (system + history before the kept tail)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="198" />
            <source>none (written by you)</source>
            <translation>none (written by you)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="199" />
            <source>none (no model call)</source>
            <translation>none (no model call)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="113" />
            <source>prompt</source>
            <translation>prompt</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="114" />
            <source>completion</source>
            <translation>completion</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="153" />
            <source>%1 after</source>
            <translation>%1 after</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="155" />
            <source>not recorded</source>
            <translation>not recorded</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="187" />
            <source>extractive summary (built without a model)</source>
            <translation>extractive summary (built without a model)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="190" />
            <source>none: the model's summary failed (%1 was asked)</source>
            <translation>none: the model's summary failed (%1 was asked)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="192" />
            <source>none: the model's summary failed</source>
            <translation>none: the model's summary failed</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="197" />
            <source>the next request before → with the edit</source>
            <translation>the next request before → with the edit</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="227" />
            <source>Compaction summary</source>
            <translation>Compaction summary</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="235" />
            <source>Summary history</source>
            <translation>Summary history</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="237" />
            <source>Every summary of this branch, oldest first; arrows choose one.</source>
            <translation>Every summary of this branch, oldest first; arrows choose one.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="252" />
            <source>Select in tree</source>
            <translation>Select in tree</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="254" />
            <source>Select the messages this summary newly covered</source>
            <translation>Select the messages this summary newly covered</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="260" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="331" />
            <source>Summary</source>
            <translation>Summary</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="262" />
            <source>The summary the next requests carry, read-only.</source>
            <translation>The summary the next requests carry, read-only.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="283" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="332" />
            <source>Changes</source>
            <translation>Changes</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="285" />
            <source>The lines added (+) and removed (−) against the summary before.</source>
            <translation>The lines added (+) and removed (−) against the summary before.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="296" />
            <source>Edit the summary</source>
            <translation>Edit the summary</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="298" />
            <source>The summary in use; saving it makes a new compaction.</source>
            <translation>The summary in use; saving it makes a new compaction.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="300" />
            <source>Save edited summary</source>
            <translation>Save edited summary</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="302" />
            <source>Save the edit as a new compaction; the next request uses it</source>
            <translation>Save the edit as a new compaction; the next request uses it</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="327" />
            <source>Summary views</source>
            <translation>Summary views</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="329" />
            <source>The summary, its changes against the one before, and its editor.</source>
            <translation>The summary, its changes against the one before, and its editor.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="333" />
            <source>Edit</source>
            <translation>Edit</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="337" />
            <source>Copy summary</source>
            <translation>Copy summary</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="339" />
            <source>Copy the summary as the model receives it</source>
            <translation>Copy the summary as the model receives it</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="438" />
            <source>Read files (%1)</source>
            <translation>Read files (%1)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="440" />
            <source>Modified files (%1)</source>
            <translation>Modified files (%1)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="442" />
            <source>Read files</source>
            <translation>Read files</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="443" />
            <source>Modified files</source>
            <translation>Modified files</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="445" />
            <source>The files the summarized messages read.</source>
            <translation>The files the summarized messages read.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="448" />
            <source>The files the summarized messages changed.</source>
            <translation>The files the summarized messages changed.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="505" />
            <source>… %1 more lines</source>
            <translation>… %1 more lines</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="85" />
            <source>- (none reported)</source>
            <translation>- (none reported)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="195" />
            <source>repaired (the model's second answer)</source>
            <translation>repaired (the model's second answer)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="312" />
            <source>Your edit is saved as a new compaction (the original stays in the history); the next request sends it instead.</source>
            <translation>Your edit is saved as a new compaction (the original stays in the history); the next request sends it instead.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="457" />
            <source>Only the summary in use (the newest on this branch) can be edited.</source>
            <translation>Only the summary in use (the newest on this branch) can be edited.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="472" />
            <source>Too large to compare here; Copy summary copies the text.</source>
            <translation>Too large to compare here; Copy summary copies the text.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="481" />
            <source>The first summary on this branch: every line is new.</source>
            <translation>The first summary on this branch: every line is new.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="485" />
            <source>Against summary #%1: %2 added, %3 removed.</source>
            <translation>Against summary #%1: %2 added, %3 removed.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="538" />
            <source>(none)</source>
            <translation>(none)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="425" />
            <source>… %1 more characters; Copy summary copies all of it.</source>
            <translation>… %1 more characters; Copy summary copies all of it.</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="489" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="490" />
            <source>%Ln line(s)</source>
            <translation>
                <numerusform>%Ln line</numerusform>
                <numerusform>%Ln lines</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="434" />
            <source>The summary is empty.</source>
            <translation>The summary is empty.</translation>
        </message>
    </context>
    <context>
        <name>SystemPrompt</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="59" />
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="72" />
            <source>System prompt</source>
            <translation>System prompt</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="63" />
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="73" />
            <source>Every request of this session starts with these instructions. A change applies from your next message on; what was already sent stays as it was, and the tree marks the change.</source>
            <translation>Every request of this session starts with these instructions. A change applies from your next message on; what was already sent stays as it was, and the tree marks the change.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="70" />
            <source>No system prompt: the model gets only the conversation.</source>
            <translation>No system prompt: the model gets only the conversation.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="78" />
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="84" />
            <source>Saved prompts</source>
            <translation>Saved prompts</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="86" />
            <source>Choosing one puts its text in the box above.</source>
            <translation>Choosing one puts its text in the box above.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="91" />
            <source>Delete</source>
            <translation>Delete</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="93" />
            <source>Forget the chosen saved prompt (sessions keep their copy)</source>
            <translation>Forget the chosen saved prompt (sessions keep their copy)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="102" />
            <source>a name, e.g. Code reviewer</source>
            <translation>a name, e.g. Code reviewer</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="103" />
            <source>Name of the saved prompt</source>
            <translation>Name of the saved prompt</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="105" />
            <source>The name the text above is saved under.</source>
            <translation>The name the text above is saved under.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="108" />
            <source>Save the text above as</source>
            <translation>Save the text above as</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="110" />
            <source>Keep the text above as a saved prompt under the name beside</source>
            <translation>Keep the text above as a saved prompt under the name beside</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="117" />
            <source>New sessions start with the chosen saved prompt</source>
            <translation>New sessions start with the chosen saved prompt</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="121" />
            <source>Sessions created from now on start with the prompt chosen above</source>
            <translation>Sessions created from now on start with the prompt chosen above</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="197" />
            <source>Loaded “%1”. OK uses it for this session.</source>
            <translation>Loaded “%1”. OK uses it for this session.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="215" />
            <source>Saved as “%1”.</source>
            <translation>Saved as “%1”.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="227" />
            <source>Deleted “%1”.</source>
            <translation>Deleted “%1”.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="135" />
            <source>Use for this session</source>
            <translation>Use for this session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="135" />
            <source>OK</source>
            <translation>OK</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="167" />
            <source>%1  (default)</source>
            <translation>%1  (default)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="202" />
            <source>Give the prompt a name first.</source>
            <translation>Give the prompt a name first.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="206" />
            <source>An empty prompt is not worth saving.</source>
            <translation>An empty prompt is not worth saving.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="240" />
            <source>New sessions start with “%1”.</source>
            <translation>New sessions start with “%1”.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="242" />
            <source>New sessions use the built-in prompt.</source>
            <translation>New sessions use the built-in prompt.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="211" />
            <source>Not saved: %1</source>
            <translation>Not saved: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="224" />
            <source>Not deleted: %1</source>
            <translation>Not deleted: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="236" />
            <source>Not changed: %1</source>
            <translation>Not changed: %1</translation>
        </message>
    </context>
    <context>
        <name>Thinking</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="40" />
            <source>%1 min %2 s</source>
            <translation>%1 min %2 s</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="45" />
            <source>%Ln character(s)</source>
            <translation>
                <numerusform>%Ln character</numerusform>
                <numerusform>%Ln characters</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="51" />
            <source>Thinking · %1</source>
            <translation>Thinking · %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="39" />
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="50" />
            <source>Thought for %1 · %2</source>
            <translation>Thought for %1 · %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="48" />
            <source>Thinking… · %1</source>
            <translation>Thinking… · %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="79" />
            <source>The model's reasoning before it answered (click to read it)</source>
            <translation>The model's reasoning before it answered (click to read it)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="85" />
            <source>Copy</source>
            <translation>Copy</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="86" />
            <source>Copy the whole reasoning to the clipboard</source>
            <translation>Copy the whole reasoning to the clipboard</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="202" />
            <source>Copied</source>
            <translation>Copied</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/thinking.py" line="193" />
            <source>… (%1 more characters; Copy copies all of it)</source>
            <translation>… (%1 more characters; Copy copies all of it)</translation>
        </message>
    </context>
    <context>
        <name>Tree</name>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/layout.py" line="273" />
            <source>branch · %Ln message(s) — %1</source>
            <translation>
                <numerusform>branch · %Ln message — %1</numerusform>
                <numerusform>branch · %Ln messages — %1</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/painter.py" line="36" />
            <source>▲ compaction floor</source>
            <translation>▲ compaction floor</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/painter.py" line="109" />
            <source>No messages yet</source>
            <translation>No messages yet</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="84" />
            <source>Navigation paused while the agent is running or compacting.</source>
            <translation>Navigation paused while the agent is running or compacting.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="285" />
            <source>%1 on path</source>
            <translation>%1 on path</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/panel.py" line="285" />
            <source>%Ln node(s)</source>
            <translation>
                <numerusform>%Ln node</numerusform>
                <numerusform>%Ln nodes</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="277" />
            <source>Drawing the tree of %1 entries…</source>
            <translation>Drawing the tree of %1 entries…</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/panel.py" line="287" />
            <source>%Ln compaction(s)</source>
            <translation>
                <numerusform>%Ln compaction</numerusform>
                <numerusform>%Ln compactions</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="290" />
            <source>%1 not in view</source>
            <translation>%1 not in view</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="291" />
            <source>Empty session</source>
            <translation>Empty session</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="311" />
            <source>user</source>
            <translation>user</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="312" />
            <source>assistant</source>
            <translation>assistant</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="313" />
            <source>tool</source>
            <translation>tool</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="314" />
            <source>system</source>
            <translation>system</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="315" />
            <source>system prompt</source>
            <translation>system prompt</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="316" />
            <source>compaction</source>
            <translation>compaction</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="317" />
            <source>branch summary</source>
            <translation>branch summary</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="90" />
            <source>thought %1 characters</source>
            <translation>thought %1 characters</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="92" />
            <source>(empty)</source>
            <translation>(empty)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="346" />
            <source>(manual)</source>
            <translation>(manual)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="352" />
            <source>%1 summarizer calls</source>
            <translation>%1 summarizer calls</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="391" />
            <source>explored on another branch · %Ln message(s)</source>
            <translation>
                <numerusform>explored on another branch · %Ln message</numerusform>
                <numerusform>explored on another branch · %Ln messages</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="497" />
            <source>pinned: stays verbatim in every view</source>
            <translation>pinned: stays verbatim in every view</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="500" />
            <source>Thinking (%1 characters): %2</source>
            <translation>Thinking (%1 characters): %2</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="410" />
            <source>system prompt: %1</source>
            <translation>system prompt: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="410" />
            <source>system prompt removed</source>
            <translation>system prompt removed</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="511" />
            <source>Results:</source>
            <translation>Results:</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="514" />
            <source>No result yet.</source>
            <translation>No result yet.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="495" />
            <source>(stopped)</source>
            <translation>(stopped)</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="367" />
            <source>summary edited · %Ln message(s)</source>
            <translation>
                <numerusform>summary edited · %Ln message</numerusform>
                <numerusform>summary edited · %Ln messages</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="369" />
            <source>compacted (extractive) %Ln message(s)</source>
            <translation>
                <numerusform>compacted (extractive) %Ln message</numerusform>
                <numerusform>compacted (extractive) %Ln messages</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="371" />
            <source>compacted %Ln message(s)</source>
            <translation>
                <numerusform>compacted %Ln message</numerusform>
                <numerusform>compacted %Ln messages</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="68" />
            <source>Session tree</source>
            <translation>Session tree</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="70" />
            <source>The messages of this session as a tree. Arrows move, Enter rewinds to a message or opens a summary, the Menu key shows its actions.</source>
            <translation>The messages of this session as a tree. Arrows move, Enter rewinds to a message or opens a summary, the Menu key shows its actions.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="425" />
            <source>Copy text</source>
            <translation>Copy text</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="386" />
            <source>Expand branch</source>
            <translation>Expand branch</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="391" />
            <source>Remove branch summary</source>
            <translation>Remove branch summary</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="427" />
            <source>Collapse branch</source>
            <translation>Collapse branch</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/view.py" line="519" />
            <source>Collapsed branch of %Ln message(s).</source>
            <translation>
                <numerusform>Collapsed branch of %Ln message.</numerusform>
                <numerusform>Collapsed branch of %Ln messages.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="526" />
            <source>The system prompt changed here; later requests carry it.</source>
            <translation>The system prompt changed here; later requests carry it.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="542" />
            <source>Not sent to the model verbatim (summarized or snipped).</source>
            <translation>Not sent to the model verbatim (summarized or snipped).</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="544" />
            <source>Navigation is paused while the agent is busy.</source>
            <translation>Navigation is paused while the agent is busy.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="520" />
            <source>Click to expand.</source>
            <translation>Click to expand.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="528" />
            <source>Double-click to view the summary.</source>
            <translation>Double-click to view the summary.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="398" />
            <source>View summary</source>
            <translation>View summary</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="401" />
            <source>Rewind here</source>
            <translation>Rewind here</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="415" />
            <source>Fork to new session from here</source>
            <translation>Fork to new session from here</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="531" />
            <source>Sealed: below the compaction floor. Rewinding here is not possible; fork to a new session to continue from this point.</source>
            <translation>Sealed: below the compaction floor. Rewinding here is not possible; fork to a new session to continue from this point.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="404" />
            <source>Rewind here (sealed by compaction)</source>
            <translation>Rewind here (sealed by compaction)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="408" />
            <source>Edit and resend…</source>
            <translation>Edit and resend…</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="420" />
            <source>Unpin message</source>
            <translation>Unpin message</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="422" />
            <source>Pin message (keep verbatim)</source>
            <translation>Pin message (keep verbatim)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="538" />
            <source>Current position.</source>
            <translation>Current position.</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="411" />
            <source>Edit and resend (sealed by compaction)</source>
            <translation>Edit and resend (sealed by compaction)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="540" />
            <source>Click to rewind here.</source>
            <translation>Click to rewind here.</translation>
        </message>
        <message>
            <source>(edited)</source>
            <translation type="obsolete">(edited)</translation>
        </message>
        <message>
            <source>Double-click (or Enter) to view the summary.</source>
            <translation type="obsolete">Double-click (or Enter) to view the summary.</translation>
        </message>
        <message>
            <source>Click (or Enter) to rewind here.</source>
            <translation type="obsolete">Click (or Enter) to rewind here.</translation>
        </message>
        <message numerus="yes">
            <source>branch · %n message(s) — %1</source>
            <translation type="obsolete">
                <numerusform>branch · %n message — %1</numerusform>
                <numerusform>branch · %n messages — %1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n node(s)</source>
            <translation type="obsolete">
                <numerusform>%n node</numerusform>
                <numerusform>%n nodes</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n compaction(s)</source>
            <translation type="obsolete">
                <numerusform>%n compaction</numerusform>
                <numerusform>%n compactions</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>explored on another branch · %n message(s)</source>
            <translation type="obsolete">
                <numerusform>explored on another branch · %n message</numerusform>
                <numerusform>explored on another branch · %n messages</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>compacted %n message(s)</source>
            <translation type="obsolete">
                <numerusform>compacted %n message</numerusform>
                <numerusform>compacted %n messages</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Usage</name>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="194" />
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="138" />
            <source>%1 in</source>
            <translation>%1 in</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="198" />
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="139" />
            <source>%1 out</source>
            <translation>%1 out</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="207" />
            <source>This session's token usage, as the providers counted it (every branch)</source>
            <translation>This session's token usage, as the providers counted it (every branch)</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="208" />
            <source>Chat: %Ln answer(s)</source>
            <translation>
                <numerusform>Chat: %Ln answer</numerusform>
                <numerusform>Chat: %Ln answers</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="196" />
            <source>%1 cached</source>
            <translation>%1 cached</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="211" />
            <source>prompts %1 tokens, answers %2 tokens</source>
            <translation>prompts %1 tokens, answers %2 tokens</translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="228" />
            <source>Summaries: %Ln summarizer call(s)</source>
            <translation>
                <numerusform>Summaries: %Ln summarizer call</numerusform>
                <numerusform>Summaries: %Ln summarizer calls</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="239" />
            <source>Cost at your prices: %1</source>
            <translation>Cost at your prices: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="144" />
            <source>%1 to first token</source>
            <translation>%1 to first token</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="147" />
            <source>%1 tokens/s</source>
            <translation>%1 tokens/s</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="157" />
            <source>Model: %1</source>
            <translation>Model: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="159" />
            <source>Prompt: %1 tokens</source>
            <translation>Prompt: %1 tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="167" />
            <source>Answer: %1 tokens</source>
            <translation>Answer: %1 tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="171" />
            <source>The provider reported no token usage</source>
            <translation>The provider reported no token usage</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="175" />
            <source>Time to first token: %1 s</source>
            <translation>Time to first token: %1 s</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="179" />
            <source>Whole response: %1 s</source>
            <translation>Whole response: %1 s</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="183" />
            <source>Speed: %1 tokens/s</source>
            <translation>Speed: %1 tokens/s</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="185" />
            <source>Cost at your price: %1</source>
            <translation>Cost at your price: %1</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="214" />
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="169" />
            <source>of which thinking: %1 tokens</source>
            <translation>of which thinking: %1 tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="218" />
            <source>cache hits: %1 prompt tokens (%2 of the prompts whose provider said)</source>
            <translation>cache hits: %1 prompt tokens (%2 of the prompts whose provider said)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="226" />
            <source>cache hits: the provider did not say</source>
            <translation>cache hits: the provider did not say</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="231" />
            <source>prompts %1 tokens, summaries %2 tokens</source>
            <translation>prompts %1 tokens, summaries %2 tokens</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="134" />
            <source>(%1 cached)</source>
            <translation>(%1 cached)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="141" />
            <source>(%1 thinking)</source>
            <translation>(%1 thinking)</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="166" />
            <source>Cache: the provider did not say</source>
            <translation>Cache: the provider did not say</translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/chat/usage_text.py" line="163" />
            <source>Served from the provider's cache: %1 tokens</source>
            <translation>Served from the provider's cache: %1 tokens</translation>
        </message>
    </context>
    <context>
        <name>Wiring</name>
        <message>
            <source>You are a helpful assistant in pi-desktop. You can use the workspace tools to read, search and (with the user's approval) change files. Be concise and precise.</source>
            <translation type="obsolete">You are a helpful assistant in pi-desktop. You can use the workspace tools to read, search and (with the user's approval) change files. Be concise and precise.</translation>
        </message>
        <message>
            <source>Offline provider: a deterministic demo model, no network. Choose a real model in Settings (Ctrl+,).</source>
            <translation type="obsolete">Offline provider: a deterministic demo model, no network. Choose a real model in Settings (Ctrl+,).</translation>
        </message>
        <message>
            <source>Offline provider (no network)</source>
            <translation type="obsolete">Offline provider (no network)</translation>
        </message>
        <message>
            <source>Offline demo (no network)</source>
            <translation type="obsolete">Offline demo (no network)</translation>
        </message>
        <message>
            <source>Qwen (DashScope, compatible mode)</source>
            <translation type="obsolete">Qwen (DashScope, compatible mode)</translation>
        </message>
        <message>
            <source>Custom OpenAI-compatible server</source>
            <translation type="obsolete">Custom OpenAI-compatible server</translation>
        </message>
        <message>
            <source>%1 — using the offline provider until then.</source>
            <translation type="obsolete">%1 — using the offline provider until then.</translation>
        </message>
    </context>
</TS>
