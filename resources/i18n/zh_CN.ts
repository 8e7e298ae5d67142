<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
    <context>
        <name>Approval</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="138" />
            <source>⚠ This request contains characters that are invisible or reorder the text around them (%1). They are shown as ⟦U+…⟧ and marked; what runs is exactly what is shown. Commands rarely need them: deny unless you expected this.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="61" />
            <source>Allow %1?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="68" />
            <source>&lt;b&gt;%1&lt;/b&gt; wants to: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="81" />
            <source>Details of the request</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="83" />
            <source>What the tool would do, exactly as it would run, read-only.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="95" />
            <source>Allow %1 for the rest of this session</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="100" />
            <source>Allow</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="103" />
            <source>Deny</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="107" />
            <source>Deny all until the answer ends</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/approval.py" line="111" />
            <source>Deny this and every other change the model asks for until the current answer is finished; the model is told each one was denied.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Breakdown</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="71" />
            <source>%1 %</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="117" />
            <source>%Ln message(s) in the view</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="54" />
            <source>System prompt</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="55" />
            <source>Tool schemas</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="56" />
            <source>Summary</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="57" />
            <source>Pinned messages</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="58" />
            <source>Conversation messages</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="59" />
            <source>Reasoning (sent back with tool calls)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="60" />
            <source>Tool results (verbatim)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="61" />
            <source>Tool results (placeholdered)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="62" />
            <source>Tool results (offloaded markers)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="63" />
            <source>Framing (list brackets, separators, snip marker)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="77" />
            <source>Total: %1 tokens — the figure on the budget bar.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="118" />
            <source>nothing left out</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="97" />
            <source>%1 tokens from here</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="99" />
            <source>reached: the next request summarizes first</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="101" />
            <source>Compaction threshold: %1 tokens (%2).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="104" />
            <source>No budget: context management is off and the whole history is sent.</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="108" />
            <source>%Ln message(s) summarized</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="110" />
            <source>%Ln message(s) snipped</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="113" />
            <source>%Ln tool result(s) placeholdered</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="116" />
            <source>%Ln tool result(s) offloaded to files</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="189" />
            <source>Context breakdown</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="201" />
            <source>Where the next request's tokens go</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="203" />
            <source>One row per part of the request: its tokens and share of the budget.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="216" />
            <source>Refresh</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="217" />
            <source>Count the next request again</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="82" />
            <source>Free: %1 of %2 tokens (%3).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="92" />
            <source>Over the budget of %1 tokens by %2.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="195" />
            <source>Category</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="196" />
            <source>Tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="197" />
            <source>Share of budget</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="198" />
            <source>Messages</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="223" />
            <source>Where the next request's tokens go:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="251" />
            <source>Total (the bar's estimate)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="254" />
            <source>Free</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/breakdown_dialog.py" line="255" />
            <source>Compaction threshold</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>BudgetBar</name>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="62" />
            <source>%1 / %2 tokens (%3 %)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="99" />
            <source>Older turns are summarized when it passes %1 % (%2 tokens).</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/budget/bar.py" line="129" />
            <source>%Ln summary(ies) so far</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="136" />
            <source>%1 % of the context used · %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="60" />
            <source>%1 tokens · no limit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="93" />
            <source>Past %1 % (%2 tokens): older turns will be summarized before your next message.</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/budget/bar.py" line="109" />
            <source>view %1 of %Ln message(s)</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="128" />
            <source>no summary yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="135" />
            <source>%1 tokens in the context · no limit set</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="369" />
            <source>%1 on this branch</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="383" />
            <source>Click for the breakdown of where the tokens go.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="384" />
            <source>Details</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="111" />
            <source>%1 offloaded to disk</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="113" />
            <source>%1 snipped</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="115" />
            <source>%1 placeholdered</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="117" />
            <source>summarized now</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="121" />
            <source>summary failed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="177" />
            <source>Token budget</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="119" />
            <source>summary cache used</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="313" />
            <source>Context management is off: everything is sent every time.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="317" />
            <source>Offline provider: the counts are this app's own estimates.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="321" />
            <source>Includes about %1 tokens of the answer being written.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="328" />
            <source>Estimate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="328" />
            <source>%1 tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="357" />
            <source>Tokens per character</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="363" />
            <source>Last request</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="372" />
            <source>(last %1 → %2)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="373" />
            <source>Compactions</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="389" />
            <source>Enter opens the breakdown of where the tokens go.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="476" />
            <location filename="../../pi_desktop/ui/budget/bar.py" line="377" />
            <source>offline</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="336" />
            <location filename="../../pi_desktop/ui/budget/bar.py" line="353" />
            <source>Budget</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="337" />
            <source>%1 tokens (%2 % used)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="347" />
            <source>Compaction at</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="348" />
            <source>%1 % = %2 tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="353" />
            <source>none — context management is off</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="358" />
            <source>not yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="364" />
            <source>%1 tokens by the provider's count</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="375" />
            <source>Layers</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/budget/bar.py" line="377" />
            <source>Provider</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Connection</name>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="176" />
            <source>%Ln model(s) on the server: type to search, or pick one.</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="93" />
            <source>Fetch models</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="95" />
            <source>Ask the server which models it offers (GET /models)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="98" />
            <source>Test connection</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="100" />
            <source>Send one tiny request with these settings and say how it went</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="158" />
            <source>Asking the server for its models…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="173" />
            <source>The server lists no models; type the name instead.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="199" />
            <source>Testing the connection…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="211" />
            <source>Connected.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="211" />
            <source>The test failed.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="251" />
            <source>What you pay per million tokens for this model, in dollars. Leave 0 for no
price: the app shows money only for models you entered a price for.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="267" />
            <source>Dollars per million input tokens (—: no price)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="268" />
            <source>Dollars per million cached input tokens (—: no price; the input price applies)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="272" />
            <source>Dollars per million output tokens (—: no price)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="276" />
            <source>Price per million input tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="277" />
            <source>Price per million cached input tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="278" />
            <source>Price per million output tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="168" />
            <source>Could not fetch the models: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="240" />
            <source>in</source>
            <comment>input tokens</comment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="241" />
            <source>cached</source>
            <comment>cached input tokens</comment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="242" />
            <source>out</source>
            <comment>output tokens</comment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/connection_tools.py" line="209" />
            <source>The test failed: %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Export</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="29" />
            <source>Markdown</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="30" />
            <source>HTML page</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="31" />
            <source>Raw JSONL</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="38" />
            <source>Markdown (*.md)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="39" />
            <source>HTML page (*.html)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="40" />
            <source>Session lines (*.jsonl)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="100" />
            <source>Export the current branch as %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/export_dialog.py" line="119" />
            <source>Export failed: %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>FileViewer</name>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="62" />
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="59" />
            <source>%Ln byte(s)</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="113" />
            <source>Open containing folder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="115" />
            <source>Copy path</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="116" />
            <source>Copy the file's path to the clipboard</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="121" />
            <source>Wrap lines</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="138" />
            <source>Find (Enter: next, Shift+Enter: previous)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="140" />
            <source>Find</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="142" />
            <source>Text to find; Enter goes to the next match, Shift+Enter back.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="151" />
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="152" />
            <source>Previous match</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="156" />
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="157" />
            <source>Next match</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="267" />
            <source>%1 — showing the first %2 characters (%3)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="275" />
            <source>%1 characters · %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="317" />
            <source>loading %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="99" />
            <source>Tool result — %1</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="278" />
            <source>%Ln line(s)</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="293" />
            <source>The tool capped its output: this file holds %1 it read (its last line says where to go on).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="393" />
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="147" />
            <source>no match</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="225" />
            <source>Cannot open %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/file_viewer.py" line="303" />
            <source>The tool read part of a file: this holds its lines %1-%2 of %3 (the last line says where to go on).</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Labels</name>
        <message>
            <location filename="../../pi_desktop/ui/i18n.py" line="208" />
            <source>%1 of %2 characters</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/i18n.py" line="207" />
            <source>the first %1 of %2 characters</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="102" />
            <source>Offline (no network)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="137" />
            <source>Message — Enter sends, Shift+Enter for a new line</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="139" />
            <source>Message</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="141" />
            <source>Your next message. Enter sends it, Shift+Enter starts a new line.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="144" />
            <location filename="../../pi_desktop/ui/main_window.py" line="217" />
            <location filename="../../pi_desktop/ui/window_run.py" line="22" />
            <source>Send</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="146" />
            <source>Sends the message, or stops the answer while one is written.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="184" />
            <source>&lt;b&gt;● Offline&lt;/b&gt; — demo model, no network</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="206" />
            <source>&amp;New session</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="208" />
            <source>&amp;Open session…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="211" />
            <source>&amp;Settings…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="213" />
            <source>&amp;Quit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="215" />
            <source>&amp;Compact now…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="218" />
            <location filename="../../pi_desktop/ui/window_run.py" line="22" />
            <source>Stop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="220" />
            <source>&amp;Pin / unpin message</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="222" />
            <source>&amp;File</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="225" />
            <source>&amp;Export current branch</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="238" />
            <source>&amp;View</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="241" />
            <source>&amp;Conversation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="245" />
            <source>&amp;Fidelity probe…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="477" />
            <source>%1 — pi-desktop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="487" />
            <source>%1 · workspace %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="228" />
            <source>%1…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="476" />
            <source>New session</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="550" />
            <source>Stopping…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="247" />
            <source>&amp;Tools</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="271" />
            <source>Provider busy (%1); retry %2 in %3 s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="493" />
            <source>Workspace: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="539" />
            <source>Your message is still in the box.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="575" />
            <source>Stopping the run before closing…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="391" />
            <source>Some lines of this session file could not be read and were skipped:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="401" />
            <source>Some saved settings could not be used; the defaults apply:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/main_window.py" line="536" />
            <source>This session is open read-only.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_dialogs.py" line="68" />
            <source>Edited summary saved; the next request uses it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_dialogs.py" line="56" />
            <source>Wait for the answer to finish, then save the edit.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_dialogs.py" line="146" />
            <source>Tools</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_dialogs.py" line="181" />
            <source>Settings saved; they apply when this answer ends.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_dialogs.py" line="187" />
            <source>The API key was not saved: %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_dialogs.py" line="62" />
            <source>Not saved: %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_dialogs.py" line="94" />
            <source>Exported to %1</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/window_run.py" line="102" />
            <source>Compacted %Ln message(s): %1 → %2 tokens</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_run.py" line="45" />
            <source>Sent. The answer is being written.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_run.py" line="87" />
            <source>Compacting the conversation…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_run.py" line="89" />
            <source>Context is full: summarizing…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_run.py" line="129" />
            <source>%1 Your message was not sent and is still in the input box.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_run.py" line="138" />
            <source>The answer failed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_run.py" line="24" />
            <source>Stop the answer (Esc)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_run.py" line="24" />
            <source>Send (Enter)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_run.py" line="120" />
            <source>The answer was stopped.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_run.py" line="122" />
            <source>The answer is complete.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_run.py" line="58" />
            <source>Answer: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_tree.py" line="56" />
            <source>%1 (fork)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_tree.py" line="41" />
            <source>Can't go back there in this session: that message lies below the compaction floor, and its history was summarized — continuing from it would leave a gap the summary does not cover. Fork a new session from that point instead.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_tree.py" line="49" />
            <source>Fork to new session from here</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_tree.py" line="59" />
            <source>Opened the fork in a new session.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_tree.py" line="64" />
            <source>Dismiss</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_tree.py" line="56" />
            <source>Session</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_usage.py" line="118" />
            <source>System prompt changed; your next message uses it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_usage.py" line="68" />
            <source>Session: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_usage.py" line="95" />
            <source>Wait for the answer to finish to change the prompt.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/window_usage.py" line="113" />
            <source>The system prompt was not changed: %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>McpApproval</name>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="77" />
            <source>Servers describe their own tools; this is not verified.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="44" />
            <source>Allow an MCP tool?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="51" />
            <source>The MCP server &lt;b&gt;%1&lt;/b&gt; wants to run its tool &lt;b&gt;%2&lt;/b&gt;%3.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="73" />
            <source>The server says this tool is: %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="75" />
            <source>The server says nothing about what this tool changes.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="81" />
            <source>&amp;Arguments:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="85" />
            <source>Arguments</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="87" />
            <source>The arguments the model gave the tool, read-only.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="94" />
            <source>⚠ The call contains characters that show as nothing or reorder the text around them, written out as ⟦U+…⟧: %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="112" />
            <source>Allow &amp;once</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="114" />
            <source>Allow this tool for this &amp;session</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="116" />
            <source>&amp;Always allow this tool</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="120" />
            <source>&amp;Deny</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_approval.py" line="123" />
            <source>Deny a&amp;ll until this answer ends</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>McpPage</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="44" />
            <source>● connected</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="45" />
            <source>◌ starting…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="46" />
            <source>✕ failed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="47" />
            <source>○ not started</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="48" />
            <source>off</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="66" />
            <source>Add MCP servers from JSON</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="69" />
            <source>Paste a {"mcpServers": …} block, as the server's README shows it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="75" />
            <source>MCP servers JSON</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="77" />
            <source>A {"mcpServers": …} block to add to the servers.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="115" />
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="118" />
            <source>Output of %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="120" />
            <source>What the server wrote to its error output, read-only.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="142" />
            <source>MCP servers add tools from other programs. Each tool asks before it runs, whatever the workspace approval setting, until you allow it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="162" />
            <source>&amp;Start servers</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="163" />
            <source>When the MCP servers are started.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="165" />
            <source>Don't ask for tools the server marks read-only</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="168" />
            <source>The server declares this itself; pi-desktop cannot check it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="180" />
            <source>MCP servers and their tools</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="182" />
            <source>Space switches a server on or off; a tool's third column always allows it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="200" />
            <source>&amp;Import file…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="201" />
            <source>&amp;Paste JSON…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="202" />
            <source>Re&amp;start</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="203" />
            <source>Show &amp;output</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="204" />
            <source>&amp;Remove</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="206" />
            <source>Add the servers of a Claude Desktop config file</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="208" />
            <source>Add servers from a pasted JSON block</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="209" />
            <source>Stop and start the selected server</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="210" />
            <source>What the selected server wrote to its output</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="211" />
            <source>Remove the selected server from the list</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="311" />
            <source>Failed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="373" />
            <source>Import MCP servers</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="375" />
            <source>JSON (*.json);;All files (*)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="104" />
            <source>Not added: the block lists no servers.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="117" />
            <source>(nothing yet)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="178" />
            <source>Server / tool</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="178" />
            <source>State</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="178" />
            <source>Always allow</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="278" />
            <source>This run uses %1 (--mcp-config): changes here last until the app closes and are not saved.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="287" />
            <source>No MCP servers yet: import a config file or paste JSON.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="328" />
            <source>%1 of its tools are not offered: the model takes at most %2 tools in all (switch other servers off to make room).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="100" />
            <source>Not added: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="245" />
            <source>Switch the server on or off</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="314" />
            <source>%Ln tool(s) offered to the model.</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="385" />
            <source>Not imported: %1</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/mcp_page.py" line="317" />
            <source>%Ln tool(s) known from its last run; it starts at the first call.</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
    </context>
    <context>
        <name>McpRuntime</name>
        <message>
            <location filename="../../pi_desktop/ui/mcp_runtime.py" line="46" />
            <source>When the app starts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/mcp_runtime.py" line="47" />
            <source>At the first call of one of its tools</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Probe</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="47" />
            <source>Fidelity probe</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="49" />
            <source>Running the scripted conversation…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="53" />
            <source>Close</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="80" />
            <source>What survived compaction, per probe kind (exact match for codewords and paths, keyword overlap for the rest):</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/probe_viewer.py" line="76" />
            <source>The probe failed: %1: %2</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Sessions</name>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="65" />
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="75" />
            <source>Sessions</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="77" />
            <source>The saved sessions, newest first. Enter opens the selected one.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="90" />
            <source>New session</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="91" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="366" />
            <source>Open</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="92" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="368" />
            <source>Rename</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="93" />
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="160" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="371" />
            <source>Delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="94" />
            <source>Close</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="73" />
            <source>Title</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="73" />
            <source>Updated</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="73" />
            <source>Messages</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="134" />
            <source>The session index had %Ln invalid entry(ies); those sessions were read again from their files.</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="203" />
            <source>This session is open in the window; open another one first.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="208" />
            <source>Click again to delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="209" />
            <source>Deleted sessions go to the trash (kept 30 days).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="187" />
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="235" />
            <source>Could not rename: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/dialog.py" line="214" />
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="343" />
            <source>Could not delete: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="52" />
            <source>Cannot open %1: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="26" />
            <source>Cannot open %1: you have no permission to read it. Check the file's permissions (or its folder's) and try again.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="33" />
            <source>Cannot open %1: the file is gone (moved or deleted since it was listed).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="39" />
            <source>Cannot open %1: it is a folder, not a session file.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="41" />
            <source>Cannot open %1: %2.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="43" />
            <source>Cannot open %1: its name or content is not valid text.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/open_errors.py" line="45" />
            <source>Cannot open %1 from the library: its name is not one pi-desktop gives sessions (letters, digits, - and _ only). Open it with File → Open session, or rename the file.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/reveal.py" line="51" />
            <source>Showing the message that matched “%1”.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/reveal.py" line="53" />
            <source>Showing the message.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="417" />
            <source>Filter sessions</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="419" />
            <source>Search sessions</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="421" />
            <source>Search titles and the text of every message (↓ moves into the list, Enter opens)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="426" />
            <source>New</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="427" />
            <source>Start a new session (Ctrl+N)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="440" />
            <source>Undo</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="441" />
            <source>Bring the deleted session back</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="448" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="569" />
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="120" />
            <source>Trash</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="451" />
            <source>Deleted sessions: restore them within 30 days</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="153" />
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="295" />
            <source>%Ln message(s)</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="293" />
            <source>answering…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="569" />
            <source>Trash (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="591" />
            <source>No session matches “%1” yet: the search is still reading the sessions.</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="158" />
            <source>%Ln matching message(s) · Enter opens the newest</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="598" />
            <source>No session matches “%1”.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="601" />
            <source>The search is still reading the sessions: more may match.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar.py" line="605" />
            <source>Found in many messages: the newest are shown. Add a word.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="81" />
            <source>Sessions &amp;sidebar</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="88" />
            <source>&amp;Rename session</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="188" />
            <source>this session</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="190" />
            <source>An answer is streaming in “%1”. Stop it (Esc) before switching sessions.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="197" />
            <source>Stop the answer (Esc) before switching.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="259" />
            <source>Deleted “%1”.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="336" />
            <source>Restored “%1”.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="217" />
            <source>Message search is unavailable (titles still match): %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="295" />
            <source>“%1” was not deleted: %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="308" />
            <source>The trash could not be cleaned up: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="327" />
            <source>Could not restore: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/sidebar_controller.py" line="350" />
            <source>Could not empty the trash: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="54" />
            <source>deleted %1 · %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="51" />
            <source>less than a day left</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="53" />
            <source>%Ln day(s) left</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="117" />
            <source>← Sessions</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="119" />
            <source>Back to the sessions (Esc)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="130" />
            <source>Deleted sessions stay here for 30 days.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="132" />
            <source>The trash is empty.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="134" />
            <source>Restore</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="135" />
            <source>Delete forever</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="136" />
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="217" />
            <source>Empty trash</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="137" />
            <source>Put the selected session back in the list</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="138" />
            <source>Delete the selected session for good</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="139" />
            <source>Delete every session in the trash for good</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="99" />
            <source>Restore it, or it is removed on %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/sessions/trash_view.py" line="209" />
            <source>Click again to delete %1 for good</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Settings</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="85" />
            <source>Given with --workspace for this run. Change it here to use another folder.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="89" />
            <source>This session's folder (none is set in Settings).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="90" />
            <source>The folder the app was started in (none is set). Choose one to keep it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="150" />
            <source>%1 – %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="180" />
            <source>system keyring (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="182" />
            <source>local file readable only by you: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="192" />
            <source>Summarize them before they leave the context (recommended)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="193" />
            <source>Drop them without a summary (no extra calls; the model forgets them)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="201" />
            <source>As the provider does</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="202" />
            <source>On</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="203" />
            <source>Off</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="209" />
            <source>default</source>
            <comment>reasoning effort</comment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="210" />
            <source>low</source>
            <comment>reasoning effort</comment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="211" />
            <source>medium</source>
            <comment>reasoning effort</comment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="212" />
            <source>high</source>
            <comment>reasoning effort</comment>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="218" />
            <source>Ask before every write or command</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="219" />
            <source>Approve automatically</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="220" />
            <source>Deny all writes and commands</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="155" />
            <source>Enter a number: %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="159" />
            <source>At least %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="161" />
            <source>At most %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="245" />
            <source>Settings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="260" />
            <source>Provider</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="263" />
            <source>Model</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="265" />
            <source>Base URL</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="273" />
            <source>&amp;Forget stored key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="274" />
            <source>Remove the key stored for this provider</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="278" />
            <source>API key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="297" />
            <source>Price per 1M tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="307" />
            <source>Thinking models reason before they answer (shown in a Thinking block). Off: faster
and cheaper answers on providers that can switch it (DeepSeek, Qwen, OpenRouter).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="320" />
            <source>How long the model may think, where the provider takes it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="324" />
            <source>&amp;effort</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="329" />
            <source>Thinking</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="336" />
            <source>same as the chat model</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="337" />
            <source>Summarizer model</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="342" />
            <source> tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="350" />
            <source>tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="353" />
            <source>Context budget</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="364" />
            <source>of the budget</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="367" />
            <source>Compact at</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="372" />
            <source>automatic (a quarter of the budget)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="379" />
            <source>tokens (half the budget)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="383" />
            <source>Keep recent</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="387" />
            <source> characters/s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="388" />
            <source>instant</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="395" />
            <source>characters/s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="400" />
            <source>How fast the offline demo streams its answers, so Stop (Esc) can be tried.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="405" />
            <source>Offline demo speed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="410" />
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="426" />
            <source> s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="414" />
            <source>The longest a whole response may take.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="419" />
            <source>s</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="422" />
            <source>Response deadline</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="431" />
            <source>A stream with no new text for this long is retried (keep-alives do not count).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="443" />
            <source>s (at most the response deadline)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="446" />
            <source>Stall timeout</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="454" />
            <source>When the conversation grows past the message limit, older messages leave the
context. Summarized, their content stays known to the model (one summary call
every dozen turns or so); dropped, the model forgets them (no extra call).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="461" />
            <source>Older messages</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="462" />
            <source>Summarize a branch I leave by rewinding</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="464" />
            <source>On: going back leaves a short note of what the abandoned branch did, sent as
context while the conversation passes that point (one summarizer call).
Remove a note from the tree's context menu.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="479" />
            <source>the folder the tools may read and write</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="480" />
            <source>&amp;Browse…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="481" />
            <source>Choose the workspace folder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="485" />
            <source>Workspace</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="496" />
            <source>Show web images in messages (fetched from their site)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="499" />
            <source>Off: images are never fetched (a model can use them to track you).
Local files are never shown, whatever this says.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="512" />
            <source>Tool approval</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="513" />
            <source>Let the model run shell commands</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="520" />
            <source>System language (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="524" />
            <source>The language of the interface</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="525" />
            <source>Language</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="527" />
            <source>A new language applies when pi-desktop restarts.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="543" />
            <source>General</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="705" />
            <source>The stored key will be forgotten.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="729" />
            <source>Workspace folder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="381" />
            <source>0 (automatic)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="397" />
            <source>0 (instant)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="601" />
            <source>%1 OK again saves without one (the offline demo answers until then).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="689" />
            <source>The offline provider needs no key and makes no network calls.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="695" />
            <source>A key is stored in the system keyring.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="696" />
            <source>A key is stored in a local file.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="697" />
            <source>Using the key from the environment (%1).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="702" />
            <source>No key stored.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="709" />
            <source>New keys are saved in the %1.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="712" />
            <source>•••••••• (type to replace)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="714" />
            <source>paste your key</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/settings_dialog.py" line="673" />
            <source>model name</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Steering</name>
        <message>
            <location filename="../../pi_desktop/ui/steering.py" line="122" />
            <source>Summarizing the branch you left…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/steering.py" line="154" />
            <source>Noted what the branch you left explored (a side node in the tree; it is sent as context while the conversation passes there — remove it from its menu).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/steering.py" line="58" />
            <source>Pinned the message.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/steering.py" line="60" />
            <source>Unpinned the message.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/steering.py" line="49" />
            <source>Could not pin: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/steering.py" line="51" />
            <source>Could not unpin: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/steering.py" line="148" />
            <source>The branch summary failed: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/steering.py" line="173" />
            <source>Could not remove the branch summary: %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>SummaryHistory</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="18" />
            <source>automatic (threshold reached)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="19" />
            <source>manual (Compact now)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="20" />
            <source>edited by you</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="83" />
            <source>messages 1–%1 (the same as the summary it replaces)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="139" />
            <source>no model call (your edit)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="151" />
            <source>%1 tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="153" />
            <source>usage not reported</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="72" />
            <source>no messages (only the system prompt)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="75" />
            <source>messages 1–%1; new in this summary: %2–%3 (%4)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="143" />
            <source>prompt</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="144" />
            <source>completion</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="157" />
            <source>in %1 calls</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="162" />
            <source>(no price known)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="65" />
            <source>in use</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="55" />
            <source>automatic</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="56" />
            <source>manual</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_history.py" line="57" />
            <source>edited</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>SummaryViewer</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="84" />
            <source>%1:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="72" />
            <source>Kind</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="73" />
            <source>Tokens</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="74" />
            <source>Summarized</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="75" />
            <source>Covered</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="76" />
            <source>Kept tail</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="77" />
            <source>Summary model</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="78" />
            <source>Summary usage</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="79" />
            <source>When</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="80" />
            <source>Focus</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="81" />
            <source>Cost</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="82" />
            <source>Covers</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="89" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="98" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="149" />
            <source>not reported</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="137" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="147" />
            <source>%Ln message(s)</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="142" />
            <source>%Ln message(s) (system + history before the kept tail)</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="157" />
            <source>none (written by you)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="158" />
            <source>none (no model call)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="92" />
            <source>prompt</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="93" />
            <source>completion</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="122" />
            <source>%1 after</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="124" />
            <source>not recorded</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="156" />
            <source>the next request before → with the edit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="186" />
            <source>Compaction summary</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="194" />
            <source>Summary history</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="196" />
            <source>Every summary of this branch, oldest first; arrows choose one.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="211" />
            <source>Select in tree</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="213" />
            <source>Select the messages this summary newly covered</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="247" />
            <source>Edit the summary</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="249" />
            <source>The summary in use; saving it makes a new compaction.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="251" />
            <source>Save edited summary</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="253" />
            <source>Save the edit as a new compaction; the next request uses it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="278" />
            <source>Summary</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="279" />
            <source>Changes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="280" />
            <source>Edit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="284" />
            <source>Copy summary</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="286" />
            <source>Copy the summary as the model receives it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="384" />
            <source>Read files (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="386" />
            <source>Modified files (%1)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="388" />
            <source>Read files</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="389" />
            <source>Modified files</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="445" />
            <source>… %1 more lines</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="263" />
            <source>Your edit is saved as a new compaction (the original stays in the history); the next request sends it instead.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="397" />
            <source>Only the summary in use (the newest on this branch) can be edited.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="412" />
            <source>Too large to compare here; Copy summary copies the text.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="421" />
            <source>The first summary on this branch: every line is new.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="425" />
            <source>Against summary #%1: %2 added, %3 removed.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="478" />
            <source>(none)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="372" />
            <source>… %1 more characters; Copy summary copies all of it.</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="429" />
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="430" />
            <source>%Ln line(s)</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/summary_viewer.py" line="380" />
            <source>The summary is empty.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>SystemPrompt</name>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="59" />
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="72" />
            <source>System prompt</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="70" />
            <source>No system prompt: the model gets only the conversation.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="78" />
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="84" />
            <source>Saved prompts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="86" />
            <source>Choosing one puts its text in the box above.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="91" />
            <source>Delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="93" />
            <source>Forget the chosen saved prompt (sessions keep their copy)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="102" />
            <source>a name, e.g. Code reviewer</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="103" />
            <source>Name of the saved prompt</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="105" />
            <source>The name the text above is saved under.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="108" />
            <source>Save the text above as</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="110" />
            <source>Keep the text above as a saved prompt under the name beside</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="117" />
            <source>New sessions start with the chosen saved prompt</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="194" />
            <source>Loaded “%1”. OK uses it for this session.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="212" />
            <source>Saved as “%1”.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="224" />
            <source>Deleted “%1”.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="132" />
            <source>Use for this session</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="132" />
            <source>OK</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="164" />
            <source>%1  (default)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="199" />
            <source>Give the prompt a name first.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="203" />
            <source>An empty prompt is not worth saving.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="237" />
            <source>New sessions start with “%1”.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="239" />
            <source>New sessions use the built-in prompt.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="208" />
            <source>Not saved: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="221" />
            <source>Not deleted: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/dialogs/system_prompt.py" line="233" />
            <source>Not changed: %1</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Tree</name>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/layout.py" line="273" />
            <source>branch · %Ln message(s) — %1</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/painter.py" line="106" />
            <source>No messages yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="51" />
            <source>Navigation paused while the agent is running or compacting.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="194" />
            <source>%1 on path</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/panel.py" line="194" />
            <source>%Ln node(s)</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/panel.py" line="196" />
            <source>%Ln compaction(s)</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="199" />
            <source>%1 not in view</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/panel.py" line="200" />
            <source>Empty session</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="281" />
            <source>user</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="282" />
            <source>assistant</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="283" />
            <source>tool</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="284" />
            <source>system</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="285" />
            <source>system prompt</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="286" />
            <source>compaction</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="287" />
            <source>branch summary</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="89" />
            <source>thought %1 characters</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="91" />
            <source>(empty)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="316" />
            <source>(manual)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="318" />
            <source>(edited)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="321" />
            <source>%1 summarizer calls</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="349" />
            <source>explored on another branch · %Ln message(s)</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="455" />
            <source>pinned: stays verbatim in every view</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="458" />
            <source>Thinking (%1 characters): %2</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="368" />
            <source>system prompt: %1</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="368" />
            <source>system prompt removed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="469" />
            <source>Results:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="472" />
            <source>No result yet.</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="332" />
            <source>compacted %Ln message(s)</source>
            <translation type="unfinished">
                <numerusform />
            </translation>
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/snapshot.py" line="453" />
            <source>(stopped)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="68" />
            <source>Session tree</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="70" />
            <source>The messages of this session as a tree. Arrows move, Enter rewinds to a message or opens a summary, the Menu key shows its actions.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="417" />
            <source>Copy text</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="380" />
            <source>Expand branch</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="385" />
            <source>Remove branch summary</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="392" />
            <source>View summary</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="395" />
            <source>Rewind here</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="407" />
            <source>Fork to new session from here</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="398" />
            <source>Rewind here (sealed by compaction)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="402" />
            <source>Edit and resend…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="412" />
            <source>Unpin message</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/tree/view.py" line="414" />
            <source>Pin message (keep verbatim)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Wiring</name>
        <message>
            <location filename="../../pi_desktop/ui/wiring.py" line="59" />
            <source>Offline provider (no network)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../pi_desktop/ui/wiring.py" line="110" />
            <source>%1 — using the offline provider until then.</source>
            <translation type="unfinished" />
        </message>
    </context>
</TS>
